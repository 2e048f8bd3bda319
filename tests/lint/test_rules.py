"""Every rule's own VALID and INVALID cases, turned into tests (as fixit does)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import fix_snippet, lint_snippet

from prompt_budget.lint.rule import Invalid, LintRule, Valid
from prompt_budget.lint.rules import BUILTIN_RULES


def _cases(kind: str) -> list[object]:
    out = []
    for rule in BUILTIN_RULES:
        for i, case in enumerate(getattr(rule, kind)):
            out.append(pytest.param(rule, case, id=f"{rule.CODE}-{kind.lower()}-{i}"))
    return out


@pytest.mark.parametrize(("rule", "case"), _cases("VALID"))
def test_valid(rule: type[LintRule], case: Valid) -> None:
    findings = lint_snippet(case.code, [rule])
    assert findings == [], f"{rule.CODE} reported valid code:\n{case.code}\n{findings}"


@pytest.mark.parametrize(("rule", "case"), _cases("INVALID"))
def test_invalid(rule: type[LintRule], case: Invalid) -> None:
    findings = [f for f in lint_snippet(case.code, [rule]) if f.code == rule.CODE]
    assert len(findings) == case.count, f"{rule.CODE} on:\n{case.code}\ngot {findings}"
    if case.line is not None:
        assert findings[0].line == case.line
    if case.key is not None:
        assert findings[0].key == case.key
    for f in findings:
        assert f.message
        assert f.rule == rule.NAME
        assert f.suggestion, "every finding suggests a config key or says what to do"


def _fix_cases() -> list[object]:
    return [
        pytest.param(rule, case, id=f"{rule.CODE}-fix-{i}")
        for rule in BUILTIN_RULES
        for i, case in enumerate(rule.INVALID)
        if case.fixed is not None
    ]


@pytest.mark.parametrize(("rule", "case"), _fix_cases())
def test_invalid_fix(rule: type[LintRule], case: Invalid, tmp_path: Path) -> None:
    fixed, config = fix_snippet(case.code, tmp_path, [rule])
    assert fixed == case.fixed
    assert "[tool.prompt_budget.values" in config
    # fixing again finds nothing left to move
    assert lint_snippet(fixed, [rule]) == []


def test_every_rule_has_a_fix_case() -> None:
    fixable = [r for r in BUILTIN_RULES if r.CODE not in {"PB108", "PB109"}]
    assert all(any(c.fixed for c in r.INVALID) for r in fixable)


@pytest.mark.parametrize("rule", BUILTIN_RULES, ids=lambda r: r.CODE)
def test_rule_is_documented_and_has_cases(rule: type[LintRule]) -> None:
    assert rule.CODE.startswith("PB1")
    assert len(rule.CODE) == 5
    assert rule.__doc__
    assert rule.SUMMARY
    assert rule.NAME
    assert rule.VALID, "each rule carries code it must not report"
    if not rule.PROJECT_WIDE:
        assert rule.INVALID, "each rule carries code it must report"


def test_codes_and_names_are_unique() -> None:
    assert len({r.CODE for r in BUILTIN_RULES}) == len(BUILTIN_RULES)
    assert len({r.NAME for r in BUILTIN_RULES}) == len(BUILTIN_RULES)
