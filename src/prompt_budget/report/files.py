"""Tables for ``prompt-budget check``: the file table, the load-plan table and ``--explain`` lines."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.config import Config, line_of
from prompt_budget.model import STATUS_MARK, STATUS_RANK, Verdict
from prompt_budget.report.terminal import STYLE
from prompt_budget.text.frontmatter import frontmatter_end
from prompt_budget.text.table import Column, Table, fmt_int, fmt_pct

if TYPE_CHECKING:
    from prompt_budget.baseline import Comparison
    from prompt_budget.files import FilesReport


def _row_label(v: Verdict) -> str:
    part = v.details.get("part")
    imported = v.details.get("imported_by")
    suffix = f" (imported by {imported})" if imported else ""
    if part == "frontmatter":
        return f"{v.subject.removesuffix('#frontmatter')} (frontmatter){suffix}"
    if part == "body":
        return f"{v.subject} (body){suffix}"
    return v.subject + suffix


def files_table(
    report: FilesReport,
    *,
    hide_passed: bool = False,
    failures_first: bool = False,
    marks: Mapping[str, str] = STATUS_MARK,
) -> Table:
    """One row per checked file (and per always-loaded frontmatter): file, entry, tokens, cap,
    percent, load class, status (as ``marks`` names it); the footer holds the must-load total."""
    kind = "" if report.exact else " (estimated)"
    table = Table(
        [
            Column("file"),
            Column("entry"),
            Column("tokens", "right"),
            Column("cap", "right"),
            Column("%", "right"),
            Column("load"),
            Column("status"),
        ],
        title=f"file budgets, tokens by {report.tokenizer}{kind}",
    )
    # one row per verdict, built in place (a table of 100,000 files: no call per cell)
    rows, styles = table.rows, table.styles
    # the cells of a count against a cap, made once for the files that share them
    cells: dict[tuple[int, int | None], tuple[str, str, str]] = {}

    def cells_of(tokens: int, cap: int | None) -> tuple[str, str, str]:
        made = cells.get((tokens, cap))
        if made is None:
            made = cells[(tokens, cap)] = (
                f"{tokens:,}",
                "-" if cap is None else f"{cap:,}",
                f"{100.0 * tokens / cap:.1f}%" if cap else "-",
            )
        return made

    def add(v: Verdict) -> None:
        status = v.status
        if hide_passed and status == "pass":
            return
        d = v.details
        tokens = v.usage.tokens
        made = cells_of(tokens, v.max_tokens)
        rows.append(
            [
                _row_label(v) if "part" not in d or "imported_by" in d or d["part"] != "whole" else v.subject,
                str(d.get("entry", "")),
                # a file that could not be read has no count; one with bad frontmatter was still counted
                made[0] if "problem" not in d or tokens else "-",
                made[1],
                made[2],
                str(d.get("load", "")),
                marks[status],
            ]
        )
        styles.append(STYLE[status])

    if failures_first:
        for v in sorted(report.file_verdicts, key=lambda v: STATUS_RANK[v.status]):
            add(v)
    else:
        # a file whose verdicts all pass (most) is shown from its counts, with no Verdict made
        judged = report.judged
        passed, style = marks["pass"], STYLE["pass"]
        # the entry and load cells of the files matched by the same entries with the same settings
        fixed: dict[tuple[int, int], tuple[str, str]] = {}
        made_for = cells.get
        for fid, m in report.measured.items():
            if judged and fid in judged:
                for v in judged[fid]:
                    add(v)
                continue
            if hide_passed:
                continue
            s = m.settings
            assert s is not None  # judged otherwise
            key = (id(m.match.candidates), id(s))
            both = fixed.get(key)
            if both is None:
                both = fixed[key] = (str(m.match.candidates[0].rule.label), str(s.load))
            entry = both[0]
            tokens, cap = (m.tokens if m.body_tokens is None else m.body_tokens), s.max_tokens
            made = made_for((tokens, cap)) or cells_of(tokens, cap)
            fm_tokens = m.frontmatter_tokens
            if fm_tokens is None:
                rows.append([fid, entry, made[0], made[1], made[2], both[1], passed])
                styles.append(style)
                continue
            rows.append([f"{fid} (body)", entry, made[0], made[1], made[2], both[1], passed])
            if s.frontmatter_max_tokens is not None:
                cap = s.frontmatter_max_tokens
            made = made_for((fm_tokens, cap)) or cells_of(fm_tokens, cap)
            rows.append([f"{fid} (frontmatter)", entry, made[0], made[1], made[2], "must", passed])
            styles.append(style)
            styles.append(style)
    must = report.must_load
    if must is not None:
        table.footer = [
            "must-load total (with frontmatter)",
            "",
            fmt_int(must.tokens),
            fmt_int(must.max_tokens),
            fmt_pct(must.percent),
            "must",
            marks[must.status],
        ]
    return table


def elide(items: list[str], room: int) -> str:
    """``items`` joined by ``, ``, cut to ``room`` characters with ``+N more`` for the rest (``room``
    0: all of them)."""
    if not items:
        return "-"
    whole = ", ".join(items)
    if room <= 0 or len(whole) <= room:
        return whole
    shown: list[str] = []
    for i, item in enumerate(items):
        after = len(items) - i - 1
        tail = f", +{after} more" if after else ""
        if len(", ".join([*shown, item])) + len(tail) > room:
            if shown:
                return ", ".join(shown) + f", +{len(items) - i} more"
            return item[: max(1, room - len(tail) - 1)] + "…" + tail
        shown.append(item)
    return ", ".join(shown)


def _plan_room(width: int) -> int:
    """The characters each of the plan table's two list columns may take at ``width`` terminal
    columns (0: no limit)."""
    if width <= 0:
        return 0
    # stage, +tokens, total, headroom, status and the column gaps take about 60 columns
    return max(40, (width - 60) // 2)


def plan_table(report: FilesReport, marks: Mapping[str, str] = STATUS_MARK, width: int = 0) -> Table | None:
    """The load plan, stage by stage: files loaded, tokens added, shed files, total and headroom. The
    lists of files loaded and shed are cut to fit ``width`` columns (the shell passes its
    terminal's; 0: no limit), with ``+N more``; the JSON report keeps every file."""
    plan = report.plan
    room = _plan_room(width)
    if plan is None:
        return None
    table = Table(
        [
            Column("stage"),
            Column("loads"),
            Column("+tokens", "right"),
            Column("shed"),
            Column("total", "right"),
            Column("headroom", "right"),
            Column("status"),
        ],
        title=(
            f"load plan: usable {plan.usable:,} tokens, shedding past {plan.threshold_tokens:,} "
            f"({report.fileset.config.threshold:.0%})"
        ),
    )
    table.add_row(
        "(always loaded)",
        f"{len(plan.base_files)} files/frontmatters",
        fmt_int(plan.base),
        "",
        fmt_int(plan.base),
        fmt_int(plan.usable - plan.base),
        marks["fail" if plan.base > plan.usable else "pass"],
    )
    for s in plan.stages:
        loads = elide([i for i, _, _ in s.loaded], room)
        own = {i for i, _, _ in s.loaded}
        shed = elide([f"{i} (-{n:,}{', its own' if i in own else ''})" for i, n, _ in s.shed], room)
        table.add_row(
            s.name,
            loads,
            fmt_int(s.added),
            shed,
            fmt_int(s.total),
            fmt_int(s.headroom),
            marks[s.status],
            style=STYLE[s.status],
        )
    return table


def harness_table(report: FilesReport, marks: Mapping[str, str] = STATUS_MARK) -> Table | None:
    """One row per harness and folder: what that harness loads up front when working there (the
    always-loaded files, that folder's chain, the listing of names and descriptions), against its
    budget; None without ``harnesses``."""
    rows = [v for v in report.harness_verdicts if v.details.get("kind") == "must-load"]
    if report.discovery is None or not rows:
        return None
    table = Table(
        [
            Column("harness"),
            Column("folder"),
            Column("files", "right"),
            Column("tokens", "right"),
            Column("budget", "right"),
            Column("%", "right"),
            Column("status"),
        ],
        title=f"must-load per harness, tokens by {report.tokenizer}"
        + ("" if report.exact else " (estimated)"),
    )
    for v in rows:
        listed = int(v.details.get("listed", 0))
        counted = int(v.details.get("counted", 0))
        shown = f"{counted}" + (f" + {listed} listed" if listed else "")
        table.add_row(
            str(v.details.get("harness", "")),
            str(v.details.get("folder", ".")),
            shown,
            fmt_int(v.tokens),
            fmt_int(v.max_tokens),
            fmt_pct(v.percent),
            marks[v.status],
            style=STYLE[v.status],
        )
    return table


def alias_lines(report: FilesReport) -> list[str]:
    """One line per file reached by two paths in a must-load total (a link): counted once."""
    seen: dict[str, str] = {}
    for v in [*report.harness_verdicts, *([report.must_load] if report.must_load else [])]:
        if v.details.get("kind") == "must-load":
            seen.update(v.details.get("aliases") or {})
    return [
        f"{link} is {target} (a link): counted once in each total" for link, target in sorted(seen.items())
    ]


def flagged(report: FilesReport) -> list[Verdict]:
    """The broken or warned rules (with something to say), in report order."""
    return [v for v in report.unpassed if v.message]


def problem_lines(report: FilesReport) -> list[str]:
    """One line per broken or warned rule, for below the table: what, by how much, where."""
    out: list[str] = []
    for v in flagged(report):
        first, *rest = v.message.split("\n")
        out.append(f"{STATUS_MARK[v.status]}: {first}")
        out.extend(f"      {line}" for line in rest)
    return out


def files_markdown(
    report: FilesReport,
    comparison: Comparison | None = None,
    *,
    plan: bool = False,
    hide_passed: bool = False,
    title: str = "Prompt budget",
) -> str:
    """``prompt-budget check --format markdown``, for a pull-request comment or
    ``$GITHUB_STEP_SUMMARY``: a verdict line with the must-load total, every broken or warned rule
    with its message (failures first), the file table (failures first, the must-load total as its
    footer), the load plan when ``plan``, and the baseline summary when one was compared."""
    # here: the text report needs neither
    from prompt_budget.report.baseline import checks, markdown_summary
    from prompt_budget.report.markdown import BADGE, escape, table_lines

    verdicts = report.verdicts
    grew = comparison is not None and bool(comparison.failures)
    status = "fail" if grew else report.status
    counts = {s: sum(1 for v in verdicts if v.status == s) for s in ("pass", "warn", "fail")}
    out = [
        f"## {title}: file budgets",
        "",
        f"{BADGE[status]}: {checks(len(verdicts))}, {counts['pass']} passed, {counts['warn']} warned, "
        f"{counts['fail']} failed.",
    ]
    must = report.must_load
    if must is not None:
        limit = (
            f" of the usable {must.max_tokens:,} ({fmt_pct(must.percent)})"
            if must.max_tokens
            else " (no context_window or model: not checked)"
        )
        out[-1] += f" Must-load total (with frontmatter): **{must.tokens:,}** tokens{limit}."
    problems = sorted(flagged(report), key=lambda v: v.status != "fail")
    if problems:
        out += ["", "### Failures and warnings" if counts["warn"] else "### Failures", ""]
        for v in problems:
            first, *rest = v.message.split("\n")
            # a message's own advice (the entry's `message`) on a line of its own: a hard break
            out.append(f"- {BADGE[v.status]}: {escape(first)}" + "".join(f"\\\n  {escape(r)}" for r in rest))
    table = files_table(report, hide_passed=hide_passed, failures_first=True, marks=BADGE)
    for t in (table, plan_table(report, BADGE, width=0) if plan else None):
        if t is not None and t.title and (t.rows or t.footer):
            out += ["", f"### {t.title[:1].upper()}{t.title[1:]}", "", *table_lines(t)]
    if comparison is not None:
        out += ["", markdown_summary(comparison, title=title).rstrip("\n")]
    return "\n".join(out) + "\n"


def github_annotations(report: FilesReport, root: Path, config_file: Path | None = None) -> list[str]:
    """``::error`` / ``::warning`` workflow commands for broken or warned rules, on the file they
    concern (paths relative to the repository top: :func:`.github.repository_top`); rules about the
    whole set (must-load total, load plan stages) are put on the config file."""
    from prompt_budget.report.github import annotation, annotation_path

    out: list[str] = []
    for v in flagged(report):
        where = verdict_location(report, v, root, config_file)
        out.append(
            annotation(
                "error" if v.status == "fail" else "warning",
                v.message,
                file=annotation_path(where[0]) if where is not None else None,
                line=where[1] if where is not None else None,
                title="prompt-budget",
            )
        )
    return out


def verdict_location(
    report: FilesReport, v: Verdict, root: Path, config_file: Path | None
) -> tuple[Path, int] | None:
    """Where a verdict goes: on the file it concerns (an import on the line that writes it, a body
    over its cap where the body starts), else on the config file, at the line that sets the rule
    (:func:`config_line`; line 1 when it cannot be found); None without a config file."""
    if v.details.get("kind") == "import":
        candidate = root / str(v.details["file"])
        if candidate.is_file():
            return candidate, int(v.details["line"])
    else:
        from prompt_budget.files import file_of

        candidate = root / file_of(v.subject)
        if candidate.is_file():
            return candidate, _body_line(candidate) if v.details.get("part") == "body" else 1
    if config_file is None:
        return None
    return config_file, config_line(report.fileset.config, v) or 1


def config_line(config: Config, verdict: Verdict) -> int | None:
    """The line of the config file a verdict that is about no one file belongs on: a missing file's
    or empty glob's ``[[...files]]`` entry, the must-load total's budget key (``threshold`` for a
    warning, else ``usable_fraction``, ``context_window``, ``model`` or ``reserved_output``, the first
    the file writes), a stage's ``[[...stages]]`` entry. None when the file does not show it."""
    details = verdict.details
    if details.get("missing"):
        return entry_line(config, verdict.cap_source)
    if details.get("kind") == "must-load":
        keys = ("threshold",) if verdict.status == "warn" else ()
        for key in (*keys, "usable_fraction", "context_window", "model", "reserved_output"):
            line = line_of(config, key)
            if line is not None:
                return line
        return None
    if details.get("kind") == "plan":
        index = details.get("index")
        if index is None:
            index = next((i for i, s in enumerate(config.stages) if s.name == details.get("stage")), None)
        return None if index is None else line_of(config, "stages", index)
    return None


def entry_line(config: Config, source: str | None) -> int | None:
    """The header line of the ``[[...files]]`` entry a setting's ``source`` names
    (``pyproject.toml [tool.prompt_budget.files] #2``); None for a preset's entry or a file's own
    frontmatter."""
    rule = next((r for r in config.files if r.source == source), None)
    return None if rule is None else line_of(config, "files", rule.index)


def _body_line(path: Path) -> int:
    """The first line of the body after a file's frontmatter (where a body over its cap starts)."""
    try:
        lines = path.read_text(encoding="utf-8-sig", errors="replace").split("\n")
    except OSError:
        return 1
    end = frontmatter_end(lines) if lines[0].rstrip("\r ") == "---" else None
    return 1 if end is None else min(end + 2, len(lines))
