"""The Markdown report (``--prompt-budget-report=PATH.md``): a summary line and one table of every
check, failures first, for a pull-request comment or ``$GITHUB_STEP_SUMMARY``; then a table per
section check."""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any

from prompt_budget.model import STATUS_RANK
from prompt_budget.report.json_report import summary
from prompt_budget.report.terminal import amount_cells, order
from prompt_budget.text.table import Table, fmt_int, fmt_pct

#: The one emoji of each status in every Markdown document prompt-budget writes (the pytest report,
#: ``check --format markdown``, the baseline summary): literal characters, which render everywhere
#: (GitLab, Bitbucket, a plain viewer), not GitHub's shortcodes (``:x:``), which render only there.
EMOJI = {"fail": "❌", "warn": "⚠️", "pass": "✅"}
BADGE = {status: f"{mark} {status}" for status, mark in EMOJI.items()}


def _cell(text: str) -> str:
    """Text for a table cell inside a code span: only ``|`` needs escaping there."""
    return text.replace("|", "\\|").replace("\n", " ")


_MARKUP = str.maketrans({c: "\\" + c for c in "\\`*[]<>|"})


def escape(text: str) -> str:
    """Plain text for a table cell, shown as it is: Markdown and HTML markup (``<system>``,
    ``*draft*``) backslash-escaped so that GitHub neither renders nor drops it."""
    return text.translate(_MARKUP).replace("\n", " ")


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def grid(headers: Sequence[str], rows: Iterable[Sequence[str]], right: Container[int] = ()) -> list[str]:
    """The lines of a Markdown table of cells already escaped; the columns at the indexes in
    ``right`` right-aligned."""
    align = ["---:" if i in right else "---" for i in range(len(headers))]
    return [_row(headers), _row(align), *(_row(r) for r in rows)]


def table_lines(table: Table) -> list[str]:
    """A report table (the one the terminal shows) as a Markdown table: every cell plain text,
    escaped; right-aligned columns stay right-aligned; the footer is a last row, in bold. The title
    is the caller's to place."""
    rows = [[escape(cell) for cell in row] for row in table.rows]
    if table.footer is not None:
        rows.append([f"**{escape(cell)}**" if cell else "" for cell in table.footer])
    right = {i for i, c in enumerate(table.columns) if c.align == "right"}
    return grid([escape(c.header) for c in table.columns], rows, right)


def render(records: Iterable[Mapping[str, Any]], title: str = "Prompt budget") -> str:
    checks = order(records)
    s = summary(checks)
    out = [f"## {title}", ""]
    out.append(f"{s['checks']} checks: {s['pass']} passed, {s['warn']} warned, {s['fail']} failed.")
    out.append("")
    if not checks:
        return "\n".join(out)
    out.append(_row(["Status", "Test", "Label", "Tokenizer", "Tokens", "Cap", "Used"]))
    out.append("|---|---|---|---|---:|---:|---:|")
    for r in checks:
        tokens, cap = amount_cells(r)
        tokenizer = "-" if r.get("unit") else _cell(r["tokenizer"]) + ("" if r["exact"] else " (estimate)")
        out.append(
            _row(
                [
                    BADGE[r["status"]],
                    f"`{_cell(r['nodeid'])}`",
                    escape(r["label"]),
                    tokenizer,
                    tokens,
                    cap,
                    fmt_pct(r["percent"]),
                ]
            )
        )
    for r in checks:
        if not r.get("sections"):
            continue
        out += ["", f"### Sections of `{_cell(r['nodeid'])}` ({escape(r['label'])})", ""]
        out.append(_row(["Section", "Tokens", "Cap", "Used", "Status"]))
        out.append("|---|---:|---:|---:|---|")
        for sec in sorted(r["sections"], key=lambda x: STATUS_RANK[x["status"]]):
            cap = sec.get("max_tokens")
            pct = 100.0 * sec["tokens"] / cap if cap else None
            out.append(
                _row([escape(sec["name"]), fmt_int(sec["tokens"]), fmt_int(cap), fmt_pct(pct), sec["status"]])
            )
    out.append("")
    return "\n".join(out)
