"""The Markdown report (``--prompt-budget-report=PATH.md``): a summary line and one table of every
check, failures first, for a pull-request comment or ``$GITHUB_STEP_SUMMARY``; then a table per
section check."""

from __future__ import annotations

import re
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


#: Line breaks as CommonMark and browsers see them, and the other control characters: none may reach
#: a table row (a line break ends the row, and so the table).
_BREAKS = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def one_line(text: str) -> str:
    """``text`` on one line: each line break a space, each other control character shown as ``\\xNN``."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group(0)):02x}", _BREAKS.sub(" ", text))


def code(text: str) -> str:
    """``text`` as a code span in a table cell: on one line, ``|`` escaped (GitHub splits cells on it
    even in code), fenced by more backquotes than any run of them in ``text``."""
    text = one_line(text).replace("|", "\\|")
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _cell(text: str) -> str:
    """Text for a table cell inside a code span: only ``|`` needs escaping there."""
    return one_line(text).replace("|", "\\|")


_MARKUP = str.maketrans({c: "\\" + c for c in "\\`*[]<>|"})


def escape(text: str) -> str:
    """Plain text for a table cell, shown as it is: Markdown and HTML markup (``<system>``,
    ``*draft*``) backslash-escaped so that GitHub neither renders nor drops it; on one line."""
    return one_line(text).translate(_MARKUP)


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
                    code(r["nodeid"]),
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
        out += ["", f"### Sections of {code(r['nodeid'])} ({escape(r['label'])})", ""]
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
