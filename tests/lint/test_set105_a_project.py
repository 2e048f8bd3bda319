"""Sets 105 and 106 (issue 19), the project-wide half of PB105 (tuner A): a local bound to a keyed read
through a helper of the package's (``ratio = self._clamp(getattr(self.config, "response_ratio", 0.30),
default=0.30)``) multiplying a window the class stores from a budget read is a share of that window; the
key it reads is then read as the factor of a budget, so the config class's field, the settings dict's entry
(in a dict nested in the defaults) and a decoder's fallback under that key in another module of the
project are the same share (``keyed_ratios``, ``read_fractions``; set 105: ankaloop's ``response_ratio``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

from prompt_budget.lint.rules.other_units import OTHER_UNITS

CONFIG = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass ReplyConfig:\n    {budget}: int = 2500\n    reply_share: float = 0.25\n\n\n"
    'DEFAULTS = {{"reply": {{"{budget}": 2500, "reply_share": 0.25}}}}\n\n\n'
    "def decode(raw):\n"
    '    return ReplyConfig(reply_share=float(str(raw.get("reply_share", 0.25))))\n'
)
BUDGET = (
    "class Planner:\n    def __init__(self, model, config):\n"
    "        self.model_limit = get_model_{unit}(model)\n        self.config = config\n\n"
    "    def reserve(self):\n"
    '        share = self._clamp(getattr(self.config, "reply_share", 0.25), default=0.25)\n'
    "        return int(self.model_limit * share)\n\n"
    "    @staticmethod\n    def _clamp(value, default):\n        return min(max(float(value), 0.0), 0.9)\n"
)

_UNITS = OTHER_UNITS


def test_a_share_read_by_key_through_a_helper_reports_the_key_where_it_is_bound(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "config.py": CONFIG.format(budget="max_prompt_tokens"),
        "budget.py": BUDGET.format(unit="context_window"),
    }
    expected = [("pkg/budget.py", 7), ("pkg/config.py", 7), ("pkg/config.py", 10), ("pkg/config.py", 14)]
    assert reported_lines(lint_package(tmp_path, files), "PB105") == expected


@pytest.mark.parametrize("unit", _UNITS)
def test_a_share_of_a_limit_in_another_unit_is_no_budget_ratio(tmp_path: Path, unit: str) -> None:
    files = {
        "__init__.py": "",
        "config.py": CONFIG.format(budget="max_prompt_tokens"),
        "budget.py": BUDGET.format(unit=f"{unit}_limit"),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == []


def test_a_key_read_by_no_share_of_a_budget_is_not_reported(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "config.py": CONFIG.format(budget="max_prompt_tokens"),
        "budget.py": BUDGET.format(unit="context_window").replace("self.model_limit * share", "share"),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == []
