"""A test file you can copy into your own project: prompt budgets with pytest-prompt-budget.

Install ``pytest-prompt-budget`` and run ``pytest -v`` (``-v`` prints the budget table) or
``pytest --prompt-budget-report=budget.md``. Caps here are given in each test; a project usually puts
them in ``pyproject.toml``::

    [tool.prompt_budget]
    tokenizer = "o200k_base"        # exact for OpenAI models; "chars4" etc. are estimates
    context_window = 128_000        # with the two below, the default cap of every check
    reserved_output = 4_000
    usable_fraction = 0.9
    threshold = "80%"               # warn (a PytestWarning) past 80% of a cap

    [tool.prompt_budget.sections]
    system_prompt = 1_500
    tools = 2_000

(This repository runs only ``tests/`` by default, ``testpaths = ["tests"]``; tests/plugin/test_example.py
copies this file into a fresh folder and runs it.)
"""

from __future__ import annotations

import pytest

import prompt_budget as pb
from prompt_budget.pytest_plugin import PromptBudget

SYSTEM_PROMPT = (
    "You are a support agent for Acme. Answer in two sentences or fewer. "
    "Use the lookup_order tool for any question about an order."
)

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "lookup_order",
            "description": "Look up an order by its number.",
            "parameters": {
                "type": "object",
                "properties": {
                    "order_id": {"type": "string", "description": "The order number, e.g. A-1234."}
                },
                "required": ["order_id"],
            },
        },
    }
]


def build_request(question: str, history: list[dict[str, object]] | None = None) -> dict[str, object]:
    """What the agent would send to the chat completions API (your code builds this)."""
    messages: list[dict[str, object]] = [{"role": "system", "content": SYSTEM_PROMPT}]
    messages += history or []
    messages.append({"role": "user", "content": question})
    return {"messages": messages, "tools": TOOLS}


def test_system_prompt_fits(prompt_budget: PromptBudget) -> None:
    # A plain string, with the cap given here: fails with a message that says by how much.
    prompt_budget.check(SYSTEM_PROMPT, 200, label="system prompt")


@pytest.mark.prompt_budget(max_tokens=400)
def test_whole_request_fits(prompt_budget: PromptBudget) -> None:
    # A whole request, counted as OpenAI counts it: per-message overhead, reply priming and the tool
    # definitions. The cap comes from the marker.
    verdict = prompt_budget.check(build_request("Where is order A-1234?"), label="first turn")
    assert verdict.usage.exact  # o200k_base is exact; estimates are reported as estimates


def test_tool_results_count_and_ephemeral_notes_do_not(prompt_budget: PromptBudget) -> None:
    history: list[dict[str, object]] = [
        {"role": "user", "content": "Where is order A-1234?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "lookup_order", "arguments": '{"order_id": "A-1234"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": '{"status": "shipped", "eta": "Friday"}'},
        # A note for your own bookkeeping that is never sent: marked ephemeral, not counted.
        {"role": "assistant", "content": "debug: " + "x" * 5_000, "ephemeral": True},
    ]
    request = build_request("And when will it arrive?", history)
    verdict = prompt_budget.check(request, 500, label="second turn")
    assert verdict.details["parts"]["tool_results"] > 0
    assert verdict.details["parts"]["ephemeral_messages_excluded"] == 1


@pytest.mark.prompt_budget(sections={"system_prompt": 200, "retrieved_docs": 300})
def test_sections(prompt_budget: PromptBudget) -> None:
    # Named sections, each with its own cap (from the marker here, usually from pyproject.toml), and
    # a total; a failure prints a table of every section, the offending ones first.
    prompt_budget.check_sections(
        {
            "system_prompt": SYSTEM_PROMPT,
            "retrieved_docs": "Orders ship within two business days. " * 10,
            "history": "user: hi\nassistant: hello",
        },
        total=1_000,
    )


def test_outside_the_fixture() -> None:
    # The same check anywhere (a script, a notebook): raises BudgetExceeded (an AssertionError).
    pb.assert_within_budget(SYSTEM_PROMPT, 200, tokenizer="o200k_base")
    with pytest.raises(pb.BudgetExceeded, match="exceeds its cap of 10 tokens"):
        pb.assert_within_budget(SYSTEM_PROMPT, 10)
