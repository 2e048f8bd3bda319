"""Builds the prompt for each model call from named sections under one token budget."""

from __future__ import annotations

from prompt_budget import assemble
from prompt_budget.truncation import Assembled

PROMPT_BUDGET = 1_200

SECTION_CAPS = {"semantic_search": 400, "stream_buffer": 300}
MODES = {
    "stream_buffer": "start:lines",  # keep the newest lines of the live stream
    "semantic_search": "end",
    "tools": "drop",  # tool definitions go whole or not at all
}


def build_prompt(
    system: str,
    working_memory: str,
    stream: str,
    search_hits: list[str],
    tools: str,
    budget: int = PROMPT_BUDGET,
) -> Assembled:
    sections = {
        "system": system,
        "working_memory": working_memory,
        "stream_buffer": stream,
        "semantic_search": "\n---\n".join(search_hits),
        "tools": tools,
    }
    return assemble(sections, budget, modes=MODES, caps=SECTION_CAPS, pinned=["system"])
