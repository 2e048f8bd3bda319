"""The pluggy plugin manager: built-ins first, then the ``prompt_budget`` entry points."""

from __future__ import annotations

import functools
import os

import pluggy

from prompt_budget import hookspecs

__all__ = ["get_plugin_manager"]

ENTRY_POINT_GROUP = "prompt_budget"
_BLOCK_ENV = "PROMPT_BUDGET_DISABLE_PLUGINS"


@functools.lru_cache(maxsize=1)
def get_plugin_manager() -> pluggy.PluginManager:
    """The process-wide plugin manager. Set ``PROMPT_BUDGET_DISABLE_PLUGINS=name1,name2`` to block
    entry-point plugins by name (``all`` blocks every third-party plugin)."""
    from prompt_budget.tokenizers import builtin

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(builtin, name="prompt_budget.builtin")
    blocked = {b.strip() for b in os.environ.get(_BLOCK_ENV, "").split(",") if b.strip()}
    if "all" not in blocked:
        for name in blocked:
            pm.set_blocked(name)
        pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    pm.check_pending()
    return pm
