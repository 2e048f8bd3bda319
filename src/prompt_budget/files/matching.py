"""Matching ``[[files]]`` entries (and a preset's) to the files under the project root: each file gets
the entries whose paths match it, the most specific first (``specificity``), less those whose ``!``
patterns exclude it; the files that followed files import join them (``imports``)."""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from prompt_budget.config import Config, parse_files
from prompt_budget.config.harnesses import Harness
from prompt_budget.count_pool import finish_beside
from prompt_budget.errors import ConfigError
from prompt_budget.model import FileRule, LoadClass
from prompt_budget.text.globs import FOLDER_GROUP, Glob, glob, has_wildcards
from prompt_budget.walk import iter_paths

if TYPE_CHECKING:  # ``@path`` imports are followed only where an entry says so: imported then
    from prompt_budget.files.imports import Followed, ImportProblem, ImportRef

SPECIFICITY_NAMES: Final = {2: "literal path", 1: "glob (*)", 0: "recursive glob (**)"}


def file_of(check_id: str) -> str:
    """The file a check id names: ``docs/ref.md`` for ``docs/ref.md`` and its frontmatter's
    ``docs/ref.md#frontmatter`` (a ``#`` in the path itself stays: ``C# notes/SKILL.md``)."""
    return check_id.removesuffix("#frontmatter")


# --- presets --------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _presets() -> dict[str, Any]:
    from importlib import resources  # only a config with a preset reads them

    source = resources.files("prompt_budget") / "data" / "presets.json"
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))["presets"]
    return data


def preset_reason(name: str, label: str) -> str | None:
    """The documented source of a preset entry's caps (``data/presets.json``)."""
    for entry in _presets().get(name, {}).get("files", ()):
        if entry.get("name") == label:
            return str(entry.get("source", "")) or None
    return None


def load_preset(name: str) -> tuple[FileRule, ...]:
    """The file entries of a named preset (``data/presets.json``), parsed like config entries."""
    presets = _presets()
    if name not in presets:
        raise ConfigError(f"unknown preset {name!r}; known: {', '.join(sorted(presets))}", key="preset")
    entries = presets[name]["files"]
    clean = [{k: v for k, v in e.items() if k != "source"} for e in entries]
    rules = parse_files(clean, Path("presets.json"), f"presets.{name}.files")
    return tuple(replace(rule, source=f"preset {name!r} entry {rule.label!r}") for rule in rules)


def harness_rules(harness: Harness, root: Path) -> tuple[FileRule, ...]:
    """A harness's ``[[files]]`` entries, less the rules whose ``requires`` globs match no file under
    ``root`` (a plugin's ``agents/`` folder counts only where a plugin manifest is)."""
    out = []
    for rule, entry in zip(harness.rules, harness.file_rules(), strict=True):
        if rule.requires and not any(_exists(root, p) for p in rule.requires):
            continue
        out.append(entry)
    return tuple(out)


def _exists(root: Path, pattern: str) -> bool:
    if not has_wildcards(pattern):
        return (root / pattern).exists()
    return next(iter(root.glob(pattern)), None) is not None


# --- matching -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def specificity(pattern: str) -> tuple[int, int, int]:
    """How specific a pattern is: a literal path (2) over a ``*`` glob (1) over a ``**`` glob (0);
    ties go to more folders, then more literal characters."""
    if "**" in pattern:
        kind = 0
    elif has_wildcards(pattern):
        kind = 1
    else:
        kind = 2
    return (kind, pattern.count("/"), sum(c not in "*?[" for c in pattern))


def norm_pattern(pattern: str) -> str:
    """A path pattern as matched: ``/`` separators, no leading ``./`` or trailing ``/``."""
    p = pattern.strip().replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    return p.rstrip("/") if p not in ("", "/") else p


@dataclass(frozen=True)
class _Compiled:
    rule: FileRule
    preset: bool
    order: int
    positives: tuple[tuple[str, Glob | None], ...]  # (pattern, glob or None for a literal path)
    negatives: tuple[tuple[str, Glob], ...]


