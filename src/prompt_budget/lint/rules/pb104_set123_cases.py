"""PB104's cases from sets 123 and 124 (issue 19), all tensor-truth's: a rate applied to a share of a window
(``int(context_window * input_context_pct * 4)``: a share of a token amount is tokens, ``token_differences.
token_cap``), the product bound to a local copied whole into one compared with lengths (``remaining_budget =
total_budget`` ... ``if len(content) <= remaining_budget``, ``char_offsets.held_as_characters``), and a number of
tokens times a rate, both literals, where the paragraph's comments state both (``prompt_overhead = 2000 * 4`` under
``# ... prompt template (~2000 tokens)`` and ``# Rough estimate: 1 token ≈ 4 chars``, ``stated_rates.
stated_product``). Set 127: a local never added to or taken from, ordered against a count of tokens, times a rate
cutting a text (all-in-agents' ``while estimate_message_tokens(...) > effective_max`` ... ``max_chars =
effective_max * 4``, ``token_differences.token_cap``). Spliced into ``pb104_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK
from prompt_budget.lint.rules.pb104_set129_cases import SET129_INVALID, SET129_VALID
from prompt_budget.lint.rules.pb104_set133_cases import SET133_INVALID, SET133_VALID
from prompt_budget.lint.rules.pb104_set145_cases import SET145_INVALID, SET145_VALID
from prompt_budget.lint.rules.pb104_set147_cases import SET147_INVALID, SET147_VALID
from prompt_budget.lint.rules.pb104_set149_cases import SET149_INVALID, SET149_VALID
from prompt_budget.lint.rules.pb104_set153_cases import SET153_INVALID, SET153_VALID
from prompt_budget.lint.rules.pb104_set155_cases import SET155_INVALID, SET155_VALID
from prompt_budget.lint.rules.pb104_set159_cases import SET159_INVALID, SET159_VALID
from prompt_budget.lint.rules.pb104_set161_cases import SET161_INVALID, SET161_VALID
from prompt_budget.lint.rules.pb104_set167_cases import SET167_INVALID, SET167_VALID
from prompt_budget.lint.rules.pb104_set169_cases import SET169_INVALID, SET169_VALID
from prompt_budget.lint.rules.pb104_set173_cases import SET173_INVALID, SET173_VALID

_FIT = (
    "def fit(pages, context_window, input_context_pct, max_source_context_pct):\n"
    "    total_budget = int(context_window * {share} * 4)\n"
    "    remaining_budget = total_budget\n    out = []\n    for page in pages:\n"
    "        if len(page) <= remaining_budget:\n            out.append(page)\n"
    "            remaining_budget -= len(page)\n    return out\n"
)

_RESERVE = (
    "class Agent:\n    def __init__(self, context_window):\n"
    "        # Reserve space for: prompt template (~2000 tokens), output (~2000 tokens)\n"
    "        # {rate}\n"
    "        prompt_overhead = 2000 * 4\n        output_buffer = 2000 * 4\n"
    "        self.max_content_chars = context_window * 4 - prompt_overhead - output_buffer\n"
)

_ORDERED = (
    "class History:\n    def trim(self, messages, max_tokens=None):\n"
    "        effective_max = self.max_context_tokens if max_tokens is None else max(0, max_tokens)\n"
    "        while len(messages) > 1 and estimate_message_tokens(messages) > effective_max:\n"
    "            messages.pop(0)\n{step}        max_chars = effective_max * 4\n"
    '        return messages[-1]["content"][:max_chars]\n'
)

SET123_VALID = (
    # the local is lessened by characters (a running remainder judged by what lessens it), or ordered against none
    Valid(READ_BY_PRECHECK + _ORDERED.format(step="            effective_max -= len(messages[0])\n")),
    Valid(
        READ_BY_PRECHECK
        + _ORDERED.format(step="").replace("estimate_message_tokens(messages)", "len(messages)")
    ),
    # the share's factor names no share, or the copy is never read as characters
    Valid(READ_BY_PRECHECK + _FIT.format(share="input_context_pages")),
    Valid(READ_BY_PRECHECK + _FIT.format(share="input_context_pct").replace("len(page) <= ", "1 <= ")),
    # a product of literals whose comments state no rate, or not its number of tokens
    Valid("# about 2000 tokens of prompt\nBUFFER = 2000 * 4\n"),
    Valid("# Rough estimate: 1 token ≈ 4 chars\nKIB = 4 * 1024\n"),
    *SET129_VALID,  # set 129: a running total of lengths, the rate stated
    *SET133_VALID,  # set 133: a rate's product compared with a running total of characters
    *SET145_VALID,  # set 145: a rate the comment above states
    *SET147_VALID,  # set 148: a length collected as tokens
    *SET149_VALID,  # set 149: the rate of a limit turned into characters
    *SET153_VALID,  # set 154: a clamped cap in characters
    *SET155_VALID,  # set 156: a budget in characters by its comment
    *SET159_VALID,  # set 160: an overlap scaled as its twin in tokens
    *SET161_VALID,  # set 162: a token cap turned into characters, then a share of them
    *SET167_VALID,  # set 168: an estimator handed on as the token counter
    *SET169_VALID,  # set 169: a quotient written as an amount of tokens
    *SET173_VALID,  # set 173: tokens turned into words
)

SET123_INVALID = (
    *SET153_INVALID,  # set 154: a clamped cap in characters
    *SET155_INVALID,  # set 156: a budget in characters by its comment
    *SET159_INVALID,  # set 160: an overlap scaled as its twin in tokens
    *SET161_INVALID,  # set 162: a token cap turned into characters, then a share of them
    *SET167_INVALID,  # set 168: an estimator handed on as the token counter
    *SET169_INVALID,  # set 169: a quotient written as an amount of tokens
    *SET173_INVALID,  # set 173: tokens turned into words
    Invalid(_ORDERED.format(step=""), line=6),
    Invalid(_FIT.format(share="input_context_pct"), line=2),
    Invalid(_FIT.format(share="0.6"), line=2),
    # the rate of each product, and the window's own
    Invalid(_RESERVE.format(rate="Rough estimate: 1 token ≈ 4 chars"), count=3),
    Invalid(_RESERVE.format(rate="Rough estimate: 4 chars per token"), count=3),
    *SET129_INVALID,  # set 129: a running total of lengths, the rate stated
    *SET133_INVALID,  # set 133: a rate's product compared with a running total of characters
    *SET145_INVALID,  # set 145: a rate the comment above states
    *SET147_INVALID,  # set 148: a length collected as tokens
    *SET149_INVALID,  # set 149: the rate of a limit turned into characters
)
