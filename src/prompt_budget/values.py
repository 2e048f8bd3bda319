"""``prompt_budget.value(name)``: read back a budget value that ``prompt-budget lint --fix`` moved
out of code into ``[tool.prompt_budget.values]`` (or ``[values]`` of ``prompt_budget.toml``).

The config given as ``config=``; else, for code in a file, the config of the project that file belongs
to, found from the file (never from the current folder, so another project's config cannot change a
library's values, and an installed package, with no project beside it, gets the ``default`` it ships
with); for code without a file, the config found from the current folder. Reads are cached per file and
modification time: a call costs a ``stat``.
"""

from __future__ import annotations

import functools
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


def _caller_file(depth: int) -> Path | None:
    """The file of the module ``depth`` frames up, or None for code without one (a REPL, ``python -c``)."""
    try:
        frame = sys._getframe(depth)
    except ValueError:  # pragma: no cover - the stack is never that shallow here
        return None
    filename = frame.f_globals.get("__file__")
    return Path(filename).resolve() if isinstance(filename, str) else None


@functools.lru_cache(maxsize=1)
def _install_roots() -> frozenset[Path]:
    """Folders that hold installed code, not a project: the interpreter's prefixes and library folders."""
    import sysconfig

    roots = {Path(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix)}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        found = sysconfig.get_paths().get(key)
        if found:
            roots.add(Path(found))
    return frozenset(r.resolve() for r in roots)


def own_config(module_file: Path) -> Path | None:
    """The config of the project ``module_file`` is part of: the nearest ``prompt_budget.toml``, or
    ``pyproject.toml`` holding ``[tool.prompt_budget]``, above it (as ``find_config`` looks, so it is the
    file ``lint --fix`` writes to), looking no further than the repository's top (a folder with
    ``.git``). None for installed code: a file under ``site-packages``/``dist-packages``, in a virtual
    environment or the interpreter's own folders, or inside a zip archive has no project beside it, and
    a config found above it (the project the environment lives in) belongs to someone else."""
    from prompt_budget.config.load import find_config

    folder = module_file.parent
    if not folder.is_dir():  # zipimport, an egg: no folder of its own
        return None
    installed = _install_roots()
    for here in (folder, *folder.parents):
        if here.name in {"site-packages", "dist-packages"} or here in installed:
            return None
        if (here / "pyvenv.cfg").is_file():
            return None
        if (here / "prompt_budget.toml").is_file() or (here / "pyproject.toml").is_file():
            found = find_config(here)
            if found is not None and found.parent == here:
                return found
        if (here / ".git").exists():
            return None
    return None


def value(name: str, default: Any = _MISSING, *, config: str | Path | None = None) -> Any:
    """The value named ``name`` in ``[tool.prompt_budget.values]`` of the calling module's own project;
    a dotted name reaches into a sub-table (``"context_windows.gpt-4o"``). ``default`` is the value the
    code ships with: what an installed package (no project config beside it) gets.

    >>> import prompt_budget
    >>> prompt_budget.value("not_configured_anywhere", default=4096)
    4096

    Which config: ``config=`` when given; else, for code in a file, the config of the project that file
    is part of (found from the file up to the repository's top, never from the current folder: another project's config cannot
    change a library's values, and installed code reads none); for code without a file (a REPL, a
    notebook, ``python -c``), the config found from the current folder. When the project's config holds
    a value other than ``default``, the config wins and a ``ConfigWarning`` says the installed package
    would use ``default``. Raises ``ConfigError`` when the name is in no config and no ``default`` is
    given.
    """
    from prompt_budget.config import find_config

    caller = _caller_file(2)
    if config is not None:
        file: Path | None = Path(config).resolve()
    elif caller is not None:
        file = own_config(caller)
    else:
        file = find_config(None)
    found = _lookup(_values_of(file), name) if file is not None else _MISSING
    if found is not _MISSING:
        if default is not _MISSING and config is None and not same_value(found, default):
            _warn_drift(name, found, default, file, caller)
        return found
    if default is not _MISSING:
        return default
    if file is None:
        where = f"the project of {caller}" if caller is not None else "the current folder"
        raise ConfigError(
            f"no configuration file found for value {name!r} from {where}; add it under "
            "[tool.prompt_budget.values] in pyproject.toml (or [values] in prompt_budget.toml), or pass "
            "default=",
            key=f"values.{name}",
        )
    table = "tool.prompt_budget.values" if file.name == "pyproject.toml" else "values"
    raise ConfigError(
        f"no value named {name!r}: add `{name} = ...` under [{table}] (or pass default=)",
        file=file,
        key=f"{table}.{name}",
    )


def same_value(a: object, b: object) -> bool:
    """Equal and of the same type, tables compared entry by entry: ``4`` and ``4.0`` are not the same
    config value, since code that slices or indexes with the int breaks when it reads the float back."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def _warn_drift(name: str, found: Any, default: Any, file: Path | None, caller: Path | None) -> None:
    import warnings

    from prompt_budget.errors import ConfigWarning

    where = f" in {caller}" if caller is not None else ""
    warnings.warn(
        f"{file}: value {name!r} is {found!r} here, but the code's default{where} is {default!r}, which "
        "is what the installed package uses; make them agree (set the default in the code to the "
        "config's value, or the config back)",
        ConfigWarning,
        stacklevel=3,
    )
