"""A config class's field handed under its own name to a class whose field of that name is a token budget
(``prompt_budget.lint.handed_fields``; set 73: firstcoder's ``ContextCompactionConfig``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, package_rows, rows

PIPELINE = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Pipeline:\n    bulky_tool_result_tokens: int = 1200\n\n"
    "    def run(self, parts):\n        return [p for p in parts if count_tokens(p) > self.bulky_tool_result_tokens]\n"
)
CONFIG = "from dataclasses import dataclass\n\n@dataclass\nclass Settings:\n    bulky_tool_result_tokens: int = 1_200\n"
MANAGER = (
    "from .pipeline import Pipeline\n\nclass Manager:\n    def __init__(self, config):\n"
    "        self.pipeline = Pipeline(bulky_tool_result_tokens=config.bulky_tool_result_tokens)\n"
)


def test_a_field_handed_to_a_budget_field_is_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"pipeline.py": PIPELINE, "config.py": CONFIG, "manager.py": MANAGER})
    assert rows(found) == [("config.py", 5, "PB102", 1200), ("pipeline.py", 5, "PB102", 1200)]
    handed = next(f for f in found if f.path.endswith("config.py"))
    assert "handed to `Pipeline()` as its `bulky_tool_result_tokens`" in handed.message
    assert "pkg/manager.py:5" in handed.message


def test_a_field_handed_to_a_class_whose_field_is_no_budget_is_not_reported(tmp_path: Path) -> None:
    pipeline = "from dataclasses import dataclass\n\n@dataclass\nclass Pipeline:\n    bulky_tool_result_tokens: int = 1200\n"
    files = {"pipeline.py": pipeline, "config.py": CONFIG, "manager.py": MANAGER}
    assert package_rows(tmp_path, files) == []


def test_reads_in_tests_and_fields_of_two_other_classes_are_left(tmp_path: Path) -> None:
    test = MANAGER.replace("class Manager", "class TestManager")
    files = {"pipeline.py": PIPELINE, "config.py": CONFIG, "test_manager.py": test}
    (tmp_path / "one").mkdir()
    assert rows(lint_package(tmp_path / "one", files)) == [("pipeline.py", 5, "PB102", 1200)]
    other = CONFIG.replace("Settings", "OtherSettings")
    files = {"pipeline.py": PIPELINE, "config.py": CONFIG, "other.py": other, "manager.py": MANAGER}
    (tmp_path / "two").mkdir()
    assert rows(lint_package(tmp_path / "two", files)) == [("pipeline.py", 5, "PB102", 1200)]
