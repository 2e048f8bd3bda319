"""GitHub Actions workflow commands: ``::error file=...,line=...,title=...::message``."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any


def repository_top(start: str | os.PathLike[str] | None = None) -> Path:
    """The folder annotation and SARIF paths are relative to: the top of the git work tree holding
    the current folder (the nearest folder upwards with a ``.git``), else the current folder. GitHub
    reads a relative path from the repository top whatever folder the step ran in (a
    ``working-directory``, a config found in a parent folder). With ``start``, the work tree holding
    that folder instead (a project checked from outside it), else None's answer."""
    here = Path(os.getcwd())
    origin = Path(os.path.abspath(start)) if start is not None else here
    for folder in (origin, *origin.parents):
        if (folder / ".git").exists():
            return folder
    return here


def top_for(path: str | os.PathLike[str]) -> Path:
    """:func:`repository_top`, unless ``path`` lies outside it (a project checked from outside its
    repository): then the top of the work tree holding ``path``."""
    top, full = repository_top(), os.path.abspath(path)
    if full == str(top) or _inside(full, top):
        return top
    return repository_top(full if os.path.isdir(full) else os.path.dirname(full))


def _inside(path: str, top: Path) -> bool:
    return path.startswith(str(top).rstrip(os.sep) + os.sep)


def annotation_path(path: Path) -> str:
    """``path`` as an annotation names it: relative to :func:`repository_top`. Links are not
    resolved, so a skill linked in from elsewhere is annotated where the repository has it; a path
    that is inside the repository only once links are resolved (the repository reached through a
    link) is tried resolved. A path outside the current folder's repository (a project checked from
    outside it) is relative to the top of its own; a path in none stays as it is."""
    full = os.path.abspath(path)
    top = top_for(full)
    if _inside(full, top):
        return Path(os.path.relpath(full, top)).as_posix()
    try:
        return path.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


class CommandShield:
    """A text stream that never starts a line with ``::``, so no text the tool prints (a file name
    with a line break or ``::`` in it, a message quoting one) is read by GitHub Actions as a workflow
    command of its own: such a line is prefixed with a backslash (GitHub trims leading whitespace
    before it looks, so a space would not do). Workflow commands the tool means go to ``raw``."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self._at_start = True

    def write(self, text: str) -> int:
        self.raw.write(shield(text, at_start=self._at_start))
        if text:
            self._at_start = text.endswith("\n")
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding...
        return getattr(self.raw, name)


#: A line (after a line break: LF, CR or both, as the runner reads lines) that would start with "::"
#: once leading whitespace is trimmed.
_COMMAND_LINE = re.compile(r"([\n\r])(\s*::)")
_FIRST_LINE = re.compile(r"\A(\s*::)")


def shield(text: str, *, at_start: bool = True) -> str:
    """``text`` with a backslash before each line that would start with ``::`` (see
    :class:`CommandShield`); ``at_start``: whether ``text`` begins a line."""
    if "::" not in text:  # most text, a table of 100,000 files too: one C-speed search, no regex pass
        return text
    text = _COMMAND_LINE.sub(lambda m: m.group(1) + "\\" + m.group(2), text)
    return _FIRST_LINE.sub(lambda m: "\\" + m.group(1), text) if at_start else text


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
