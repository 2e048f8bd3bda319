"""PB101's cases from what sets 89 and 90 left (issue 19): a quota of tokens per unit of time given
inline to a rate limiter (``quota_keywords``); a guessed per-image cost added into the count a function
its docstring says estimates tokens returns, topped up (``inline_forms.estimate_into_count``). Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

_COUNT = (
    'def {name}(messages):\n    """{doc}"""\n    total = 0\n    for m in messages:\n'
    "        if m.image:\n            total += 1600\n        else:\n            total += len(m.text) // 4\n"
    "    return total + 50\n"
)

SET89_VALID = (
    # a count of tokens its docstring calls exact, a docstring saying no estimate, a count in another unit
    Valid(_COUNT.format(name="count_tokens", doc="Count tokens in messages using tiktoken.")),
    *(
        Valid(_COUNT.format(name=f"estimate_{unit}", doc=f"Estimate the {unit} of messages."))
        for unit in OTHER_UNITS
    ),
    # quotas in other units beside a limiter: lines, messages, chars, bytes, seconds, memory, cost, price
    Valid(
        "limiter = RateLimiter(\n    requests_per_minute=500,\n    lines_per_minute=20000,\n"
        "    messages_per_minute=5000,\n    chars_per_minute=90000,\n    bytes_per_minute=1048576,\n"
        "    seconds_per_minute=60,\n    memory_per_minute=4096,\n    cost_per_minute=2000,\n"
        "    price_per_minute=3000,\n)\n"
    ),
    # a generic token bucket: its tokens are permits, few per second, no model's tokens
    Valid("bucket = TokenBucket(tokens_per_second=5, capacity=10)\n"),
    Valid("limiter = RateLimiter(tokens_per_minute=60)\n"),
    # a bare rate of tokens given to no limiter, with no quota of requests beside it: a measured speed
    Valid("stats = Throughput(tokens_per_minute=12000)\nsim = FakeStream(tokens_per_second=4000)\n"),
    # the quota read from config, or only a quota of requests
    Valid("limiter = RateLimiter(requests_per_minute=500, tokens_per_minute=cfg.tpm)\n"),
    Valid("limiter = RateLimiter(requests_per_minute=500, requests_per_day=10000)\n"),
)

SET89_INVALID = (
    # set 89: tantra's providers' estimates, an image's guessed tokens, the count returned topped up
    Invalid(_COUNT.format(name="count_tokens", doc="Estimate token count for messages."), line=6),
    # set 89: tantra's presets of a provider's tiers, module constants built from its rate limiter
    Invalid(
        "TIER1 = RateLimiter(\n    requests_per_minute=500,\n    tokens_per_minute=30_000,\n)\n",
        line=3,
        key="tokens_per_minute",
    ),
    # a bare rate beside a quota of requests, given to a class whose name says nothing
    Invalid("client = Provider(rpm=50, tokens_per_minute=40_000)\n", line=1),
    # (a module naming no tokens is not parsed: the pre-check is left as it is, for speed)
    Invalid("limit = Limiter(tpm=90000)  # the tier's quota of tokens\n", line=1),
    # a quota by its own name, in any call (VALID before sets 29 and 30 made such quotas budgets)
    Invalid("rate_limiter(max_tokens_per_minute=90000)\n", line=1),
    Invalid("def make():\n    return Session(model, max_tokens_per_minute=200_000)\n", line=2),
    Invalid("def pool(tokens):\n    return Pool(tokens, tpm_limit=90000)\n", line=2),
)