@dataclass(frozen=True)
class Candidate:
    """An entry that matches a file, through its most specific matching pattern."""

    rule: FileRule
    pattern: str
    preset: bool
    order: int

    @property
    def rank(self) -> tuple[int, int, int, int, int]:
        # config entries beat preset entries on equal specificity; then the earlier entry wins
        return (*specificity(self.pattern), 0 if self.preset else 1, -self.order)

    @property
    def kind(self) -> str:
        return SPECIFICITY_NAMES[specificity(self.pattern)[0]]


# Not frozen, with slots: resolving builds one per file (hashable all the same; treat it as read-only)
@dataclass(unsafe_hash=True, slots=True)
class FileMatch:
    """One file and the entries that match it, the winner first."""

    id: str
    #: the file's absolute path, as a string (a ``Path`` is built only when asked for: ``path``)
    where: str
    candidates: tuple[Candidate, ...]
    excluded: tuple[tuple[FileRule, str], ...] = ()
    #: the ``@path`` import that pulls this file in (the first one met), when one does
    imported_by: ImportRef | None = None
    #: notes about this file's own imports (one outside the project is not counted)
    import_notes: tuple[str, ...] = ()

    @property
    def path(self) -> Path:
        """The file's absolute path (``where`` as a ``Path``)."""
        return Path(self.where)

    @property
    def imported_only(self) -> bool:
        """True when no entry matches the file: it is checked because a followed file imports it."""
        return self.imported_by is not None and self.candidates[0].rule.source == self.imported_by.source

    @property
    def winner(self) -> Candidate:
        return self.candidates[0]

    @property
    def entry_load(self) -> LoadClass | None:
        """The ``load`` of the most specific entry that sets one (the frontmatter aside), else None."""
        return next((c.rule.load for c in self.candidates if c.rule.load), None)


@dataclass(frozen=True)
class PatternHit:
    """A path pattern of an entry, and how many files it matches."""

    rule: FileRule
    pattern: str
    preset: bool
    hits: int


class _ByPath(Mapping[Path, str]):
    """The id of each file of ``files`` by its path, built on first use (a warm ``check`` of many
    files never asks for it)."""

    def __init__(self, files: Mapping[str, FileMatch]) -> None:
        self._files = files
        self._map: dict[Path, str] | None = None

    def _built(self) -> dict[Path, str]:
        if self._map is None:
            self._map = {m.path: fid for fid, m in self._files.items()}
        return self._map

    def __setitem__(self, path: Path, fid: str) -> None:
        if self._map is not None:
            self._map[path] = fid

    def __getitem__(self, path: Path) -> str:
        return self._built()[path]

    def __iter__(self) -> Iterator[Path]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())


@dataclass(frozen=True)
class FileSet:
    """The files the config's entries (and preset) match, resolved once; nothing counted yet."""

    config: Config
    rules: tuple[FileRule, ...]
    files: Mapping[str, FileMatch]
    patterns: tuple[PatternHit, ...]
    by_path: Mapping[Path, str] = field(default_factory=dict)
    #: ``@path`` imports Claude Code would skip: they do not resolve, or lie past the depth limit
    import_problems: tuple[ImportProblem, ...] = ()
    #: for each file whose imports are followed, the ids of the checked files its ``@path`` imports
    #: pull in (in the order written, each once)
    imports: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def match_path(self, path: Path) -> FileMatch | None:
        fid = self.by_path.get(path)
        if fid is None:
            fid = self.by_path.get(path.resolve())
        return self.files.get(fid) if fid is not None else None

    def id_for(self, path: str | Path) -> str:
        p = Path(path)
        p = Path(os.path.normpath(p if p.is_absolute() else Path.cwd() / p))
        root = self.config.root.resolve()
        # a link is checked under its own path when what it links to lies outside the project (a
        # linked folder, an imported file); a link to a file in the project, as that file
        for where in (p.parent.resolve() / p.name, p, p.resolve()):
            try:
                fid = where.relative_to(root).as_posix()
            except ValueError:
                continue
            if fid in self.files:
                return fid
        try:
            return p.resolve().relative_to(root).as_posix()
        except ValueError:
            return p.resolve().as_posix()


