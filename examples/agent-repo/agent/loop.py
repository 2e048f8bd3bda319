"""The tool loop: ask the model, run the tools it calls, feed the results back, until it answers.

The model is any callable ``(messages, tools) -> assistant message`` in the OpenAI chat shape;
``ScriptedModel`` replays canned replies, so the loop runs without a network. The loop is capped by
the turn budget passed in (``prompt_budget.turns.TurnBudget``, or the ``turn_budget`` fixture in
tests): it stops asking the model once ``remaining_turns`` is 0, and every tool call is counted, which
raises ``BudgetExceeded`` past the budget's ``max_calls``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from agent.tools import TOOL_SPECS, call_tool

Message = dict[str, Any]
Model = Callable[[list[Message], list[dict[str, Any]]], Message]

OUT_OF_TURNS = "I could not finish within my turn budget; here is what I found so far."


class Budget(Protocol):
    @property
    def remaining_turns(self) -> int | None: ...

    def record_turn(self, n: int = 1) -> None: ...

    def record_call(self, name: str = "tool", n: int = 1) -> None: ...


class ScriptedModel:
    """Replays ``replies`` in order (the last one again once they run out)."""

    def __init__(self, replies: Sequence[Message]) -> None:
        self.replies = list(replies)
        self.requests: list[dict[str, Any]] = []

    def __call__(self, messages: list[Message], tools: list[dict[str, Any]]) -> Message:
        self.requests.append({"messages": list(messages), "tools": tools})
        return dict(self.replies[min(len(self.requests), len(self.replies)) - 1])


def tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def run(question: str, model: Model, budget: Budget, *, system: str) -> list[Message]:
    """The conversation after the agent answered ``question`` (or ran out of turns)."""
    messages: list[Message] = [
        {"role": "system", "content": system},
        {"role": "user", "content": question},
    ]
    while True:
        if budget.remaining_turns == 0:
            messages.append({"role": "assistant", "content": OUT_OF_TURNS})
            return messages
        budget.record_turn()
        reply = model(messages, TOOL_SPECS)
        messages.append(reply)
        calls = reply.get("tool_calls") or []
        if not calls:
            return messages
        for call in calls:
            name = call["function"]["name"]
            budget.record_call(name)
            result = call_tool(name, call["function"]["arguments"])
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": result})


def double_charge(ticket: str = "4471") -> list[Message]:
    """The replies for a double-charge ticket: look the invoice and its payments up, read the refund
    policy, answer. Tool call ids are ``call_{ticket}_1`` to ``call_{ticket}_3``."""
    ids = f"call_{ticket}"
    return [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                tool_call(f"{ids}_1", "lookup_invoice", '{"invoice": "INV-1042"}'),
                tool_call(f"{ids}_2", "list_payments", '{"invoice": "INV-1042"}'),
            ],
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [tool_call(f"{ids}_3", "search_docs", '{"query": "double charge"}')],
        },
        {
            "role": "assistant",
            "content": (
                f"Ticket {ticket}. Finding: INV-1042 (EUR 1,250.00) was charged twice, pa_301 and pa_302 one minute apart. "
                "Proposed action: refund pa_302 in full (refunds §1.1: a double charge is refunded, not "
                "credited). Severity S2 per the triage skill."
            ),
        },
    ]


DOUBLE_CHARGE = double_charge()
