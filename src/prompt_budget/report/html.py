"""The HTML report: one self-contained page (styles and a few lines of script inline, no network)
from one run. ``prompt-budget check --format html`` renders a ``FilesReport`` (``render_check``);
``pytest --prompt-budget-report=PATH.html`` renders the run's checks, with the configured files when
the run checked them (``render_run``).

The page, top down: a summary; the failing and warning items with the message the terminal shows;
the context-window map of each load plan (``html_map``) with its plain table; growth against the
baseline; every file with its sections; for pytest, every checked prompt with its parts (system,
tools, messages, ...) as a bar and a table. Every name and text is escaped; every picture has a
plain table; every file in a picture is a link, so the keyboard reaches it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from prompt_budget.model import STATUS_RANK, Status
from prompt_budget.report.html_map import esc, map_svg, map_table
from prompt_budget.report.html_model import FileRow, Window, report_model
from prompt_budget.text.table import Table, fmt_int, fmt_pct

if TYPE_CHECKING:
    from prompt_budget.baseline import Comparison
    from prompt_budget.files import FilesReport

#: the colour of each group of the map (what loads at launch, then each stage), in turn
GROUP_COLORS: Final = ("#3b5b92", "#2f8a7a", "#7a5aa6", "#b0623a", "#4f7d2f", "#2f6f9f")

STYLE = """
:root{--fail:#b3261e;--warn:#a15c00;--pass:#1b6e3a;--ink:#1d1d1f;--mute:#5f6368;--line:#d0d4d9}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0 auto;
max-width:1180px;padding:0 20px 40px}
h1{font-size:22px;margin:20px 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:18px 0 6px}
a{color:#0b57d0}a:focus-visible,[tabindex]:focus-visible,summary:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;color:#fff;font-weight:600}
.badge.st-fail{background:var(--fail)}.badge.st-warn{background:var(--warn)}.badge.st-pass{background:var(--pass)}
td.st-fail,li.st-fail>b{color:var(--fail);font-weight:600}td.st-warn,li.st-warn>b{color:var(--warn);font-weight:600}
ul.problems{padding-left:0;list-style:none}ul.problems li{border-left:4px solid var(--fail);padding:4px 10px;margin:6px 0;background:#fdf3f2}
ul.problems li.st-warn{border-color:var(--warn);background:#fff7e8}
pre{white-space:pre-wrap;margin:2px 0 0;font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace}
table{border-collapse:collapse;margin:6px 0 10px}th,td{padding:3px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:#f3f4f6}table.num td+td,table.num th+th{text-align:right;font-variant-numeric:tabular-nums}
table.files td:nth-child(n+3):nth-child(-n+5),table.files td:nth-child(8),table.files th:nth-child(n+3):nth-child(-n+5),table.files th:nth-child(8){text-align:right}caption{text-align:left;font-weight:600;padding:2px 0}.r{text-align:right;font-variant-numeric:tabular-nums}td{overflow-wrap:anywhere}table.sections td+td+td,table.sections th+th+th{text-align:right}
table.sections tbody th{padding-top:10px;background:#fff;font-weight:600}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:2px 12px;margin:6px 0}dt{color:var(--mute)}dd{margin:0}
svg.map{width:100%;height:auto;display:block;font:11px system-ui,sans-serif;background:#fafafa;border:1px solid var(--line)}
svg.map a.b>rect:first-child{stroke:#fff;stroke-width:.6}svg.map a.t>rect:first-child{stroke:none}svg.map .p{fill:#fff;fill-opacity:.28}
svg.map .sep{stroke:#fff;stroke-opacity:.7;stroke-width:.6}svg.map text{fill:#fff;pointer-events:none}svg.map text.g{fill:var(--ink)}
svg.map a.b:hover>rect:first-child,svg.map a.b:focus>rect:first-child{stroke:#000;stroke-width:2}
svg.map a.st-fail>rect:first-child{stroke:var(--fail);stroke-width:2.5}svg.map a.st-warn>rect:first-child{stroke:#e8a33d;stroke-width:2}
.shed>rect:first-child{fill:#9aa0a6}svg.map .hr{fill:url(#none);fill:#e8f5ec;stroke:#8cc7a0;stroke-dasharray:4 3}
svg.map .res{fill:#e3e3e3;stroke:#b5b5b5}svg.map .over{fill:var(--fail);fill-opacity:.15;stroke:var(--fail);stroke-width:1.5}
svg.map .limit{stroke:var(--ink);stroke-width:1.5;stroke-dasharray:6 3}svg.map .gsep{stroke:#fff;stroke-width:1.5}
.legend>span{display:inline-block;margin-right:14px}.sw{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
.bar{display:flex;height:18px;max-width:600px;border:1px solid var(--line);margin:4px 0}.bar span{display:block;height:100%}
#tip{position:fixed;z-index:9;pointer-events:none;background:#202124;color:#fff;padding:5px 8px;border-radius:4px;
max-width:460px;font-size:12.5px;display:none;overflow-wrap:anywhere}
:target{background:#fff4c2}details summary{cursor:pointer;color:var(--mute)}
"""

STYLE += "".join(f".g{i}>rect:first-child{{fill:{c}}}" for i, c in enumerate(GROUP_COLORS)) + "\n"

#: shows the hovered or focused element's label (``aria-label``, or a section's ``data-tip``)
SCRIPT: Final = """
(function(){var t=document.getElementById('tip');
function label(el){while(el&&el.getAttribute){var s=el.getAttribute('data-tip')||el.getAttribute('aria-label');
if(s&&el.closest('svg'))return s;el=el.parentNode;}return null;}
function show(s,x,y){t.textContent=s;t.style.display='block';
t.style.left=Math.min(x+12,window.innerWidth-t.offsetWidth-8)+'px';t.style.top=(y+16)+'px';}
document.addEventListener('mouseover',function(e){var s=label(e.target);if(s)show(s,e.clientX,e.clientY);else t.style.display='none';});
document.addEventListener('focusin',function(e){var s=label(e.target);if(!s){t.style.display='none';return;}
var r=e.target.getBoundingClientRect();show(s,r.left,r.top+Math.min(r.height,20));});
document.addEventListener('focusout',function(){t.style.display='none';});})();
"""

_PART_COLORS: Final = ("#3b5b92", "#2f8a7a", "#b0623a", "#7a5aa6", "#4f7d2f", "#a23b72", "#2f6f9f", "#8a6d1d")


def _badge(status: str) -> str:
    text = {"fail": "FAIL", "warn": "warning", "pass": "ok"}.get(status, status)
    return f'<span class="badge st-{esc(status)}">{text}</span>'


def table_html(table: Table) -> str:
    """A report table (the one the terminal prints) as an HTML table, every cell escaped."""
    right = [c.align == "right" for c in table.columns]

    def cells(row: Sequence[str], tag: str = "td") -> str:
        return "".join(
            f"<{tag}{' class=r' if r else ''}>{esc(c)}</{tag}>" for c, r in zip(row, right, strict=False)
        )

    out = ["<table>"]
    if table.title:
        out.append(f"<caption>{esc(table.title)}</caption>")
    out.append(f"<thead><tr>{cells([c.header for c in table.columns], 'th')}</tr></thead><tbody>")
    out += [f"<tr>{cells(row)}</tr>" for row in table.rows]
    if table.footer is not None:
        out.append(f"<tr>{cells(table.footer, 'th')}</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _problems(items: Sequence[tuple[Status, str, str]]) -> str:
    """The failing and warning items, failures first: (status, anchor, message as the terminal
    shows it)."""
    if not items:
        return "<p>Nothing failed or warned.</p>"
    out = ['<ul class="problems">']
    for status, anchor, message in sorted(items, key=lambda i: STATUS_RANK[i[0]]):
        link = f' <a href="#{anchor}">details</a>' if anchor else ""
        out.append(
            f'<li class="st-{status}"><b>{"FAIL" if status == "fail" else "warning"}</b>{link}<pre>{esc(message)}</pre></li>'
        )
    out.append("</ul>")
    return "\n".join(out)


def _window(window: Window, index: int) -> str:
    facts = []
    if window.context_window:
        facts.append(("context window", f"{window.context_window:,} tokens"))
    if window.usable is not None:
        facts.append(("usable budget", f"{window.usable:,} tokens"))
        if window.threshold is not None:
            facts.append(("sheds or warns past", f"{window.threshold:,} tokens"))
    if window.reserved:
        facts.append(("reserved output", f"{window.reserved:,} tokens"))
    facts.append(("loaded", f"{window.total:,} tokens"))
    if window.headroom is not None:
        facts.append(("headroom" if window.headroom >= 0 else "over by", f"{abs(window.headroom):,} tokens"))
    if window.shed:
        facts.append(("shed", f"{len(window.shed)} files, {sum(b.tokens for b in window.shed):,} tokens"))
    legend = "".join(
        f'<span><span class=sw style="background:{GROUP_COLORS[i % len(GROUP_COLORS)]}"></span>{esc(g.name)} ({g.tokens:,})</span>'
        for i, g in enumerate(window.groups)
        if g.blocks
    )
    out = [
        f"<h3>{esc(window.name)} {_badge(window.status)}</h3>",
        '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>",
        f"<p class=legend>{legend}"
        + (
            "<span><span class=sw style='background:#e8f5ec;border:1px dashed #8cc7a0'></span>headroom</span>"
            if (window.headroom or 0) > 0
            else ""
        )
        + (
            "<span><span class=sw style='background:#e3e3e3'></span>reserved output</span>"
            if window.reserved
            else ""
        )
        + ("<span><span class=sw style='background:#9aa0a6'></span>shed</span>" if window.shed else "")
        + "</p>",
        map_svg(window, index),
    ]
    if window.note:
        out.append(f"<pre>{esc(window.note)}</pre>")
    out.append(
        f"<details><summary>Table of the map: {esc(window.name)}</summary>{map_table(window)}</details>"
    )
    return "\n".join(out)


def _growth(comparison: Comparison | None) -> str:
    if comparison is None:
        return ""
    from prompt_budget.report.baseline import comparison_tables, summary_lines

    out = ["<h2 id=growth>Growth against the baseline</h2>"]
    out += [f"<p>{esc(line)}</p>" for line in summary_lines(comparison)]
    for table in comparison_tables(comparison, changed_only=True):
        out.append(table_html(table))
    grew = [i for i in comparison.items if i.sections]
    for item in grew:
        out.append(f"<h3>Sections of {esc(item.id)} that changed most</h3>")
        out.append(
            "<table><thead><tr><th>section</th><th class=r>before</th><th class=r>now</th><th class=r>delta</th></tr></thead><tbody>"
        )
        for s in item.sections:
            out.append(
                f"<tr><td>{esc(s.shown or s.path[-1])}</td><td class=r>{fmt_int(s.before)}</td>"
                f"<td class=r>{fmt_int(s.after)}</td><td class=r>{s.delta:+,}</td></tr>"
            )
        out.append("</tbody></table>")
    return "\n".join(out)


def _files(rows: Sequence[FileRow]) -> str:
    if not rows:
        return ""
    out = [
        "<h2 id=files>Files</h2>",
        '<table class="files"><thead><tr><th>file</th><th>entry</th><th>tokens</th><th>cap</th>'
        "<th>%</th><th>load</th><th>status</th><th>growth</th></tr></thead><tbody>",
    ]
    for r in rows:
        name = f'<a href="#{r.anchor}s">{esc(r.label)}</a>' if r.parts else esc(r.label)
        row_id = f' id="{r.anchor}"' if r.anchor else ""
        growth = "-" if r.growth is None else f"{r.growth:+,}"
        out.append(
            f"<tr{row_id}><td>{name}</td><td>{esc(r.entry)}</td><td>{fmt_int(r.tokens)}</td>"
            f"<td>{fmt_int(r.cap)}</td><td>{fmt_pct(r.percent)}</td><td>{esc(r.load)}</td>"
            f"<td class=st-{r.status}>{r.status}</td><td>{growth}</td></tr>"
        )
    out.append("</tbody></table>")
    sectioned = [r for r in rows if r.parts]
    if sectioned:
        out.append("<h2 id=sections>Sections</h2>")
        out.append(
            '<table class="sections"><thead><tr><th>section</th><th>lines</th><th>tokens</th></tr></thead>'
        )
    for r in sectioned:
        out.append(f'<tbody id="{r.anchor}s"><tr><th colspan=3>{esc(r.label)}</th></tr>')
        out += [f"<tr><td>{esc(p.label)}</td><td>{p.lines}</td><td>{p.tokens:,}</td></tr>" for p in r.parts]
        out.append("</tbody>")
    if sectioned:
        out.append("</table>")
    return "\n".join(out)


def _parts_bar(parts: Mapping[str, int], cap: int | None) -> str:
    """A prompt's parts as a bar as wide as its cap (or its total): each part's width is its share."""
    total = sum(int(v) for v in parts.values())
    extent = max(total, cap or 0) or 1
    spans = "".join(
        f'<span style="width:{100.0 * int(n) / extent:.2f}%;background:{_PART_COLORS[i % len(_PART_COLORS)]}" '
        f'title="{esc(str(k))}: {int(n):,} tokens"></span>'
        for i, (k, n) in enumerate(parts.items())
    )
    return f'<div class="bar" role="img" aria-label="parts of the prompt">{spans}</div>'


def _checks(records: Sequence[Mapping[str, Any]]) -> str:
    from prompt_budget.report.terminal import amount_cells

    if not records:
        return ""
    out = [
        "<h2 id=checks>Checked prompts</h2>",
        "<table><thead><tr><th>status</th><th>test</th><th>label</th><th>tokenizer</th><th class=r>tokens</th>"
        "<th class=r>cap</th><th class=r>used</th></tr></thead><tbody>",
    ]
    detailed = []
    for n, r in enumerate(records):
        tokens, cap = amount_cells(r)
        label = esc(str(r["label"]))
        if r.get("parts"):
            label = f'<a href="#c{n}">{label}</a>'
            detailed.append((n, r))
        exact = "" if r.get("exact", True) else " (estimate)"
        out.append(
            f"<tr><td class=st-{esc(str(r['status']))}>{esc(str(r['status']))}</td><td class=id>{esc(str(r['nodeid']))}</td>"
            f"<td>{label}</td><td>{esc(str(r['tokenizer']))}{exact}</td><td class=r>{esc(tokens)}</td>"
            f"<td class=r>{esc(cap)}</td><td class=r>{fmt_pct(r.get('percent'))}</td></tr>"
        )
    out.append("</tbody></table>")
    for n, r in detailed:
        parts: Mapping[str, int] = r["parts"]
        out.append(f'<h3 id="c{n}">{esc(str(r["nodeid"]))}: {esc(str(r["label"]))}</h3>')
        out.append(_parts_bar(parts, r.get("max_tokens")))
        out.append("<table><thead><tr><th>part</th><th class=r>tokens</th></tr></thead><tbody>")
        out += [
            f'<tr><td><span class=sw style="background:{_PART_COLORS[i % len(_PART_COLORS)]}"></span>{esc(str(k))}</td>'
            f"<td class=r>{int(v):,}</td></tr>"
            for i, (k, v) in enumerate(parts.items())
        ]
        out.append(f"<tr><th>total</th><th class=r>{int(r['tokens']):,}</th></tr></tbody></table>")
    return "\n".join(out)


def page(
    title: str,
    status: Status,
    summary: str,
    problems: Sequence[tuple[Status, str, str]],
    windows: Sequence[Window] = (),
    rows: Sequence[FileRow] = (),
    comparison: Comparison | None = None,
    records: Sequence[Mapping[str, Any]] = (),
) -> str:
    """The whole document."""
    from prompt_budget._version import __version__

    body = [
        '<a class="skip" href="#problems">Skip to the failures</a>',
        f"<h1>{esc(title)} {_badge(status)}</h1>",
        f"<p>{esc(summary)}</p>",
        "<h2 id=problems>Failures and warnings</h2>",
        _problems(problems),
    ]
    if windows:
        body.append("<h2 id=map>Context window</h2>")
        body += [_window(w, i) for i, w in enumerate(windows)]
    body.append(_growth(comparison))
    body.append(_files(rows))
    body.append(_checks(records))
    body.append(f'<p style="color:var(--mute)">pytest-prompt-budget {esc(__version__)}</p>')
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(b for b in body if b)
        + f'\n<div id="tip" role="tooltip"></div><script>{SCRIPT}</script></body></html>\n'
    )


def _files_problems(report: FilesReport, anchors: Mapping[str, str]) -> list[tuple[Status, str, str]]:
    from prompt_budget.report.files import flagged

    out: list[tuple[Status, str, str]] = []
    for v in flagged(report):
        whole = v.details.get("kind") in ("plan", "must-load")  # about the whole map, not one file
        out.append((v.status, "map" if whole else anchors.get(v.subject, ""), v.message))
    return out


def _growth_problems(comparison: Comparison | None) -> list[tuple[Status, str, str]]:
    if comparison is None:
        return []
    out: list[tuple[Status, str, str]] = []
    for item in comparison.failures:
        gate = f" (gate: {item.gate_source})" if item.gate_source else ""
        out.append(("fail", "growth", f"{item.id}: {item.message}{gate}"))
    return out


def render_check(
    report: FilesReport, comparison: Comparison | None = None, *, title: str = "Prompt budget"
) -> str:
    """``prompt-budget check --format html``: the whole page for one check of the files."""
    windows, rows = report_model(report, comparison)
    anchors = {r.id: r.anchor + ("s" if r.parts else "") for r in rows}
    problems = _files_problems(report, anchors) + _growth_problems(comparison)
    grew = comparison is not None and bool(comparison.failures)
    status: Status = "fail" if grew else report.status
    counts = {s: sum(1 for v in report.verdicts if v.status == s) for s in ("pass", "warn", "fail")}
    kind = "" if report.exact else " (estimated)"
    summary = (
        f"{len(report.verdicts):,} checks: {counts['pass']} passed, {counts['warn']} warned, {counts['fail']} failed; "
        f"{len(report.measured):,} files, tokens by {report.tokenizer}{kind}."
    )
    return page(f"{title}: file budgets", status, summary, problems, windows, rows, comparison)


def render_run(
    records: Iterable[Mapping[str, Any]],
    files: FilesReport | None = None,
    comparison: Comparison | None = None,
    *,
    title: str = "Prompt budget",
) -> str:
    """``pytest --prompt-budget-report=PATH.html``: every check of the run (each prompt with its
    parts), and the files' map and tables when the run checked configured files."""
    from prompt_budget.report.json_report import summary

    checks = sorted(records, key=lambda r: STATUS_RANK[str(r["status"])])  # failures first, stable
    s = summary(checks)
    problems: list[tuple[Status, str, str]] = [
        (r["status"], f"c{n}" if r.get("parts") else "", f"{r['nodeid']}: {r['message'] or r['label']}")
        for n, r in enumerate(checks)
        if r["status"] != "pass"
    ]
    problems += _growth_problems(comparison)
    windows: list[Window] = []
    rows: list[FileRow] = []
    if files is not None:
        windows, rows = report_model(files, comparison)
    status: Status = (
        "fail"
        if s["fail"] or (comparison is not None and comparison.failures)
        else "warn"
        if s["warn"]
        else "pass"
    )
    text = f"{s['checks']:,} checks: {s['pass']} passed, {s['warn']} warned, {s['fail']} failed."
    return page(title, status, text, problems, windows, rows, comparison, checks)


def render(records: Iterable[Mapping[str, Any]]) -> str:
    """The report of a list of check records (the signature of every ``--prompt-budget-report``
    renderer)."""
    return render_run(records)
