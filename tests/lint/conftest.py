"""Helpers for the lint tests: lint a snippet with chosen rules, without touching the file system."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest

from prompt_budget.lint.engine import all_rules, allocate_keys, lint_source
from prompt_budget.lint.findings import Finding
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.rule import LintRule


def lint_snippet(
    code: str,
    rules: Sequence[type[LintRule]] | None = None,
    *,
    options: LintOptions | None = None,
    path: str = "example.py",
) -> list[Finding]:
    opts = options or LintOptions(root=Path("/nonexistent"))
    chosen = [r for r in (rules if rules is not None else all_rules()) if opts.enabled(r.CODE)]
    result = lint_source(textwrap.dedent(code), path, opts, chosen)
    return allocate_keys(list(result.findings), opts)


@pytest.fixture
def lint() -> object:
    return lint_snippet
