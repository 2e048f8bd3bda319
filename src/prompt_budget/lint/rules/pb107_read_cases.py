"""PB107's cases of tables known by how their rows are read (``Valid``/``Invalid``), kept apart from
the rule module to keep both short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

READ_VALID = (
    # a table of limits whose rows bound a count of items, not of tokens
    Valid(
        'def over(rows, device):\n    n_items = len(rows)\n    limits = {"cpu": 16, "gpu": 1024}\n'
        "    return n_items > limits[device]\n"
    ),
)

READ_INVALID = (
    # a table whose rows are ordered against a count of tokens, in a nested function (set 32: nomic)
    Invalid(
        "def run(device):\n    def over(batch_sizes):\n        n_tokens = sum(batch_sizes)\n"
        '        limits = {"cpu": 16, "gpu": 1024}\n        return n_tokens > limits[device]\n'
        "    return over\n",
        line=4,
    ),
)
