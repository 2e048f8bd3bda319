"""The terminal summary table: one row per check, failures first, then by percent of cap used.

``render`` returns text (rendered with rich at the given width); pytest's terminal reporter writes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from prompt_budget.model import STATUS_RANK
from prompt_budget.text.table import Column, Table, fmt_int, fmt_pct, render_rich

#: The rich style of a row at each status.
STYLE = {"fail": "red", "warn": "yellow", "pass": None}


def order(records: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Failures first, then warnings, then passes; within each, the highest percent used first;
    ties keep their report order."""
    return sorted(
        records,
        key=lambda r: (
            STATUS_RANK.get(str(r["status"]), 3),
            -(r["percent"] if r["percent"] is not None else -1.0),
        ),
    )


def amount_cells(r: Mapping[str, Any]) -> tuple[str, str]:
    """The amount and cap cells of a record: ``1,204`` (``~1,204`` for an estimate), or with the unit
    for records that count something other than tokens (``3 calls``, ``5 turns``)."""
    unit = r.get("unit")
    if unit:

        def with_unit(n: int) -> str:
            return f"{fmt_int(n)} {unit if n != 1 else str(unit).removesuffix('s')}"

        cap = r["max_tokens"]
        return with_unit(r["tokens"]), "-" if cap is None else with_unit(cap)
    tokens = fmt_int(r["tokens"]) if r["exact"] else "~" + fmt_int(r["tokens"])
    return tokens, fmt_int(r["max_tokens"])


def build_table(records: Iterable[Mapping[str, Any]]) -> Table:
    table = Table(
        [
            Column("test"),
            Column("label"),
            Column("tokenizer"),
            Column("tokens", "right"),
            Column("cap", "right"),
            Column("used", "right"),
            Column("status"),
        ]
    )
    for r in order(records):
        amount, cap = amount_cells(r)
        table.add_row(
            str(r["nodeid"]),
            str(r["label"]),
            "-" if r.get("unit") else str(r["tokenizer"]),
            amount,
            cap,
            fmt_pct(r["percent"]),
            str(r["status"]),
            style=STYLE.get(str(r["status"])),
        )
    return table


def needed_width(model: Table) -> int:
    """The terminal cells a rich rendering of ``model`` needs to show every cell whole (a CJK
    character or an emoji takes two cells): the widest cell of each column, plus padding."""
    from rich.cells import cell_len

    rows = [*model.rows, *([model.footer] if model.footer is not None else [])]
    widths = [
        max(cell_len(cell) for cell in [column.header, *(row[i] for row in rows if i < len(row))])
        for i, column in enumerate(model.columns)
    ]
    return sum(widths) + 3 * len(widths) + 1


def render(records: Iterable[Mapping[str, Any]], width: int = 100, color: bool = False) -> str:
    """The summary table as text (rich, at ``width`` columns), with a line that says ``~`` marks
    estimates when there are any."""
    records = list(records)
    model = build_table(records)
    # Never cut a node id or a number: when the terminal is narrower than the table needs, render
    # at the width the table needs and let the terminal wrap.
    width = max(width, needed_width(model))
    table: Any = model.to_rich()
    table.pad_edge = False
    for column in table.columns:
        column.no_wrap = True
    rendered = render_rich(table, width, color)
    text = "\n".join(line.rstrip() for line in rendered.splitlines()).strip("\n") + "\n"
    if any(not r["exact"] for r in records):
        text += "~ estimated by a non-exact tokenizer\n"
    return text
