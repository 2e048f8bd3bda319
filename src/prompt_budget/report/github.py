"""GitHub Actions workflow commands: ``::error file=...,line=...,title=...::message``."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["annotation", "annotation_path", "escape_data", "escape_property", "repository_top"]


def repository_top() -> Path:
    """The folder annotation and SARIF paths are relative to: the top of the git work tree holding
    the current folder (the nearest folder upwards with a ``.git``), else the current folder. GitHub
    reads a relative path from the repository top whatever folder the step ran in (a
    ``working-directory``, a config found in a parent folder)."""
    here = Path(os.getcwd())
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def annotation_path(path: Path) -> str:
    """``path`` as an annotation names it: relative to :func:`repository_top`. Links are not
    resolved, so a skill linked in from elsewhere is annotated where the repository has it; a path
    that is inside the repository only once links are resolved (the repository reached through a
    link) is tried resolved; a path outside it stays as it is."""
    top = repository_top()
    full, base = os.path.abspath(path), str(top)
    if full.startswith(base.rstrip(os.sep) + os.sep):
        return Path(os.path.relpath(full, base)).as_posix()
    try:
        return path.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def escape_data(text: str) -> str:
    """A workflow command's message: ``%``, CR and LF percent-encoded (as @actions/core does)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: as :func:`escape_data`, and ``:`` and ``,`` too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(
    level: str,
    message: str,
    *,
    file: str | None = None,
    line: int | None = None,
    col: int | None = None,
    end_line: int | None = None,
    end_column: int | None = None,
    title: str | None = None,
) -> str:
    """One workflow command line; ``level`` is ``error``, ``warning`` or ``notice``. A line goes
    with a file, and a column, end line and end column with a line."""
    props = []
    if file is not None:
        props.append(f"file={escape_property(file)}")
        if line is not None:
            props.append(f"line={line}")
            for name, value in (("col", col), ("endLine", end_line), ("endColumn", end_column)):
                if value is not None:
                    props.append(f"{name}={value}")
    if title is not None:
        props.append(f"title={escape_property(title)}")
    head = f"::{level} {','.join(props)}" if props else f"::{level}"
    return f"{head}::{escape_data(message)}"
