"""Fitting text into a token budget: exact truncation and priority assembly with a receipt.

``truncate(text, max_tokens)`` cuts a text so that it counts at most ``max_tokens`` (marker included)
and is as long as possible, at a grapheme cluster boundary (or a line boundary with ``lines=True``).
With an exact tokenizer it counts the text once, encodes only a window a little larger than what is
kept, cuts that token list, decodes the cut and then fixes the boundary with a few counts of the
(small) result, so truncating a large document costs little more than one count of it. Estimates
(``chars4``, ``words``...) have no tokens to cut: they are searched, and the result is under by the
estimator's own count.

``assemble(sections, budget)`` fits named sections into a total budget in priority order: pinned
sections are never cut, each section is truncated to its cap, and the lowest-priority sections are
truncated or dropped first. It returns an ``Assembled`` string carrying a ``Receipt`` (per section:
tokens before and after, what was cut and why) that renders as a table with ``receipt_table``.

Modules: ``cut`` (``truncate``: cut positions and the search for the longest fit), ``receipt``
(``Receipt``, ``Assembled``) and ``sections`` (``assemble``).
"""

from __future__ import annotations

from prompt_budget.truncation.cut import Truncation, truncate, truncate_detailed
from prompt_budget.truncation.receipt import Assembled, Receipt, SectionReceipt, receipt_table
from prompt_budget.truncation.sections import DEFAULT_PRIORITIES, assemble

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
