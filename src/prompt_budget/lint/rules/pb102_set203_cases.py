"""PB102's cases from set 203 (issue 19: shearline's rate limiter). A constant clamping a count refilled by the
time elapsed times a rate (``min(self.burst, tokens + (now - last_seen) * self.rate)``) is the burst of a token
bucket, a rate limiter's permits, not a budget of a model's tokens (``bucket_refills``); a constant clamping a
count of a model's tokens grown by another count is still one. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LIMITER = (
    "import time\n\n"
    "DEFAULT_BURST = 30\n\n\n"
    "class RateLimitMiddleware:\n"
    "    def __init__(self, rpm: float = 60, burst: float = DEFAULT_BURST) -> None:\n"
    "        self.rate = rpm / 60.0\n"
    "        self.burst = float(burst)\n"
    "        self._buckets: dict[str, tuple[float, float]] = {{}}\n\n"
    "    def allow(self, key: str) -> bool:\n"
    "        now = time.monotonic()\n"
    "        tokens, last_seen = self._buckets.get(key, (self.burst, now))\n"
    "        tokens = min(self.burst, {grown})\n"
    "        self._buckets[key] = (tokens - 1.0, now)\n"
    "        return tokens >= 1.0\n"
)

BUCKET_VALID = (
    # set 203: shearline's bucket, refilled by the time elapsed at a rate of requests
    Valid(_LIMITER.format(grown="tokens + (now - last_seen) * self.rate")),
    Valid(_LIMITER.format(grown="tokens + self.refill_rate * (now - last_seen)")),
)
BUCKET_INVALID = (
    # a model's tokens grown by another count of them: the clamp is a budget
    Invalid(_LIMITER.format(grown="tokens + prompt_tokens"), line=3),
)
