"""Fitting text into a token budget: ``truncate`` (module ``cut``) cuts one text to at most a number
of tokens, marker included, at a grapheme cluster or line boundary; ``assemble`` (module ``sections``)
fits named sections into a total budget in priority order and returns an ``Assembled`` string carrying
a ``Receipt`` of what was cut and why."""

from __future__ import annotations

from prompt_budget.truncation.cut import Truncation, truncate, truncate_detailed
from prompt_budget.truncation.sections import (
    DEFAULT_PRIORITIES,
    Assembled,
    Receipt,
    SectionReceipt,
    assemble,
    receipt_table,
)

__all__ = [
    "DEFAULT_PRIORITIES",
    "Assembled",
    "Receipt",
    "SectionReceipt",
    "Truncation",
    "assemble",
    "receipt_table",
    "truncate",
    "truncate_detailed",
]
