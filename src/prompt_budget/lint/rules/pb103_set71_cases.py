"""PB103's cases from sets 71 and 72 (issue 19), kept apart from the rule to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET71_VALID = (
    # a context size shown as a label: each branch only binds a string naming the size (set 71: localcoder)
    Valid(
        "def status(n_ctx, info):\n    if n_ctx >= 131072:\n        info['ctx'] = '128K'\n"
        "    elif n_ctx >= 65536:\n        info['ctx'] = '64K'\n    else:\n"
        "        info['ctx'] = f'{n_ctx // 1024}K'\n"
    ),
    Valid("def label(max_tokens):\n    if max_tokens > 32768:\n        return '32k'\n    return 'small'\n"),
)

SET71_INVALID = (
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