def _compile(rules: Sequence[tuple[FileRule, bool]]) -> list[_Compiled]:
    out = []
    for order, (rule, preset) in enumerate(rules):
        pos: list[tuple[str, Glob | None]] = []
        neg: list[tuple[str, Glob]] = []
        for raw in rule.path:
            if raw.startswith("!"):
                p = norm_pattern(raw[1:])
                neg.append((p, glob(p)))
            else:
                p = norm_pattern(raw)
                pos.append((p, glob(p) if has_wildcards(p) else None))
        out.append(_Compiled(rule, preset, order, tuple(pos), tuple(neg)))
    return out


def _lead(pattern: str) -> str:
    """The literal start of what a glob matches: its characters before the first wildcard or escape."""
    cut = _SPECIAL.search(pattern)
    return pattern if cut is None else pattern[: cut.start()]


_SPECIAL: Final = re.compile(r"[*?\[\\]")


def _walk_roots(root: Path, patterns: Iterable[str]) -> list[Path]:
    bases: set[str] = set()
    for p in patterns:
        parts = p.split("/")
        lead: list[str] = []
        for part in parts[:-1]:
            if has_wildcards(part):
                break
            lead.append(part)
        bases.add("/".join(lead))
    ordered = sorted(bases, key=lambda b: (b.count("/") if b else -1, b))
    keep: list[str] = []
    for b in ordered:
        if not any(k in ("", b) or b.startswith(k + "/") for k in keep):
            keep.append(b)
    return [root / b if b else root for b in keep]


def resolve(
    config: Config,
    *,
    meanwhile: Callable[[], object] | None = None,
    found: Callable[[list[str]], object] | None = None,
) -> FileSet:
    """Match every configured entry (and the preset's) to files under ``config.root``, then add the
    files that the files whose entries set ``follow_imports`` pull in through ``@path`` imports.
    ``meanwhile`` (loading a vocabulary) runs while a forked child finishes a long walk and matches
    its files (``count_pool.finish_beside``); it is not run when the walk is short. ``found`` is
    given the paths of the files the entries match, in order, as soon as they are known (before the
    matches are built and imports followed: a first check starts counting them)."""
    pairs: list[tuple[FileRule, bool]] = [(r, False) for r in config.files]
    if config.preset:
        pairs += [(r, True) for r in load_preset(config.preset)]
    root = config.root.resolve()
    for harness in config.harnesses:
        pairs += [(r, True) for r in harness_rules(harness, root)]
    compiled = _compile(pairs)
    # each positive pattern's slot in the pattern counts, shared by equal patterns of one entry
    slots = {(c.order, p): i for i, (c, p) in enumerate((c, p) for c in compiled for p, _ in c.positives)}

    # every file a wildcard might match, found by walking the smallest set of folders (all of them
    # one walk: a long one is finished, and its files matched, by a child while ``meanwhile`` runs)
    wild = [p for c in compiled for p, rx in c.positives if rx is not None]
    bases = [base for base in _walk_roots(root, wild) if base.is_dir()]
    walk = itertools.chain.from_iterable(iter_paths(base, follow_links=True) for base in bases)
    matched = finish_beside(walk, meanwhile, functools.partial(_match_all, root, compiled, slots))
    if found is not None:
        found(matched.wheres)

    # one candidate per entry and pattern (by its slot), shared by the files it matches; files
    # matched by the same entries through the same patterns share one tuple of candidates
    by_slot = [(c, p) for c in compiled for p, _ in c.positives]
    cands: list[Candidate | None] = [None] * len(slots)

    def candidate(slot: int) -> Candidate:
        made = cands[slot]
        if made is None:
            c, p = by_slot[slot]
            made = cands[slot] = Candidate(c.rule, p, c.preset, c.order)
        return made

    kinds = [
        (tuple(candidate(s) for s in ranked), tuple((compiled[o].rule, neg) for o, neg in excluded))
        for ranked, excluded in matched.combos
    ]
    files: dict[str, FileMatch] = {}
    for rel, where, kind in zip(matched.rels, matched.wheres, matched.kinds, strict=True):
        files[rel] = FileMatch(rel, where, *kinds[kind])
    by_path = _ByPath(files)  # under the resolved root already; built when first asked
    patterns = tuple(
        PatternHit(c.rule, p, c.preset, matched.counts[slots[(c.order, p)]])
        for c in compiled
        for p, _ in c.positives
    )
    followed = _follow(root, files, by_path, [c for c in cands if c is not None])
    return FileSet(
        config=config,
        rules=tuple(r for r, _ in pairs),
        files=files,
        patterns=patterns,
        by_path=by_path,
        import_problems=followed.problems if followed is not None else (),
        imports=followed.imports if followed is not None else {},
    )


