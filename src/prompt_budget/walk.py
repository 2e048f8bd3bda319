"""Finding files to count: directories are walked (iteratively: a tree of any depth), VCS and cache
folders are skipped, virtual environments are skipped by what they are (a ``pyvenv.cfg``, a
``conda-meta`` folder, a ``site-packages`` inside), not by their name, and ``.gitignore`` files (at any
depth, and above the walked folder up to the repository top) are honoured, their rules read by
``text.globs``. A folder the walk cannot open is never passed over in silence: it goes to the
caller's ``on_error``, or without one the walk ends with a ``ConfigError`` naming it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final

from prompt_budget.errors import ConfigError
from prompt_budget.text.globs import GitIgnore

#: Folders skipped by name: version control, tool caches and folders of installed packages. Virtual
#: environments are not here: ``env`` or ``venv`` may be a real package of the project, so an
#: environment is recognised by its contents (:func:`is_environment`).
SKIP_DIRS: Final = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".bzr",
        "_darcs",
        ".tox",
        ".nox",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        "node_modules",
        ".prompt-budget",
        ".eggs",
    }
)

#: Called with a path the walk could not read and why; without one, the walk raises at its end.
OnError = Callable[[str, str], None]


def is_environment(folder: str, names: frozenset[str] | set[str]) -> bool:
    """Whether ``folder``, whose entries are ``names``, is a Python environment: a virtual environment
    (``pyvenv.cfg``), a conda environment (``conda-meta``), or a prefix holding installed packages
    (``lib/pythonX.Y/site-packages``, ``Lib/site-packages``)."""
    if "pyvenv.cfg" in names or "conda-meta" in names:
        return True
    if "Lib" in names and os.path.isdir(os.path.join(folder, "Lib", "site-packages")):
        return True
    if "lib" in names:
        try:
            with os.scandir(os.path.join(folder, "lib")) as it:
                return any(
                    e.name.startswith("python") and os.path.isdir(os.path.join(e.path, "site-packages"))
                    for e in it
                )
        except OSError:
            return False
    return False


def _reason(exc: OSError) -> str:
    import errno

    if exc.errno == errno.ENAMETOOLONG:
        return "cannot open the folder: its path is too long"
    return f"cannot open the folder: {exc.strerror or exc}"


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
    on_error: OnError | None = None,
) -> Iterator[Path]:
    """Every regular file under ``root`` (sorted, deterministic), skipping VCS/virtual-env folders
    and what ``.gitignore`` excludes. Symbolic links to files are yielded (a broken one too, so the
    caller can say so). Links to folders are not followed unless ``follow_links``; then a linked
    folder is walked under the link's own path when it lies outside ``root`` (a shared skill linked
    into ``.claude/skills``), and skipped when it lies inside (its files are walked where they are), so
    no file is met twice and no loop is followed. ``suffixes`` keeps only files with those suffixes
    (``".md"``). ``prune``, given a folder's path, returns True to skip that folder too (the lint's
    ``exclude`` globs). A folder that cannot be opened goes to ``on_error(path, reason)``; without
    it, the walk raises a ``ConfigError`` naming every such folder once it has walked the rest."""
    return map(
        Path,
        iter_paths(
            root,
            suffixes=suffixes,
            gitignore=gitignore,
            follow_links=follow_links,
            prune=prune,
            on_error=on_error,
        ),
    )


def iter_paths(
    root: Path,
    *,
    suffixes: frozenset[str] | None = None,
    gitignore: bool = True,
    follow_links: bool = False,
    prune: Callable[[str], bool] | None = None,
    on_error: OnError | None = None,
) -> Iterator[str]:
    """``iter_files`` as absolute path strings, for callers that handle thousands of files and need
    no ``Path`` objects (building one costs more than the ``stat`` of a cached count)."""
    # Following links, paths keep the links' names (a linked skill is shown where it is linked in).
    root = Path(os.path.abspath(root)) if follow_links else root.resolve()
    stack = [(_prefix(base), rules) for base, rules in _parent_ignores(root)] if gitignore else []
    # Following links: the real folders walked so far, each with everything inside it; a link into
    # one is not followed.
    walked = [_prefix(os.path.realpath(root))] if follow_links else []
    problems: list[tuple[str, str]] = []

    def linked_folder(entry: os.DirEntry[str]) -> bool:
        """Whether ``entry``, a link to a folder, is to be walked (and, if so, note its target walked)."""
        target = _prefix(os.path.realpath(entry.path))
        if target.startswith(tuple(walked)):
            return False
        walked.append(target)
        return True

    def open_folder(folder: str, top: bool) -> tuple[Iterator[os.DirEntry[str]], bool] | None:
        """The sorted entries of ``folder`` and whether it pushed .gitignore rules; None when it is
        skipped (an environment) or cannot be opened (reported)."""
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            problem = (folder, _reason(exc))
            if on_error is not None:
                on_error(*problem)
            else:
                problems.append(problem)
            return None
        names = {e.name for e in entries}
        if not top and is_environment(folder, names):
            return None
        pushed = False
        if gitignore and ".gitignore" in names:
            rules = GitIgnore.read(Path(folder, ".gitignore"))
            if rules is not None:
                stack.append((_prefix(folder), rules))
                pushed = True
        return iter(entries), pushed

    # The walk keeps its own stack of open folders (a tree of any depth, no recursion), and yields in
    # the order a recursive walk would: each folder's entries sorted, a subfolder walked where it sorts.
    opened = open_folder(str(root), True)
    folders = [opened] if opened is not None else []
    while folders:
        entries, pushed = folders[-1]
        entry = next(entries, None)
        if entry is None:
            folders.pop()
            if pushed:
                stack.pop()
            continue
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir or (follow_links and entry.is_symlink() and os.path.isdir(entry.path)):
            if (
                entry.name in SKIP_DIRS
                or (gitignore and _ignored(stack, entry.path, True))
                or (prune is not None and prune(entry.path))
                or (not is_dir and not linked_folder(entry))
            ):
                continue
            sub = open_folder(entry.path, False)
            if sub is not None:
                folders.append(sub)
            continue
        if entry.is_symlink():
            if os.path.isdir(entry.path):  # a link to a folder, not followed: no cycles
                continue
        elif not entry.is_file(follow_symlinks=False):
            continue  # FIFOs, sockets, devices: never opened by a walk
        if suffixes is not None and os.path.splitext(entry.name)[1].lower() not in suffixes:
            continue
        if gitignore and _ignored(stack, entry.path, False):
            continue
        yield entry.path
    if problems:
        hint = "its files were not checked: make it readable, or exclude it (.gitignore)"
        first, reason = problems[0]
        more = ""
        if len(problems) > 1:
            others = ", ".join(path for path, _ in problems[1:6])
            more = f"; {len(problems) - 1} more such folder(s): {others}" + (
                ", ..." if len(problems) > 6 else ""
            )
        raise ConfigError(f"{reason}; {hint}{more}", file=first)
