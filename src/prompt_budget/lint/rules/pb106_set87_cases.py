"""PB106's cases from what sets 87 and 88 left (issue 19): a literal taken off an amount a budget is taken
off too (``model_limit - min(max_output_tokens, 20_000) - 13_000``, ``subtracted_budgets``). Spliced into
``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET87_VALID = (
    # what is subtracted beside the literal is no budget: lines, seconds, bytes, memory, a cost, a price
    Valid("def room(limit, max_lines):\n    return limit - max_lines - 13_000\n"),
    Valid("def deadline(limit, timeout_seconds):\n    return limit - timeout_seconds - 3000\n"),
    Valid("def free(total, memory_bytes):\n    return total - memory_bytes - 4096\n"),
    Valid("def left(credit, cost):\n    return credit - min(cost, 2000) - 1000\n"),
    Valid("def left(credit, price):\n    return credit - price - 1000\n"),
    # a budget added, not taken off; a count of used tokens taken off (no budget)
    Valid("def total(base, max_tokens):\n    return base + max_tokens - 1000\n"),
    Valid("def left(limit, used_tokens):\n    return limit - used_tokens - 1000\n"),
)

SET87_INVALID = (
    # set 88: team-harness's auto-compact threshold, the window less the output cap less a reserve
    Invalid(
        "def get_auto_compact_threshold(model_id, model_limit):\n"
        "    max_output_tokens = resolve_max_output_tokens(model_id, model_limit)\n"
        "    return model_limit - min(max_output_tokens, 20_000) - 13_000\n",
        line=3,
    ),
    Invalid("def room(self, window):\n    return window.size - self.max_output_tokens - 2000\n", line=2),
)
