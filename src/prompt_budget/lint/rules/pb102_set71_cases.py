"""PB102's cases from sets 71 and 72 (issue 19), kept apart from the rule to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET71_VALID = (
    # a comment only restating the name says nothing of its unit (set 72: fennec-rag's RAGConfig)
    Valid(
        "from dataclasses import dataclass\n\n@dataclass\nclass RAGConfig:\n"
        "    context_max_length: int = 4000  # Maximum context length\n"
    ),
)

SET71_INVALID = (
    # a comment saying more than the name: the unit
    Invalid(
        "from dataclasses import dataclass\n\n@dataclass\nclass RAGConfig:\n"
        "    context_max_length: int = 4000  # Maximum context length in tokens\n",
        line=5,
    ),
)
