"""Verdicts: one file against its caps, the entries' paths that match nothing, ``@path`` imports Claude
Code skips, and the must-load total against the usable budget."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from prompt_budget.budget import amount, with_safety
from prompt_budget.config import Config
from prompt_budget.counting import FileProblem, read_text
from prompt_budget.files.matching import FileSet
from prompt_budget.files.measuring import Measured
from prompt_budget.model import Status, Usage, Verdict
from prompt_budget.text.globs import has_wildcards
from prompt_budget.tokenizers import CachedTokenizer


def usage(tokens: int, tok: CachedTokenizer) -> Usage:
    """A count by ``tok``."""
    return Usage(tokens=tokens, tokenizer=tok.name, exact=tok.exact)


def _passed(
    subject: str, used: Usage, cap: int | None, source: str | None, details: dict[str, Any]
) -> Verdict:
    """``Verdict(subject, used, cap, source, "pass", "", details)``, made without the frozen
    dataclass's ``__init__`` (one attribute set at a time): a check makes one for every file."""
    v = object.__new__(Verdict)
    v.__dict__.update(
        subject=subject,
        usage=used,
        max_tokens=cap,
        cap_source=source,
        status="pass",
        message="",
        details=details,
    )
    return v


class Shared:
    """What the verdicts of one run's files share (one per run and tokenizer): the ``Usage`` of a
    count, and the details of the files that one entry's pattern matched, with the same settings."""

    __slots__ = ("details", "usages")

    def __init__(self) -> None:
        self.usages: dict[int, Usage] = {}
        #: by (id of the winning candidate, id of the settings, split): the details but the notes and
        #: the file's tokens (the objects are alive while their files' verdicts are made)
        self.details: dict[tuple[int, int, bool], dict[str, Any]] = {}


def within(tokens: int, cap: int | None, threshold: float | None) -> bool:
    """True when ``tokens`` pass ``cap``: no cap, or at most the cap and, with a ``threshold`` below 1,
    at most that share of it (past it, a part warns)."""
    return cap is None or (
        tokens <= cap and (threshold is None or threshold >= 1 or tokens <= cap * threshold)
    )


def passes_plainly(m: Measured, threshold: float | None) -> bool:
    """True when every verdict ``file_verdicts`` makes for ``m`` passes and the file is no import
    (its rows need no verdict to be shown: what the file table and the run's status need of the
    most common file, without one ``Verdict`` per file). False says nothing: judge the file."""
    s = m.settings
    if s is None or m.problem is not None or m.match.imported_by is not None:
        return False
    cap = s.max_tokens
    if not within(m.load_tokens, cap, threshold):
        return False
    if m.frontmatter_tokens is None:
        return True
    if s.frontmatter_max_tokens is not None:
        cap = s.frontmatter_max_tokens
    return within(m.frontmatter_tokens, cap, threshold)


def file_verdicts(
    m: Measured, tok: CachedTokenizer, threshold: float | None = None, shared: Shared | None = None
) -> list[Verdict]:
    """The verdicts for one measured file: its body (or whole file) against ``max_tokens``, and for a
    file with always-loaded frontmatter, that part against ``frontmatter_max_tokens`` (default: the
    file's ``max_tokens``). Past ``threshold`` of a cap (the config's), a part warns, as prompts do.
    ``shared`` (one per run and tokenizer) lets files share what is equal in their verdicts."""
    fid = m.match.id
    winner = m.match.winner
    imported = m.match.imported_by
    if m.problem is not None or m.settings is None:
        base: dict[str, Any] = {"kind": "file", "entry": winner.rule.label, "pattern": winner.pattern}
        if imported is not None:
            base["imported_by"] = imported.where
        load = m.match.entry_load or "skippable"
        return [
            Verdict(
                subject=fid,
                usage=usage(m.tokens, tok),
                status="fail",
                message=f"{fid}: {m.problem}",
                details={**base, "load": load, "part": "whole", "problem": m.problem},
            )
        ]
    s = m.settings
    split = m.frontmatter_tokens is not None
    # the details in one literal each (the keys in the order the JSON report shows them)
    template: dict[str, Any] | None = None
    if shared is not None and imported is None:
        template = shared.details.get((id(winner), id(s), split))
    whole: dict[str, Any]
    if template is not None:
        whole = template.copy()  # the keys stay in their order
        whole["notes"] = list(m.notes)
        whole["file_tokens"] = m.tokens
    elif imported is None:
        whole = {
            "kind": "file",
            "entry": winner.rule.label,
            "pattern": winner.pattern,
            "load": s.load,
            "priority": s.priority,
            "notes": list(m.notes),
            "part": "body" if split else "whole",
            "file_tokens": m.tokens,
        }
    else:
        whole = {
            "kind": "file",
            "entry": winner.rule.label,
            "pattern": winner.pattern,
            "imported_by": imported.where,
            "load": s.load,
            "priority": s.priority,
            "notes": list(m.notes),
            "part": "body" if split else "whole",
            "file_tokens": m.tokens,
        }
    if template is None and shared is not None and imported is None:
        shared.details[(id(winner), id(s), split)] = whole.copy()
    tokens, cap = m.load_tokens, s.max_tokens
    if within(tokens, cap, threshold):
        # within its cap (most files): no message to build
        used = shared.usages.get(tokens) if shared is not None else None
        if used is None:
            used = Usage(tokens, tok.name, tok.exact)
            if shared is not None:
                shared.usages[tokens] = used
        first = _passed(fid, used, cap, s.max_tokens_source, whole)
    else:
        what = f"{fid} body" if split else fid
        first = _capped(m, tok, fid, what, tokens, cap, s.max_tokens_source, whole, threshold, hint=True)
    if not split or m.frontmatter_tokens is None:
        return [first]
    cap, src = s.max_tokens, s.max_tokens_source
    if s.frontmatter_max_tokens is not None:
        cap, src = s.frontmatter_max_tokens, s.frontmatter_max_tokens_source
    what = f"{fid} frontmatter (name and description, always loaded)"
    details = {k: v for k, v in whole.items() if k not in ("part", "file_tokens")}
    details.update(kind="frontmatter", part="frontmatter", load="must")
    return [
        first,
        _capped(m, tok, f"{fid}#frontmatter", what, m.frontmatter_tokens, cap, src, details, threshold),
    ]


