"""``@path`` imports (Claude Code memory files): finding them in a Markdown text, and following them
from the files whose entries say so (``follow_imports``) to the files they pull in."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from prompt_budget.counting import FileProblem, read_text
from prompt_budget.model import LoadClass

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


@dataclass(frozen=True)
class Followed:
    """What following the imports found."""

    #: each file an import pulls in, with the import met first, in the order met
    imported_by: dict[str, ImportRef] = field(default_factory=dict)
    #: for each followed file, the ids of the files its imports pull in (in the order written, each once)
    imports: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the imports Claude Code would skip: they do not resolve, or lie past the depth limit
    problems: tuple[ImportProblem, ...] = ()
    #: notes about a file's own imports (one outside the project is not counted)
    notes: dict[str, tuple[str, ...]] = field(default_factory=dict)


def follow_imports(
    top: Path,
    roots: Sequence[tuple[str, LoadClass | None]],
    paths: Mapping[str, Path],
    by_path: Mapping[Path, str],
) -> Followed:
    """Follow the imports of ``roots`` (file id and load) recursively, up to ``MAX_IMPORT_DEPTH`` hops,
    each file once. ``top`` is the resolved project root, ``paths`` the path of each known file id and
    ``by_path`` the id of each known path. Imports outside the project are noted on the importer, once
    each, and not followed.

    The must-load files are followed first: a file that a must-load file imports loads at launch,
    even when a skippable file (a nested CLAUDE.md) imports it too, or is that skippable file."""
    if not roots:
        return Followed()
    paths = dict(paths)
    ids = dict(by_path)
    imported_by: dict[str, ImportRef] = {}
    visited: set[Path] = set()
    outside_seen: set[str] = set()
    problems: list[ImportProblem] = []
    edges: dict[str, list[str]] = {}
    notes: dict[str, list[str]] = {}
    home = Path("~").expanduser()
    for group in ([r for r in roots if r[1] == "must"], [r for r in roots if r[1] != "must"]):
        queue: list[tuple[str, int, LoadClass | None]] = []
        for fid, load in group:
            real = paths[fid].resolve()
            if real not in visited:  # else a must-load file imports it: it was followed as one
                visited.add(real)
                queue.append((fid, 0, load))
        while queue:
            fid, depth, load = queue.pop(0)
            try:
                text, _, _ = read_text(paths[fid])
            except FileProblem:
                continue  # the file's own verdict says why it cannot be read
            targets = edges.setdefault(fid, [])
            for line, target in scan_imports(text):
                ref = ImportRef(fid, line, target, load)
                if target.startswith("~/"):
                    where = home / target[2:]
                elif target.startswith("/"):
                    where = Path(target)
                else:
                    where = paths[fid].parent / target
                full = Path(os.path.normpath(where))
                rel = None if target.startswith("~/") else _project_id(full, top)
                if rel is None:
                    # home and absolute paths differ from machine to machine (and CI has none of them)
                    if str(full) not in outside_seen:
                        outside_seen.add(str(full))
                        kind = "in the home folder" if target.startswith("~/") else "outside the project"
                        said = f"is {kind}: not counted (it differs from machine to machine)"
                        if not target.startswith("~/") and _inside(full, top):
                            said = "leads out of the project through a symbolic link: not read, not counted"
                        notes.setdefault(fid, []).append(f"line {line}: @{target} {said}")
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
                    known = ids.get(real) or ids.get(full) or rel
                    if known in paths and known not in targets and known != fid:
                        targets.append(known)
                    continue
                if depth >= MAX_IMPORT_DEPTH:
                    chain_root = _chain_root(imported_by, fid)
                    problems.append(
                        ImportProblem(
                            ref, f"more than {MAX_IMPORT_DEPTH} imports deep from {chain_root}", rel
                        )
                    )
                    continue
                visited.add(real)
                if rel not in paths:
                    paths[rel] = top / rel
                    ids[top / rel] = rel
                imported_by[rel] = ref
                targets.append(rel)
                queue.append((rel, depth + 1, load))
    return Followed(
        imported_by,
        {fid: tuple(found) for fid, found in edges.items() if found},
        tuple(problems),
        {fid: tuple(found) for fid, found in notes.items()},
    )


def _project_id(path: Path, top: Path) -> str | None:
    """The id of ``path`` (normalised, not resolved) in the project whose resolved root is ``top``:
    the id of the file it is, or links to, in the project; None outside it, and None for a path in the
    project that a symbolic link leads out of it (``@docs/notes.md`` where ``docs`` or ``notes.md``
    links to the home folder): it is refused as ``@~/...`` and ``@../...`` are, and never read."""
    try:
        return path.resolve().relative_to(top).as_posix()
    except (ValueError, OSError, RuntimeError):  # outside, or a link loop
        return None


def _inside(path: Path, top: Path) -> bool:
    return path == top or top in path.parents


def _binary(path: Path) -> bool:
    """A file with a NUL byte in its first 8 KB (an image, a PDF): Claude Code loads text files only."""
    try:
        with path.open("rb") as fh:
            return b"\0" in fh.read(8192)
    except OSError:
        return False  # the file's own verdict says why it cannot be read


def _chain_root(imported_by: Mapping[str, ImportRef], fid: str) -> str:
    seen: set[str] = set()
    while (ref := imported_by.get(fid)) is not None and fid not in seen:
        seen.add(fid)
        fid = ref.importer
    return fid
