"""PB102's cases from sets 71 and 72 (issue 19), kept apart from the rule to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET71_VALID = (
    # a running total of what is no token count: items, characters
    Valid(
        "class Compaction:\n    PRUNE_PROTECT = 40_000\n\n    @classmethod\n    def prune(cls, parts):\n"
        "        total = 0\n        for part in parts:\n            total += len(part)\n"
        "            if total > cls.PRUNE_PROTECT:\n                return\n"
    ),
    # a comment only restating the name says nothing of its unit (set 72: fennec-rag's RAGConfig)
    Valid(
        "from dataclasses import dataclass\n\n@dataclass\nclass RAGConfig:\n"
        "    context_max_length: int = 4000  # Maximum context length\n"
    ),
)

SET71_INVALID = (
    # class constants compared with running totals of token counts (set 71: hotaru-code's compaction)
    Invalid(
        "class Compaction:\n    PRUNE_MINIMUM = 20_000\n    PRUNE_PROTECT = 40_000\n\n"
        "    @classmethod\n    def prune(cls, parts):\n        total = 0\n        pruned = 0\n"
        "        for part in parts:\n            estimate = cls.estimate_tokens(part)\n"
        "            total += estimate\n            if total > cls.PRUNE_PROTECT:\n"
        "                pruned += estimate\n        if pruned <= cls.PRUNE_MINIMUM:\n            return\n",
        count=2,
    ),
    # a comment saying more than the name: the unit
    Invalid(
        "from dataclasses import dataclass\n\n@dataclass\nclass RAGConfig:\n"
        "    context_max_length: int = 4000  # Maximum context length in tokens\n",
        line=5,
    ),
)
