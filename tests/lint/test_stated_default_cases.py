"""PB102's cases of a parameter whose docstring states its default in tokens (``pb102_stated_default_cases``)."""

from __future__ import annotations

import pytest
from lint_helpers import lint_snippet

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb102_budget_constant import BudgetConstant
from prompt_budget.lint.rules.pb102_stated_default_cases import STATED_DEFAULT_INVALID, STATED_DEFAULT_VALID


@pytest.mark.parametrize("case", STATED_DEFAULT_VALID)
def test_valid(case: Valid) -> None:
    assert lint_snippet(case.code, [BudgetConstant]) == []


@pytest.mark.parametrize("case", STATED_DEFAULT_INVALID)
def test_invalid(case: Invalid) -> None:
    findings = [f for f in lint_snippet(case.code, [BudgetConstant]) if f.code == "PB102"]
    assert len(findings) == case.count, findings
    if case.line is not None:
        assert findings[0].line == case.line
    if case.key is not None:
        assert findings[0].key == case.key
