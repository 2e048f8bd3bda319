"""Every string inside parsed YAML or JSON data, for the docs tests that look for commands in it."""

from __future__ import annotations

from collections.abc import Iterator


def strings(data: object) -> Iterator[str]:
    """The strings of ``data`` and of every dict value and list item in it, depth first."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings(v)
