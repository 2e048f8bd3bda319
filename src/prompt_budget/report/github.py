"""GitHub Actions workflow commands: ``::error file=...,line=...,title=...::message``."""

from __future__ import annotations

__all__ = ["annotation", "escape_data", "escape_property"]


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(
    level: str, message: str, *, file: str | None = None, line: int | None = None, title: str | None = None
) -> str:
    """One workflow command line; ``level`` is ``error``, ``warning`` or ``notice``."""
    props = []
    if file is not None:
        props.append(f"file={escape_property(file)}")
        if line is not None:
            props.append(f"line={line}")
    if title is not None:
        props.append(f"title={escape_property(title)}")
    head = f"::{level} {','.join(props)}" if props else f"::{level}"
    return f"{head}::{escape_data(message)}"
