"""File budgets: which ``[[tool.prompt_budget.files]]`` entry applies to which file, YAML frontmatter,
presets, must-load totals and load-plan simulation.

Pure functions over a ``Config``; no pytest. The pytest items and ``prompt-budget check`` both call
``resolve`` (match files to entries, no counting) and then ``check_file`` / ``check`` (count and judge),
so a tree gets the same verdicts either way.

Check ids are stable, for baselines: a file is its path relative to ``config.root`` (``docs/ref.md``),
its always-loaded frontmatter ``docs/ref.md#frontmatter``, the must-load total ``must-load``, a load-plan
stage ``plan:<stage name>``; a missing literal path is that path and a glob matching nothing is the glob.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Final, Literal

from prompt_budget.budget import amount, with_safety
from prompt_budget.config import Config, parse_tokens
from prompt_budget.counting import DiskCache, FileCount, FileProblem, count_path, read_text, stands_in
from prompt_budget.errors import ConfigError
from prompt_budget.model import FileRule, Usage, Verdict
from prompt_budget.text.frontmatter import (
    ALWAYS_LOADED_KEYS,
    Frontmatter,
    FrontmatterError,
    parse_frontmatter,
)
from prompt_budget.tokenizers import CachedTokenizer, Tokenizer, get_tokenizer

__all__ = [
    "ALWAYS_LOADED_KEYS",
    "Candidate",
    "Effective",
    "Explanation",
    "FileMatch",
    "FileSet",
    "FilesReport",
    "Frontmatter",
    "FrontmatterError",
    "ImportProblem",
    "ImportRef",
    "Measured",
    "PlanResult",
    "StageResult",
    "check",
    "check_file",
    "explain",
    "file_of",
    "load_preset",
    "measure",
    "parse_frontmatter",
    "resolve",
    "scan_imports",
    "specificity",
]


def file_of(check_id: str) -> str:
    """The file a check id names: ``docs/ref.md`` for ``docs/ref.md`` and its frontmatter's
    ``docs/ref.md#frontmatter`` (a ``#`` in the path itself stays: ``C# notes/SKILL.md``)."""
    return check_id.removesuffix("#frontmatter")


LoadClass = Literal["must", "skippable"]
Status = Literal["pass", "warn", "fail"]

FRONTMATTER_TABLE: Final = "prompt_budget"
FRONTMATTER_KEYS: Final = ("max_tokens", "load", "priority", "frontmatter_max_tokens", "message")
_PART_KEY: Final = "files-v1"
_WILDCARDS = re.compile(r"[*?\[]")
SPECIFICITY_NAMES: Final = {2: "literal path", 1: "glob (*)", 0: "recursive glob (**)"}


# --- presets ------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _presets() -> dict[str, Any]:
    from importlib import resources

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
    from prompt_budget import config as config_module

    presets = _presets()
    if name not in presets:
        raise ConfigError(f"unknown preset {name!r}; known: {', '.join(sorted(presets))}", key="preset")
    entries = presets[name]["files"]
    clean = [{k: v for k, v in e.items() if k != "source"} for e in entries]
    rules = config_module._parse_files(clean, Path("presets.json"), f"presets.{name}.files")
    return tuple(replace(rule, source=f"preset {name!r} entry {rule.label!r}") for rule in rules)


# --- matching -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def specificity(pattern: str) -> tuple[int, int, int]:
    """How specific a pattern is: a literal path (2) over a ``*`` glob (1) over a ``**`` glob (0);
    ties go to more folders, then more literal characters."""
    if "**" in pattern:
        kind = 0
    elif _WILDCARDS.search(pattern):
        kind = 1
    else:
        kind = 2
    return (kind, pattern.count("/"), len(_WILDCARDS.sub("", pattern.replace("**", ""))))


def _norm(pattern: str) -> str:
    p = pattern.strip().replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    return p.rstrip("/") if p not in ("", "/") else p


def _regex(pattern: str) -> re.Pattern[str]:
    from prompt_budget.walk import _glob_to_regex

    return re.compile("^" + _glob_to_regex(pattern) + "$")


@dataclass(frozen=True)
class _Compiled:
    rule: FileRule
    preset: bool
    order: int
    positives: tuple[tuple[str, re.Pattern[str] | None], ...]  # (pattern, regex or None for literal)
    negatives: tuple[tuple[str, re.Pattern[str]], ...]


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


@dataclass(frozen=True)
class FileMatch:
    """One file and the entries that match it, the winner first."""

    id: str
    path: Path
    candidates: tuple[Candidate, ...]
    excluded: tuple[tuple[FileRule, str], ...] = ()
    #: the ``@path`` import that pulls this file in (the first one met), when one does
    imported_by: ImportRef | None = None
    #: notes about this file's own imports (one outside the project is not counted)
    import_notes: tuple[str, ...] = ()

    @property
    def imported_only(self) -> bool:
        """True when no entry matches the file: it is checked because a followed file imports it."""
        return self.imported_by is not None and self.candidates[0].rule.source == self.imported_by.source

    @property
    def winner(self) -> Candidate:
        return self.candidates[0]

    @property
    def entry_load(self) -> str | None:
        """The ``load`` of the most specific entry that sets one (the frontmatter aside), else None."""
        return next((c.rule.load for c in self.candidates if c.rule.load), None)


@dataclass(frozen=True)
class _PatternHit:
    rule: FileRule
    pattern: str
    preset: bool
    hits: int


