"""Sets 97 and 98 (issue 19), the project-wide half of PB105 (tuner Q): a fraction a config class keeps
as a field's default, in a module of config classes one of which holds a field named as a budget, which
another module multiplies by a local bound once to what a reserve leaves of a budget (``usable =
caps.max_context - min(caps.max_output, caps.max_context // 2)`` ... ``cfg.compact_at * usable``), is a
share of that budget (``read_fractions``, ``local_windows``; set 97: edgar-harness's ``compact_at`` and
``compact_to``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

from prompt_budget.lint.rules.other_units import OTHER_UNITS

SCHEMA = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass ModelSection:\n    {budget}: int = {amount}\n\n\n"
    "@dataclass\nclass ContextSection:\n    autocompact: bool = True\n    compact_at: float = 0.70\n"
    "    compact_to: float = 0.50\n    keep_last_turns: int = 4\n"
)
COMPACT = (
    "def compact(session, rt, force=False):\n    cfg, caps = rt.context, rt.caps\n"
    "    usable = caps.{window} - min(caps.max_output, caps.{window} // 2)\n"
    "    before = size(session)\n"
    "    if not force and (not cfg.autocompact or before <= cfg.compact_at * usable):\n        return None\n"
    "    target = cfg.compact_to * usable\n    return target\n"
)

_UNITS = OTHER_UNITS


def test_a_config_fraction_read_as_a_share_of_what_a_reserve_leaves(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "schema.py": SCHEMA.format(budget="max_output_tokens", amount="8000"),
        "compact.py": COMPACT.format(window="max_context"),
    }
    # the half of the window capping the output reserve is a share of it too (``budget_halves``)
    expected = [("pkg/compact.py", 3), ("pkg/schema.py", 12), ("pkg/schema.py", 13)]
    assert reported_lines(lint_package(tmp_path, files), "PB105") == expected


@pytest.mark.parametrize("unit", _UNITS)
def test_a_fraction_of_what_is_left_of_another_unit_is_no_budget_ratio(tmp_path: Path, unit: str) -> None:
    files = {
        "__init__.py": "",
        "schema.py": SCHEMA.format(budget="max_output_tokens", amount="8000"),
        "compact.py": COMPACT.format(window=f"max_{unit}"),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == []


@pytest.mark.parametrize("unit", _UNITS)
def test_a_config_module_holding_no_budget_field_is_not_read(tmp_path: Path, unit: str) -> None:
    files = {
        "__init__.py": "",
        "schema.py": SCHEMA.format(budget=f"max_{unit}", amount="8000"),
        "compact.py": COMPACT.format(window="max_context"),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == [("pkg/compact.py", 3)]  # the half alone


def test_a_local_bound_twice_is_no_budget_left(tmp_path: Path) -> None:
    compact = COMPACT.format(window="max_context").replace(
        "    before = size(session)\n", "    before = size(session)\n    usable = len(session.lines)\n"
    )
    files = {
        "__init__.py": "",
        "schema.py": SCHEMA.format(budget="max_output_tokens", amount="8000"),
        "compact.py": compact,
    }
    assert [
        f for f in reported_lines(lint_package(tmp_path, files), "PB105") if f[0] == "pkg/schema.py"
    ] == []
