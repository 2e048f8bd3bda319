"""The turn_budget fixture through pytester: serial, under xdist with two workers, and with xdist off.

One pytester run per variant covers every scenario (within budget, over budget, an overrun the agent
swallowed, checkpoint nudges), to keep the subprocess count down."""

from __future__ import annotations

import json
from typing import Any

import pytest

AGENT = '''
def run_agent(tools, steps, budget=None):
    """A toy agent: each step is one turn calling the named tools."""
    for names in steps:
        if budget is not None:
            budget.record_turn()
        for name in names:
            tools[name]("query")
'''

TESTS = """
from agent import run_agent

def search(q):
    return "results"

def test_small_task(turn_budget):
    tb = turn_budget(max_calls=5, max_turns=3)
    run_agent({"search": tb.wrap(search)}, [["search"], ["search", "search"]], tb)
    assert tb.calls == 3

def test_fed_messages(turn_budget):
    tb = turn_budget(max_calls=10)
    tb.feed({"role": "assistant", "content": [{"type": "tool_use", "id": "1", "name": "read", "input": {}}]})

def test_runaway(turn_budget):
    tb = turn_budget(max_calls=2)
    run_agent({"search": tb.wrap(search)}, [["search", "search", "search"]])

def test_agent_catches_tool_errors(turn_budget):
    tb = turn_budget(max_turns=1)
    for _ in range(3):
        try:
            tb.record_turn()
        except Exception:
            pass  # an agent loop that swallows tool errors

def test_nudges(turn_budget):
    nudges = []
    tb = turn_budget(max_turns=5, checkpoints=["40%", "80%"],
                     on_checkpoint=lambda cp: nudges.append(f"turn {cp.used}/{cp.allocated}: are you done?") or "nudged")
    for _ in range(5):
        tb.record_turn()
    assert nudges == ["turn 2/5: are you done?", "turn 4/5: are you done?"]
    assert [c.result for c in tb.reached] == ["nudged", "nudged"]
"""


def turns_records(report: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(c["nodeid"].split("::")[1], c["unit"]): c for c in report["checks"] if c["kind"] == "turns"}


def test_turn_budget_fixture(pytester: pytest.Pytester, xdist_args: list[str]) -> None:
    pytester.makepyfile(agent=AGENT, test_agent=TESTS)
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "-p", "no:randomly", "--prompt-budget-report=report.json", *xdist_args
    )
    # test_agent_catches_tool_errors passes its call phase and errors at teardown.
    result.assert_outcomes(passed=4, failed=1, errors=1)
    result.stdout.fnmatch_lines(
        ["*BudgetExceeded: tool call 3 (search) exceeds the budget of 2 tool calls; used so far: 2 calls*"]
    )
    result.stdout.fnmatch_lines(["*turn 2 exceeds the budget of 1 turn;*(and 1 more past the cap)*"])
    records = turns_records(json.loads((pytester.path / "report.json").read_text()))
    summary = {k: (r["tokens"], r["max_tokens"], r["status"]) for k, r in records.items()}
    assert summary == {
        ("test_small_task", "calls"): (3, 5, "pass"),
        ("test_small_task", "turns"): (2, 3, "pass"),
        ("test_fed_messages", "calls"): (1, 10, "pass"),
        ("test_fed_messages", "turns"): (1, None, "pass"),
        ("test_runaway", "calls"): (3, 2, "fail"),
        ("test_agent_catches_tool_errors", "turns"): (3, 1, "fail"),
        ("test_nudges", "turns"): (5, 5, "pass"),
    }
    small = records[("test_small_task", "calls")]
    assert small["by_tool"] == {"search": 3}
    assert [cp["fraction"] for cp in small["checkpoints"]] == [0.2, 0.4, 0.6]
    assert records[("test_runaway", "calls")]["refused"] == 1
    nudges = records[("test_nudges", "turns")]["checkpoints"]
    assert [(cp["fraction"], cp["used"], cp["result"]) for cp in nudges] == [
        (0.4, 2, "nudged"),
        (0.8, 4, "nudged"),
    ]
