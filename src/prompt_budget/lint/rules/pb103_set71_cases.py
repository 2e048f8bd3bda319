"""PB103's cases from sets 71 and 72 (issue 19), kept apart from the rule to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET71_VALID = (
    # a difference of what is not all tokens: an index into them
    Valid("def f(max_tokens, start):\n    gap = max_tokens - start\n    return gap > 200\n"),
    # a context size shown as a label: each branch only binds a string naming the size (set 71: localcoder)
    Valid(
        "def status(n_ctx, info):\n    if n_ctx >= 131072:\n        info['ctx'] = '128K'\n"
        "    elif n_ctx >= 65536:\n        info['ctx'] = '64K'\n    else:\n"
        "        info['ctx'] = f'{n_ctx // 1024}K'\n"
    ),
    Valid("def label(max_tokens):\n    if max_tokens > 32768:\n        return '32k'\n    return 'small'\n"),
)

SET71_INVALID = (
    # the tokens left of a budget, whatever the local is named (set 72: nanoindex's context builder)
    Invalid(
        "def build(blocks, max_tokens=8000):\n    total_tokens = 0\n    for b in blocks:\n"
        "        if total_tokens + count_tokens(b) > max_tokens:\n            remaining = max_tokens - total_tokens\n"
        "            if remaining > 200:\n                keep(b)\n            break\n"
        "        total_tokens += count_tokens(b)\n",
        line=6,
    ),
    # a branch that does more than label the size: a budget choice
    Invalid(
        "def pick(n_ctx, info):\n    if n_ctx >= 131072:\n        info['ctx'] = '128K'\n"
        "        info['max_tokens'] = 8192\n    return info\n",
        line=2,
    ),
    # a label that names no size: a state the threshold sets
    Invalid(
        "def state(max_tokens):\n    if max_tokens > 32768:\n        return 'too long'\n    return 'ok'\n",
        line=2,
    ),
)
