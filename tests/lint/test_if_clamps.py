"""A clamp written as an ``if`` is reported once by the whole rule set (``if_clamps``; set 262: aient): at the
test's number when no rule took the clamp, and not again when the data flow reported the body's number as the
budget it is handed on as."""

from __future__ import annotations

from lint_helpers import lint_snippet

FLOWED = """\
def ask(client, limit):
    if limit > 4096:
        limit = 4096
    return client.messages.create(max_tokens=limit)
"""
WRITTEN = """\
def payload(cfg, value):
    if value > 65536:
        value = 65536
    cfg["maxOutputTokens"] = value
    return cfg
"""


def test_a_clamp_the_data_flow_reports_is_reported_once() -> None:
    findings = lint_snippet(FLOWED)
    assert [(f.code, f.line) for f in findings] == [("PB102", 3)]


def test_a_clamp_written_under_a_budget_key_is_reported_at_its_test_and_not_fixable() -> None:
    findings = lint_snippet(WRITTEN)
    assert [(f.code, f.line, f.column) for f in findings] == [("PB103", 2, 16)]
    assert not findings[0].fixable
    assert 'caps `value`, written as "maxOutputTokens" at line 4' in findings[0].message
    assert findings[0].suggestion == "move 65536 into [tool.prompt_budget.values] by hand"
