"""Rendering baseline comparisons: terminal tables, a pull-request-ready Markdown summary, and GitHub
workflow annotations. Nothing here prints; ``append_step_summary`` is the one function that writes,
and only to the file GitHub Actions names in ``$GITHUB_STEP_SUMMARY``."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from prompt_budget.baseline import HOW_TO_CREATE, Comparison, ItemDelta, describe_sections, format_growth
from prompt_budget.report.github import annotation
from prompt_budget.report.markdown import EMOJI, code, grid, one_line
from prompt_budget.text.table import Column, Table, fmt_int

STATUS_TEXT = {
    "pass": "ok",
    "fail": "FAIL",
    "new": "new",
    "removed": "removed",
    "mismatch": "tokenizer changed",
}


def checks(n: int) -> str:
    """``1 check``, ``2 checks``."""
    return f"{n:,} check" if n == 1 else f"{n:,} checks"


def fmt_delta(value: int | None) -> str:
    return "-" if value is None else f"{value:+,}"


def fmt_signed_pct(value: float | None) -> str:
    return "-" if value is None else f"{value:+.1f}%"


def _numbers(i: ItemDelta) -> list[str]:
    """The baseline, now, delta and % cells of a compared item."""
    return [fmt_int(i.baseline), fmt_int(i.now), fmt_delta(i.delta), fmt_signed_pct(i.percent)]


def _status(item: ItemDelta) -> str:
    text = STATUS_TEXT[item.status]
    if item.ratchet:
        text += " (ratcheted down)"
    return text


def summary_lines(comparison: Comparison) -> list[str]:
    """A few plain lines: totals and counts, the baseline's state, what to do next."""
    c = comparison
    lines: list[str] = []
    where = (c.base and f"git ref {c.base}") or c.path or "the baseline"
    if c.missing:
        lines.append(
            f"no baseline at {c.path}: {checks(len(c.new))} measured would be written; "
            f"create it with {HOW_TO_CREATE}"
        )
        return lines
    lines.append(
        f"compared with {where}: {checks(len(c.compared))}, {format_growth(*c.totals)}; "
        f"{len(c.failures)} over their growth gate, {len(c.grew)} grew, {len(c.shrank)} shrank, "
        f"{len(c.new)} new, {len(c.removed)} not measured"
    )
    mismatched = mismatch_line(c)
    if mismatched:
        lines.append(mismatched)
    for item in c.failures:
        where_gate = f" (gate: {item.gate_source})" if item.gate_source else ""
        lines.append(f"FAILED {item.id}: {item.message}{where_gate}")
        if item.sections:
            lines.append(f"  {describe_sections(item.sections)}")
    return lines


def mismatch_line(comparison: Comparison) -> str | None:
    """What to do about checks counted by another tokenizer than the baseline's, or None."""
    if not comparison.mismatched:
        return None
    pairs = sorted({(i.tokenizer or "?", i.baseline_tokenizer or "?") for i in comparison.mismatched})
    said = "; ".join(f"{now} now, {then} in the baseline" for now, then in pairs[:3])
    if len(pairs) > 3:
        said += f"; and {len(pairs) - 3} more"
    return (
        f"{checks(len(comparison.mismatched))} not compared: counted by another tokenizer than in the "
        f"baseline ({said}); re-create the baseline with {HOW_TO_CREATE}"
    )


def ratchet_line(shown: str, ratcheted: Sequence[str]) -> str:
    """``.prompt-budget/baseline.json: ratcheted down 1 entry that shrank: docs/ref.md``."""
    entries = f"{len(ratcheted)} entr{'y' if len(ratcheted) == 1 else 'ies'}"
    return f"{shown}: ratcheted down {entries} that shrank: {', '.join(ratcheted)}"


