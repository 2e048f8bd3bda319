"""PB102's cases from what sets 97 and 98 left (issue 19, tuner P): a name of tokens and a limit whose only
excluded word says where the limit holds (``_SESSION_TOKEN_LIMIT``, ``MAX_SESSION_TOKENS``; a session
token may be a credential) is decided by its reads, as a name that says nothing is (``token_windows``); a
constant a budget named as tokens is subtracted from is a budget too (``_QUOTA - _MAX_OUTPUT_TOKENS``,
``token_minuends``); a quota of tokens per minute named a ceiling (``_TPM_CEILING``, ``token_quotas``); the
fallback of a lookup (``self.windows.get(model, (self.default_window, ...))[0]``) is judged by what the
lookup's value meets (``lookup_values``). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PROVIDER = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Provider:\n    windows: dict\n"
    "    default_window: int = 200_000\n    default_price: int = 2_000\n\n{body}"
)

SET97_VALID = (
    # a store of session tokens (credentials) capped by a count of them, or a small cap
    Valid(
        "MAX_SESSION_TOKENS = 10_000\n\nclass Store:\n    def add(self, token):\n"
        "        if len(self._sessions) >= MAX_SESSION_TOKENS:\n            self._sessions.pop(0)\n"
    ),
    Valid(
        "MAX_SESSION_TOKENS = 50\n\ndef turn(stats):\n    return stats.total_tokens >= MAX_SESSION_TOKENS\n"
    ),
    # a where word beside another unit: bytes, seconds, cost, messages, lines, characters
    Valid(
        "MAX_SESSION_TOKEN_BYTES = 4096\nSESSION_TOKEN_TTL_SECONDS = 3600\nSESSION_TOKEN_COST_LIMIT = 5000\n"
        "MAX_SESSION_MESSAGES = 2000\nMAX_SESSION_LINES = 2000\nMAX_SESSION_TOKEN_CHARS = 2000\n\n"
        "def over(s):\n    return (\n        s.total_tokens > MAX_SESSION_TOKEN_BYTES\n"
        "        or s.total_tokens > SESSION_TOKEN_TTL_SECONDS\n        or s.total_tokens > SESSION_TOKEN_COST_LIMIT\n"
        "        or s.total_tokens > MAX_SESSION_MESSAGES\n        or s.total_tokens > MAX_SESSION_LINES\n"
        "        or s.total_tokens > MAX_SESSION_TOKEN_CHARS\n    )\n"
    ),
    # what a length that may count characters, a count, or a budget is subtracted from; a unit's total
    Valid(
        "MAX_LENGTH = 512\nQUOTA = 8_000\nTOTAL_LINES = 5000\nLIMIT_CHARS = 9000\nMEMORY_MB = 8192\n"
        "PRICE_CAP = 4000\n\ndef room(used):\n    return (\n        QUOTA - MAX_LENGTH,\n        QUOTA - used,\n"
        "        TOTAL_LINES - MAX_TOKENS,\n        LIMIT_CHARS - MAX_TOKENS,\n        MEMORY_MB - MAX_TOKENS,\n"
        "        PRICE_CAP - MAX_TOKENS,\n    )\n"
    ),
    # a local count named as a budget taken from a parameter: no evidence (set 69: know-cli)
    Valid(
        "def build(name, budget: int = 3000):\n    target_tokens = count_tokens(name)\n"
        "    remaining = budget - target_tokens\n    return remaining\n"
    ),
    # a quota of requests, not of tokens
    Valid("_PROVIDER_RPM_CEILING = 30\n"),
    # the fallback of a lookup a getter of no budget returns
    Valid(
        _PROVIDER.format(
            body="    def price(self, model):\n        return self.prices.get(model, self.default_price)\n"
        )
    ),
    # the element of the fallback row the lookup's value is not indexed at
    Valid(
        _PROVIDER.format(
            body="    def context_window(self, model):\n"
            "        return self.windows.get(model, (self.default_price, 0))[1]\n"
        )
    ),
)

SET97_INVALID = (
    # a session's tokens compared with the limit (set 97: meow-harness, vaal-code)
    Invalid(
        "_SESSION_TOKEN_LIMIT = 150_000\n\nclass Agent:\n    def step(self):\n"
        "        if self._context_size > _SESSION_TOKEN_LIMIT:\n            self.rebuild()\n",
        line=1,
    ),
    Invalid(
        "MAX_SESSION_TOKENS = 100_000\n\ndef turn(stats):\n    if stats.total_tokens >= MAX_SESSION_TOKENS:\n"
        '        return "start a new session"\n',
        line=1,
    ),
    # a quota the output cap and the prompt are taken from (set 97: handcode)
    Invalid(
        "_MAX_OUTPUT_TOKENS = 4_096\n_PROVIDER_QUOTA = 8_000\n\ndef headroom(prefix):\n"
        "    return _PROVIDER_QUOTA - _MAX_OUTPUT_TOKENS - prefix\n",
        count=2,
    ),
    Invalid("_GROQ_TPM_CEILING = 8_000\n"),
    # the fallback row's window returned by a window getter (set 97: falamus)
    Invalid(
        _PROVIDER.format(
            body="    def context_window(self, model):\n"
            "        return self.windows.get(model, (self.default_window, self.default_price))[0]\n"
        ),
        line=6,
    ),
    Invalid(
        "_FALLBACK = 8000\n\ndef over(model, used_tokens):\n    return used_tokens > LIMITS.get(model, _FALLBACK)\n"
    ),
)
