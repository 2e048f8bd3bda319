"""What ``assemble`` did, section by section: the ``Receipt``, its plain-text table, and the
``Assembled`` string that carries it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from prompt_budget.text.table import Column, Table, fmt_int

Action = Literal["kept", "truncated", "dropped"]


@dataclass(frozen=True)
class SectionReceipt:
    """What ``assemble`` did to one section."""

    name: str
    rank: int
    pinned: bool
    mode: str
    cap: int | None
    tokens_before: int
    tokens_after: int
    action: Action
    reason: str
    chars_before: int
    chars_after: int

    @property
    def tokens_cut(self) -> int:
        return self.tokens_before - self.tokens_after

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Receipt:
    """Per section, tokens before and after and what was cut and why, plus the total as counted whole.

    ``total`` is the count of the assembled text; ``join_tokens`` is what the separators (and any
    merging of tokens across them) add to the sections' own counts, so
    ``sum(s.tokens_after for s in sections) + join_tokens == total``."""

    budget: int
    tokenizer: str
    exact: bool
    separator: str
    sections: tuple[SectionReceipt, ...]
    total: int

    @property
    def tokens_before(self) -> int:
        return sum(s.tokens_before for s in self.sections)

    @property
    def tokens_after(self) -> int:
        return sum(s.tokens_after for s in self.sections)

    @property
    def join_tokens(self) -> int:
        return self.total - self.tokens_after

    def section(self, name: str) -> SectionReceipt:
        for s in self.sections:
            if s.name == name:
                return s
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "budget": self.budget,
            "tokenizer": self.tokenizer,
            "exact": self.exact,
            "total": self.total,
            "join_tokens": self.join_tokens,
            "sections": [s.to_dict() for s in self.sections],
        }

    def __str__(self) -> str:
        return receipt_table(self)


def receipt_table(receipt: Receipt) -> str:
    """The receipt as a plain-text table (no colour, no box drawing), for failure messages and
    reports: one row per section in prompt order, then the total against the budget."""
    table = Table(
        [
            Column("section"),
            Column("priority", "right"),
            Column("mode"),
            Column("before", "right"),
            Column("after", "right"),
            Column("cut", "right"),
            Column("action"),
            Column("why"),
        ],
        title=(
            f"assembled under a budget of {receipt.budget:,} tokens ({receipt.tokenizer}"
            f"{'' if receipt.exact else ', estimated'})"
        ),
    )
    for s in receipt.sections:
        table.add_row(
            s.name,
            "pinned" if s.pinned else str(s.rank),
            s.mode,
            fmt_int(s.tokens_before),
            fmt_int(s.tokens_after),
            fmt_int(s.tokens_cut) if s.tokens_cut else "",
            s.action,
            s.reason,
        )
    if receipt.sections:
        table.add_row("(separators)", "", "", "", fmt_int(receipt.join_tokens), "", "", "")
    table.footer = [
        "total",
        "",
        "",
        fmt_int(receipt.tokens_before),
        fmt_int(receipt.total),
        fmt_int(receipt.tokens_before - receipt.tokens_after) if receipt.tokens_before else "",
        f"budget {receipt.budget:,}",
        "",
    ]
    return table.to_text()


class Assembled(str):
    """The assembled prompt: a ``str`` carrying its ``receipt`` and the final text of each section
    (``parts``). ``prompt_budget.check`` shows the receipt when an assembled prompt fails."""

    receipt: Receipt
    parts: dict[str, str]

    def __new__(cls, text: str, receipt: Receipt, parts: Mapping[str, str]) -> Assembled:
        obj = super().__new__(cls, text)
        obj.receipt = receipt
        obj.parts = dict(parts)
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (Assembled, (str(self), self.receipt, self.parts))
