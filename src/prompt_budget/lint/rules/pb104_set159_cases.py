"""PB104's cases from sets 159 and 160 (issue 19): an attribute whose name says no unit, turned into
characters by the rate its class turns an attribute named as tokens into characters (set 160: memweave's
``ChunkingConfig``, ``max(32, self.tokens * 4)`` in one property and ``max(0, self.overlap * 4)`` in the next:
``token_chunk_chars``). The same product beside no twin in tokens, by another rate, or of an attribute named
for another unit (``self.indent_chars``), is not. Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CONFIG = (
    "class ChunkingConfig:\n"
    "    {size}: int = 400\n"
    "    {attr}: int = 80\n\n"
    "    @property\n"
    "    def max_chars(self) -> int:\n"
    "        return max(32, self.{size} * 4)\n\n"
    "    @property\n"
    "    def overlap_chars(self) -> int:\n"
    "        return max(0, self.{attr} * {rate})\n"
)

SET159_VALID = (Valid(_CONFIG.format(size="width", attr="overlap", rate="4")),)

SET159_INVALID = (
    # the twin's rate and the overlap's
    Invalid(_CONFIG.format(size="tokens", attr="overlap", rate="4"), line=7, count=2),
    # a number of lines scaled so is not: the twin's rate alone
    Invalid(_CONFIG.format(size="tokens", attr="max_lines", rate="4"), line=7),
)