@dataclass(frozen=True)
class FileSet:
    """The files the config's entries (and preset) match, resolved once; nothing counted yet."""

    config: Config
    rules: tuple[FileRule, ...]
    files: Mapping[str, FileMatch]
    patterns: tuple[_PatternHit, ...]
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
        pos: list[tuple[str, re.Pattern[str] | None]] = []
        neg: list[tuple[str, re.Pattern[str]]] = []
        for raw in rule.path:
            if raw.startswith("!"):
                p = _norm(raw[1:])
                neg.append((p, _regex(p)))
            else:
                p = _norm(raw)
                pos.append((p, _regex(p) if _WILDCARDS.search(p) else None))
        out.append(_Compiled(rule, preset, order, tuple(pos), tuple(neg)))
    return out


def _walk_roots(root: Path, patterns: Iterable[str]) -> list[Path]:
    bases: set[str] = set()
    for p in patterns:
        parts = p.split("/")
        lead: list[str] = []
        for part in parts[:-1]:
            if _WILDCARDS.search(part):
                break
            lead.append(part)
        bases.add("/".join(lead))
    ordered = sorted(bases, key=lambda b: (b.count("/") if b else -1, b))
    keep: list[str] = []
    for b in ordered:
        if not any(k in ("", b) or b.startswith(k + "/") for k in keep):
            keep.append(b)
    return [root / b if b else root for b in keep]


def resolve(config: Config) -> FileSet:
    """Match every configured entry (and the preset's) to files under ``config.root``."""
    from prompt_budget.walk import iter_files

    pairs: list[tuple[FileRule, bool]] = [(r, False) for r in config.files]
    if config.preset:
        pairs += [(r, True) for r in load_preset(config.preset)]
    compiled = _compile(pairs)
    root = config.root.resolve()

    # every file a wildcard might match, found by walking the smallest set of folders
    wild = [p for c in compiled for p, rx in c.positives if rx is not None]
    seen: dict[str, Path] = {}
    top = str(root).rstrip(os.sep) + os.sep
    for base in _walk_roots(root, wild):
        if base.is_dir():
            for path in iter_files(base, follow_links=True):
                full = str(path)
                # string slicing, not relative_to: a warm run does this for every file
                rel = full[len(top) :] if full.startswith(top) else os.path.relpath(full, root)
                seen[rel if os.sep == "/" else rel.replace(os.sep, "/")] = path
    for c in compiled:
        for p, rx in c.positives:
            if rx is None:
                literal = root / p
                if literal.is_dir():
                    continue
                if literal.exists() or literal.is_symlink():
                    seen.setdefault(p, literal)

    cands: dict[str, list[Candidate]] = {}
    excluded: dict[str, list[tuple[FileRule, str]]] = {}
    hits: dict[tuple[int, str], int] = {}
    for c in compiled:
        for p, _ in c.positives:
            hits[(c.order, p)] = 0
    for rel in sorted(seen):
        for c in compiled:
            matched = [p for p, rx in c.positives if (rel == p if rx is None else rx.match(rel))]
            if not matched:
                continue
            for p in matched:
                hits[(c.order, p)] += 1
            neg = next((p for p, rx in c.negatives if rx.match(rel)), None)
            if neg is not None:
                excluded.setdefault(rel, []).append((c.rule, "!" + neg))
                continue
            best = max(matched, key=specificity)
            cands.setdefault(rel, []).append(Candidate(c.rule, best, c.preset, c.order))
    files: dict[str, FileMatch] = {}
    by_path: dict[Path, str] = {}
    for rel in sorted(cands):
        ordered = tuple(sorted(cands[rel], key=lambda x: x.rank, reverse=True))
        files[rel] = FileMatch(rel, seen[rel], ordered, tuple(excluded.get(rel, ())))
        by_path[seen[rel]] = rel  # under the resolved root already
    patterns = tuple(
        _PatternHit(c.rule, p, c.preset, hits[(c.order, p)]) for c in compiled for p, _ in c.positives
    )
    problems, imports = _follow_imports(root, files, by_path)
    return FileSet(
        config=config,
        rules=tuple(r for r, _ in pairs),
        files=files,
        patterns=patterns,
        by_path=by_path,
        import_problems=problems,
        imports=imports,
    )


# --- @path imports (Claude Code memory files) ------------------------------------------------------

#: Claude Code follows imports of imports up to this many hops from the memory file.
MAX_IMPORT_DEPTH: Final = 5
_IMPORT_RE = re.compile(r"(?:^|(?<=\s))@((?:[^\s\\]|\\ )+)")
_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_COMMENT_RE = re.compile(r"<!--.*?-->", re.DOTALL)
_SPAN_RE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)


@dataclass(frozen=True)
class ImportRef:
    """One ``@path`` import: the file and 1-based line it is written on, and the path as written."""

    importer: str
    line: int
    target: str
    #: the ``load`` of the followed file the chain starts at (the imported file loads with it)
    load: LoadClass | None = None

    @property
    def where(self) -> str:
        return f"{self.importer}:{self.line}"

    @property
    def source(self) -> str:
        return f"imported by {self.where}"


@dataclass(frozen=True)
class ImportProblem:
    """An import Claude Code skips without a word: ``reason`` says why."""

    ref: ImportRef
    reason: str
    #: the id of the file the import names, when it is a file in the project
    id: str | None = None


def _blank(match: re.Match[str]) -> str:
    """The matched text with everything but its line breaks blanked (line numbers stay right)."""
    return re.sub(r"[^\n]", " ", match.group(0))


