"""PB102's cases from what sets 49 and 50 left (issue 19): a class's constant read through ``self``
into a budget-named local (``class_constants``). Kept apart from the rule module to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET49_VALID = (
    # a class's constant stored in a local that names no budget, or a lower-case attribute (state)
    Valid(
        "class LLM:\n    RETRIES = 3000\n\n    def call(self):\n        attempts = self.RETRIES\n"
        "        return run(attempts)\n"
    ),
    Valid(
        "class LLM:\n    def __init__(self):\n        self.size = 32000\n\n    def call(self):\n"
        "        n = self.size\n        return run(n)\n"
    ),
)

SET49_INVALID = (
    # a class's constant stored in a local named as a budget, then sent in a request's dict (set 49:
    # extract-thinker's ``max_tokens = self.DEFAULT_OUTPUT_TOKENS``)
    Invalid(
        "class LLM:\n    DEFAULT_OUTPUT_TOKENS = 32000\n\n    def request(self, limit=None):\n"
        "        max_tokens = self.DEFAULT_OUTPUT_TOKENS\n        if limit:\n            max_tokens = limit\n"
        '        return client.create(**{"model": "x", "max_completion_tokens": max_tokens})\n',
        line=2,
    ),
)