def _capped(
    m: Measured,
    tok: CachedTokenizer,
    subject: str,
    what: str,
    tokens: int,
    cap: int | None,
    source: str | None,
    details: dict[str, Any],
    threshold: float | None = None,
    *,
    hint: bool = False,
) -> Verdict:
    """``tokens`` of ``what`` against ``cap``: over it, a failure saying by how much and where the cap
    is set (with the file's largest sections when ``hint``, and the entry's ``message``); past
    ``threshold`` of it, a warning."""
    if cap is None or within(tokens, cap, threshold):
        # within its cap (most files): no message to build
        return _passed(subject, Usage(tokens, tok.name, tok.exact), cap, source, details)
    message = ""
    warn = threshold is not None and threshold < 1 and tokens > cap * threshold
    if cap is not None and tokens > cap:
        over = tokens - cap
        lines = [
            f"{what} is {amount(tokens, tok.exact, m.multiplier)}, over its cap of {cap:,} by {over:,} "
            f"({100.0 * over / cap:.1f}%); cap set in {source}",
            _largest_sections(m, tok) if hint else "",
            m.settings.message if m.settings is not None else None,
        ]
        message = "\n".join(line for line in lines if line)
    elif warn and cap is not None and threshold is not None:
        message = (
            f"{what} is {amount(tokens, tok.exact, m.multiplier)}, {100.0 * tokens / cap:.0f}% of its cap of "
            f"{cap:,}, past the {threshold:.0%} threshold; cap set in {source}"
        )
        return Verdict(subject, usage(tokens, tok), cap, source, "warn", message, details)
    return Verdict(
        subject,
        usage(tokens, tok),
        max_tokens=cap,
        cap_source=source,
        status="fail" if message else "pass",
        message=message,
        details=details,
    )


def _largest_sections(m: Measured, tok: CachedTokenizer) -> str:
    """For a Markdown file over its cap: ``largest sections: "## Examples" (lines 40-118) 612 tokens,
    ...``, its three largest parts (see ``outline.breakdown``; a split file's body only); empty when it
    has fewer than two. Only failing files are read again and outlined."""
    from prompt_budget.outline import is_markdown, largest_sections  # Markdown parsing: only here

    if not is_markdown(m.match.path):
        return ""
    try:
        text = read_text(m.match.path)[0]
    except FileProblem:
        return ""
    largest = largest_sections(
        text, tok, lambda n: with_safety(n, tok.exact, m.multiplier), frontmatter=not m.split
    )
    return f"largest sections: {largest}" if largest else ""


