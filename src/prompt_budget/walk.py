"""Finding files to count: directories recurse, VCS and virtual-env folders are skipped, and
``.gitignore`` files (at any depth, and above the walked folder up to the repository top) are honoured,
their rules read by ``text.globs``."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final

from prompt_budget.text.globs import GitIgnore

SKIP_DIRS: Final = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".bzr",
        "_darcs",
        ".venv",
        "venv",
        ".env",
        "env",
        ".tox",
        ".nox",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        "node_modules",
        ".prompt-budget",
        "site-packages",
        ".eggs",
    }
)


def _ignored(stack: list[tuple[str, GitIgnore]], path: str, is_dir: bool) -> bool:
    """Whether ``path`` (absolute, a string) is ignored by the stack of (folder prefix, rules)."""
    ignored = False
    for prefix, rules in stack:
        if not path.startswith(prefix):
            continue
        rel = path[len(prefix) :]
        if os.sep != "/":
            rel = rel.replace(os.sep, "/")
        verdict = rules.match(rel, is_dir)
        if verdict is not None:
            ignored = verdict
    return ignored


def _prefix(folder: str | Path) -> str:
    text = str(folder)
    return text if text.endswith(os.sep) else text + os.sep


def _parent_ignores(root: Path) -> list[tuple[Path, GitIgnore]]:
    """The .gitignore files above ``root`` up to the repository top (the folder holding .git)."""
    found: list[tuple[Path, GitIgnore]] = []
    for folder in (root, *root.parents):
        gi = folder / ".gitignore"
        if gi.is_file() and folder != root:
            rules = GitIgnore.read(gi)
            if rules is not None:
                found.append((folder, rules))
        if (folder / ".git").exists():
            break
    found.reverse()
    return found


def iter_files(
    root: Path,
    *,
    suffixes: frozenset[str] | None = None,
    gitignore: bool = True,
    follow_links: bool = False,
    prune: Callable[[str], bool] | None = None,
) -> Iterator[Path]:
    """Every regular file under ``root`` (sorted, deterministic), skipping VCS/virtual-env folders
    and what ``.gitignore`` excludes. Symbolic links to files are yielded (a broken one too, so the
    caller can say so). Links to folders are not followed unless ``follow_links``; then a linked
    folder is walked under the link's own path when it lies outside ``root`` (a shared skill linked
    into ``.claude/skills``), and skipped when it lies inside (its files are walked where they are), so
    no file is met twice and no loop is followed. ``suffixes`` keeps only files with those suffixes
    (``".md"``). ``prune``, given a folder's path, returns True to skip that folder too (the lint's
    ``exclude`` globs)."""
    return map(
        Path,
        iter_paths(root, suffixes=suffixes, gitignore=gitignore, follow_links=follow_links, prune=prune),
    )


def iter_paths(
    root: Path,
    *,
    suffixes: frozenset[str] | None = None,
    gitignore: bool = True,
    follow_links: bool = False,
    prune: Callable[[str], bool] | None = None,
) -> Iterator[str]:
    """``iter_files`` as absolute path strings, for callers that handle thousands of files and need
    no ``Path`` objects (building one costs more than the ``stat`` of a cached count)."""
    # Following links, paths keep the links' names (a linked skill is shown where it is linked in).
    root = Path(os.path.abspath(root)) if follow_links else root.resolve()
    stack = [(_prefix(base), rules) for base, rules in _parent_ignores(root)] if gitignore else []
    # Following links: the real folders walked so far, each with everything inside it; a link into
    # one is not followed.
    walked = [_prefix(os.path.realpath(root))] if follow_links else []

    def linked_folder(entry: os.DirEntry[str]) -> bool:
        """Whether ``entry``, a link to a folder, is to be walked (and, if so, note its target walked)."""
        target = _prefix(os.path.realpath(entry.path))
        if target.startswith(tuple(walked)):
            return False
        walked.append(target)
        return True

    def walk(folder: str) -> Iterator[str]:
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return
        pushed = False
        if gitignore and any(e.name == ".gitignore" for e in entries):
            rules = GitIgnore.read(Path(folder, ".gitignore"))
            if rules is not None:
                stack.append((_prefix(folder), rules))
                pushed = True
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir or (follow_links and entry.is_symlink() and os.path.isdir(entry.path)):
                if (
                    entry.name in SKIP_DIRS
                    or (gitignore and _ignored(stack, entry.path, True))
                    or os.path.exists(os.path.join(entry.path, "pyvenv.cfg"))  # a virtual env
                    or (prune is not None and prune(entry.path))
                    or (not is_dir and not linked_folder(entry))
                ):
                    continue
                yield from walk(entry.path)
            else:
                if entry.is_symlink():
                    if os.path.isdir(entry.path):  # a link to a folder, not followed: no cycles
                        continue
                elif not entry.is_file(follow_symlinks=False):
                    continue  # FIFOs, sockets, devices: never read by a walk
                if suffixes is not None and os.path.splitext(entry.name)[1].lower() not in suffixes:
                    continue
                if gitignore and _ignored(stack, entry.path, False):
                    continue
                yield entry.path
        if pushed:
            stack.pop()

    yield from walk(str(root))
