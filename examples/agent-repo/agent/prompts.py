"""The support agent's system prompt, assembled from three named sections under one token budget:

- ``instructions``: ``prompts/system.md``, pinned (never cut);
- ``skills``: one line per skill, its ``name`` and ``description`` from the SKILL.md frontmatter (what
  Claude Code lists), read with the same frontmatter parser ``prompt-budget check`` uses;
- ``project``: ``CLAUDE.md``, the project notes, cut first (between lines) when the budget is short.

The budget comes from ``[tool.prompt_budget.values] system_prompt_tokens`` and each section's cap from
``[tool.prompt_budget.sections]`` in this repository's pyproject.toml, so the tests check the prompt
against the same figures the code uses.
"""

from __future__ import annotations

from pathlib import Path

import prompt_budget
from prompt_budget.files import parse_frontmatter
from prompt_budget.truncation import Assembled

ROOT = Path(__file__).resolve().parents[1]

#: Most important first: what is cut first when the budget is short is the last one.
PRIORITIES = ("instructions", "skills", "project")
MODES = {"instructions": "drop", "skills": "end:lines", "project": "end:lines"}


def skill_index(root: Path = ROOT) -> str:
    """``- name: description`` for each skill in ``.claude/skills/*/SKILL.md``."""
    lines = []
    for skill in sorted(root.glob(".claude/skills/*/SKILL.md")):
        fm = parse_frontmatter(skill.read_text(encoding="utf-8"))
        if fm is None:
            continue
        name = fm.data.get("name") or skill.parent.name
        description = " ".join(str(fm.data.get("description", "")).split())
        lines.append(f"- {name}: {description}")
    return "Skills you can load (ask for one by name):\n" + "\n".join(lines)


def sections(root: Path = ROOT) -> dict[str, str]:
    """The system prompt's sections, in the order they appear in the prompt."""
    return {
        "instructions": (root / "prompts" / "system.md").read_text(encoding="utf-8").strip(),
        "skills": skill_index(root),
        "project": (root / "CLAUDE.md").read_text(encoding="utf-8").strip(),
    }


def build_system_prompt(root: Path = ROOT, budget: int | None = None) -> Assembled:
    """The system prompt, within ``budget`` tokens (default: the configured ``system_prompt_tokens``)
    and each section within its configured cap. The result is a ``str`` with a ``receipt`` saying
    what was kept, cut or dropped."""
    config = prompt_budget.load_config(root / "pyproject.toml")
    if budget is None:
        budget = int(prompt_budget.value("system_prompt_tokens", config=config.path))
    return prompt_budget.assemble(
        sections(root),
        budget,
        priorities=PRIORITIES,
        modes=MODES,
        pinned=["instructions"],
        caps=dict(config.sections),
        tokenizer=config.tokenizer,
    )
