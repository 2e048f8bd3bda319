"""The reducer, checked with prompt_budget.history."""

from __future__ import annotations

from typing import Any

import pytest
from context_app.reducer import naive_reduce, reduce_history, should_run

from prompt_budget.history import HistoryCheckFailed, assert_reduced, count_history, should_reduce

LONG = "Observed 18°C with light rain; forecast unchanged for the next six hours. " * 8


def openai_history(rounds: int) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You plan trips. Be brief."}]
    for r in range(rounds):
        msgs.append({"role": "user", "content": f"Round {r}: weather in Paris and Rome?"})
        msgs.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"p{r}",
                        "type": "function",
                        "function": {"name": "weather", "arguments": '{"city": "Paris"}'},
                    },
                    {
                        "id": f"r{r}",
                        "type": "function",
                        "function": {"name": "weather", "arguments": '{"city": "Rome"}'},
                    },
                ],
            }
        )
        msgs.append({"role": "tool", "tool_call_id": f"p{r}", "content": "Paris: " + LONG})
        msgs.append({"role": "tool", "tool_call_id": f"r{r}", "content": "Rome: " + LONG})
        msgs.append({"role": "assistant", "content": f"Round {r}: both rainy."})
    msgs.append({"role": "user", "content": "So where should I go?"})
    return msgs


def anthropic_history(rounds: int) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = []
    for r in range(rounds):
        msgs.append({"role": "user", "content": f"Round {r}: weather in Paris and Rome?"})
        msgs.append(
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": f"p{r}", "name": "weather", "input": {"city": "Paris"}},
                    {"type": "tool_use", "id": f"r{r}", "name": "weather", "input": {"city": "Rome"}},
                ],
            }
        )
        msgs.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": f"p{r}", "content": "Paris: " + LONG},
                    {"type": "tool_result", "tool_use_id": f"r{r}", "content": "Rome: " + LONG},
                ],
            }
        )
        msgs.append({"role": "assistant", "content": f"Round {r}: both rainy."})
    msgs.append({"role": "user", "content": "So where should I go?"})
    return msgs


SYSTEM = "You plan trips. Be brief."
BUDGET = 1_000


@pytest.mark.parametrize(
    ("history", "system"),
    [(openai_history(6), None), (anthropic_history(6), SYSTEM)],
    ids=["openai", "anthropic"],
)
def test_reducer_fits_without_splitting_tool_calls(history: list[dict[str, Any]], system: str | None) -> None:
    assert count_history(history, system=system) > BUDGET
    # The app's trigger agrees with the helper's at 80 % of the budget.
    assert should_run(history, BUDGET, system=system) == bool(
        should_reduce(history, context_window=BUDGET, percent="80%", system=system)
    )
    after = reduce_history(history, BUDGET, system=system)
    checked = assert_reduced(history, after, BUDGET, system=system)
    assert checked.tokens_after <= BUDGET


def test_pinned_messages_survive() -> None:
    history = openai_history(6)
    history[1] = {**history[1], "pinned": True}
    after = reduce_history(history, BUDGET)
    assert_reduced(history, after, BUDGET, pinned=lambda i, m: bool(m.get("pinned")))


def test_a_naive_reducer_is_caught() -> None:
    history = openai_history(6)
    with pytest.raises(HistoryCheckFailed) as info:
        assert_reduced(history, naive_reduce(history, keep=4), BUDGET)
    assert any("lost its tool call" in p for p in info.value.problems)
