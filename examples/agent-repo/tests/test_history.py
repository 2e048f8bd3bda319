"""The history reducer, checked with prompt_budget.history."""

from __future__ import annotations

from typing import Any

import pytest
from agent.history import needs_reduction, reduce_history, turns
from agent.loop import ScriptedModel, double_charge, run
from agent.prompts import build_system_prompt

from prompt_budget.history import (
    HistoryCheckFailed,
    assert_reduced,
    count_history,
    remove_oldest,
    should_reduce,
    tool_groups,
)
from prompt_budget.turns import TurnBudget

BUDGET = 2_000


def conversation(tickets: int) -> list[dict[str, Any]]:
    """``tickets`` double-charge tickets worked one after another in one conversation."""
    messages = run("Ticket 0: INV-1042 charged twice?", ScriptedModel(double_charge("5000")), TurnBudget(),
                   system=build_system_prompt())  # fmt: skip
    for t in range(1, tickets):
        more = run(
            f"Ticket {t}: INV-1042 charged twice?",
            ScriptedModel(double_charge(f"{5000 + t}")),
            TurnBudget(),
            system="",
        )
        messages += more[1:]
    return messages


@pytest.fixture(scope="module")
def history() -> list[dict[str, Any]]:
    return conversation(4)


def test_turns_keep_tool_calls_with_their_results(history: list[dict[str, Any]]) -> None:
    assert turns(history) == tool_groups(history)


def test_trigger_agrees_with_should_reduce(history: list[dict[str, Any]]) -> None:
    for budget in (1_500, BUDGET, 3_000, 4_000):
        assert needs_reduction(history, budget) == bool(
            should_reduce(history, context_window=budget, percent="80%")
        ), budget


def test_reducer_fits_and_keeps_tool_calls_with_results(history: list[dict[str, Any]]) -> None:
    assert count_history(history) > BUDGET
    after = reduce_history(history, BUDGET)
    checked = assert_reduced(history, after, BUDGET)
    assert checked.tokens_after <= BUDGET
    assert after[0]["role"] == "system"
    # The same result as the reference strategy.
    assert tuple(after) == remove_oldest(history, BUDGET).messages


def test_a_reducer_that_splits_a_tool_call_is_caught(history: list[dict[str, Any]]) -> None:
    split = [history[0], *history[-4:]]  # starts at a tool result whose call was dropped
    with pytest.raises(HistoryCheckFailed) as info:
        assert_reduced(history, split, BUDGET)
    assert any("lost its tool call" in p for p in info.value.problems)