def scan_imports(text: str) -> list[tuple[int, str]]:
    """The ``@path`` imports of a Markdown text as (1-based line, path as written), in order: an
    ``@`` at the start of a line or after whitespace, up to the next whitespace (``\\ `` escapes a
    space), without a ``#fragment``. Fenced code blocks, code spans and HTML comments are skipped, as
    Claude Code skips them."""
    text = _COMMENT_RE.sub(_blank, text.replace("\r\n", "\n"))
    lines = text.split("\n")
    fence: str | None = None
    for i, line in enumerate(lines):
        m = _FENCE_RE.match(line)
        if fence is None and m is not None:
            fence = m.group(1)
            lines[i] = ""
        elif fence is not None:
            closes = m is not None and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)
            if closes and not line.strip().strip(fence[0]):
                fence = None
            lines[i] = ""
    prose = _SPAN_RE.sub(_blank, "\n".join(lines))
    out: list[tuple[int, str]] = []
    for lineno, line in enumerate(prose.split("\n"), 1):
        for m in _IMPORT_RE.finditer(line):
            raw = m.group(1).split("#", 1)[0].replace("\\ ", " ")
            if not raw:
                continue
            if (
                raw.startswith(("./", "~/"))
                or (raw.startswith("/") and raw != "/")
                or re.match(r"[A-Za-z0-9._-]", raw)
            ):
                out.append((lineno, raw))
    return out


#: The file name extensions an ``@`` word must end in (or a path prefix it must start with) for a
#: missing target to be warned about as a mistyped import.
_IMPORT_SUFFIXES: Final = frozenset(
    {".md", ".markdown", ".mdx", ".txt", ".rst", ".adoc", ".json", ".jsonl", ".yaml", ".yml", ".toml"}
    | {".xml", ".html", ".csv", ".py", ".js", ".ts", ".sh", ".sql", ".ini", ".cfg", ".env"}
)


def _looks_like_a_file(target: str) -> bool:
    """Whether an ``@`` word that names no file was meant as an import: a path written as one
    (``./``, ``../``, ``~/``, ``/``) or a name with a file extension (``@docs/gti.md``). Claude Code tries
    every ``@`` word, but ``@dataclass``, ``@pytest.fixture``, ``@alice`` or ``@scope/pkg`` in prose are
    not imports anyone mistyped, and a warning for each would fail a run under ``-W error``."""
    if target.startswith(("./", "../", "~/", "/")):
        return True
    return os.path.splitext(target.rstrip("."))[1].lower() in _IMPORT_SUFFIXES


def _follows(match: FileMatch) -> bool:
    """Whether a file's ``@path`` imports are followed: the most specific config entry that says,
    else the most specific preset entry that says."""
    for preset in (False, True):
        for c in match.candidates:
            if c.preset == preset and c.rule.follow_imports is not None:
                return c.rule.follow_imports
    return False


def _follow_imports(
    root: Path, files: dict[str, FileMatch], by_path: dict[Path, str]
) -> tuple[tuple[ImportProblem, ...], dict[str, tuple[str, ...]]]:
    """Add the files that followed files import (recursively, up to ``MAX_IMPORT_DEPTH`` hops, each
    once) to ``files``, each naming the import that pulls it in; return the imports Claude Code would
    skip, and for each followed file the ids of the files it imports. Imports outside the project are
    noted on the importer, once each, and not counted.

    The must-load files are followed first: a file that a must-load file imports loads at launch,
    even when a skippable file (a nested CLAUDE.md) imports it too, or is that skippable file."""
    roots: list[tuple[str, LoadClass | None]] = [
        (fid, "must" if m.entry_load == "must" else "skippable" if m.entry_load else None)
        for fid, m in files.items()
        if _follows(m)
    ]
    if not roots:
        return (), {}
    visited: set[Path] = set()
    outside_seen: set[str] = set()
    problems: list[ImportProblem] = []
    edges: dict[str, list[str]] = {}
    home = Path("~").expanduser()
    top = root.resolve()
    must_first: list[list[tuple[str, LoadClass | None]]] = [
        [(fid, load) for fid, load in roots if load == "must"],
        [(fid, load) for fid, load in roots if load != "must"],
    ]
    for group in must_first:
        queue: list[tuple[str, int, LoadClass | None]] = []
        for fid, load in group:
            real = files[fid].path.resolve()
            if real not in visited:  # else a must-load file imports it: it was followed as one
                visited.add(real)
                queue.append((fid, 0, load))
        while queue:
            fid, depth, load = queue.pop(0)
            importer = files[fid]
            try:
                text, _, _ = read_text(importer.path)
            except FileProblem:
                continue  # the file's own verdict says why it cannot be read
            notes: list[str] = []
            targets = edges.setdefault(fid, [])
            for line, target in scan_imports(text):
                ref = ImportRef(fid, line, target, load)
                if target.startswith("~/"):
                    where = home / target[2:]
                elif target.startswith("/"):
                    where = Path(target)
                else:
                    where = importer.path.parent / target
                full = Path(os.path.normpath(where))
                rel = None if target.startswith("~/") else _project_id(full, top)
                if rel is None:
                    # home and absolute paths differ from machine to machine (and CI has none of them)
                    key = str(full)
                    if key not in outside_seen:
                        outside_seen.add(key)
                        kind = "in the home folder" if target.startswith("~/") else "outside the project"
                        notes.append(
                            f"line {line}: @{target} is {kind}: not counted (it differs from machine to machine)"
                        )
                    continue
                if not full.is_file():
                    if full.is_dir():
                        problems.append(ImportProblem(ref, "is a folder"))
                    elif _looks_like_a_file(target):
                        problems.append(ImportProblem(ref, f"no such file {rel}"))
                    # else `@dataclass`, `@alice`, `@scope/pkg`: prose, not a mistyped import
                    continue
                if _binary(full):
                    problems.append(ImportProblem(ref, f"{rel} is not a text file", rel))
                    continue
                real = full.resolve()
                if real in visited:
                    # each file once: a cycle, or a file imported twice
                    known = by_path.get(real) or by_path.get(full) or rel
                    if known in files and known not in targets and known != fid:
                        targets.append(known)
                    continue
                if depth >= MAX_IMPORT_DEPTH:
                    problems.append(
                        ImportProblem(
                            ref,
                            f"more than {MAX_IMPORT_DEPTH} imports deep from {_chain_root(files, fid)}",
                            rel,
                        )
                    )
                    continue
                visited.add(real)
                found = files.get(rel)
                if found is None:
                    rule = FileRule(
                        path=(rel,),
                        load=load,
                        name=importer.winner.rule.name,
                        source=ref.source,
                    )
                    found = FileMatch(rel, top / rel, (Candidate(rule, rel, False, -1),), imported_by=ref)
                    by_path[top / rel] = rel
                else:
                    found = replace(found, imported_by=ref)
                files[rel] = found
                targets.append(rel)
                queue.append((rel, depth + 1, load))
            if notes:
                files[fid] = replace(files[fid], import_notes=files[fid].import_notes + tuple(notes))
    return tuple(problems), {fid: tuple(ids) for fid, ids in edges.items() if ids}


