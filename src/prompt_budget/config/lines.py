"""Where a configuration file writes a key, for the messages and annotations that point at it.

A resolved ``Config`` keeps values, not lines (neither tomllib nor tomlkit keeps positions), so the file
is read again. A line that looks like the key (``usable_fraction =``) or like an array-of-tables header
(``[[...``) is taken only when the TOML parser agrees: the text up to it parses on its own, so the line
starts a statement (it is not inside a multi-line string or array), and the key lands in the right table,
or the header adds the entry asked for.
"""

from __future__ import annotations

import re
from typing import Any

from prompt_budget.config.load import Config, parse_toml
from prompt_budget.errors import ConfigError

__all__ = ["line_of"]

#: A key no configuration writes: placed before a candidate line, it lands in the table in force there.
_PROBE = "__prompt_budget_probe__"


def line_of(config: Config, key: str, index: int | None = None) -> int | None:
    """The 1-based line of ``config``'s file that writes ``key`` in its table (``usable_fraction``),
    or with ``index``, the header of that entry of an array of tables (``files``, 2: the third
    ``[[tool.prompt_budget.files]]``). None when there is no file, or it does not write the key that
    way (an inline table, a dotted key)."""
    if config.path is None:
        return None
    try:
        lines = config.path.read_text(encoding="utf-8-sig").split("\n")
    except (OSError, UnicodeDecodeError):
        return None
    table = [part for part in config.table.split(".") if part]
    if index is None:
        quoted = re.escape(key)
        looks_like = re.compile(rf"""\s*({quoted}|"{quoted}"|'{quoted}')\s*=""")
    else:
        looks_like = re.compile(r"\s*\[\[")
    for n, line in enumerate(lines, 1):
        if not looks_like.match(line):
            continue
        if index is None:
            # the key is the table's when a key placed just before the line lands in that table
            probed = _at(_parse("\n".join([*lines[: n - 1], f"{_PROBE} = 0"])), table)
            if isinstance(probed, dict) and _PROBE in probed:
                return n
        # entries only grow at their headers: the first header line whose text up to it holds the
        # entry is that entry's, unless the text before it already held it (written inline)
        elif _entries("\n".join(lines[:n]), [*table, key]) > index:
            return n if _entries("\n".join(lines[: n - 1]), [*table, key]) == index else None
    return None


def _entries(text: str, path: list[str]) -> int:
    """How many entries the array of tables at ``path`` has in ``text`` (-1 when it does not parse)."""
    data = _parse(text)
    if data is None:
        return -1
    found = _at(data, path)
    return len(found) if isinstance(found, list) else 0


def _parse(text: str) -> dict[str, Any] | None:
    try:
        return parse_toml(text)
    except ConfigError:
        return None


def _at(data: object, path: list[str]) -> object:
    for part in path:
        data = data.get(part) if isinstance(data, dict) else None
    return data
