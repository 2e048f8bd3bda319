"""The prompt assembler, checked with the prompt_budget fixture, the receipt and turn_budget."""

from __future__ import annotations

from typing import Any

from context_app.assembler import PROMPT_BUDGET, build_prompt

SYSTEM = "You are a research assistant. Cite sources. Never invent numbers."
MEMORY = "User prefers short answers. Current task: compare three laptops for battery life."
STREAM = "".join(f"[12:{i:02d}] sensor reading {i}: battery 5{i % 10}%\n" for i in range(60))
HITS = [f"Review {i}: the laptop lasted {8 + i} hours in our video test. " * 12 for i in range(6)]
TOOLS = '{"name": "search", "description": "Search reviews", "parameters": {"type": "object"}}\n' * 30


def test_prompt_fits_and_keeps_the_system_prompt(prompt_budget: Any) -> None:
    prompt = build_prompt(SYSTEM, MEMORY, STREAM, HITS, TOOLS)
    prompt_budget.check(prompt, max_tokens=PROMPT_BUDGET, label="assembled prompt")
    assert prompt.parts["system"] == SYSTEM
    receipt = prompt.receipt
    assert receipt.section("system").action == "kept"
    # The stream keeps its newest lines, whole lines only.
    stream = prompt.parts["stream_buffer"]
    assert stream.endswith(STREAM.splitlines(keepends=True)[-1])
    assert receipt.section("stream_buffer").tokens_after <= 300
    # Search hits are cut to their cap; tool definitions went whole or not at all.
    assert receipt.section("semantic_search").tokens_after <= 400
    assert prompt.parts["tools"] in ("", TOOLS)


def test_a_small_budget_drops_the_lowest_priorities_first() -> None:
    prompt = build_prompt(SYSTEM, MEMORY, STREAM, HITS, TOOLS, budget=200)
    actions = {s.name: s.action for s in prompt.receipt.sections}
    assert actions["system"] == "kept"
    assert actions["working_memory"] == "kept"
    assert actions["tools"] == "dropped"


def test_agent_loop_stays_within_its_tool_calls(turn_budget: Any) -> None:
    tb = turn_budget(max_calls=4, max_turns=3)
    search = tb.wrap(lambda q: HITS[:2], name="search")
    hits: list[str] = []
    for question in ("battery", "weight"):
        tb.record_turn()
        hits += search(question)
    prompt = build_prompt(SYSTEM, MEMORY, STREAM, hits, TOOLS)
    assert prompt.receipt.total <= PROMPT_BUDGET
    assert tb.calls == 2
