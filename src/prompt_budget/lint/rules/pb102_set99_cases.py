"""PB102's cases from what sets 99 and 100 left (issue 19, tuner U): a literal passed as the fallback of a
caller's own value (``chunk_size=chunk_size if chunk_size is not None else 600``, ``size or 600``) for a
parameter whose default is a reported token budget (``budget_overrides``); a class field whose
constructor a call gives a token budget under the field's name (``Budget(reserve=self.reserve_output_tokens)``:
the field's default is the budget's twin, ``handed_fields.given_fields``). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPLIT = (
    "def split(text, chunk_size: int = 800):\n"
    '    """Args:\n        chunk_size: Maximum chunk size in tokens.\n    """\n'
    "    return text\n\n{body}"
)
_BUDGET = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Budget:\n    window: int\n"
    "    {field}\n\nclass Policy:\n    def __init__(self, reserve_output_tokens: int):\n"
    "        self.reserve_output_tokens = reserve_output_tokens\n        self.max_chars = 4000\n"
    "        self.prompt_tokens = 0\n\n    def build(self, window):\n        return {call}\n"
)

SET99_VALID = (
    # a fallback passed for a parameter whose default no rule reports (a slice of characters)
    Valid(
        "def cut(text, size: int = 800):\n    return text[:size]\n\n"
        "def parse(text, size=None):\n    return cut(text, size=size if size is not None else 600)\n"
    ),
    # a small fallback (a count, not a budget)
    Valid(
        "def cut(text, size: int = 800):\n    return text[:size]\n\ndef parse(t, n=None):\n    return cut(t, n or 8)\n"
    ),
    # a field given a count of tokens, or a budget of characters: no token budget given
    Valid(_BUDGET.format(field="used: int = 1000", call="Budget(window=window, used=self.prompt_tokens)")),
    Valid(_BUDGET.format(field="cap: int = 4000", call="Budget(window=window, cap=self.max_chars)")),
    # a field in another unit given a token budget by mistake of name: lines, messages, chars, bytes,
    # seconds, memory, cost, price
    *(
        Valid(
            _BUDGET.format(field=f"{name}: int = 2000", call=f"Budget(window=window, {name}=self.max_chars)")
        )
        for name in (
            "max_lines",
            "max_messages",
            "max_chars",
            "max_bytes",
            "timeout_seconds",
            "memory_mb",
            "max_cost",
            "price_per_million",
        )
    ),
)

SET99_INVALID = (
    # the fallback of the caller's own parameter given to the chunker (set 99: raglocal's parsers)
    Invalid(
        _SPLIT.format(
            body="def parse(text, chunk_size=None):\n"
            "    return split(text, chunk_size=chunk_size if chunk_size is not None else 600)\n"
        ),
        count=2,
    ),
    Invalid(
        _SPLIT.format(body="def parse(text, size=None):\n    return split(text, size or 500)\n"), count=2
    ),
    # a dataclass field given a reported budget under its own name (set 99: lovia's TokenBudget)
    Invalid(
        _BUDGET.format(
            field="reserve: int = 8_192", call="Budget(window=window, reserve=self.reserve_output_tokens)"
        ),
        line=6,
    ),
)
