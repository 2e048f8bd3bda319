"""GitHub Actions workflow commands: ``::error file=...,line=...,title=...::message``."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["annotation", "annotation_path", "escape_data", "escape_property"]


def annotation_path(path: Path) -> str:
    """``path`` as an annotation names it: relative to the current folder (the repository top in CI).
    Links are not resolved, so a skill linked in from elsewhere is annotated where the repository has
    it; a path that is outside the current folder only once links are resolved (the repository reached
    through a link) is tried resolved."""
    full, here = os.path.abspath(path), os.getcwd()
    if full.startswith(here.rstrip(os.sep) + os.sep):
        return Path(os.path.relpath(full, here)).as_posix()
    try:
        return path.resolve().relative_to(Path(here).resolve()).as_posix()
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
