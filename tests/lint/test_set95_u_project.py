"""Sets 95 and 96 (issue 19), the project-wide half of PB105 (tuner U): a fraction a config class holding
a field named as a budget keeps as a field's default, which another module reads as the factor of that
window, also through a local bound once to it (``context_cap = config.context_window_cap`` ...
``context_cap * config.low_watermark_ratio``), is a share of the window (``read_fractions._fields``; set
96: py-agent-framework's watermark ratios)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

MODELS = (
    "from pydantic import BaseModel\n\n\n"
    "class ContextConfig(BaseModel):\n    low_watermark_ratio: float = 0.6\n"
    "    high_watermark_ratio: float = 0.75\n    protect_turns: int = 5\n    {budget}: int = {window}\n"
)
CONTEXT = (
    "from .models import ContextConfig\n\n\n"
    "def prepare(messages, config: ContextConfig):\n    context_cap = config.{budget}\n"
    "    low_mark = context_cap * config.low_watermark_ratio\n"
    "    high_mark = context_cap * config.high_watermark_ratio\n"
    "    total = count_tokens(messages)\n    return total > high_mark, total > low_mark\n"
)


def test_a_config_fields_fraction_read_as_a_share_of_its_window(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "models.py": MODELS.format(budget="context_window_cap", window="128_000"),
        "context.py": CONTEXT.format(budget="context_window_cap"),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == [
        ("pkg/models.py", 5),
        ("pkg/models.py", 6),
    ]


@pytest.mark.parametrize(
    "unit", ["lines", "messages", "chars", "bytes", "seconds", "memory", "cost", "price"]
)
def test_a_fraction_of_a_cap_in_another_unit_is_no_budget_ratio(tmp_path: Path, unit: str) -> None:
    files = {
        "__init__.py": "",
        "models.py": MODELS.format(budget=f"max_{unit}", window="1000"),
        "context.py": CONTEXT.format(budget=f"max_{unit}").replace("context_cap", f"{unit}_cap"),
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == []


def test_a_fraction_no_module_multiplies_by_a_window_is_not_reported(tmp_path: Path) -> None:
    context = CONTEXT.format(budget="context_window_cap").replace("context_cap *", "len(messages) *")
    files = {
        "__init__.py": "",
        "models.py": MODELS.format(budget="context_window_cap", window="128_000"),
        "context.py": context,
    }
    assert reported_lines(lint_package(tmp_path, files), "PB105") == []
