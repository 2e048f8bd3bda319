"""Sets 159 and 160 (issue 19), the project-wide half of PB105: a fraction passed, in another module, for a
parameter whose default PB105 reports is the same share set again (set 159: ultrastable's benchmark suite
building ``ContextPressureDetector(max_tokens=2200, warn_fraction=0.75, critical_fraction=0.92)``, whose
``critical_fraction=0.95`` is compared with ``float(tokens_total) / float(self.max_tokens)``;
``budget_overrides``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

DETECTOR = (
    "class ContextPressureDetector:\n"
    "    def __init__(self, {budget}: int = 4000, critical_fraction: float = 0.95):\n"
    "        self.{budget} = {budget}\n"
    "        self.critical_fraction = critical_fraction\n\n"
    "    def evaluate(self, step):\n"
    "        utilization = float(step.{used}) / float(self.{budget})\n"
    "        return utilization >= self.critical_fraction\n"
)
SUITE = (
    "from pkg.detectors import ContextPressureDetector\n\n\n"
    "def build():\n"
    "    return ContextPressureDetector({budget}=2200, critical_fraction={passed})\n"
)


def test_a_fraction_passed_for_a_reported_share_is_one(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "detectors.py": DETECTOR.format(budget="max_tokens", used="tokens_total"),
        "suite.py": SUITE.format(budget="max_tokens", passed="0.92"),
    }
    found = lint_package(tmp_path, files)
    assert reported_lines(found, "PB105") == [("pkg/detectors.py", 2), ("pkg/suite.py", 5)]
    passed = next(f for f in found if f.path == "pkg/suite.py" and f.code == "PB105")
    assert "whose default `critical_fraction=0.95` is a budget ratio" in passed.message
    assert "pkg/detectors.py:2" in passed.message


@pytest.mark.parametrize(
    ("budget", "used", "passed", "expected"),
    [
        ("budget_usd", "cost_usd", "0.92", []),  # a share of money: neither
        ("max_tokens", "tokens_total", "2", [("pkg/detectors.py", 2)]),  # no fraction passed
    ],
)
def test_nothing_passed_for_a_share_of_money_or_a_whole_number(
    tmp_path: Path, budget: str, used: str, passed: str, expected: list[tuple[str, int]]
) -> None:
    files = {
        "__init__.py": "",
        "detectors.py": DETECTOR.format(budget=budget, used=used),
        "suite.py": SUITE.format(budget=budget, passed=passed),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == expected