def comparison_tables(comparison: Comparison, *, changed_only: bool = False) -> list[Table]:
    """The comparison as tables: compared items (failures first, then the biggest growth), then new
    items, then items in the baseline this run did not measure, then tokenizer mismatches."""
    c = comparison
    tables: list[Table] = []
    compared = [i for i in c.sorted_items() if i.status in ("pass", "fail")]
    if changed_only:
        compared = [i for i in compared if i.status == "fail" or i.delta]
    if compared:
        t = Table(
            [
                Column("check"),
                Column("baseline", "right"),
                Column("now", "right"),
                Column("delta", "right"),
                Column("%", "right"),
                Column("status"),
            ],
            title="prompt-budget: growth over the baseline",
        )
        for i in compared:
            t.add_row(i.id, *_numbers(i), _status(i), style="red" if i.status == "fail" else None)
        before, after = c.totals
        t.footer = [
            f"total ({len(c.compared)})",
            fmt_int(before),
            fmt_int(after),
            fmt_delta(after - before),
            fmt_signed_pct(100.0 * (after - before) / before if before else None),
            f"{len(c.failures)} failed",
        ]
        tables.append(t)
    if c.new:
        t = Table(
            [Column("check"), Column("tokens", "right"), Column("tokenizer")],
            title="new (not in the baseline)",
        )
        for i in c.new:
            t.add_row(i.id, fmt_int(i.now), i.tokenizer or "-")
        tables.append(t)
    if c.removed:
        t = Table(
            [Column("check"), Column("baseline", "right")], title="in the baseline, not measured this run"
        )
        for i in c.removed:
            t.add_row(i.id, fmt_int(i.baseline))
        tables.append(t)
    if c.mismatched:
        t = Table(
            [
                Column("check"),
                Column("baseline", "right"),
                Column("baseline tokenizer"),
                Column("now", "right"),
                Column("tokenizer"),
            ],
            title="tokenizer changed (not compared)",
        )
        for i in c.mismatched:
            t.add_row(
                i.id, fmt_int(i.baseline), i.baseline_tokenizer or "-", fmt_int(i.now), i.tokenizer or "-"
            )
        tables.append(t)
    return tables


def text_report(comparison: Comparison, *, width: int | None = None, changed_only: bool = False) -> str:
    """Plain text (no colour): the tables, then the summary lines. ``width`` renders through rich."""
    parts: list[str] = []
    for table in comparison_tables(comparison, changed_only=changed_only):
        parts.append(table.render(width) if width is not None else table.to_text())
    parts.extend(line + "\n" for line in summary_lines(comparison))
    return "\n".join(p.rstrip("\n") for p in parts) + "\n"


# --- Markdown ------------------------------------------------------------------------------------


def _md(text: str) -> str:
    return one_line(text).replace("\\", "\\\\").replace("|", "\\|")


def _md_id(cid: str) -> str:
    return code(cid)


def _row(i: ItemDelta) -> list[str]:
    status = _status(i)
    if i.status == "fail":
        status = f"**{status}**"
    return [_md_id(i.id), *_numbers(i), status]


def markdown_summary(
    comparison: Comparison, *, title: str = "Prompt budget", top: int = 10, limit: int = 300
) -> str:
    """A pull-request-ready summary: a headline with the totals, failures first (with the gate that
    failed and where it is set), then the top growers, then new, not-measured and tokenizer-changed
    items, and every compared item folded in a ``<details>`` block. Failures are always all listed; the
    other tables hold at most ``limit`` rows, so the summary stays well under GitHub's 1 MiB
    job-summary limit."""
    c = comparison
    head = ["check", "baseline", "now", "delta", "%", "status"]
    right = (1, 2, 3, 4)
    lines = [f"## {title}: growth over the baseline", ""]
    if c.missing:
        lines += [
            f"No baseline yet at `{c.path}`: {checks(len(c.new))} measured. "
            f"Create it with {HOW_TO_CREATE} and commit it.",
            "",
        ]
    else:
        before, after = c.totals
        delta = after - before
        pct = f", {100.0 * delta / before:+.1f}%" if before else ""
        verdict = (
            f"{EMOJI['fail']} **{len(c.failures)} over their growth gate**"
            if c.failures
            else f"{EMOJI['pass']} all within their gates"
        )
        against = f"git ref `{c.base}`" if c.base else f"`{c.path}`" if c.path else "the baseline"
        lines += [
            f"{verdict}. Total **{before:,} -> {after:,}** tokens ({delta:+,}{pct}) over {checks(len(c.compared))} "
            f"compared with {against}; {len(c.grew)} grew, {len(c.shrank)} shrank, {len(c.new)} new, "
            f"{len(c.removed)} not measured.",
            "",
        ]
    if c.failures:
        lines += ["### Failures", ""]
        lines += grid([*head, "allowed"], [[*_row(i), _md(_allowed(i))] for i in c.failures], right)
        lines.append("")
        grew_in = [f"- {_md_id(i.id)} {_md(describe_sections(i.sections))}" for i in c.failures if i.sections]
        if grew_in:
            lines += [*grew_in, ""]
    growers = [i for i in c.grew if i.status != "fail"][:top]
    if growers:
        lines += [
            f"### Top growers ({len(growers)} of {len(c.grew)})" if len(c.grew) > top else "### Grew",
            "",
        ]
        lines += grid(head, [_row(i) for i in growers], right)
        lines.append("")
    if c.mismatched:
        lines += ["### Tokenizer changed (not compared)", ""]
        lines += grid(
            ["check", "baseline", "baseline tokenizer", "now", "tokenizer"],
            [
                [
                    _md_id(i.id),
                    fmt_int(i.baseline),
                    _md(i.baseline_tokenizer or "-"),
                    fmt_int(i.now),
                    _md(i.tokenizer or "-"),
                ]
                for i in c.mismatched
            ],
            (1, 3),
        )
        lines += ["", f"Re-create the baseline with {HOW_TO_CREATE}.", ""]
    if c.new:
        lines += [f"### New ({len(c.new)})", ""]
        lines += grid(
            ["check", "tokens", "tokenizer"],
            [[_md_id(i.id), fmt_int(i.now), _md(i.tokenizer or "-")] for i in c.new[:limit]],
            (1,),
        )
        lines.append("")
    if c.removed:
        lines += [f"### In the baseline, not measured ({len(c.removed)})", ""]
        lines += grid(
            ["check", "baseline"], [[_md_id(i.id), fmt_int(i.baseline)] for i in c.removed[:limit]], (1,)
        )
        lines.append("")
    compared = [i for i in c.sorted_items() if i.status in ("pass", "fail")]
    if compared:
        shown = compared[:limit]
        more = f", the first {len(shown)} shown" if len(shown) < len(compared) else ""
        lines += [f"<details><summary>All {len(compared)} compared checks{more}</summary>", ""]
        lines += grid(head, [_row(i) for i in shown], right)
        lines += ["", "</details>", ""]
    return "\n".join(lines)


