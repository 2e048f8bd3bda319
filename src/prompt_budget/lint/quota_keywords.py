"""PB101's quota of tokens per unit of time given inline to a rate limiter: ``RateLimiter(
requests_per_minute=500, tokens_per_minute=30_000)``, a provider tier's preset (set 89: tantra). A
keyword that is a quota by its own name (``max_tpm=``, ``tpm_limit=``, ``max_tokens_per_minute=``,
``token_quotas``) is one in any call; a bare rate of tokens (``tokens_per_minute=``, ``tpm=``) is one
only where the call says it limits a rate: its callee is a limiter (``RateLimiter``, ``Throttle``,
``TokenQuota``) or a sibling keyword is a quota of requests per unit of time (``requests_per_minute=``),
and the amount is one of a provider's quotas (thousands), not the few permits per second of a generic
token bucket (``TokenBucket(tokens_per_second=5)``, whose tokens are no model's).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.period_scales import counts_requests
from prompt_budget.lint.rate_flows import rate_keyword
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.token_quotas import token_quota_name

#: Words making a quota name a limit by itself (``max_tpm``, ``tpm_limit``).
_LIMIT = frozenset({"max", "maximum", "limit", "limits", "quota", "cap"})
#: Words of a callee that limits a rate (``RateLimiter``, ``Throttler``, ``TokenQuota``).
_LIMITER = frozenset(
    {"limiter", "ratelimiter", "ratelimit", "limit", "limits", "throttle", "throttler", "quota", "governor"}
)
#: Units of a quota a provider sets (not per second: a stream's speed or a bucket's refill).
_QUOTA_TIMES = frozenset({"minute", "min", "hour", "day"})
#: The least a provider's quota of tokens per unit of time is (tiers start at thousands).
_LEAST = 1000


def _bare_rate(name: str) -> bool:
    """``tokens_per_minute``, ``tpm``, ``input_tokens_per_day``: a rate of tokens naming no limit."""
    ws = words(name)
    if ws in {("tpm",), ("itpm",), ("otpm",), ("tpd",)}:
        return True
    if "per" not in ws or not set(ws) & TOKEN_WORDS or counts_requests(name):
        return False
    at = ws.index("per")
    return at + 1 < len(ws) and ws[at + 1] in _QUOTA_TIMES


def quota_keyword(arg: str, call: ast.Call, value: float) -> bool:
    """The keyword ``arg`` of ``call``, given ``value``, is a rate limiter's quota of tokens per unit
    of time: by its name with a limit word, or a bare rate of thousands given to a limiter."""
    if token_quota_name(arg) and set(words(arg)) & _LIMIT:
        return True
    if value < _LEAST or not _bare_rate(arg):
        return False
    if set(words(callee_name(call) or "")) & _LIMITER:
        return True
    return any(
        kw.arg is not None and kw.arg != arg and counts_requests(kw.arg) and rate_keyword(kw.arg)
        for kw in call.keywords
    )
