"""PB104's cases from what sets 81 and 82 left (issue 19): a characters' estimate bound to a local that
a read then takes from or adds to an amount of tokens (``token_budget -= consumed``) is a number of
tokens, whatever the local's name (``token_debits``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PACK = (
    "def pack(files, max_tokens):\n    tokens_left = max_tokens\n    out = []\n    for f in files:\n"
    "        piece = f.read_text()\n        spent = max(1, len(piece) // 4)\n"
)

SET81_VALID = (
    # taken from an amount of characters, lines, messages, bytes, seconds, memory or money
    Valid(
        _PACK.replace("tokens_left = max_tokens", "chars_left = max_chars")
        + "        chars_left -= spent\n    return out\n"
    ),
    Valid(
        "def pack(rows, max_lines):\n    lines_left = max_lines\n    for row in rows:\n"
        "        spent = max(1, len(row) // 4)\n        lines_left -= spent\n    return rows\n"
    ),
    Valid(
        "def pack(rows, budget_bytes):\n    for row in rows:\n        spent = len(row) // 4\n"
        "        budget_bytes -= spent\n    return rows\n"
    ),
    Valid(
        "def pack(rows, timeout_seconds):\n    for row in rows:\n        spent = len(row) // 4\n"
        "        elapsed = timeout_seconds - spent\n    return elapsed\n"
    ),
    Valid(
        "def pack(rows, memory_left, cost, max_messages):\n    for row in rows:\n        spent = len(row) // 4\n"
        "        memory_left -= spent\n        cost += spent\n        max_messages -= spent\n    return rows\n"
    ),
    # a local only stored or shown: nothing says what it counts
    Valid(_PACK + "        out.append(spent)\n    return out\n"),
)

SET81_INVALID = (
    # set 81: agent47's context pack, each snippet's estimate taken from the token budget left
    Invalid(_PACK + "        tokens_left -= spent\n        out.append(piece)\n    return out\n", line=6),
    Invalid(_PACK + "        remaining = max_tokens - spent\n    return out\n", line=6),
    Invalid(
        "def tally(texts, used_tokens):\n    for t in texts:\n        cost = len(t) // 4\n"
        "        used_tokens += cost\n    return used_tokens\n",
        line=3,
    ),
)
