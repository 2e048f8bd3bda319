"""The tool loop, capped with the turn_budget fixture; its requests checked with the prompt_budget fixture."""

from __future__ import annotations

from typing import Any

import pytest
from agent.loop import DOUBLE_CHARGE, OUT_OF_TURNS, ScriptedModel, run, tool_call
from agent.prompts import build_system_prompt
from agent.tools import TOOL_SPECS

from prompt_budget import BudgetExceeded

QUESTION = "Northwind Traders says INV-1042 was charged twice. What happened and what do we do?"


def test_double_charge_ticket_within_its_turns(turn_budget: Any, prompt_budget: Any) -> None:
    budget = turn_budget(max_turns=4, max_calls=4)
    model = ScriptedModel(DOUBLE_CHARGE)
    messages = run(QUESTION, model, budget, system=build_system_prompt())
    assert [m["role"] for m in messages] == [
        "system", "user", "assistant", "tool", "tool", "assistant", "tool", "assistant",
    ]  # fmt: skip
    assert [m["tool_call_id"] for m in messages if m["role"] == "tool"] == [
        "call_4471_1",
        "call_4471_2",
        "call_4471_3",
    ]
    assert "pa_302" in messages[4]["content"]
    assert "refunds-and-credits §1. Which instrument to use" in messages[6]["content"]
    assert (budget.turns, budget.calls) == (3, 3)
    # The largest request the model was sent (the last), tool definitions included, against the usable
    # budget of pyproject.toml (context window x usable_fraction).
    prompt_budget.check(model.requests[-1], label="largest request")
    prompt_budget.check({"messages": messages, "tools": TOOL_SPECS}, label="full conversation")


def test_loop_stops_at_its_turn_cap(turn_budget: Any) -> None:
    budget = turn_budget(max_turns=3)
    again = {
        "role": "assistant",
        "content": None,
        "tool_calls": [tool_call("c", "search_docs", '{"query": "x"}')],
    }
    messages = run(QUESTION, ScriptedModel([again]), budget, system="You are Ledger Support.")
    assert budget.turns == 3
    assert messages[-1] == {"role": "assistant", "content": OUT_OF_TURNS}


def test_a_tool_call_past_the_cap_stops_the_loop(turn_budget: Any) -> None:
    budget = turn_budget(max_calls=2)
    with pytest.raises(BudgetExceeded, match=r"tool call 3 \(search_docs\) exceeds the budget of 2"):
        run(QUESTION, ScriptedModel(DOUBLE_CHARGE), budget, system="You are Ledger Support.")
    budget.failures.clear()  # raised on purpose: do not fail the test at teardown
