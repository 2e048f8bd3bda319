"""PB102's cases from sets 133 and 134 (issue 19): a parameter's default compared with a local every binding
of which is a call counting tokens by its name (fr-cli's ``threshold: int = 8000`` ... ``before =
estimate_tokens(messages)`` ... ``if threshold <= 0 or before <= threshold``: ``counted_locals._counts``).
A constant whose comment speaks of a credential's token (set 135: agentgate-security's
``MAX_PENDING_PER_OPERATOR = 20  # a token thief spamming challenges ...``) is no budget. Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_COMPRESS = (
    "def maybe_compress(messages, client, threshold: int = 8000):\n"
    "    before = {counted}(messages)\n"
    "    if threshold <= 0 or before <= threshold:\n        return messages\n"
    "    return client.compress(messages)\n"
)

SET133_VALID = (
    # a call that counts no tokens (items, a cost, a fetch)
    Valid(_COMPRESS.format(counted="fetch_items")),
    Valid(_COMPRESS.format(counted="estimate_cost")),
    Valid(_COMPRESS.format(counted="count_messages")),
    Valid("MAX_PENDING_PER_OPERATOR = 20  # a token thief spamming challenges must not evict the owner\n"),
)

SET133_INVALID = (
    Invalid(_COMPRESS.format(counted="estimate_tokens"), line=1),
    Invalid(_COMPRESS.format(counted="count_tokens"), line=1),
)
