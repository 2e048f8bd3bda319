"""PB102's cases from sets 91 and 92 (issue 19): a constant named as nothing, an element of a row's
fallback (``TABLE.get(model, (WINDOW, OUTPUT))``) or of a tuple unpacked as it is, unpacked into a name
given to a budget (``handed_names``; set 92: hx-cli's ``CONTEXT``, the window of a model its table does
not list). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid


def _fallback(use: str, unpack: str = "window, output") -> str:
    """A constant as an element of a row's fallback, unpacked, and the use of the names."""
    return (
        "WIDE = 200_000\n\n"
        f"def info(name):\n    {unpack} = SIZES.get(name, (WIDE, 8))\n    return Model({use})\n"
    )


SET91_VALID = (
    # unpacked into a name given as another unit: lines, messages, chars, bytes, seconds, memory, cost, price
    Valid(_fallback("max_lines=window")),
    Valid(_fallback("max_messages=window")),
    Valid(_fallback("max_chars=window")),
    Valid(_fallback("max_bytes=window")),
    Valid(_fallback("timeout_seconds=window")),
    Valid(_fallback("memory_mb=window")),
    Valid(_fallback("cost=window")),
    Valid(_fallback("price=window")),
    # the other element is the budget; the row kept whole; unpacked in another order than written
    Valid(_fallback("context_window=output")),
    Valid(_fallback("context_window=row", unpack="row")),
    Valid(_fallback("context_window=window", unpack="(window, output), extra")),
    # a tuple not unpacked: a pair handed on whole
    Valid("WIDE = 200_000\n\ndef info():\n    pair = (WIDE, 8)\n    return Model(size=pair)\n"),
)

SET91_INVALID = (
    # the window of a model the table does not list (set 92: hx-cli's Claude Code catalogue)
    Invalid(_fallback("context_window=window"), line=1),
    # a tuple unpacked as it is
    Invalid(
        "WIDE = 200_000\n\ndef info():\n    window, output = WIDE, 8\n    return Model(context_window=window)\n",
        line=1,
    ),
)
