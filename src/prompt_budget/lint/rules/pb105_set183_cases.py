"""PB105's cases from set 183 (issue 19: hellochusquis' session manager). Half of a budget handed on as a
positional argument whose parameter is named as a budget (``self.build_summary_chunks(messages, max_tokens
// 2)`` with ``def build_summary_chunks(self, messages, max_chunk_tokens)``: ``budget_halves._parameter``),
as ``max_chunk_tokens=max_tokens // 2`` is; a share of a window whose count of tokens carries a safety
margin (``(avg_tokens * self.safety_margin) / context_window > 0.1``: ``LintRule.token_amount``). Half
handed on to a parameter named otherwise, or a count scaled by another factor, is not one. A request's
output cap sized per item of a list it sends (``max_tokens=min(1500, max(256, len(words) * 6))``:
``item_rates._output_rate``) holds a rate of output tokens per item; the length of a text (characters,
PB104's) is no list of items. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CHUNKS = (
    "class Session:\n"
    "    def chunks(self, messages, {param}):\n"
    "        return messages[:{param}]\n\n"
    "    def summarize(self, messages, max_tokens):\n"
    "        return self.chunks(messages, max_tokens // 2)\n"
)

_SHARE = (
    "def estimate_messages_tokens(messages):\n"
    "    return sum(m.tokens for m in messages)\n\n\n"
    "class Chunker:\n"
    "    def ratio(self, messages, context_window):\n"
    "        avg_tokens = estimate_messages_tokens(messages) / len(messages)\n"
    "        avg_ratio = (avg_tokens * self.{factor}) / context_window\n"
    "        if avg_ratio > 0.1:\n"
    "            return 1\n"
    "        return 0\n"
)

_ASK = "def classify(client, {listed}):\n    return client.messages.create(max_tokens={cap})\n"

SET183_VALID = (
    Valid(_CHUNKS.format(param="page_count")),
    Valid(_ASK.format(listed="text", cap="min(1500, len(text) * 2)")),
    Valid(_ASK.format(listed="words", cap="len(words) + 6")),
    Valid(_SHARE.format(factor="chars_per_token")),
)

SET183_INVALID = (
    Invalid(_CHUNKS.format(param="max_chunk_tokens"), line=6),
    Invalid(_SHARE.format(factor="safety_margin"), line=9),
    Invalid(_ASK.format(listed="words", cap="min(1500, max(256, len(words) * 6))"), line=2),
)
