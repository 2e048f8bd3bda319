"""A class of limits whose fields the project reads as token budgets (``limit_classes``): its other fields are budgets
of the same kind, unless they cap a count of things (a plural such as ``max_failures``); a word ending in ``s`` that is
no plural (``analysis``, ``status``) caps no such count (the review of session 63)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import init_package_rows

_NODES = (
    '"""Per-node budgets of output tokens."""\n'
    "from pydantic import BaseModel\n\n\n"
    "class NodeBudgets(BaseModel):\n"
    "    planner: int = 16384\n"
    "    think: int = 8192\n"
    "    max_analysis: int = 4096\n"
    "    max_failures: int = 40\n"
)
_RUN = (
    '"""Runs the nodes."""\n'
    "from .nodes import NodeBudgets\n\n\n"
    "def plan(client, budgets: NodeBudgets, prompt):\n"
    "    return client.complete(prompt, max_tokens=budgets.planner)\n\n\n"
    "def think(client, budgets: NodeBudgets, prompt):\n"
    "    return client.complete(prompt, max_tokens=budgets.think)\n"
)


def test_a_cap_of_a_singular_word_ending_in_s_stays_a_sibling_budget(tmp_path: Path) -> None:
    got = sorted(init_package_rows(tmp_path, {"nodes.py": _NODES, "run.py": _RUN}), key=lambda r: r[:3])
    assert got == [
        ("pkg/nodes.py", 6, "PB102", 16384),
        ("pkg/nodes.py", 7, "PB102", 8192),
        ("pkg/nodes.py", 8, "PB102", 4096),
    ]  # not ``max_failures = 40``: a count of failures
