"""Agent harnesses: which files each harness (Claude Code, Codex, Cursor, Copilot, Gemini CLI, ...)
loads, when, and whether what it loads up front fits its budget and its own limits.

The model (rules and limits as data, citing each harness's documentation) is
``prompt_budget.config.harnesses`` over ``data/harnesses.json``; here are the checks over it:
``discover`` (which file loads when, for which harness) and ``totals`` (must-load totals per harness
and per folder, the skill listing, the AGENTS.md chain in bytes, per-file limits).
"""

from __future__ import annotations

from prompt_budget.config.harnesses import (
    Harness,
    HarnessRule,
    Limit,
    available_harnesses,
    builtin_harnesses,
    known_harnesses,
)
from prompt_budget.harnesses.discover import (
    Discovery,
    Loaded,
    detect,
    discover,
    discover_tree,
    harness_config,
)

__all__ = [
    "Discovery",
    "Harness",
    "HarnessRule",
    "Limit",
    "Loaded",
    "available_harnesses",
    "builtin_harnesses",
    "detect",
    "discover",
    "discover_tree",
    "harness_config",
    "known_harnesses",
]