def _allowed(item: ItemDelta) -> str:
    text = item.gate.describe() if item.gate is not None else "-"
    return f"{text} ({item.gate_source})" if item.gate_source else text


def append_step_summary(
    markdown: str, environ: Mapping[str, str] | None = None, *, written: Path | None = None
) -> Path | None:
    """Append to the file named by ``$GITHUB_STEP_SUMMARY`` (GitHub Actions' job summary) when it is
    set, unless it is ``written``, the report file that already holds ``markdown``; returns the path
    written, or None."""
    env = os.environ if environ is None else environ
    target = env.get("GITHUB_STEP_SUMMARY")
    if not target:
        return None
    path = Path(target)
    if written is not None and path.exists() and written.exists() and os.path.samefile(path, written):
        return None
    with path.open("a", encoding="utf-8") as fh:
        fh.write(markdown if markdown.endswith("\n") else markdown + "\n")
    return path


# --- GitHub annotations --------------------------------------------------------------------------


def file_locations(root: Path, config_file: Path | None) -> Callable[[ItemDelta], tuple[str, int] | None]:
    """A ``locate`` for :func:`github_annotations` over file checks, whose ids are relative to the
    config folder ``root``: a file (or its frontmatter) is annotated on that file, the must-load total
    and load-plan stages, which are no file, on the config file. Paths are relative to the repository
    top (:func:`~prompt_budget.report.github.repository_top`)."""

    from prompt_budget.files import file_of
    from prompt_budget.report.github import annotation_path

    def locate(item: ItemDelta) -> tuple[str, int] | None:
        if item.kind in ("file", "frontmatter", "check"):
            return annotation_path(root / file_of(item.id)), 1
        return (annotation_path(config_file), 1) if config_file is not None else None

    return locate


def github_annotations(
    comparison: Comparison, locate: Callable[[ItemDelta], tuple[str, int] | None] | None = None
) -> list[str]:
    """``::error file=...,line=...,title=...::message`` for every item over its gate, and a
    ``::warning`` for every item whose tokenizer changed. By default an item is annotated on the file
    part of its id (before ``::``), line 1."""
    locate = locate or (lambda item: (item.id.split("::", 1)[0], 1))
    out: list[str] = []
    for item, level in [(i, "error") for i in comparison.failures] + [
        (i, "warning") for i in comparison.mismatched
    ]:
        where = locate(item)
        gate = f" (gate: {item.gate_source})" if item.gate_source else ""
        sections = f"\n{describe_sections(item.sections)}" if item.sections else ""
        out.append(
            annotation(
                level,
                f"{item.id}: {item.message}{gate}{sections}",
                file=where[0] if where is not None else None,
                line=where[1] if where is not None else None,
                title="prompt-budget growth" if level == "error" else "prompt-budget",
            )
        )
    return out
