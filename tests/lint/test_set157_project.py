"""Sets 157 and 158 (issue 19), the project-wide half of PB105: a fraction a config class keeps as a field's
default written through pydantic's ``Field(default=0.8, gt=0, le=1)`` (not only as a bare ``0.8``), which another
module multiplies by the config's context window, is a share of that window (set 157: hello-agents'
``Config.compression_threshold`` read as ``int(self.config.context_window * self.config.compression_threshold)``;
``read_fractions``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

CONFIG = (
    "from pydantic import BaseModel, Field\n\n\nclass Config(BaseModel):\n"
    "    {budget}: int = Field(default=128000, gt=0)\n"
    "    compression_threshold: float = {declared}\n"
)
AGENT = (
    "class Agent:\n    def __init__(self, config):\n        self.config = config\n\n"
    "    def should_compress(self, used):\n"
    "        return used > int(self.config.{budget} * self.config.compression_threshold)\n"
)


@pytest.mark.parametrize(
    "declared", ["0.8", "Field(default=0.8, gt=0, le=1)", "Field(0.8, description='share')"]
)
def test_a_field_fraction_read_as_a_share_of_the_window(tmp_path: Path, declared: str) -> None:
    files = {
        "__init__.py": "",
        "config.py": CONFIG.format(budget="context_window", declared=declared),
        "agent.py": AGENT.format(budget="context_window"),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == [("pkg/config.py", 6)]


@pytest.mark.parametrize("budget", ["max_lines", "page_size"])
def test_a_field_fraction_of_another_amount_is_not(tmp_path: Path, budget: str) -> None:
    files = {
        "__init__.py": "",
        "config.py": CONFIG.format(budget=budget, declared="Field(default=0.8, gt=0, le=1)"),
        "agent.py": AGENT.format(budget=budget),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == []


BUDGETS = (
    "from pydantic import BaseModel\n\n\nclass {cls}(BaseModel):\n"
    "    planner: int = 16384\n    think: int = 8192\n    summary: int = 4096\n"
    "    timeout_seconds: int = 120\n    max_retries: int = 30\n"
)
EXECUTOR = (
    "class Executor:\n    def plan(self, llm):\n"
    "        return llm.complete(max_tokens=self._settings.budgets.planner)\n\n"
    "    def budget(self, kind):\n        budgets = self._settings.budgets\n"
    "        return {'think': budgets.think, 'summary': budgets.summary}[kind]\n"
)


def test_the_other_fields_of_a_class_of_limits_read_as_token_budgets(tmp_path: Path) -> None:
    """Set 157 (glassrail's ``NodeBudgets``): ``planner`` is read into ``max_tokens=``; ``think`` and
    ``summary``, read through a table, are the same kind of setting; seconds and retries are not."""
    files = {"__init__.py": "", "settings.py": BUDGETS.format(cls="NodeBudgets"), "executor.py": EXECUTOR}
    assert reported_lines(lint_package(tmp_path, files), "PB102") == [
        ("pkg/settings.py", 5),
        ("pkg/settings.py", 6),
        ("pkg/settings.py", 7),
    ]


@pytest.mark.parametrize("cls", ["NodeSettings", "NodeConfig"])
def test_a_class_not_named_for_limits_keeps_only_the_field_read(tmp_path: Path, cls: str) -> None:
    files = {"__init__.py": "", "settings.py": BUDGETS.format(cls=cls), "executor.py": EXECUTOR}
    assert reported_lines(lint_package(tmp_path, files), "PB102") == [("pkg/settings.py", 5)]


QUOTAS = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass TenantQuotas:\n"
    "    max_tokens_per_month: int = 20_000_000\n    {sibling}: int = {value}\n"
)
QUOTA_READER = "def check(quotas, used_tokens):\n    return used_tokens < quotas.max_tokens_per_month\n"


def test_a_sibling_naming_no_tokens_beside_fields_named_for_tokens_counts_something_else(
    tmp_path: Path,
) -> None:
    """Set 413 (reflection-agent's ``TenantQuotas``): ``max_tokens_per_month`` is read against a count of
    tokens; ``max_skills = 20`` beside it counts skills, while ``max_tokens_per_day`` is a budget too."""
    for sibling, value, expected in (
        ("max_skills", 20, [("pkg/quotas.py", 6)]),
        ("max_tokens_per_day", 1_000_000, [("pkg/quotas.py", 6), ("pkg/quotas.py", 7)]),
    ):
        files = {
            "__init__.py": "",
            "quotas.py": QUOTAS.format(sibling=sibling, value=value),
            "reader.py": QUOTA_READER,
        }
        (tmp_path / sibling).mkdir()
        assert reported_lines(lint_package(tmp_path / sibling, files), "PB102") == expected


def test_roles_beside_a_field_named_for_tokens_are_still_its_slices(tmp_path: Path) -> None:
    """kaiwen-agent's ``ContextBudget``: ``max_total_tokens`` read against a count of tokens, and ``memory =
    4000`` beside it, a role's slice of that budget (the reading of set 413 must not drop it)."""
    files = {
        "__init__.py": "",
        "quotas.py": QUOTAS.replace("TenantQuotas", "ContextBudget").format(sibling="memory", value=4000),
        "reader.py": QUOTA_READER,
    }
    assert reported_lines(lint_package(tmp_path, files), "PB102") == [
        ("pkg/quotas.py", 6),
        ("pkg/quotas.py", 7),
    ]
