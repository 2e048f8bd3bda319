"""The whole check of a tree (every matched file counted and judged, the entries' paths that match
nothing, the must-load total and the load plan, in one ``FilesReport``), and why one file gets the
settings it gets (``prompt-budget check --explain PATH``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from prompt_budget.config import Config
from prompt_budget.count_pool import Progress
from prompt_budget.counting import DiskCache, preloader
from prompt_budget.files.ahead import Ahead
from prompt_budget.files.matching import FileMatch, FileSet, matches, preset_reason, resolve, specificity
from prompt_budget.files.measuring import Measured, Memo, measure, measure_all, parts_in_worker
from prompt_budget.files.settings import FRONTMATTER_TABLE
from prompt_budget.files.verdicts import (
    Shared,
    file_verdicts,
    must_load_verdict,
    passes_plainly,
    pattern_verdicts,
)
from prompt_budget.model import Status, Verdict
from prompt_budget.text.table import fmt_int
from prompt_budget.tokenizers import Tokenizer, get_tokenizer

if TYPE_CHECKING:
    from prompt_budget.files.plans import PlanResult
    from prompt_budget.harnesses.discover import Discovery


@dataclass
class FilesReport:
    """Everything ``prompt-budget check`` reports: per-file verdicts, missing files and empty globs,
    the must-load total and the load plan."""

    fileset: FileSet
    tokenizer: str
    exact: bool
    measured: dict[str, Measured]
    #: judges one measured file (``file_verdicts`` with the run's tokenizer and threshold)
    judge: Callable[[Measured], list[Verdict]]
    pattern_verdicts: list[Verdict]
    must_load: Verdict | None
    plan: PlanResult | None
    plan_verdicts: list[Verdict]
    #: the must-load totals per harness and folder, and the harnesses' own limits
    harness_verdicts: list[Verdict] = field(default_factory=list)
    #: what each selected harness loads, and when (None without ``harnesses``)
    discovery: Discovery | None = None

    @cached_property
    def file_verdicts(self) -> list[Verdict]:
        """Each file's verdicts, in the files' order; made when first asked for (the CLI lets the
        count cache go first, so the two are never in memory together)."""
        judge = self.judge
        return [v for m in self.measured.values() for v in judge(m)]

    @cached_property
    def judged(self) -> dict[str, list[Verdict]]:
        """The verdicts of the files that do not plainly pass (``passes_plainly``: a failure, a
        warning, a problem, an import), by file id in the files' order. The other files' verdicts all
        pass: the status, the problem lines and the text table do without them (a ``Verdict`` per
        file was a fifth of a warm check of many files)."""
        judge, threshold = self.judge, self.fileset.config.threshold
        return {fid: judge(m) for fid, m in self.measured.items() if not passes_plainly(m, threshold)}

    @property
    def unpassed(self) -> list[Verdict]:
        """The verdicts that fail or warn, in the order of ``verdicts``."""
        out = [v for found in self.judged.values() for v in found if v.status != "pass"]
        return out + [v for v in self.session_verdicts if v.status != "pass"]

    @property
    def session_verdicts(self) -> list[Verdict]:
        """The verdicts not tied to one file: missing files, empty globs, must-load total, plan."""
        out = list(self.pattern_verdicts)
        if self.must_load is not None:
            out.append(self.must_load)
        return out + self.harness_verdicts + self.plan_verdicts

    @cached_property
    def verdicts(self) -> list[Verdict]:
        return self.file_verdicts + self.session_verdicts

    @property
    def status(self) -> Status:
        statuses = {v.status for v in self.unpassed}
        return "fail" if "fail" in statuses else "warn" if "warn" in statuses else "pass"

    def to_dict(self) -> dict[str, Any]:
        config = self.fileset.config
        return {
            "version": 1,
            "config": str(config.path) if config.path else None,
            "root": str(config.root),
            "tokenizer": self.tokenizer,
            "exact": self.exact,
            "usable_budget": config.usable_budget,
            "threshold": config.threshold,
            "status": self.status,
            "verdicts": [{"id": v.subject, **v.to_dict()} for v in self.verdicts],
            "harnesses": None if self.discovery is None else self.discovery.to_dict(),
            "plan": None
            if self.plan is None
            else {
                "base": self.plan.base,
                "base_files": [{"id": i, "tokens": n} for i, n in self.plan.base_files],
                "usable": self.plan.usable,
                "threshold_tokens": self.plan.threshold_tokens,
                "stages": [
                    {
                        "name": s.name,
                        "loaded": [{"id": i, "tokens": n, "load": ld} for i, n, ld in s.loaded],
                        "added": s.added,
                        "shed": [{"id": i, "tokens": n, "priority": p} for i, n, p in s.shed],
                        "total": s.total,
                        "headroom": s.headroom,
                        "status": s.status,
                        "message": s.message,
                    }
                    for s in self.plan.stages
                ],
            },
        }


def check_file(
    fs: FileSet, fid: str, tokenizer: str | Tokenizer | None = None, cache: DiskCache | None = None
) -> list[Verdict]:
    """The verdicts of one file of ``fs`` (what a pytest file item checks)."""
    tok = get_tokenizer(tokenizer if tokenizer is not None else fs.config.tokenizer)
    m = measure(fs.files[fid], tok, cache, multiplier=fs.config.safety_multiplier)
    return file_verdicts(m, tok, fs.config.threshold)


def vocabulary_loader(
    config: Config, cache: DiskCache | None, jobs: int, tokenizer: str | Tokenizer | None = None
) -> Callable[[], object] | None:
    """What loads the run's vocabulary ahead of counting when a check will surely count every file
    (no file recorded in the count cache) on more than one core, to give ``resolve`` as its
    ``meanwhile``; else None. A tokenizer that cannot be had is left for the check to report."""
    if jobs <= 1 or (cache is not None and cache.has_files()):
        return None
    spec = tokenizer if tokenizer is not None else config.tokenizer

    def load() -> None:
        preload = preloader(get_tokenizer(spec), None, jobs)
        if preload is not None:
            preload()

    return load


def count_ahead(
    config: Config, cache: DiskCache | None, jobs: int, tokenizer: str | Tokenizer | None = None
) -> Ahead | None:
    """What counts a first check's files in a pool as soon as ``resolve`` has matched them (give its
    ``start`` to ``resolve`` as ``found``, then the object to ``check``; ``close`` it in the end),
    when the check will surely count every file (none recorded in the count cache) on more than one
    core; else None. A tokenizer that cannot be had is left for the check to report."""
    if jobs <= 1 or cache is None or cache.has_files():
        return None
    try:
        tok = get_tokenizer(tokenizer if tokenizer is not None else config.tokenizer)
    except Exception:
        return None
    return Ahead(tok, cache, jobs, parts_in_worker)


#: A count cache at least this large is read while a child finishes the walk (``HeadStart``).
HAND_OFF_CACHE_BYTES: Final = 8 << 20


class HeadStart:
    """What a check does while a long walk finishes, and its files are matched, in a child: give
    ``meanwhile`` and ``found`` to ``resolve``, then ``ahead`` to ``check``, and ``close`` it in the end.
    Meanwhile the count cache is read (a warm check's largest cost but the stats); when it records
    no file and the check may use more than one core, the vocabulary is loaded too, and the matched
    files are counted in a pool as soon as their paths are known (``count_ahead``). A short walk
    runs no ``meanwhile``: ``found`` then decides."""

    def __init__(
        self, config: Config, cache: DiskCache | None, jobs: int, tokenizer: str | Tokenizer | None = None
    ) -> None:
        self._config, self._cache, self._jobs, self._tokenizer = config, cache, jobs, tokenizer
        self._decided = False
        self.ahead: Ahead | None = None

    def beside_the_walk(self) -> Callable[[], object] | None:
        """What to give ``resolve`` as ``meanwhile``: ``meanwhile`` when it is worth a child process
        (more than one core, and a large count cache to read or no file recorded in it: a vocabulary
        to load), else None. A small cache is read here and now: at 10,000 files (2.6 MB) handing
        the walk and the matching to a child cost more than reading the cache beside it saved. A
        first run (no file recorded) starts a child loading the vocabulary at once instead
        (``Ahead.seed``), and walks and matches here meanwhile."""
        if self._jobs <= 1:
            return None
        cache = self._cache
        if cache is not None and cache.stored_bytes() < HAND_OFF_CACHE_BYTES:
            self._decide()
            if cache.has_files():
                return None
            if self.ahead is not None:
                self.ahead.seed()
                if self.ahead.seeded:
                    return None
        return self.meanwhile

    def _decide(self) -> None:
        if not self._decided:
            self._decided = True
            self.ahead = count_ahead(self._config, self._cache, self._jobs, self._tokenizer)

    def meanwhile(self) -> None:
        self._decide()
        load = vocabulary_loader(self._config, self._cache, self._jobs, self._tokenizer)
        if load is not None:
            load()

    def found(self, paths: list[str]) -> None:
        self._decide()
        if self.ahead is not None:
            self.ahead.start(paths)

    def close(self) -> None:
        """Stop the workers counting ahead if their results were not taken, and let the cache go (a
        warm run's largest structure, freed before its report is rendered)."""
        self._decided = True
        self._cache = None
        if self.ahead is not None:
            self.ahead.close()
            self.ahead = None


def check(
    config: Config | FileSet,
    tokenizer: str | Tokenizer | None = None,
    cache: DiskCache | None = None,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    save: bool = True,
    ahead: Ahead | None = None,
) -> FilesReport:
    """Count and judge every matched file, the must-load total and the load plan (the files counted
    in ``jobs`` processes when there is enough to tokenize; ``progress`` told how many are done).
    The cache is saved at the end unless not ``save`` (the caller saves it). ``ahead``: the counting
    started while ``resolve`` built the matches (``count_ahead``)."""
    fs = config if isinstance(config, FileSet) else resolve(config)
    tok = get_tokenizer(tokenizer if tokenizer is not None else fs.config.tokenizer)
    memo: Memo = {}
    multiplier = fs.config.safety_multiplier
    measured = measure_all(
        fs.files,
        tok,
        cache,
        memo,
        multiplier,
        jobs=jobs,
        progress=progress,
        ahead=ahead.take if ahead is not None else None,
    )
    pverdicts = pattern_verdicts(fs, tok)
    discovery = None
    hverdicts: list[Verdict] = []
    in_totals = list(measured.values())
    if fs.config.harnesses:
        from prompt_budget.harnesses.discover import discover
        from prompt_budget.harnesses.totals import harness_verdicts

        frontmatters = {
            fid: (m.frontmatter.data if m.frontmatter is not None else None)
            for fid, m in measured.items()
            if m.counted
        }
        discovery = discover(fs, frontmatters)
        hverdicts = harness_verdicts(fs, measured, tok, discovery)
        # the harnesses' files (and what they import) are in their own totals; the config's must-load
        # total keeps the rest, and is left out when nothing is left
        covered = _with_imports(fs, {x.id for x in discovery.loaded})
        in_totals = [
            m
            for m in in_totals
            if m.match.id not in covered and not any(c.rule.harness for c in m.match.candidates)
        ]
    must = must_load_verdict(fs.config, in_totals, tok)
    plan: PlanResult | None = None
    plan_verdicts: list[Verdict] = []
    if fs.config.stages:  # a load plan (most configs have none: its module is not imported)
        from prompt_budget.files.plans import simulate_plan

        plan, plan_verdicts = simulate_plan(fs, measured, tok)
    if cache is not None and save:
        cache.save()
    threshold = fs.config.threshold
    shared = Shared()  # what equal verdicts share (a Usage, details)
    return FilesReport(
        fs,
        tok.name,
        tok.exact,
        measured,
        lambda m: file_verdicts(m, tok, threshold, shared),
        pverdicts,
        must,
        plan,
        plan_verdicts,
        hverdicts,
        discovery,
    )


def _with_imports(fs: FileSet, ids: set[str]) -> set[str]:
    """``ids`` and every file they pull in through ``@path`` imports."""
    out = set(ids)
    queue = list(ids)
    while queue:
        for nxt in fs.imports.get(queue.pop(), ()):
            if nxt not in out:
                out.add(nxt)
                queue.append(nxt)
    return out


@dataclass(frozen=True)
class Explanation:
    """Why a file gets the settings it gets: every entry that matches it (most specific first), the
    entries whose ``!`` patterns exclude it, its frontmatter, and each setting with its source."""

    id: str
    path: Path
    match: FileMatch | None
    measured: Measured | None
    verdicts: tuple[Verdict, ...]
    reason: str
    preset: str | None = None
    #: the documentation each harness rule cites, by entry name (``codex/agents-md``)
    documented: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        m = self.measured
        s = m.settings if m is not None else None
        return {
            "id": self.id,
            "checked": self.match is not None,
            "reason": self.reason,
            "imported_by": None
            if self.match is None or self.match.imported_by is None
            else self.match.imported_by.where,
            "entries": [
                {
                    "entry": c.rule.label,
                    "pattern": c.pattern,
                    "specificity": c.kind,
                    "source": c.rule.source,
                    "documented": self.documented.get(c.rule.label),
                    "applies": i == 0,
                }
                for i, c in enumerate(self.match.candidates if self.match else ())
            ],
            "excluded": [
                {"entry": r.label, "pattern": p, "source": r.source}
                for r, p in (self.match.excluded if self.match else ())
            ],
            "settings": None
            if s is None
            else {
                key: {"value": getattr(s, key), "source": getattr(s, f"{key}_source")}
                for key in ("max_tokens", "frontmatter_max_tokens", "load", "priority")
            },
            "notes": list(m.notes) if m is not None else [],
            "verdicts": [{"id": v.subject, **v.to_dict()} for v in self.verdicts],
        }

    def lines(self) -> list[str]:
        out = [f"{self.id}"]
        if self.match is None:
            out.append(f"  not checked: {self.reason}")
            return out
        for i, c in enumerate(() if self.match.imported_only else self.match.candidates):
            mark = "applies" if i == 0 else "overridden"
            out.append(f"  {mark:10} entry {c.rule.label!r} via {c.pattern!r} ({c.kind}) - {c.rule.source}")
            reason = preset_reason(self.preset, c.rule.label) if c.preset and self.preset else None
            if reason:
                out.append(f"             preset caps: {reason}")
            if c.rule.label in self.documented:
                out.append(f"             documented: {self.documented[c.rule.label]}")
        for rule, neg in self.match.excluded:
            out.append(f"  excluded   from entry {rule.label!r} by {neg!r} - {rule.source}")
        ref = self.match.imported_by
        if ref is not None:
            out.append(
                f"  imported   {ref.source} (@{ref.target}), loading with it ({ref.load or 'skippable'})"
            )
        out.append(f"  why: {self.reason}")
        m = self.measured
        if m is not None and m.settings is not None:
            s = m.settings
            out.append(f"  max_tokens: {fmt_int(s.max_tokens)} from {s.max_tokens_source or '-'}")
            if m.split:
                cap = s.frontmatter_max_tokens if s.frontmatter_max_tokens is not None else s.max_tokens
                src = s.frontmatter_max_tokens_source or (
                    f"max_tokens ({s.max_tokens_source})" if s.max_tokens is not None else "-"
                )
                out.append(f"  frontmatter cap: {fmt_int(cap)} from {src}")
            out.append(f"  load: {s.load} from {s.load_source}")
            out.append(f"  priority: {s.priority} from {s.priority_source}")
        if m is not None and m.frontmatter is not None and FRONTMATTER_TABLE in m.frontmatter.data:
            out.append(f"  frontmatter {FRONTMATTER_TABLE}: {m.frontmatter.data[FRONTMATTER_TABLE]}")
        if m is not None:
            for note in m.notes:
                out.append(f"  note: {note}")
        for v in self.verdicts:
            of = f" / {v.max_tokens:,}" if v.max_tokens is not None else ""
            part = v.details.get("part", "")
            out.append(
                f"  {v.status}: {part} {v.tokens:,}{of} tokens" + (f" - {v.message}" if v.message else "")
            )
        return out


def explain(
    fs: FileSet, path: str | Path, tokenizer: str | Tokenizer | None = None, cache: DiskCache | None = None
) -> Explanation:
    """Which entry applies to ``path`` and why (``prompt-budget check --explain PATH``)."""
    p = Path(path)
    fid = fs.id_for(p)
    match = fs.files.get(fid)
    if match is None:
        excluded = [(hit.rule, hit.pattern) for hit in fs.patterns if matches(hit.pattern, fid)]
        reason = "no entry's path matches it"
        if excluded:
            reason = (
                "matched by "
                + ", ".join(f"{r.label!r} ({pat})" for r, pat in excluded)
                + " but excluded by a '!' pattern or .gitignore"
            )
        elif not (fs.config.root / fid).exists():
            reason = "no such file under " + str(fs.config.root)
        skipped = next((x for x in fs.import_problems if x.id == fid), None)
        if skipped is not None:
            reason = f"{skipped.ref.where} imports it (@{skipped.ref.target}) but Claude Code does not load it: {skipped.reason}"
        return Explanation(fid, p, None, None, (), reason)
    tok = get_tokenizer(tokenizer if tokenizer is not None else fs.config.tokenizer)
    m = measure(match, tok, cache, multiplier=fs.config.safety_multiplier)
    verdicts = tuple(file_verdicts(m, tok, fs.config.threshold))
    if match.imported_only and match.imported_by is not None:
        reason = f"no entry matches it; it is {match.imported_by.source} (@{match.imported_by.target})"
    elif len(match.candidates) == 1:
        reason = f"only entry {match.winner.rule.label!r} matches"
    else:
        w, r = match.candidates[0], match.candidates[1]
        sw, sr = specificity(w.pattern), specificity(r.pattern)
        if sw[0] != sr[0]:
            why = f"a {w.kind} is more specific than a {r.kind}"
        elif sw[1:] != sr[1:]:
            why = f"{w.pattern!r} is more specific than {r.pattern!r} (more folders or literal characters)"
        elif w.preset != r.preset:
            why = "a config entry beats a preset entry of equal specificity"
        else:
            why = "equal specificity: the earlier entry wins"
        reason = f"most specific pattern wins: {why}"
    documented = {f"{h.name}/{r.name}": r.source for h in fs.config.harnesses for r in h.rules}
    return Explanation(fid, p, match, m, verdicts, reason, fs.config.preset, documented)
