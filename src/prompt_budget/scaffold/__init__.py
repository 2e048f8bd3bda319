"""``prompt-budget init``: find a repository's prompt-bearing files and propose a starting configuration.

Plain functions, no printing, each a step the CLI's ``init`` command calls: ``scan`` finds and counts
the files, ``propose`` turns them into config entries (caps at today's size plus headroom, must-load
entries for always-loaded files, lint settings, the settings already there carried over), ``render``
writes that as TOML, ``apply`` puts it into ``pyproject.toml`` or ``prompt_budget.toml`` (tomlkit keeps
the rest of the file as written), and ``create_baseline`` and ``run_lint`` call the baseline and the lint.
"""

from __future__ import annotations

from prompt_budget.scaffold.propose import cap_for, parse_headroom, propose
from prompt_budget.scaffold.scan import scan
from prompt_budget.scaffold.write import (
    apply,
    check_written,
    create_baseline,
    merge,
    past_hard_limits,
    planned_text,
    render,
    run_lint,
)

__all__ = [
    "apply",
    "cap_for",
    "check_written",
    "create_baseline",
    "merge",
    "parse_headroom",
    "past_hard_limits",
    "planned_text",
    "propose",
    "render",
    "run_lint",
    "scan",
]