def pattern_verdicts(fs: FileSet, tok: CachedTokenizer) -> list[Verdict]:
    """A literal path of an entry that does not exist, or a glob that matches nothing: a failure for
    ``must`` entries, a warning for the others; preset entries that match nothing are fine. An
    ``@path`` import Claude Code would skip (it does not resolve, or lies too deep) is a warning
    naming ``file:line``."""
    out: list[Verdict] = []
    seen: set[str] = set()
    for hit in fs.patterns:
        if hit.hits or hit.preset or hit.pattern in seen:
            continue
        seen.add(hit.pattern)
        must = hit.rule.load == "must"
        if has_wildcards(hit.pattern):
            what = "glob matches no file"
        elif (fs.config.root / hit.pattern).is_dir():
            what = f"is a folder; use a glob such as {hit.pattern}/**/*.md"
        else:
            what = "must-load file is missing" if must else "file is missing"
        status: Status = "fail" if must else "warn"
        out.append(
            Verdict(
                subject=hit.pattern,
                usage=usage(0, tok),
                cap_source=hit.rule.source,
                status=status,
                message=f"{hit.pattern}: {what} (entry {hit.rule.label!r}, {hit.rule.source})",
                details={"kind": "must-load" if must else "file", "entry": hit.rule.label, "missing": True},
            )
        )
    for problem in fs.import_problems:
        ref = problem.ref
        out.append(
            Verdict(
                subject=ref.where,
                usage=usage(0, tok),
                status="warn",
                message=f"{ref.where}: @{ref.target} is not loaded: {problem.reason} "
                "(Claude Code skips it without a word)",
                details={"kind": "import", "file": ref.importer, "line": ref.line, "import": ref.target},
            )
        )
    return out


def usable_source(config: Config) -> str:
    """Where the usable budget is set."""
    return f"{config.where('context_window')} (or model), usable_fraction, reserved_output"


def over_usable(config: Config, total: int, usable: int) -> str:
    """The end of a message about a total over the usable budget (the must-load total, a stage):
    by how much, and where the usable budget is set."""
    return (
        f"over the usable budget of {usable:,} by {total - usable:,}; usable budget = context_window * "
        f"usable_fraction - reserved_output, set in {usable_source(config)}"
    )


def over_threshold(config: Config, total: int, limit: int, usable: int, *, then: str = "") -> str:
    """The end of a message about a total past the threshold: the threshold, the headroom left, and
    where the threshold is set; ``then`` goes after the threshold (`` with nothing left to shed``)."""
    return (
        f"over the threshold of {limit:,} ({config.threshold:.0%} of the usable {usable:,}){then}; "
        f"{usable - total:,} tokens of headroom left; threshold set in {config.where('threshold')}"
    )


def must_load_verdict(config: Config, measured: Sequence[Measured], tok: CachedTokenizer) -> Verdict | None:
    """The total of every must-load file plus every always-loaded frontmatter, against the usable
    budget (fail) and its threshold (warn)."""
    parts: list[tuple[str, int]] = []
    aliases: dict[str, str] = {}
    seen: dict[Path, str] = {}
    for m in measured:
        s = m.settings
        if s is not None and s.load != "must":
            # most files: a skippable file counts its always-loaded frontmatter only
            if m.frontmatter_tokens is not None:
                parts.append((f"{m.match.id}#frontmatter", m.frontmatter_tokens))
            continue
        if s is None and not m.unsettled_must:
            continue
        if m.unsettled_must or (m.settings is not None and m.settings.load == "must"):
            real = m.match.path.resolve()
            if real in seen:
                # one file reached by two paths counts once; the alias is shown as link -> file
                first = seen[real]
                link, target = (m.match.id, first) if m.match.path.is_symlink() else (first, m.match.id)
                aliases[link] = target
                continue
            seen[real] = m.match.id
        if m.unsettled_must:
            parts.append((m.match.id, m.tokens))
        if m.settings is None:
            continue
        if m.settings.load == "must":
            parts.append((m.match.id, m.load_tokens + (m.frontmatter_tokens or 0)))
        elif m.frontmatter_tokens is not None:
            parts.append((f"{m.match.id}#frontmatter", m.frontmatter_tokens))
    if not parts and not any(r.load == "must" for r in config.files):
        return None
    total = sum(n for _, n in parts)
    mult = max((m.multiplier for m in measured), default=1.0)
    usable = config.usable_budget
    details: dict[str, Any] = {"kind": "must-load", "files": [{"id": i, "tokens": n} for i, n in parts]}
    if aliases:
        details["aliases"] = aliases
    if usable is None:
        details["note"] = "no context_window (or model) configured: the total is reported, not checked"
        return Verdict("must-load", usage(total, tok), status="pass", details=details)
    limit = int(usable * config.threshold)
    details["threshold_tokens"] = limit
    status: Status = "pass"
    message = ""
    if total > usable:
        status = "fail"
        message = (
            f"must-load total is {amount(total, tok.exact, mult)} ({len(parts)} files and frontmatters), "
            f"{over_usable(config, total, usable)}"
        )
    elif total > limit:
        status = "warn"
        message = f"must-load total is {amount(total, tok.exact, mult)}, {over_threshold(config, total, limit, usable)}"
    return Verdict(
        "must-load",
        usage(total, tok),
        max_tokens=usable,
        cap_source=usable_source(config),
        status=status,
        message=message,
        details=details,
    )
