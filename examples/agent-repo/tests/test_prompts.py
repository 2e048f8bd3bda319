"""The system prompt builder, checked with the prompt_budget fixture against the caps in pyproject.toml."""

from __future__ import annotations

from typing import Any

from agent.prompts import build_system_prompt, sections

import prompt_budget as pb


def test_system_prompt_fits_its_budget(prompt_budget: Any) -> None:
    prompt = build_system_prompt()
    # The same budget the builder used: [tool.prompt_budget.values] system_prompt_tokens.
    prompt_budget.check(prompt, max_tokens=pb.value("system_prompt_tokens"), label="system prompt")
    assert prompt.parts["instructions"].startswith("You are Ledger Support")


def test_every_section_fits_its_cap_before_assembly(prompt_budget: Any) -> None:
    # The sources as written, not cut: a cap in [tool.prompt_budget.sections] that one of them breaks
    # means the builder is silently truncating it in production.
    prompt_budget.check_sections(sections(), label="system prompt sections")
    actions = {s.name: s.action for s in build_system_prompt().receipt.sections}
    assert actions == {"instructions": "kept", "skills": "kept", "project": "kept"}


def test_skill_index_lists_every_skill_by_its_frontmatter() -> None:
    index = sections()["skills"].splitlines()[1:]
    assert [line.split(":")[0] for line in index] == [
        "- release-notes",
        "- triage-ticket",
        "- write-migration",
    ]
    assert "Classifies a billing support ticket by severity (S1-S4) and routes it." in index[1]


def test_a_short_budget_cuts_the_project_notes_first() -> None:
    prompt = build_system_prompt(budget=500)
    receipt = prompt.receipt
    assert receipt.total <= 500
    assert receipt.section("instructions").action == "kept"
    assert receipt.section("skills").action == "kept"
    assert receipt.section("project").action in ("cut", "truncated")
