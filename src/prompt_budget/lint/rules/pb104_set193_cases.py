"""Cases from sets 193 and 194 (issue 19: lerev's routing context, cloudagent-daemon's runner).

PB104: a rate dividing a property of the class that returns a text's length (``self.content_length // 4``
with ``@property def content_length(self): return len(self.content)``, ``pb104_terms.returned_unit``).
PB105: a literal share ordered against a property of the class returning a division of tokens by a budget
(``self.usage_ratio > 0.8`` with ``return min(1.0, self.used_tokens / self.max_tokens)``,
``ratio_reads._own_getter_share``). PB102: a window spoken as thousands in a string (``AUTOCOMPACT_WINDOW: str =
"200k"``, ``string_budgets``). Spliced into ``pb104_set111_cases``, ``pb105_set111_cases`` and
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PROPERTY_LENGTH = (
    "class Packet:\n"
    "    {decorator}\n"
    "    def content_length(self) -> int:\n"
    "        return {length}\n\n"
    "    @property\n"
    "    def estimated_tokens(self) -> int:\n"
    "        return max(1, self.content_length // 4)\n"
)

SET193_VALID = (
    # a method (no property) read without a call is the method; a property of items or bytes is no text
    Valid(_PROPERTY_LENGTH.format(decorator="# a method, no property", length="len(self.content)")),
    Valid(_PROPERTY_LENGTH.format(decorator="@property", length="len(self.messages)")),
    Valid(_PROPERTY_LENGTH.format(decorator="@property", length="self.total_bytes")),
)
SET193_INVALID = (
    Invalid(_PROPERTY_LENGTH.format(decorator="@property", length="len(self.content)"), line=8),
    Invalid(_PROPERTY_LENGTH.format(decorator="@functools.cached_property", length="len(self.text)"), line=8),
)

_PROPERTY_SHARE = (
    "class ContextWindow:\n"
    "    @property\n"
    "    def usage_ratio(self) -> float:\n"
    "        if self.max_tokens <= 0:\n"
    "            return 1.0\n"
    "        return min(1.0, {share})\n\n"
    "    @property\n"
    "    def is_near_capacity(self) -> bool:\n"
    "        return self.{read} > 0.8\n"
)

SHARE_VALID = (
    # a share of items, a property of another class
    Valid(_PROPERTY_SHARE.format(share="self.used_slots / self.slot_count", read="usage_ratio")),
    Valid(
        _PROPERTY_SHARE.format(share="self.used_tokens / self.max_tokens", read="usage_ratio").replace(
            "    @property\n    def is_near", "\nclass Other:\n    @property\n    def is_near"
        )
    ),
)
SHARE_INVALID = (
    # a method taking arguments returns a share of the budget too (set 589: nemocode's ``usage_fraction(messages)``)
    Invalid(
        "class ContextWindow:\n"
        "    def usage_ratio(self, extra: int) -> float:\n"
        "        return (self.used_tokens + extra) / self.max_tokens\n\n"
        "    def near(self) -> bool:\n"
        "        return self.usage_ratio(0) > 0.8\n",
        line=6,
    ),
    Invalid(_PROPERTY_SHARE.format(share="self.used_tokens / self.max_tokens", read="usage_ratio"), line=10),
    Invalid(
        "class Budget:\n"
        "    def fill(self) -> float:\n"
        "        return self.tokens_used / self.context_window\n\n"
        "    def should_compact(self) -> bool:\n"
        "        return self.fill() >= 0.9\n",
        line=6,
    ),
)

_SPOKEN = (
    "class Runner:\n"
    '    """Runs Claude Code, which compacts its context at a window of tokens."""\n\n'
    '    {name}: str = "{value}"\n\n'
    "    def command(self) -> list[str]:\n"
    '        return ["claude", "--autocompact", self.{name}]\n'
)

SPOKEN_VALID = (
    # minutes, a window of lines, a name of no window, too small a window
    Valid(_SPOKEN.format(name="SESSION_WINDOW", value="5m")),
    Valid(_SPOKEN.format(name="LOG_LINES_CONTEXT", value="10k")),
    Valid(_SPOKEN.format(name="AUTOCOMPACT_MODE", value="200k")),
    Valid(_SPOKEN.format(name="AUTOCOMPACT_WINDOW", value="200")),
)
SPOKEN_INVALID = (
    Invalid(_SPOKEN.format(name="AUTOCOMPACT_WINDOW", value="200k"), line=4),
    Invalid(_SPOKEN.format(name="MAX_CONTEXT_TOKENS", value="1M"), line=4),
)
