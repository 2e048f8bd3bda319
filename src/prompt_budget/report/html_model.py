"""What the HTML report draws, as plain data: the context windows (``Window``: a load plan, or the
must-load set when there is none; a harness's totals fit the same shape), each a row of groups
(``Group``: what loads at launch, then each stage) of files (``Block``), each divided into its
Markdown sections (``Part``); and one ``FileRow`` per checked file for the tables.

Built from a ``FilesReport`` (``windows`` and ``file_rows``) and, when there is one, the baseline
``Comparison`` (each block's growth). Nothing here renders HTML: ``html_map`` draws a ``Window``,
``html`` lays out the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from prompt_budget.model import STATUS_RANK, Status, Verdict

if TYPE_CHECKING:
    from prompt_budget.baseline import Comparison
    from prompt_budget.files import FilesReport
    from prompt_budget.files.measuring import Measured


@dataclass(frozen=True)
class Part:
    """One section of a file: its label (``## Examples``, ``(preamble)``), its lines and tokens."""

    label: str
    lines: str
    tokens: int


@dataclass(frozen=True)
class Block:
    """One file (or an always-loaded frontmatter) in a context window."""

    id: str
    label: str
    tokens: int
    cap: int | None
    status: Status
    load: str
    #: the ``id`` attribute the block links to (click-through): its sections (``f3s``), or its row in
    #: the file table (``f3``) when it has none
    anchor: str = ""
    parts: tuple[Part, ...] = ()
    #: tokens grown since the baseline (None: not compared)
    growth: int | None = None
    #: the stage that shed it (a block in ``Window.shed``)
    shed_at: str = ""

    @property
    def percent(self) -> float | None:
        return 100.0 * self.tokens / self.cap if self.cap else None


@dataclass(frozen=True)
class Group:
    """Files loaded together: ``always loaded`` (at launch), a stage, or the skippable files."""

    name: str
    blocks: tuple[Block, ...]

    @property
    def tokens(self) -> int:
        return sum(b.tokens for b in self.blocks)


@dataclass(frozen=True)
class Window:
    """One context window's budget: the usable budget (None without a context window), the output
    reserved beside it, the groups that fill it in load order, and the files shed to make room."""

    name: str
    usable: int | None
    reserved: int = 0
    context_window: int | None = None
    threshold: int | None = None
    groups: tuple[Group, ...] = ()
    shed: tuple[Block, ...] = ()
    status: Status = "pass"
    note: str = ""

    @property
    def total(self) -> int:
        return sum(g.tokens for g in self.groups)

    @property
    def headroom(self) -> int | None:
        return None if self.usable is None else self.usable - self.total


@dataclass(frozen=True)
class FileRow:
    """One row of the file table (a file, or its always-loaded frontmatter)."""

    id: str
    label: str
    entry: str
    tokens: int | None
    cap: int | None
    percent: float | None
    load: str
    status: Status
    message: str
    #: the row's ``id`` attribute (``f3``; ``f3m`` for a frontmatter); its sections are ``f3s``
    anchor: str
    parts: tuple[Part, ...] = ()
    growth: int | None = None


@dataclass
class _Context:
    report: FilesReport
    growth: Mapping[str, int]
    anchors: dict[str, str] = field(default_factory=dict)
    parts: dict[str, tuple[Part, ...]] = field(default_factory=dict)
    statuses: dict[str, Status] = field(default_factory=dict)
    caps: dict[str, int | None] = field(default_factory=dict)

    def block(self, bid: str, tokens: int, load: str, shed_at: str = "") -> Block:
        return Block(
            id=bid,
            label=_label(bid),
            tokens=tokens,
            cap=self.caps.get(bid),
            status=self.statuses.get(bid, "pass"),
            load=load,
            anchor=self.anchors.get(bid, "") + ("s" if bid in self.parts else ""),
            parts=self.parts.get(bid, ()),
            growth=self.growth.get(bid),
            shed_at=shed_at,
        )


def _label(bid: str) -> str:
    return f"{bid.removesuffix('#frontmatter')} (frontmatter)" if bid.endswith("#frontmatter") else bid


def growth_of(comparison: Comparison | None) -> dict[str, int]:
    """Check id -> tokens grown (or shrunk) since the baseline, for the ids compared."""
    if comparison is None:
        return {}
    return {i.id: i.delta for i in comparison.compared if i.delta is not None}


def sections_of(m: Measured, tokenizer: object) -> tuple[Part, ...]:
    """The parts of a counted Markdown file (``outline.breakdown``), for the map and the section
    tables; the frontmatter left out of a file whose frontmatter is counted apart. Empty for a file
    of fewer than two parts, not Markdown, or unreadable."""
    from prompt_budget.budget import with_safety
    from prompt_budget.counting import FileProblem, read_text
    from prompt_budget.outline import FRONTMATTER, breakdown, is_markdown, outline

    if not m.counted or not is_markdown(m.match.path):
        return ()
    try:
        text = read_text(m.match.path)[0]
    except FileProblem:
        return ()
    exact = bool(getattr(tokenizer, "exact", True))
    parts = [p for p in breakdown(outline(text, tokenizer)) if not (m.split and p[0].heading == FRONTMATTER)]  # type: ignore[arg-type]
    if len(parts) < 2:
        return ()
    out = []
    for sec, last, tokens in parts:
        lines = f"line {sec.start_line}" if last == sec.start_line else f"lines {sec.start_line}-{last}"
        out.append(Part(sec.label, lines, with_safety(tokens, exact, m.multiplier)))
    return tuple(out)


def _context(report: FilesReport, comparison: Comparison | None, sections: bool) -> _Context:
    from prompt_budget.tokenizers import get_tokenizer

    ctx = _Context(report, growth_of(comparison))
    for v in report.file_verdicts:
        ctx.statuses[v.subject] = v.status
        ctx.caps[v.subject] = v.max_tokens
    tok = get_tokenizer(report.fileset.config.tokenizer) if sections else None
    for n, (fid, m) in enumerate(report.measured.items()):
        anchor = f"f{n}"
        ctx.anchors[fid] = anchor
        ctx.anchors[f"{fid}#frontmatter"] = anchor + "m"
        if tok is not None:
            found = sections_of(m, tok)
            if found:
                ctx.parts[fid] = found
    return ctx


def file_rows(
    report: FilesReport, comparison: Comparison | None = None, *, sections: bool = True
) -> list[FileRow]:
    """One row per file verdict, failures first, then warnings, then by id; with the file's sections
    (``sections_of``) unless ``sections`` is false."""
    return _file_rows(_context(report, comparison, sections))


def _file_rows(ctx: _Context) -> list[FileRow]:
    rows = []
    for v in sorted(ctx.report.file_verdicts, key=lambda v: STATUS_RANK[v.status]):
        unread = "problem" in v.details and not v.tokens
        rows.append(
            FileRow(
                id=v.subject,
                label=_label(v.subject),
                entry=str(v.details.get("entry", "")),
                tokens=None if unread else v.tokens,
                cap=v.max_tokens,
                percent=v.percent,
                load=str(v.details.get("load", "")),
                status=v.status,
                message=v.message,
                anchor=ctx.anchors.get(v.subject, ""),
                parts=ctx.parts.get(v.subject, ()),
                growth=ctx.growth.get(v.subject),
            )
        )
    return rows


def windows(
    report: FilesReport, comparison: Comparison | None = None, *, sections: bool = True
) -> list[Window]:
    """The context windows of a check: the load plan's (what loads at launch, then each stage's
    files, the files it shed apart), or without ``[[stages]]``, the must-load files then the
    skippable ones."""
    return _windows(_context(report, comparison, sections))


def report_model(
    report: FilesReport, comparison: Comparison | None = None, *, sections: bool = True
) -> tuple[list[Window], list[FileRow]]:
    """``windows`` and ``file_rows`` together, each file outlined once."""
    ctx = _context(report, comparison, sections)
    return _windows(ctx), _file_rows(ctx)


#: the group of each kind of part of a harness's must-load total, in load order
_HARNESS_GROUPS = {
    "always": "always loaded",
    "folder": "folder files",
    "import": "imported",
    "listing": "names and descriptions",
}


def harness_windows(verdicts: Iterable[Verdict], ctx: _Context | None = None) -> list[Window]:
    """One window per harness's must-load total at the project root (a verdict ``must-load:NAME``
    whose details hold ``harness`` and ``files``: each ``{"id", "tokens", "what"}``), its files
    grouped by how they load (``always``, ``folder``, ``import``, ``listing``), against the
    verdict's budget."""
    out = []
    for v in verdicts:
        d = v.details
        if d.get("kind") != "must-load" or "harness" not in d or d.get("folder", ".") != ".":
            continue
        grouped: dict[str, list[Block]] = {}
        for part in d.get("files", ()):
            what = str(part.get("what", "always"))
            bid, tokens = str(part["id"]), int(part.get("tokens", 0))
            block = (
                ctx.block(bid, tokens, "must")
                if ctx is not None
                else Block(bid, _label(bid), tokens, None, "pass", "must")
            )
            grouped.setdefault(_HARNESS_GROUPS.get(what, what), []).append(block)
        order = list(_HARNESS_GROUPS.values())
        groups = sorted(grouped.items(), key=lambda g: order.index(g[0]) if g[0] in order else len(order))
        threshold = d.get("threshold_tokens")
        out.append(
            Window(
                f"harness {d['harness']}",
                usable=v.max_tokens,
                threshold=int(threshold) if threshold is not None else None,
                groups=tuple(Group(name, tuple(blocks)) for name, blocks in groups),
                status=v.status,
                note=v.message,
            )
        )
    return out


def _windows(ctx: _Context) -> list[Window]:
    harnesses = harness_windows(getattr(ctx.report, "harness_verdicts", ()), ctx)
    return _own_windows(ctx) + harnesses


def _own_windows(ctx: _Context) -> list[Window]:
    report = ctx.report
    config = report.fileset.config
    usable = config.usable_budget
    budget = Window(
        "load plan",
        usable=usable,
        reserved=config.reserved_output,
        context_window=config.context_window,
        threshold=None if usable is None else int(usable * config.threshold),
    )
    plan = report.plan
    if plan is not None:
        base = Group("always loaded", tuple(ctx.block(i, n, "must") for i, n in plan.base_files))
        groups = [base]
        shed: list[Block] = []
        shed_ids: set[str] = set()
        for s in plan.stages:
            for i, n, _ in s.shed:
                shed.append(ctx.block(i, n, "skippable", shed_at=s.name))
                shed_ids.add(i)
        for s in plan.stages:
            kept = tuple(ctx.block(i, n, ld) for i, n, ld in s.loaded if i not in shed_ids)
            groups.append(Group(f"stage {s.name}", kept))
        status: Status = max((s.status for s in plan.stages), key=lambda st: -STATUS_RANK[st], default="pass")
        note = "\n".join(s.message for s in plan.stages if s.message)
        return [replace(budget, groups=tuple(groups), shed=tuple(shed), status=status, note=note)]
    must: list[Block] = []
    skippable: list[Block] = []
    for fid, m in report.measured.items():
        if m.unsettled_must:
            must.append(ctx.block(fid, m.tokens, "must"))
        if m.settings is None:
            continue
        if m.frontmatter_tokens is not None:
            must.append(ctx.block(f"{fid}#frontmatter", m.frontmatter_tokens, "must"))
        (must if m.settings.load == "must" else skippable).append(
            ctx.block(fid, m.load_tokens, m.settings.load)
        )
    verdict = report.must_load
    groups_ = [Group("always loaded", tuple(must)), Group("skippable (if all loaded)", tuple(skippable))]
    return [
        replace(
            budget,
            name="files (no load plan)",
            groups=tuple(g for g in groups_ if g.blocks),
            status=verdict.status if verdict is not None else "pass",
            note=verdict.message if verdict is not None else "",
        )
    ]
