"""The plugin's warning category, and warnings shown at the file they are about."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest


class PromptBudgetWarning(pytest.PytestWarning):
    """A check crossed its warning threshold (``threshold`` of its cap), or the report could not be
    written. Filter it like any pytest warning (``-W error::prompt_budget...``)."""


def warn_about(
    path: str | Path, message: str, category: type[PromptBudgetWarning] = PromptBudgetWarning, line: int = 0
) -> None:
    """A warning about a file, shown at that file (line 0: none in particular): the warnings summary
    then names it, not the line of prompt-budget that noticed."""
    warnings.warn_explicit(category(message), category, os.fspath(path), line)