class _Matched(NamedTuple):
    """The files the entries match, in order (``_match_all``), as plain data a child sends back:
    each file's id, path and kind, a kind being the slots of its candidates (the winner first) and
    its exclusions (the entry's order, the ``!`` pattern); and how many files each slot matched."""

    rels: list[str]
    wheres: list[str]
    kinds: list[int]
    combos: list[tuple[tuple[int, ...], tuple[tuple[int, str], ...]]]
    counts: list[int]


def _match_all(
    root: Path, compiled: Sequence[_Compiled], slots: Mapping[tuple[int, str], int], walked: list[str]
) -> _Matched:
    """Match the entries to the files ``walked`` (absolute paths under ``root``) and to their literal
    paths, in the order of the files' ids."""
    # path strings, not Path objects: a warm run does this for every file (a Path only per match)
    seen: dict[str, str] = {}
    top = str(root).rstrip(os.sep) + os.sep
    for full in walked:
        # string slicing, not relative_to
        rel = full[len(top) :] if full.startswith(top) else os.path.relpath(full, root)
        seen[rel if os.sep == "/" else rel.replace(os.sep, "/")] = full
    for c in compiled:
        for p, rx in c.positives:
            if rx is None:
                literal = root / p
                if literal.is_dir():
                    continue
                if literal.exists() or literal.is_symlink():
                    seen.setdefault(p, str(literal))

    counts = [0] * len(slots)
    # each positive pattern: (pattern, its regex's match or None for a literal path, the group of its
    # folder slash, the literal start every path it matches has, its slot); a glob's regex is called
    # here, not through ``Glob.match`` (two calls fewer for every file)
    plan = [
        (
            c,
            tuple(
                (p, *_matcher(rx), _lead(p) if rx is not None else p, slots[(c.order, p)])
                for p, rx in c.positives
            ),
        )
        for c in compiled
    ]
    by_slot = [(c, p) for c in compiled for p, _ in c.positives]

    def rank(slot: int) -> tuple[int, int, int, int, int]:  # ``Candidate.rank``
        c, p = by_slot[slot]
        return (*specificity(p), 0 if c.preset else 1, -c.order)

    rels: list[str] = []
    wheres: list[str] = []
    kinds: list[int] = []
    combos: list[tuple[tuple[int, ...], tuple[tuple[int, str], ...]]] = []
    # by the slot of a file's one candidate, or by its slots and exclusions
    known: dict[object, int] = {}
    # most files are matched by one pattern of one entry: no list is made for them
    for rel in sorted(seen):
        one = -1
        more: list[int] | None = None
        excluded: list[tuple[int, str]] | None = None
        for c, positives in plan:
            hit = -1
            first = ""
            matched: list[str] | None = None
            for p, match, folder, lead, slot in positives:
                if not rel.startswith(lead):
                    continue
                if match is None:
                    if rel != p:
                        continue
                else:
                    mt = match(rel)
                    if mt is None or (folder and mt.end(folder) not in (-1, len(rel))):
                        continue
                counts[slot] += 1
                if hit < 0:
                    hit, first = slot, p
                else:
                    matched = [first, p] if matched is None else [*matched, p]
            if hit < 0:
                continue
            if c.negatives:
                neg = next((p for p, rx in c.negatives if rx.match(rel)), None)
                if neg is not None:
                    excluded = [*(excluded or ()), (c.order, "!" + neg)]
                    continue
            if matched is not None:
                hit = slots[(c.order, max(matched, key=specificity))]
            if one < 0:
                one = hit
            else:
                more = [one, hit] if more is None else [*more, hit]
        if one < 0:
            continue
        key: object = (
            one if more is None and excluded is None else (one, tuple(more or ()), tuple(excluded or ()))
        )
        kind = known.get(key)
        if kind is None:
            ranked = (one,) if more is None else tuple(sorted(more, key=rank, reverse=True))
            kind = known[key] = len(combos)
            combos.append((ranked, tuple(excluded) if excluded else ()))
        rels.append(rel)
        wheres.append(seen[rel])
        kinds.append(kind)
    return _Matched(rels, wheres, kinds, combos, counts)


