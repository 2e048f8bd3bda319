"""The pluggy plugin manager: built-ins first, then the ``prompt_budget`` entry points."""

from __future__ import annotations

import functools
import os
import sys

import pluggy

from prompt_budget import hookspecs
from prompt_budget.tokenizers import builtin

ENTRY_POINT_GROUP = "prompt_budget"
_BLOCK_ENV = "PROMPT_BUDGET_DISABLE_PLUGINS"


@functools.lru_cache(maxsize=1)
def get_plugin_manager() -> pluggy.PluginManager:
    """The process-wide plugin manager. Set ``PROMPT_BUDGET_DISABLE_PLUGINS=name1,name2`` to block
    entry-point plugins by name (``all`` blocks every third-party plugin)."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(builtin, name="prompt_budget.builtin")
    blocked = {b.strip() for b in os.environ.get(_BLOCK_ENV, "").split(",") if b.strip()}
    if "all" not in blocked:
        for name in blocked:
            pm.set_blocked(name)
        if _may_declare(ENTRY_POINT_GROUP):
            pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    pm.check_pending()
    return pm


def _may_declare(group: str) -> bool:
    """Whether any installed distribution may declare entry points in ``group``: a cheap look at the
    ``entry_points.txt`` of each ``*.dist-info``/``*.egg-info`` folder on ``sys.path``, which spares
    every run without third-party plugins the import of ``importlib.metadata`` and its scan of all
    distributions (30-50 ms in a virtual environment with a hundred packages). It errs towards True:
    a zip archive, an egg or another finder that lists distributions means "maybe", and the full scan
    decides."""
    for finder in sys.meta_path:
        if hasattr(finder, "find_distributions") and getattr(finder, "__module__", "") != (
            "_frozen_importlib_external"
        ):
            return True
    for entry in sys.path:
        folder = os.fspath(entry) or "."
        if os.path.basename(folder.rstrip("/\\")).lower().endswith(".egg"):
            return True  # an egg on sys.path is itself a distribution (EGG-INFO inside)
        try:
            with os.scandir(folder) as it:
                names = [e.name for e in it]
        except NotADirectoryError:
            return True  # a zip archive: importlib.metadata can read distributions inside it
        except OSError:
            continue
        for name in names:
            lower = name.lower()
            if lower.endswith(".egg"):
                return True
            if not lower.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except OSError:  # no entry points, or a PKG-INFO-style .egg-info file
                continue
            except UnicodeDecodeError:
                return True  # let importlib.metadata read it (and say what is wrong)
            if group in text and any(_section(line) == group for line in text.splitlines()):
                return True
    return False


def _section(line: str) -> str | None:
    """The section a line of ``entry_points.txt`` opens, read as ``importlib.metadata`` reads it."""
    line = line.strip()
    return line.strip("[]") if line.startswith("[") and line.endswith("]") else None
