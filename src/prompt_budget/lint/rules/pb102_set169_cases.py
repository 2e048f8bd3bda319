"""PB102's cases from sets 169 and 170 (issue 19): a weak name's default (``limit``) in a function named
for a token is no token budget where the function takes a credential beside it (set 170: proxyagent's
``def token_calls_ep(tid: str, limit: int = 100, authorization: str | None = Header(None),
x_admin_token: str | None = Header(None))``, the calls of a machine's access token:
``budget_defaults._takes_credential``): a parameter named as one, or a token typed as a string. A token
parameter typed as a number, or none at all, leaves the weak name a budget. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ENDPOINT = (
    "async def token_calls_ep(tid: str, limit: int = 100, {extra}):\n"
    "    return store.list_logs(limit, token_id=tid)\n"
)

SET169_VALID = (
    Valid(_ENDPOINT.format(extra="authorization: str | None = None")),
    Valid(_ENDPOINT.format(extra="x_admin_token: str | None = None")),
    Valid(_ENDPOINT.format(extra="machine_token: str = ''")),
)

SET169_INVALID = (
    Invalid(_ENDPOINT.format(extra="reserve_tokens: int = 0"), line=1),
    Invalid(_ENDPOINT.format(extra="verbose: bool = False"), line=1),
)
