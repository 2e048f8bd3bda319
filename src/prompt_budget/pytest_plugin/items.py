"""Configured files (skills, reference docs) collected as test items."""

from __future__ import annotations

from pathlib import Path

import pytest

from prompt_budget.pytest_plugin.session import BudgetSession


def collect_budget_file(
    file_path: Path, parent: pytest.Collector, session: BudgetSession
) -> pytest.Collector | None:
    return None
