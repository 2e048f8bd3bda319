"""A ratio compared with the share of the window in use that a property of another module of the project
returns (``prompt_budget.lint.window_getters``; set 103: somnia's janitor thresholds)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

from prompt_budget.lint.engine import all_rules, precheck
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: A usage record of ``{unit}``, its share a property (``None`` for an unknown limit).
USAGE = (
    "# the usage of a model's context, beside its max_tokens (a file the lint reads whatever the unit)\n"
    "class Usage:\n    def __init__(self, used_{unit}, max_{unit}):\n        self.used_{unit} = used_{unit}\n"
    "        self.max_{unit} = max_{unit}\n\n    @property\n    def share(self):\n"
    "        if not self.max_{unit}:\n            return None\n        return self.used_{unit} / self.max_{unit}\n"
)

AGENT = (
    "from pkg.usage import Usage  # a file the lint reads: it names max_tokens\n\n\nclass Agent:\n    FORCE_LEVEL = 0.7\n    QUIET_LEVEL = 0.45\n\n"
    "    def force(self, usage: Usage) -> bool:\n        level = usage.share\n"
    "        return level is not None and level >= self.FORCE_LEVEL\n\n"
    "    def quiet(self, usage: Usage) -> bool:\n        return usage.share <= self.QUIET_LEVEL\n"
)


def _lint(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    return [(f.path, f.line, f.code, f.value) for f in lint_package(tmp_path, files) if f.code == "PB105"]


def test_a_ratio_compared_with_another_modules_share_of_tokens_is_reported(tmp_path: Path) -> None:
    got = _lint(tmp_path, {"usage.py": USAGE.format(unit="tokens"), "agent.py": AGENT})
    assert got == [("pkg/agent.py", 5, "PB105", 0.7), ("pkg/agent.py", 6, "PB105", 0.45)]


def test_a_share_of_other_units_or_no_share_is_not(tmp_path: Path) -> None:
    """A share of lines, messages, chars, bytes, seconds, memory, cost or price; a getter returning no
    division: nothing is reported."""
    for unit in OTHER_UNITS:
        (tmp_path / unit).mkdir()
        assert precheck(USAGE.format(unit=unit), all_rules())  # read, so the unit is what keeps it quiet
        assert _lint(tmp_path / unit, {"usage.py": USAGE.format(unit=unit), "agent.py": AGENT}) == []
    plain = "class Usage:\n    @property\n    def share(self):\n        return self.used_tokens\n"
    (tmp_path / "plain").mkdir()
    assert _lint(tmp_path / "plain", {"usage.py": plain, "agent.py": AGENT}) == []
