"""The ``prompt_budget`` and ``turn_budget`` fixtures."""

from __future__ import annotations

from typing import Any

import pytest

__all__ = ["prompt_budget", "turn_budget"]


@pytest.fixture
def prompt_budget(request: pytest.FixtureRequest) -> Any:
    """Count and check prompts against token caps; every check is recorded for the session report."""
    raise NotImplementedError


@pytest.fixture
def turn_budget(request: pytest.FixtureRequest) -> Any:
    """Count an agent's tool calls or turns against a cap."""
    raise NotImplementedError
