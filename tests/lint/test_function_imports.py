"""A constant imported inside a function and used there as a budget is reported where it is bound, as a module-level
import's is (``flow.imported_names``; set 257: veracium's ``from .budgets import REPORT_RESERVE`` in a function)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

BUDGETS = '"""Budgets in estimated tokens."""\n\nREPORT_RESERVE = 32\n'
USE = (
    "def assemble(items, {budget}):\n"
    "    from .budgets import REPORT_RESERVE\n\n"
    "    remaining = {budget} - REPORT_RESERVE\n"
    "    return remaining\n"
)


def _found(tmp_path: Path, budget: str) -> list[tuple[str, int]]:
    files = {"__init__.py": "", "budgets.py": BUDGETS, "proactive.py": USE.format(budget=budget)}
    return [(f.path, f.line) for f in lint_package(tmp_path, files) if f.code == "PB102"]


def test_a_constant_imported_in_a_function_and_taken_off_a_budget(tmp_path: Path) -> None:
    assert _found(tmp_path, "token_budget") == [("pkg/budgets.py", 3)]


def test_taken_off_a_count_of_rows_it_is_no_budget(tmp_path: Path) -> None:
    assert _found(tmp_path, "row_count") == []
