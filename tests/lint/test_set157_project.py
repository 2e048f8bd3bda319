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
