"""Turn and tool-call budgets show their unit in the session report, not under a tokenizer."""

from __future__ import annotations

import pytest


def test_turn_records_show_calls_and_turns_with_their_unit(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        def test_agent(turn_budget, prompt_budget):
            budget = turn_budget(max_calls=5, max_turns=4)
            search = budget.wrap(lambda q: q, name="search")
            for q in ("a", "b", "c"):
                search(q)
            budget.record_turn()
            prompt_budget.check("hello world", 100, label="prompt")
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "--prompt-budget-report=report.md")
    result.assert_outcomes(passed=1)
    md = (pytester.path / "report.md").read_text()
    rows = [line for line in md.splitlines() if line.startswith("|") and "test_agent" in line]
    calls = next(r for r in rows if "turn_budget calls" in r)
    turns = next(r for r in rows if "turn_budget turns" in r)
    prompt = next(r for r in rows if "| prompt |" in r)
    assert "| - | 3 calls | 5 calls |" in calls
    assert "| - | 1 turn | 4 turns |" in turns
    assert "| o200k_base | 2 | 100 |" in prompt
