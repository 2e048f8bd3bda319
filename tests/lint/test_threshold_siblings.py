"""Levels declared beside a token budget in one settings class, and a field's default restated as its reader's
fallback, when the budget is known only by what another module does with it (``threshold_siblings``; set 251:
oclawma's ``ContextBudgetConfig``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

CONFIG = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class ContextBudgetConfig:\n"
    "    total_budget: int = 8192\n"
    "    warning_threshold: int = {level}\n\n"
    "    @classmethod\n"
    "    def from_dict(cls, data):\n"
    "        return cls(\n"
    '            total_budget=data.get("total_budget", 8192),\n'
    '            warning_threshold=data.get("warning_threshold", {level}),\n'
    "        )\n"
)
PLAN = (
    "from pkg.config import ContextBudgetConfig\n\n\n"
    "def plan(config: ContextBudgetConfig, client):\n"
    '    return client.messages.create(model="m", {keyword}=config.total_budget)\n'
)


def _lines(tmp_path: Path, level: int, keyword: str) -> list[tuple[int, object]]:
    files = {"config.py": CONFIG.format(level=level), "plan.py": PLAN.format(keyword=keyword)}
    return sorted((f.line, f.value) for f in lint_package(tmp_path, files) if f.path == "pkg/config.py")


def test_levels_and_fallbacks_of_a_field_another_module_reads_as_a_budget(tmp_path: Path) -> None:
    assert _lines(tmp_path, 6144, "max_tokens") == [(6, 8192), (7, 6144), (12, 8192), (13, 6144)]


def test_no_level_beside_a_field_of_rows(tmp_path: Path) -> None:
    assert _lines(tmp_path, 6144, "page_size") == []


def test_a_number_below_half_the_budget_is_no_level(tmp_path: Path) -> None:
    assert _lines(tmp_path, 30, "max_tokens") == [(6, 8192), (12, 8192)]