def _matcher(rx: Glob | None) -> tuple[Callable[[str], re.Match[str] | None] | None, str]:
    """A glob's regex's ``match`` and the group its folder slash is in (see ``Glob.match``; "" when
    none); (None, "") for a literal path or a pattern that matches itself only."""
    if rx is None or rx.regex is None:
        return None, ""
    return rx.regex.match, (FOLDER_GROUP if FOLDER_GROUP in rx.regex.groupindex else "")


def _follow(
    root: Path, files: dict[str, FileMatch], by_path: _ByPath, candidates: Iterable[Candidate]
) -> Followed | None:
    """Follow the imports of the files whose entries say so (``candidates``: every entry that matches
    a file, through any pattern); add each file they pull in to ``files`` (under an entry of its own
    when no entry matches it) and the notes about their imports; None when no file follows any."""
    if not any(c.rule.follow_imports for c in candidates):
        return None  # no entry follows imports (most configs): no pass over the files
    follows: dict[int, bool] = {}  # by shared tuple of candidates
    roots: list[tuple[str, LoadClass | None]] = []
    for fid, m in files.items():
        said = follows.get(id(m.candidates))
        if said is None:
            said = follows[id(m.candidates)] = _follows(m)
        if said:
            roots.append((fid, "must" if m.entry_load == "must" else "skippable" if m.entry_load else None))
    if not roots:
        return None
    from prompt_budget.files.imports import follow_imports

    followed = follow_imports(root, roots, {fid: m.path for fid, m in files.items()}, by_path)
    for rel, ref in followed.imported_by.items():
        found = files.get(rel)
        if found is None:
            # the entry of the file it loads with (a chain keeps the name of the file it starts at)
            name = files[ref.importer].winner.rule.name
            rule = FileRule(path=(rel,), load=ref.load, name=name, source=ref.source)
            files[rel] = FileMatch(rel, str(root / rel), (Candidate(rule, rel, False, -1),), imported_by=ref)
            by_path[root / rel] = rel
        else:
            files[rel] = replace(found, imported_by=ref)
    for fid, notes in followed.notes.items():
        files[fid] = replace(files[fid], import_notes=files[fid].import_notes + notes)
    return followed


def _follows(match: FileMatch) -> bool:
    """Whether a file's ``@path`` imports are followed: the most specific config entry that says,
    else the most specific preset entry that says."""
    for preset in (False, True):
        for c in match.candidates:
            if c.preset == preset and c.rule.follow_imports is not None:
                return c.rule.follow_imports
    return False


def matches(pattern: str, fid: str) -> bool:
    """Whether an entry's path pattern (normalised) matches the file ``fid``."""
    return glob(pattern).match(fid) if has_wildcards(pattern) else pattern == fid
