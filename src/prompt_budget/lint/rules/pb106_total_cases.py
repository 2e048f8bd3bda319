"""PB106's cases of a reserve kept in a running total of tokens a window bounds (``reserve_totals``; set 57:
continuedev, huixiangdou), kept apart from the rule module."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set283_cases import (
    HEADROOM_INVALID,
    HEADROOM_VALID,
    TALLY_INVALID,
    TALLY_VALID,
)
from prompt_budget.lint.rules.pb101_set303_cases import (
    HEADER_INVALID,
    HEADER_VALID,
    PER_TURN_INVALID,
    PER_TURN_VALID,
)
from prompt_budget.lint.rules.pb101_set313_cases import INLINE_FRAMING_INVALID, INLINE_FRAMING_VALID
from prompt_budget.lint.rules.pb101_set333_cases import (
    BUDGET_LESS_INVALID,
    BUDGET_LESS_VALID,
    THINKING_ROOM_INVALID,
    THINKING_ROOM_VALID,
)
from prompt_budget.lint.rules.pb101_set365_cases import SPENT_REMAINDER_INVALID, SPENT_REMAINDER_VALID
from prompt_budget.lint.rules.pb101_set389_cases import (
    FORECAST_RESERVE_INVALID,
    FORECAST_RESERVE_VALID,
    PAIR_OVERHEAD_INVALID,
    SENTINEL_INVALID,
    SENTINEL_VALID,
    WORDS_PLUS_INVALID,
    WORDS_PLUS_VALID,
)
from prompt_budget.lint.rules.pb101_set427_cases import (
    ITEM_COST_INVALID,
    ITEM_COST_VALID,
    SUMMED_LENGTHS_INVALID,
    SUMMED_LENGTHS_VALID,
)
from prompt_budget.lint.rules.pb101_set457_cases import (
    CAPPED_SUM_INVALID,
    CAPPED_SUM_VALID,
    GIVEN_ESTIMATE_INVALID,
    GIVEN_ESTIMATE_VALID,
    LOCAL_ITEM_COST_INVALID,
    LOCAL_ITEM_COST_VALID,
)
from prompt_budget.lint.rules.pb101_set487_cases import (
    CHARGED_INVALID,
    CHARGED_VALID,
    KILO_VALID,
    REVIEW61_PB106_VALID,
    SET487_PB106_INVALID,
    SET487_PB106_VALID,
)
from prompt_budget.lint.rules.pb101_set521_cases import SET521_PB106_INVALID, SET521_PB106_VALID
from prompt_budget.lint.rules.pb101_set597_cases import SINCE597_PB106_INVALID, SINCE597_PB106_VALID
from prompt_budget.lint.rules.pb103_set263_cases import (
    PER_MESSAGE_INVALID,
    PER_MESSAGE_VALID,
    QUOTA_INVALID,
    QUOTA_VALID,
)
from prompt_budget.lint.rules.pb104_cases import KIMI_PICK, MISNAMED_PICK
from prompt_budget.lint.rules.pb104_set247_cases import (
    EITHER_INVALID,
    EITHER_VALID,
    ESTIMATOR_INVALID,
    ESTIMATOR_VALID,
    PER_ITEM_INVALID,
    PER_ITEM_VALID,
    SUMMED_INVALID,
    SUMMED_VALID,
)
from prompt_budget.lint.rules.pb105_set211_cases import FALLBACK_VALID, ROOM_INVALID
from prompt_budget.lint.rules.pb105_set225_cases import OVERFLOW_INVALID, OVERFLOW_VALID
from prompt_budget.lint.rules.pb106_getter_cases import GETTER_INVALID, GETTER_VALID
from prompt_budget.lint.rules.pb106_overhead_cases import OVERHEAD_INVALID, OVERHEAD_VALID
from prompt_budget.lint.rules.pb106_set75_cases import SET75_INVALID, SET75_VALID
from prompt_budget.lint.rules.pb106_set81_cases import SET81_INVALID, SET81_VALID
from prompt_budget.lint.rules.pb106_set83_cases import SET83_INVALID, SET83_VALID
from prompt_budget.lint.rules.pb106_set87_cases import SET87_INVALID, SET87_VALID
from prompt_budget.lint.rules.pb106_set89_cases import SET89_INVALID, SET89_VALID
from prompt_budget.lint.rules.pb106_set97_cases import SET97_INVALID, SET97_VALID
from prompt_budget.lint.rules.pb106_set101_cases import SET101_INVALID, SET101_VALID
from prompt_budget.lint.rules.pb106_set103y_cases import SET103Y_INVALID, SET103Y_VALID
from prompt_budget.lint.rules.pb106_set105_cases import SET105_INVALID, SET105_VALID
from prompt_budget.lint.rules.pb106_set115_cases import SET115_INVALID, SET115_VALID
from prompt_budget.lint.rules.pb106_set131_cases import SET131_INVALID, SET131_VALID
from prompt_budget.lint.rules.pb106_set143_cases import SET143_INVALID, SET143_VALID
from prompt_budget.lint.rules.pb106_set159_cases import SET159_INVALID, SET159_VALID
from prompt_budget.lint.rules.pb106_set171_cases import SET171_INVALID, SET171_VALID

#: a reserve taken off a budget, and a sum of counts the error message says is required (set 65: nexent)
_MIRROR = (
    "def fit(self, system_tokens, user_tokens):\n    available_tokens = self.max_context_tokens - {taken}\n"
    "    if available_tokens <= 0:\n        raise ValueError(f'Required: {{{added}}}')\n"
)

TOTAL_VALID = (
    *CAPPED_SUM_VALID,  # set 467: capped by a length
    *GIVEN_ESTIMATE_VALID,  # set 467: seconds
    *LOCAL_ITEM_COST_VALID,  # set 461: lines, a cap
    *SUMMED_LENGTHS_VALID,  # set 431: agentrix-core's framing
    *ITEM_COST_VALID,  # set 427: atif-sql's per-session output estimate
    *FORECAST_RESERVE_VALID,  # set 389: a forecaster's steps
    *SENTINEL_VALID,  # set 393: open-swarm's sentinel
    *WORDS_PLUS_VALID,  # set 393: words
    *BUDGET_LESS_VALID,  # set 347: pages
    *THINKING_ROOM_VALID,  # set 343: seconds
    *SPENT_REMAINDER_VALID,  # set 381: a count beside
    Valid("def shift(prompt_tokens, rows):\n    offset = prompt_tokens + 100\n    return rows[offset:]\n"),
    # a class constant taken off a limit that is no limit record, or never taken off
    Valid(
        "class A:\n    BUFFER = 20_000\n\n    def room(self, tokens, model):\n"
        "        return tokens <= model.price.input - self.BUFFER\n"
    ),
    Valid(
        "class A:\n    BUFFER = 20_000\n\n    def room(self, tokens, model):\n"
        "        return tokens + min(self.BUFFER, model.limit.output)\n"
    ),
    Valid(MISNAMED_PICK),
    # a number added to a string's length, or a total ordered against something that is no budget
    Valid(
        "def fits(text, context_length):\n    total = len(text) + 200\n    return total >= context_length\n"
    ),
    Valid(
        "def fits(text, rows):\n    total_tokens = count_tokens(text) + 200\n    return total_tokens >= rows\n"
    ),
    Valid(
        "def room(text, max_tokens, page):\n    PAD = 400\n    total = len(text) + PAD + max_tokens\n"
        "    return total > page.context_length\n"
    ),
    # a length taken off, or a difference bound to a name that does not say tokens
    Valid("def size(self, data):\n    self.max_token_size = len(data) - 4096\n"),
    Valid("def size(self, data):\n    self.max_text_length = data.get('max_length', 32000) - 4096\n"),
    # a sum of counts and a number where no number is taken off the budget with them (``_MIRROR``)
    Valid(_MIRROR.format(taken="system_tokens - user_tokens - n", added="system_tokens + user_tokens + 100")),
    Valid(_MIRROR.format(taken="system_tokens - user_tokens", added="system_tokens + user_tokens + 100")),
    *SET487_PB106_VALID,  # set 499 (``pb101_set487_cases``)
    *SET521_PB106_VALID,  # set 527 (``pb101_set521_cases``)
    *SINCE597_PB106_VALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *KILO_VALID,  # sets 505-507 (``pb101_set487_cases``)
    *CHARGED_VALID,  # set 509 (``pb101_set487_cases``)
    *REVIEW61_PB106_VALID,  # session 61's review (``pb101_set487_cases``)
)

TOTAL_INVALID = (
    *CAPPED_SUM_INVALID,  # set 467: onboard-memory-mcp's briefing estimates
    *GIVEN_ESTIMATE_INVALID,  # set 467: veralith's pre-flight
    *LOCAL_ITEM_COST_INVALID,  # set 461: navcode's tokens per file
    *SUMMED_LENGTHS_INVALID,  # set 431: agentrix-core's framing
    *ITEM_COST_INVALID,  # set 427: atif-sql's per-session output estimate
    *PAIR_OVERHEAD_INVALID,  # set 393's sentinels, kept from taking a written-out pair for one
    *FORECAST_RESERVE_INVALID,  # set 389: a prompt's context
    *SENTINEL_INVALID,  # set 393: a tally's start
    *WORDS_PLUS_INVALID,  # set 393: open-swarm's word count
    *BUDGET_LESS_INVALID,  # set 347: prashflow's context budget
    *THINKING_ROOM_INVALID,  # set 343: claritty-sdk's room after thinking
    *SPENT_REMAINDER_INVALID,  # set 381: repotrim's marker room
    # set 71: a class constant clamped by the output limit and taken off the input limit (hotaru-code)
    Invalid(
        "class SessionCompaction:\n    COMPACTION_BUFFER = 20_000\n\n    @classmethod\n"
        "    def is_overflow(cls, tokens, model):\n        reserved = min(cls.COMPACTION_BUFFER, model.limit.output)\n"
        "        usable = model.limit.input - reserved\n        return tokens >= usable\n",
        line=2,
    ),
    Invalid(
        "class A:\n    BUFFER = 2_000\n\n    def fits(self, tokens, model):\n"
        "        return tokens <= model.limit.context - self.BUFFER\n"
    ),
    # a model's window converted to characters to pick the model named by it (huixiangdou's call_kimi)
    Invalid(
        KIMI_PICK,
        count=3,
    ),
    Invalid(
        "def search(sdk, text):\n    context_length = sdk.context_length\n"
        "    total_tokens = sdk.count_tokens(text) + 200\n    return total_tokens >= context_length\n",
        line=3,
    ),
    Invalid(
        "def parts(model, text, max_tokens):\n    BUFFER_FOR_FUNCTIONS = 400\n"
        "    total_tokens = model.count_tokens(text) + BUFFER_FOR_FUNCTIONS + max_tokens\n"
        "    if total_tokens > model.context_length:\n        return None\n",
        line=2,
    ),
    Invalid(
        "class Backend:\n    def __init__(self, data):\n"
        "        self.max_token_size = data.get('remote_llm_max_text_length', 32000) - 4096\n",
        line=3,
    ),
    # the reserve taken off a budget, written again beside the same counts as what is required (set 65)
    Invalid(
        _MIRROR.format(taken="system_tokens - user_tokens - 100", added="system_tokens + user_tokens + 100"),
        count=2,
    ),
    Invalid(
        _MIRROR.format(taken="user_tokens - system_tokens - 100", added="system_tokens + user_tokens + 100"),
        count=2,
    ),
    *SET487_PB106_INVALID,  # set 499 (``pb101_set487_cases``)
    *SET521_PB106_INVALID,  # set 527 (``pb101_set521_cases``)
    *SINCE597_PB106_INVALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *CHARGED_INVALID,  # set 509 (``pb101_set487_cases``)
)

#: the getter cases and these, as the rule module lists them
MORE_VALID = (
    *HEADER_VALID,  # set 303: a tally never ordered
    *INLINE_FRAMING_VALID,  # set 317: one per message, below the least value
    *PER_TURN_VALID,  # set 305: seconds, characters, no count
    *PER_MESSAGE_VALID,  # set 272: contextlens-ai's framing per message
    *HEADROOM_VALID,  # set 287: bytes, written numbers
    *TALLY_VALID,  # set 295: a weighted length
    *QUOTA_VALID,  # set 267: autotinker's requests per minute
    *FALLBACK_VALID,  # set 211: an or-fallback of rows
    *GETTER_VALID,
    *TOTAL_VALID,
    *SET75_VALID,
    *SET81_VALID,
    *SET83_VALID,
    *SET87_VALID,
    *SET89_VALID,
    *SET97_VALID,
    *SET101_VALID,
    *SET103Y_VALID,
    *SET105_VALID,
    *SET115_VALID,  # set 115: a reserve off a budget read with its fallback
    *SET131_VALID,  # set 132: headroom the line's comment names
    *SET143_VALID,  # set 144: a reserve off a window table's entry
    *SET159_VALID,  # set 160: room in an estimate of what is left
    *SET171_VALID,  # set 171: room added to a documented budget getter
    *OVERHEAD_VALID,  # sets 159-175: overheads added to a count of tokens
    *OVERFLOW_VALID,  # set 227: a margin beyond a limit of rows
    *EITHER_VALID,  # set 247: retries or a budget
    *ESTIMATOR_VALID,  # set 251: a formatter's sizes
    *PER_ITEM_VALID,  # set 251: items and rows
    *SUMMED_VALID,  # set 255: rows
)
MORE_INVALID = (
    *HEADER_INVALID,  # set 303: velqua's header
    *INLINE_FRAMING_INVALID,  # set 317: pygent-ai's framing per message
    *PER_TURN_INVALID,  # set 305: lingtai-kernel, tokkit-ai
    *PER_MESSAGE_INVALID,  # set 272: contextlens-ai's framing per message
    *HEADROOM_INVALID,  # set 287: icelake's reservation
    *TALLY_INVALID,  # set 295: autoreport-gui's per-message overhead
    *QUOTA_INVALID,  # set 267: autotinker's room in a minute's tokens
    *ROOM_INVALID,  # set 211: room for the reply beside an estimate
    *GETTER_INVALID,
    *TOTAL_INVALID,
    *SET75_INVALID,
    *SET81_INVALID,
    *SET83_INVALID,
    *SET87_INVALID,
    *SET89_INVALID,
    *SET97_INVALID,
    *SET101_INVALID,
    *SET103Y_INVALID,
    *SET105_INVALID,
    *SET115_INVALID,  # set 115: a reserve off a budget read with its fallback
    *SET131_INVALID,  # set 132: headroom the line's comment names
    *SET143_INVALID,  # set 144: a reserve off a window table's entry
    *SET159_INVALID,  # set 160: room in an estimate of what is left
    *SET171_INVALID,  # set 171: room added to a documented budget getter
    *OVERHEAD_INVALID,  # sets 159-175: overheads added to a count of tokens
    *OVERFLOW_INVALID,  # set 227: a margin beyond a token budget
    *EITHER_INVALID,  # set 247: lazybridge's thinking budget under max_tokens
    *ESTIMATOR_INVALID,  # set 251: simagentplg's framing per message
    *PER_ITEM_INVALID,  # set 251: oclawma's overheads per message and per skill
    *SUMMED_INVALID,  # set 255: investorch's request overhead
)