def _project_id(path: Path, top: Path) -> str | None:
    """The id of ``path`` (normalised, not resolved) in the project whose resolved root is ``top``:
    the id of the file it links to when that lies in the project, else its own path there (a link
    to a file elsewhere loads under the link's path, as a linked folder does); None outside."""
    try:
        return path.resolve().relative_to(top).as_posix()
    except ValueError:
        pass
    try:
        return path.relative_to(top).as_posix()
    except ValueError:
        return None


def _binary(path: Path) -> bool:
    """A file with a NUL byte in its first 8 KB (an image, a PDF): Claude Code loads text files only."""
    try:
        with path.open("rb") as fh:
            return b"\0" in fh.read(8192)
    except OSError:
        return False  # the file's own verdict says why it cannot be read


def _chain_root(files: Mapping[str, FileMatch], fid: str) -> str:
    seen: set[str] = set()
    while (ref := files[fid].imported_by) is not None and fid not in seen:
        seen.add(fid)
        fid = ref.importer
    return fid


# --- effective settings: config > frontmatter > preset > default ---------------------------------


@dataclass(frozen=True)
class Effective:
    """The settings that apply to one file, each with where it came from."""

    max_tokens: int | None
    max_tokens_source: str | None
    frontmatter_max_tokens: int | None
    frontmatter_max_tokens_source: str | None
    load: LoadClass
    load_source: str
    priority: int
    priority_source: str
    message: str | None
    entry: str
    notes: tuple[str, ...] = ()


def _frontmatter_settings(fm: Frontmatter | None, fid: str) -> dict[str, Any]:
    if fm is None:
        return {}
    table = fm.data.get(FRONTMATTER_TABLE)
    if table is None:
        return {}
    key = f"frontmatter {FRONTMATTER_TABLE}"
    if not isinstance(table, dict):
        raise ConfigError("expected a mapping such as {max_tokens: 1500, load: skippable}", file=fid, key=key)
    out: dict[str, Any] = {}
    for k, v in table.items():
        if k in ("max_tokens", "frontmatter_max_tokens"):
            out[k] = parse_tokens(v, fid, f"{key}.{k}")
        elif k == "load":
            if v not in ("must", "skippable"):
                raise ConfigError(f'expected "must" or "skippable", got {v!r}', file=fid, key=f"{key}.load")
            out[k] = v
        elif k == "priority":
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ConfigError(f"expected an integer >= 0, got {v!r}", file=fid, key=f"{key}.priority")
            out[k] = v
        elif k == "message":
            out[k] = str(v)
        else:
            raise ConfigError(
                f"unknown key {k!r}; known: {', '.join(FRONTMATTER_KEYS)}", file=fid, key=f"{key}.{k}"
            )
    return out


