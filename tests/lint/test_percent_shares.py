"""A percent bound in one module and read in another as a percent of a token budget (``percent_shares``,
PB105's project-wide pass; set 79: hiveloom's ``trigger_at_pct``, set 77: devagent's ``warn_at_percent``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

SCHEMA = "class CompactionConfig(BaseModel):\n    trigger_at_pct: int = Field(default=80, ge=1, le=100)\n"
MANAGER = (
    "class Manager:\n"
    "    def due(self):\n"
    "        budget = self._config.max_input_tokens\n"
    "        trigger = budget * self._config.compaction.trigger_at_pct / 100\n"
    "        return self.estimated_input_tokens() > trigger\n"
)


def _found(findings: list) -> list[tuple[str, int, object]]:
    return [(f.path, f.line, f.value) for f in findings if f.code == "PB105"]


def test_a_percent_read_as_a_share_of_a_budget_in_another_module_is_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "schema.py": SCHEMA, "manager.py": MANAGER})
    assert _found(found) == [("pkg/schema.py", 2, 80)]


def test_a_percent_read_as_a_share_of_something_else_is_not(tmp_path: Path) -> None:
    other = MANAGER.replace("max_input_tokens", "max_disk_bytes").replace(
        "estimated_input_tokens", "disk_used"
    )
    found = lint_package(tmp_path, {"__init__.py": "", "schema.py": SCHEMA, "manager.py": other})
    assert _found(found) == []


def test_a_percent_of_another_name_is_not_joined(tmp_path: Path) -> None:
    other = MANAGER.replace("trigger_at_pct", "warn_at_pct")
    found = lint_package(tmp_path, {"__init__.py": "", "schema.py": SCHEMA, "manager.py": other})
    assert _found(found) == []


MONITOR = (
    "CONTEXT_SUMMARY_TRIGGER_PCT = 80\n\n\n"
    "def monitor(window, {used}):\n"
    "    pct = {used} * 100 // window\n"
    "    if pct < CONTEXT_SUMMARY_TRIGGER_PCT:\n"
    "        return None\n"
    "    return pct\n"
)


def test_a_percent_compared_with_a_count_of_tokens_scaled_by_a_hundred_first_is_reported(
    tmp_path: Path,
) -> None:
    """``used_tokens * 100 // window``: the hundred before the division (set 114: miniouto's context monitor)."""
    found = lint_package(tmp_path, {"__init__.py": "", "monitor.py": MONITOR.format(used="used_tokens")})
    assert _found(found) == [("pkg/monitor.py", 1, 80)]


def test_a_percent_of_something_else_scaled_by_a_hundred_first_is_not(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "monitor.py": MONITOR.format(used="used_bytes")})
    assert _found(found) == []
