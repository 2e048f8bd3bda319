"""``prompt_budget.value(name)``: read back a budget value that ``prompt-budget lint --fix`` moved
out of code into ``[tool.prompt_budget.values]`` (or ``[values]`` of ``prompt_budget.toml``).

The config given as ``config=``, else the one found from the current directory, then the one found
from the *calling module's* directory (so a fixed library reads its own project's values whatever the
working directory is). Reads are cached per file and modification time: a call costs a ``stat``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from prompt_budget.errors import ConfigError

_MISSING: Any = object()
_cache: dict[tuple[Path, int], dict[str, Any]] = {}


def _values_of(file: Path) -> dict[str, Any]:
    """The values table of a config file, cached by modification time."""
    from prompt_budget.config import load_config

    try:
        stamp = file.stat().st_mtime_ns
    except OSError as exc:
        raise ConfigError(f"cannot read the file: {exc.strerror or exc}", file=file) from None
    cached = _cache.get((file, stamp))
    if cached is None:
        cached = dict(load_config(file).values)
        _cache[(file, stamp)] = cached
    return cached


def _lookup(values: dict[str, Any], name: str) -> Any:
    if name in values:
        return values[name]
    node: Any = values
    for part in name.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


def _caller_dir(depth: int) -> Path | None:
    try:
        frame = sys._getframe(depth)
    except ValueError:  # pragma: no cover - the stack is never that shallow here
        return None
    filename = frame.f_globals.get("__file__")
    return Path(filename).resolve().parent if isinstance(filename, str) else None


def value(name: str, default: Any = _MISSING, *, config: str | Path | None = None) -> Any:
    """The value named ``name`` in ``[tool.prompt_budget.values]``; a dotted name reaches into a
    sub-table (``"context_windows.gpt-4o"``).

    >>> import prompt_budget
    >>> prompt_budget.value("not_configured_anywhere", default=4096)
    4096

    Raises ``ConfigError`` when the name is in no config file and no ``default`` is given.
    """
    from prompt_budget.config import find_config

    files: list[Path] = []
    if config is not None:
        files.append(Path(config).resolve())
    else:
        for start in (None, _caller_dir(2)):
            found_file = find_config(start)
            if found_file is not None and found_file.resolve() not in files:
                files.append(found_file.resolve())
    for file in files:
        found = _lookup(_values_of(file), name)
        if found is not _MISSING:
            return found
    if default is not _MISSING:
        return default
    if not files:
        raise ConfigError(
            f"no configuration file found for value {name!r}; add it under [tool.prompt_budget.values] "
            "in pyproject.toml (or [values] in prompt_budget.toml), or pass default=",
            key=f"values.{name}",
        )
    table = "tool.prompt_budget.values" if files[0].name == "pyproject.toml" else "values"
    raise ConfigError(
        f"no value named {name!r}: add `{name} = ...` under [{table}] (or pass default=)",
        file=files[0],
        key=f"{table}.{name}",
    )