def _fmt_value(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else repr(value)


def effective(match: FileMatch, fm: Frontmatter | None) -> Effective:
    """Each setting from the most specific config entry that sets it, else the file's frontmatter,
    else the most specific preset entry, else the default. Config overriding frontmatter is noted."""
    declared = _frontmatter_settings(fm, match.id)
    config_c = [c for c in match.candidates if not c.preset]
    preset_c = [c for c in match.candidates if c.preset]
    notes: list[str] = []

    def pick(attr: str, unset: Any) -> tuple[Any, str | None]:
        for c in config_c:
            value = getattr(c.rule, attr)
            if value != unset and value is not None:
                if attr in declared and declared[attr] != value:
                    notes.append(
                        f"frontmatter {FRONTMATTER_TABLE}.{attr} = {_fmt_value(declared[attr])} is "
                        f"overridden by {c.rule.source} ({attr} = {_fmt_value(value)}): config wins"
                    )
                return value, c.rule.source
        if attr in declared:
            return declared[attr], f"{match.id} frontmatter {FRONTMATTER_TABLE}.{attr}"
        for c in preset_c:
            value = getattr(c.rule, attr)
            if value != unset and value is not None:
                return value, c.rule.source
        return None, None

    max_tokens, mt_src = pick("max_tokens", None)
    fm_max, fm_src = pick("frontmatter_max_tokens", None)
    load, load_src = pick("load", None)
    conditional, cond_src = pick("conditional_frontmatter", None)
    if (
        conditional
        and fm is not None
        and fm.data.get(conditional) not in (None, "", [], {})
        and "load" not in declared
        and load == "must"
    ):
        load = "skippable"
        load_src = f"{match.id} frontmatter {conditional}: (conditional_frontmatter, {cond_src})"
    ref = match.imported_by
    if ref is not None and ref.load == "must" and load != "must":
        load, load_src = "must", ref.source
    priority, prio_src = pick("priority", 0)
    message, _ = pick("message", None)
    return Effective(
        max_tokens=max_tokens,
        max_tokens_source=mt_src,
        frontmatter_max_tokens=fm_max,
        frontmatter_max_tokens_source=fm_src,
        load=load or "skippable",
        load_source=load_src or "default",
        priority=priority or 0,
        priority_source=prio_src or "default",
        message=message,
        entry=match.winner.rule.label,
        notes=tuple(notes),
    )


# --- counting -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Measured:
    """Counts of one file: the whole file, and for a file with always-loaded frontmatter, the body
    and the always-loaded part apart. ``problem`` says why a file could not be counted."""

    match: FileMatch
    tokens: int = 0
    body_tokens: int | None = None
    frontmatter_tokens: int | None = None
    frontmatter: Frontmatter | None = None
    settings: Effective | None = None
    notes: tuple[str, ...] = ()
    problem: str | None = None
    #: False when the file could not be read (``tokens`` is then 0, not a count)
    counted: bool = True
    #: the safety_multiplier the estimated counts above were multiplied by (1.0: not multiplied)
    multiplier: float = 1.0

    @property
    def unsettled_must(self) -> bool:
        """A file whose settings could not be worked out (bad frontmatter) but whose entries load it
        always: it still loads whole in every session, so it counts whole in the must-load total."""
        return self.settings is None and self.counted and self.match.entry_load == "must"

    @property
    def split(self) -> bool:
        return self.frontmatter_tokens is not None

    @property
    def load_tokens(self) -> int:
        """Tokens loaded when the file is loaded (the body for a split file: its frontmatter is
        always loaded anyway)."""
        return self.body_tokens if self.body_tokens is not None else self.tokens


def _part_count(
    tok: CachedTokenizer, cache: DiskCache | None, digest: str | None, part: str, text: str
) -> int:
    if cache is None or digest is None:
        return tok.inner.count(text)
    key = f"{tok.cache_key}|{_PART_KEY}:{part}"
    hit = cache.get(key, digest)
    if hit is not None:
        return hit
    n = tok.inner.count(text)
    if not stands_in(tok):
        cache.put(key, digest, n)
    return n


def _starts_with_dashes(path: Path) -> bool:
    # os.open/os.read: a warm run does this for every file, and io.open costs several times more
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        head = os.read(fd, 6)
    except OSError:
        return False
    finally:
        os.close(fd)
    return head.lstrip(b"\xef\xbb\xbf").startswith(b"---")


_Memo = dict[tuple[tuple[int, bool], ...], "Effective"]


def _conditional(match: FileMatch) -> bool:
    """Whether an entry of the file names a conditional frontmatter key (its settings then depend on
    the file's own frontmatter)."""
    return any(c.rule.conditional_frontmatter for c in match.candidates)


def measure(
    match: FileMatch,
    tokenizer: CachedTokenizer,
    cache: DiskCache | None = None,
    memo: _Memo | None = None,
    multiplier: float = 1.0,
) -> Measured:
    """Count one matched file through the disk cache; parse its frontmatter when it has one.
    ``memo`` (one dict per run over one ``FileSet``) reuses the settings of files matched by the
    same entries. An estimate's counts are multiplied by ``multiplier`` (the config's
    ``safety_multiplier``, as ``budget.measure`` does for the fixture's checks); the cache keeps the
    raw counts."""
    try:
        fc = count_path(match.path, tokenizer, cache)
    except FileProblem as exc:
        return Measured(match, problem=exc.reason, counted=False)
    m = _measure_counted(match, tokenizer, cache, memo, fc)
    if multiplier == 1.0 or tokenizer.exact:
        return m

    def scaled(n: int | None) -> int | None:
        return None if n is None else with_safety(n, False, multiplier)

    return replace(
        m,
        tokens=with_safety(m.tokens, False, multiplier),
        body_tokens=scaled(m.body_tokens),
        frontmatter_tokens=scaled(m.frontmatter_tokens),
        multiplier=multiplier,
    )


def _measure_counted(
    match: FileMatch,
    tokenizer: CachedTokenizer,
    cache: DiskCache | None,
    memo: _Memo | None,
    fc: FileCount,
) -> Measured:
    notes = list(fc.notes) + list(match.import_notes)
    fm: Frontmatter | None = None
    body_tokens = fm_tokens = None
    if _starts_with_dashes(match.path):
        text, raw, _ = read_text(match.path)
        try:
            fm = parse_frontmatter(text)
        except FrontmatterError as exc:
            return Measured(match, tokens=fc.tokens, notes=tuple(notes), problem=str(exc))
        if fm is not None and fm.is_split:
            digest = cache.digest(raw) if cache is not None else None
            body_tokens = _part_count(tokenizer, cache, digest, "body", fm.body)
            fm_tokens = _part_count(tokenizer, cache, digest, "frontmatter", fm.always_loaded)
    try:
        if (
            memo is not None
            and match.imported_by is None
            and (fm is None or (FRONTMATTER_TABLE not in fm.data and not _conditional(match)))
        ):
            # the same entries give the same settings (the FileSet keeps the rules alive)
            key = tuple((id(c.rule), c.preset) for c in match.candidates)
            found = memo.get(key)
            settings = found if found is not None else memo.setdefault(key, effective(match, None))
        else:
            settings = effective(match, fm)
    except ConfigError as exc:
        # the verdict's message starts with the file's id already: name it once
        problem = str(ConfigError(exc.message, key=exc.key)) if exc.file == match.id else str(exc)
        return Measured(match, tokens=fc.tokens, frontmatter=fm, notes=tuple(notes), problem=problem)
    notes.extend(settings.notes)
    return Measured(
        match,
        tokens=fc.tokens,
        body_tokens=body_tokens,
        frontmatter_tokens=fm_tokens,
        frontmatter=fm,
        settings=settings,
        notes=tuple(notes),
    )


# --- verdicts -----------------------------------------------------------------------------------


def _over_message(
    what: str, tokens: int, cap: int, source: str | None, exact: bool = True, multiplier: float = 1.0
) -> str:
    over = tokens - cap
    return (
        f"{what} is {amount(tokens, exact, multiplier)}, over its cap of {cap:,} by {over:,} ({100.0 * over / cap:.1f}%); "
        f"cap set in {source}"
    )


def _usage(tokens: int, tok: CachedTokenizer) -> Usage:
    return Usage(tokens=tokens, tokenizer=tok.name, exact=tok.exact)


def file_verdicts(m: Measured, tok: CachedTokenizer) -> list[Verdict]:
    """The verdicts for one measured file: its body (or whole file) against ``max_tokens``, and for a
    file with always-loaded frontmatter, that part against ``frontmatter_max_tokens`` (default: the
    file's ``max_tokens``)."""
    fid = m.match.id
    base: dict[str, Any] = {
        "kind": "file",
        "entry": m.match.winner.rule.label,
        "pattern": m.match.winner.pattern,
    }
    if m.match.imported_by is not None:
        base["imported_by"] = m.match.imported_by.where
    if m.problem is not None or m.settings is None:
        load = m.match.entry_load or "skippable"
        return [
            Verdict(
                subject=fid,
                usage=_usage(m.tokens, tok),
                status="fail",
                message=f"{fid}: {m.problem}",
                details={**base, "load": load, "part": "whole", "problem": m.problem},
            )
        ]
    s = m.settings
    base.update(load=s.load, priority=s.priority, notes=list(m.notes))
    out: list[Verdict] = []
    part = "body" if m.split else "whole"
    tokens = m.load_tokens
    status: Status = "pass"
    msg = ""
    if s.max_tokens is not None and tokens > s.max_tokens:
        status = "fail"
        msg = _over_message(
            f"{fid}{' body' if m.split else ''}",
            tokens,
            s.max_tokens,
            s.max_tokens_source,
            tok.exact,
            m.multiplier,
        )
        hint = _largest_sections(m, tok)
        if hint:
            msg += f"\n{hint}"
        if s.message:
            msg += f"\n{s.message}"
    out.append(
        Verdict(
            subject=fid,
            usage=_usage(tokens, tok),
            max_tokens=s.max_tokens,
            cap_source=s.max_tokens_source,
            status=status,
            message=msg,
            details={**base, "part": part, "file_tokens": m.tokens},
        )
    )
    if m.split and m.frontmatter_tokens is not None:
        cap = s.frontmatter_max_tokens if s.frontmatter_max_tokens is not None else s.max_tokens
        src = s.frontmatter_max_tokens_source if s.frontmatter_max_tokens is not None else s.max_tokens_source
        fstatus: Status = "pass"
        fmsg = ""
        if cap is not None and m.frontmatter_tokens > cap:
            fstatus = "fail"
            fmsg = _over_message(
                f"{fid} frontmatter (name and description, always loaded)",
                m.frontmatter_tokens,
                cap,
                src,
                tok.exact,
                m.multiplier,
            )
            if s.message:
                fmsg += f"\n{s.message}"
        out.append(
            Verdict(
                subject=f"{fid}#frontmatter",
                usage=_usage(m.frontmatter_tokens, tok),
                max_tokens=cap,
                cap_source=src,
                status=fstatus,
                message=fmsg,
                details={**base, "kind": "frontmatter", "part": "frontmatter", "load": "must"},
            )
        )
    return out


def _largest_sections(m: Measured, tok: CachedTokenizer) -> str:
    """For a Markdown file over its cap: ``largest sections: "## Examples" (lines 40-118) 612 tokens,
    ...``, its three largest parts (see ``outline.breakdown``; a split file's body only); empty when it
    has fewer than two. Only failing files are read again and outlined."""
    from prompt_budget.outline import is_markdown, largest_sections

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
        literal = not _WILDCARDS.search(hit.pattern)
        must = hit.rule.load == "must"
        what = (
            ("must-load file is missing" if must else "file is missing")
            if literal
            else "glob matches no file"
        )
        if literal and (fs.config.root / hit.pattern).is_dir():
            what = "is a folder; use a glob such as " + f"{hit.pattern}/**/*.md"
        status: Status = "fail" if must else "warn"
        out.append(
            Verdict(
                subject=hit.pattern,
                usage=_usage(0, tok),
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
                usage=_usage(0, tok),
                status="warn",
                message=f"{ref.where}: @{ref.target} is not loaded: {problem.reason} "
                "(Claude Code skips it without a word)",
                details={"kind": "import", "file": ref.importer, "line": ref.line, "import": ref.target},
            )
        )
    return out


# --- must-load total and load plans ---------------------------------------------------------------


@dataclass(frozen=True)
class StageResult:
    name: str
    loaded: tuple[tuple[str, int, str], ...]  # (id, tokens, load)
    added: int
    shed: tuple[tuple[str, int, int], ...]  # (id, tokens, priority), in shedding order
    total: int
    headroom: int
    status: Status
    message: str = ""


@dataclass(frozen=True)
class PlanResult:
    base: int
    base_files: tuple[tuple[str, int], ...]
    usable: int
    threshold_tokens: int
    stages: tuple[StageResult, ...]


def _usable_source(config: Config) -> str:
    return f"{config.where('context_window')} (or model), usable_fraction, reserved_output"


def _over_usable(config: Config, total: int, usable: int) -> str:
    """The end of a message about a total over the usable budget (the must-load total, a stage):
    by how much, and where the usable budget is set."""
    return (
        f"over the usable budget of {usable:,} by {total - usable:,}; usable budget = context_window * "
        f"usable_fraction - reserved_output, set in {_usable_source(config)}"
    )


def _over_threshold(config: Config, total: int, limit: int, usable: int, *, then: str = "") -> str:
    """The end of a message about a total past the threshold: the threshold, the headroom left, and
    where the threshold is set; ``then`` goes after the threshold (`` with nothing left to shed``)."""
    return (
        f"over the threshold of {limit:,} ({config.threshold:.0%} of the usable {usable:,}){then}; "
        f"{usable - total:,} tokens of headroom left; threshold set in {config.where('threshold')}"
    )


def _threshold(config: Config, usable: int) -> int:
    return int(usable * config.threshold)


def must_load_verdict(config: Config, measured: Sequence[Measured], tok: CachedTokenizer) -> Verdict | None:
    """The total of every must-load file plus every always-loaded frontmatter, against the usable
    budget (fail) and its threshold (warn)."""
    parts: list[tuple[str, int]] = []
    for m in measured:
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
    if usable is None:
        details["note"] = "no context_window (or model) configured: the total is reported, not checked"
        return Verdict("must-load", _usage(total, tok), status="pass", details=details)
    limit = _threshold(config, usable)
    details["threshold_tokens"] = limit
    src = _usable_source(config)
    status: Status = "pass"
    message = ""
    if total > usable:
        status = "fail"
        message = (
            f"must-load total is {amount(total, tok.exact, mult)} ({len(parts)} files and frontmatters), "
            f"{_over_usable(config, total, usable)}"
        )
    elif total > limit:
        status = "warn"
        message = f"must-load total is {amount(total, tok.exact, mult)}, {_over_threshold(config, total, limit, usable)}"
    return Verdict(
        "must-load",
        _usage(total, tok),
        max_tokens=usable,
        cap_source=src,
        status=status,
        message=message,
        details=details,
    )


def _stage_files(fs: FileSet, ref: str) -> list[str] | None:
    named = [m.id for m in fs.files.values() if m.winner.rule.name == ref]
    if named:
        return named
    rules = [r for r in fs.rules if r.name == ref]
    if rules:
        return [m.id for m in fs.files.values() if any(c.rule in rules for c in m.candidates)]
    p = _norm(ref)
    if _WILDCARDS.search(p):
        rx = _regex(p)
        return [fid for fid in fs.files if rx.match(fid)]
    return [p] if p in fs.files else None


def _skippable_imports(fs: FileSet, fid: str, measured: Mapping[str, Measured]) -> list[str]:
    """The files that ``fid`` pulls in through ``@path`` imports (and their imports), breadth first,
    but for those that load at launch anyway (a must-load file imports them too)."""
    out: list[str] = []
    seen = {fid}
    queue = [fid]
    while queue:
        for nxt in fs.imports.get(queue.pop(0), ()):
            if nxt in seen:
                continue
            seen.add(nxt)
            queue.append(nxt)
            m = measured.get(nxt)
            if m is not None and not m.unsettled_must and (m.settings is None or m.settings.load != "must"):
                out.append(nxt)
    return out


def simulate_plan(
    fs: FileSet, measured: Mapping[str, Measured], tok: CachedTokenizer
) -> tuple[PlanResult | None, list[Verdict]]:
    """Run the load plan: stages load files in order; past ``threshold`` of the usable budget,
    skippable files are shed (lowest priority first, then the earliest loaded); must-load files never
    are. A stage fails when what it must keep does not fit in the usable budget."""
    config = fs.config
    if not config.stages:
        return None, []
    usable = config.usable_budget
    if usable is None:
        raise ConfigError(
            "a load plan needs the context window: set context_window (or a known model)",
            file=config.path,
            key=f"{config.table}.stages" if config.table else "stages",
        )
    limit = _threshold(config, usable)
    mult = max((m.multiplier for m in measured.values()), default=1.0)
    staged: dict[str, int] = {}
    stage_refs: list[list[str]] = []
    problems: list[Verdict] = []
    for i, stage in enumerate(config.stages):
        ids: list[str] = []
        for ref in stage.files:
            found = _stage_files(fs, ref)
            if not found:
                problems.append(
                    Verdict(
                        f"plan:{stage.name}",
                        _usage(0, tok),
                        status="fail",
                        message=f"stage {stage.name!r}: {ref!r} names no entry and matches no checked file "
                        f"({config.where('stages')}[{i}].files)",
                        details={"kind": "plan", "stage": stage.name},
                    )
                )
                continue
            for fid in found:
                # a file loads with the files it imports (those not loaded at launch already)
                for one in (fid, *_skippable_imports(fs, fid, measured)):
                    if one not in staged and one in measured:
                        staged[one] = i
                        ids.append(one)
        stage_refs.append(ids)

    base_files: list[tuple[str, int]] = []
    for fid, m in measured.items():
        if m.unsettled_must and fid not in staged:
            base_files.append((fid, m.tokens))
        if m.settings is None:
            continue
        if m.frontmatter_tokens is not None:
            base_files.append((f"{fid}#frontmatter", m.frontmatter_tokens))
        if m.settings.load == "must" and fid not in staged:
            base_files.append((fid, m.load_tokens))
    base = sum(n for _, n in base_files)

    total = base
    live: list[tuple[int, int, int, str, int]] = []  # (priority, stage, position, id, tokens) of skippables
    results: list[StageResult] = []
    verdicts: list[Verdict] = []
    for i, stage in enumerate(config.stages):
        loaded: list[tuple[str, int, str]] = []
        added = 0
        for pos, fid in enumerate(stage_refs[i]):
            m = measured[fid]
            load = m.settings.load if m.settings is not None else "skippable"
            n = m.load_tokens
            loaded.append((fid, n, load))
            added += n
            if load == "skippable":
                live.append((m.settings.priority if m.settings else 0, i, pos, fid, n))
        total += added
        shed: list[tuple[str, int, int]] = []
        if total > limit:
            live.sort()
            while total > limit and live:
                prio, _, _, fid, n = live.pop(0)
                shed.append((fid, n, prio))
                total -= n
        status: Status = "pass"
        message = ""
        if total > usable:
            status = "fail"
            message = (
                f"stage {stage.name!r} cannot fit: after shedding every skippable file it still needs "
                f"{amount(total, tok.exact, mult)}, {_over_usable(config, total, usable)}"
            )
        elif total > limit:
            status = "warn"
            message = (
                f"stage {stage.name!r} is at {amount(total, tok.exact, mult)}, "
                f"{_over_threshold(config, total, limit, usable, then=' with nothing left to shed')}"
            )
        result = StageResult(
            stage.name, tuple(loaded), added, tuple(shed), total, usable - total, status, message
        )
        results.append(result)
        verdicts.append(
            Verdict(
                f"plan:{stage.name}",
                _usage(total, tok),
                max_tokens=usable,
                cap_source=_usable_source(config),
                status=status,
                message=message,
                details={
                    "kind": "plan",
                    "stage": stage.name,
                    "index": i,
                    "added": added,
                    "loaded": [f for f, _, _ in loaded],
                    "shed": [f for f, _, _ in shed],
                    "headroom": usable - total,
                    "threshold_tokens": limit,
                },
            )
        )
    plan = PlanResult(base, tuple(base_files), usable, limit, tuple(results))
    return plan, problems + verdicts


# --- the whole check ----------------------------------------------------------------------------


@dataclass
class FilesReport:
    """Everything ``prompt-budget check`` reports: per-file verdicts, missing files and empty globs,
    the must-load total and the load plan."""

    fileset: FileSet
    tokenizer: str
    exact: bool
    measured: dict[str, Measured]
    file_verdicts: list[Verdict]
    pattern_verdicts: list[Verdict]
    must_load: Verdict | None
    plan: PlanResult | None
    plan_verdicts: list[Verdict]

    @property
    def session_verdicts(self) -> list[Verdict]:
        """The verdicts not tied to one file: missing files, empty globs, must-load total, plan."""
        out = list(self.pattern_verdicts)
        if self.must_load is not None:
            out.append(self.must_load)
        return out + self.plan_verdicts

    @cached_property
    def verdicts(self) -> list[Verdict]:
        return self.file_verdicts + self.session_verdicts

    @property
    def status(self) -> Status:
        statuses = {v.status for v in self.verdicts}
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


def _tok(tokenizer: str | Tokenizer | None, config: Config) -> CachedTokenizer:
    return get_tokenizer(tokenizer if tokenizer is not None else config.tokenizer)


def default_cache(config: Config) -> DiskCache:
    return DiskCache(config.resolve(config.cache_dir))


def check_file(
    fs: FileSet, fid: str, tokenizer: str | Tokenizer | None = None, cache: DiskCache | None = None
) -> list[Verdict]:
    """The verdicts of one file of ``fs`` (what a pytest file item checks)."""
    tok = _tok(tokenizer, fs.config)
    return file_verdicts(measure(fs.files[fid], tok, cache, multiplier=fs.config.safety_multiplier), tok)


def check(
    config: Config | FileSet,
    tokenizer: str | Tokenizer | None = None,
    cache: DiskCache | None = None,
) -> FilesReport:
    """Count and judge every matched file, the must-load total and the load plan."""
    fs = config if isinstance(config, FileSet) else resolve(config)
    tok = _tok(tokenizer, fs.config)
    memo: _Memo = {}
    multiplier = fs.config.safety_multiplier
    measured = {fid: measure(m, tok, cache, memo, multiplier) for fid, m in fs.files.items()}
    fverdicts = [v for m in measured.values() for v in file_verdicts(m, tok)]
    pverdicts = pattern_verdicts(fs, tok)
    must = must_load_verdict(fs.config, list(measured.values()), tok)
    plan, plan_verdicts = simulate_plan(fs, measured, tok)
    if cache is not None:
        cache.save()
    return FilesReport(fs, tok.name, tok.exact, measured, fverdicts, pverdicts, must, plan, plan_verdicts)


# --- explain ------------------------------------------------------------------------------------


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
                "max_tokens": {"value": s.max_tokens, "source": s.max_tokens_source},
                "frontmatter_max_tokens": {
                    "value": s.frontmatter_max_tokens,
                    "source": s.frontmatter_max_tokens_source,
                },
                "load": {"value": s.load, "source": s.load_source},
                "priority": {"value": s.priority, "source": s.priority_source},
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
            out.append(f"  max_tokens: {_fmt_opt(s.max_tokens)} from {s.max_tokens_source or '-'}")
            if m.split:
                cap = s.frontmatter_max_tokens if s.frontmatter_max_tokens is not None else s.max_tokens
                src = s.frontmatter_max_tokens_source or (
                    f"max_tokens ({s.max_tokens_source})" if s.max_tokens is not None else "-"
                )
                out.append(f"  frontmatter cap: {_fmt_opt(cap)} from {src}")
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


def _fmt_opt(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


def explain(
    fs: FileSet, path: str | Path, tokenizer: str | Tokenizer | None = None, cache: DiskCache | None = None
) -> Explanation:
    """Which entry applies to ``path`` and why (``prompt-budget check --explain PATH``)."""
    p = Path(path)
    fid = fs.id_for(p)
    match = fs.files.get(fid)
    if match is None:
        excluded = [(hit.rule, hit.pattern) for hit in fs.patterns if _matches(hit.pattern, fid)]
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
    tok = _tok(tokenizer, fs.config)
    m = measure(match, tok, cache, multiplier=fs.config.safety_multiplier)
    verdicts = tuple(file_verdicts(m, tok))
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
    return Explanation(fid, p, match, m, verdicts, reason, fs.config.preset)


def _matches(pattern: str, fid: str) -> bool:
    return bool(_regex(pattern).match(fid)) if _WILDCARDS.search(pattern) else pattern == fid
