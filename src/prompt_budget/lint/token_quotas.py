"""A provider's quota of tokens per unit of time (``max_tpm``, ``tpm_limit``, ``max_tokens_per_minute``):
a token budget of a rate limiter, whose default is tuned per account tier and whose share held back
as a safety margin (``int(self.tpm_limit * 0.95)``) is a budget ratio (set 28: qianfan; set 29: lotus,
docetl). Not a quota of requests (``rpm``, ``max_requests_per_minute``), nor the tokens used so far
in the window (``tpm_used``, ``tokens_used_this_minute``). Kept apart from ``names``: the names' own
vocabulary excludes the time words for every other budget.
"""

from __future__ import annotations

from functools import lru_cache

from prompt_budget.lint.names import TOKEN_WORDS, words

#: A quota of tokens per minute written as one word (``tpm``, input/output ``itpm`` / ``otpm``).
_TPM = frozenset({"tpm", "itpm", "otpm", "tpd"})  # per minute; ``tpd``: per day (set 254: zetryn)
#: The units of time a quota of tokens is given per.
_PER_TIME = frozenset({"minute", "min", "second", "sec", "hour", "day"})
#: Words that make a quota name a limit (``tpm_limit``, ``max_tpm``, ``token_quota_per_minute``, set 97:
#: handcode's ``_GROQ_TPM_CEILING``).
_LIMIT = frozenset({"max", "maximum", "limit", "limits", "quota", "budget", "cap", "ceiling", "allowed"})
#: Words of what a window of the quota has used or has left, a count and no budget.
_COUNTED = frozenset(
    {"used", "usage", "current", "consumed", "count", "counts", "spent", "remaining", "left", "so", "far"}
)
#: Words of an event about the quota (``TPMLimitReached``, an error code), not the quota itself.
_EVENT = frozenset({"reached", "exceeded", "exceed", "hit", "error", "errors", "code", "status"})
#: The directions a quota of tokens may be given for (``input_tokens_per_minute``, ``output_tokens_per_minute``).
_DIRECTIONS = frozenset({"input", "output", "prompt", "completion"})
#: Words of a quota of something else (requests, calls) in the same name.
_OTHER = frozenset({"rpm", "request", "requests", "req", "call", "calls", "rps", "session"})


@lru_cache(maxsize=65536)
def token_quota_name(name: str) -> bool:
    """``max_tpm``, ``tpm_limit``, ``max_tokens_per_minute``, ``token_limit_per_minute``: a quota of
    tokens per unit of time, not a count of what it used nor a quota of requests. (Kept per name: asked
    at every assignment and keyword walked.)"""
    ws = words(name)
    found = set(ws)
    if found & (_COUNTED | _OTHER | _EVENT):
        return False
    if found & _TPM:
        return bool(found & _LIMIT) or len(ws) == 1
    if not found & TOKEN_WORDS or "per" not in ws:
        return False
    unit, head = ws[ws.index("per") + 1 :], ws[: ws.index("per")]
    # ``input_tokens_per_minute``: a direction's quota, whose count a name would say (set 253: osojicode); a default
    # one (``DEFAULT_TOKENS_PER_MINUTE = 950_000.0``, set 315: zotero-mcp-server's embedding providers)
    directed = (
        bool(head)
        and set(head[:-1]) <= _DIRECTIONS | {"default"}
        and head[-1] in TOKEN_WORDS
        and len(head) in {2, 3}
    )
    return bool(unit) and unit[0] in _PER_TIME and (bool(found & _LIMIT) or directed)


#: What else a rate limiter keys its quotas by beside a credential's token (``ip_rate_limit_per_minute``).
_IDENTITIES = ("ip", "user", "client", "peer", "account", "tenant", "key")


def identity_quota(name: str, text: str) -> bool:
    """``token_rate_limit_per_minute`` in a module (its text ``text``) that also names ``ip_rate_limit_per_minute``:
    requests per credential token, as per address, not a quota of a model's tokens (set 505: cognirelay)."""
    for token in ("token", "TOKEN", "Token"):
        if token in name:
            for other in _IDENTITIES:
                alt = other.upper() if token.isupper() else other.title() if token.istitle() else other
                if name.replace(token, alt) in text:
                    return True
    return False
