"""PB105's cases from what sets 87 and 88 left (issue 19): the fraction a setting read by key falls back
on, multiplying a budget (``window * float(cfg.get("percentage", 0.95))``, ``read_fractions``). The
cross-module half (a settings dict's ``"compact_at": 0.75`` read in another module as
``self.cfg.context_tokens * self.cfg.compact_at``) is in tests/lint/test_set87_project.py. Spliced into
``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET87_VALID = (
    # the fallback multiplies no budget: lines, seconds, bytes, memory, a cost, a price
    Valid("def lines(cfg, total_lines):\n    return int(total_lines * float(cfg.get('percentage', 0.95)))\n"),
    Valid("def wait(cfg, timeout_seconds):\n    return timeout_seconds * cfg.get('backoff', 0.5)\n"),
    Valid("def cache(cfg, memory_bytes):\n    return int(memory_bytes * float(cfg.get('share', 0.25)))\n"),
    Valid("def charge(cfg, cost):\n    return cost * cfg.get('discount', 0.9)\n"),
    Valid("def charge(cfg, price):\n    return price * float(cfg.get('discount', 0.9))\n"),
    # a read without a fraction to fall back on, or a whole-number fallback
    Valid("def trigger(cfg, context_window):\n    return context_window * float(cfg.get('percentage'))\n"),
    Valid("def trigger(cfg, context_window):\n    return context_window * cfg.get('factor', 2)\n"),
)

SET87_INVALID = (
    # set 88: txcode-sdk's compaction threshold in percentage mode, a share of the model's window
    Invalid(
        "import math\n\nclass Compressor:\n    def threshold(self):\n        cfg = self._context_config\n"
        "        window = self._model_context_window or 0\n"
        "        return int(math.floor(window * float(cfg.get('percentage', 0.95))))\n",
        line=7,
    ),
    Invalid(
        "def trigger(cfg, max_tokens):\n    return int(cfg.get('compact_share', 0.8) * max_tokens)\n", line=2
    ),
)

# a share of a limit a getter returns, bound as a budget of tokens (``bound_shares``)
SET87_BOUND_VALID = (
    # bound to no budget, or the getter's limit counts another unit
    Valid(
        "def pick(counter, model):\n    share = int(counter.get_model_limit(model) * 0.1)\n    return share\n"
    ),
    Valid(
        "def pick(counter, model):\n    max_tokens = int(counter.get_line_limit(model) * 0.1)\n    return max_tokens\n"
    ),
    Valid("def pick(store):\n    max_tokens = int(store.get_memory_bytes() * 0.1)\n    return max_tokens\n"),
    Valid("def pick(plan):\n    max_tokens = int(plan.get_cost_limit() * 0.1)\n    return max_tokens\n"),
    Valid("def pick(plan):\n    max_chars = int(plan.get_rate_limit() * 0.5)\n    return max_chars\n"),
)
SET87_BOUND_INVALID = (
    # set 88: pinkyclawd's retrieval budget, a tenth of the model's window
    Invalid(
        "class Retriever:\n    def retrieve(self, model, max_tokens=None):\n        if max_tokens is None:\n"
        "            max_tokens = int(self._counter.get_model_limit(model) * 0.1)\n        return max_tokens\n",
        line=4,
    ),
)
