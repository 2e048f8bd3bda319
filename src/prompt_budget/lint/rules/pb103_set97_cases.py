"""PB103's cases from what sets 97 and 98 left (issue 19, tuner R): a clamp written as the value of a
dict entry whose key names a budget (``{"budget_tokens": max(1024, cap // 2)}``, set 97: falamus's
extended-thinking budget; ``dict_slots.entry_key``), a floor or cap of that budget as under the keyword
of the same name. Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET97_VALID = (
    # under a key of another unit, or of no budget: lines, characters, bytes, seconds, messages, memory, cost
    Valid("def f(n):\n    return {'max_lines': max(100, n)}\n"),
    Valid("def f(n):\n    return {'max_chars': max(1000, n), 'max_bytes': min(n, 65536)}\n"),
    Valid("def f(n):\n    return {'timeout_seconds': max(30, n), 'max_messages': min(n, 500)}\n"),
    Valid("def f(n):\n    return {'memory_mb': max(1024, n), 'max_cost': min(n, 1000)}\n"),
    Valid("def f(n):\n    return {'width': max(1024, n // 2)}\n"),
    # a clamp as a dict's key, or inside a list under a budget key
    Valid("def f(n):\n    return {max(1024, n): 'max_tokens'}\n"),
)

SET97_INVALID = (
    Invalid(
        "def body(cap, think):\n    payload = {'max_tokens': cap}\n    if think:\n"
        "        payload['thinking'] = {'type': 'enabled', 'budget_tokens': max(1024, cap // 2)}\n"
        "    return payload\n",
        line=4,
        key="body_budget_tokens_min",
    ),
    Invalid(
        "def body(n):\n    return {'max_output_tokens': min(n, 8192)}\n", key="body_max_output_tokens_max"
    ),
)
