"""Cases from sets 283 onward (issue 19).

PB101: not a rate limiter's bucket size (set 283: alexandria-wiki's ``RateLimitConfig(max_tokens=5000,
refill_rate=5000 / 3600)`` for the GitHub API, ``bucket_refills.bucket_call``), though a client's ``max_tokens=``
beside a rate of requests is a budget. A setting named for tokens beside a budget in one dict (set 283:
eda-bridge-runtime's ``"compaction": {"reserveTokens": 16384, "keepRecentTokens": 16000}``, ``request_entries``),
not a count of tokens beside it. A default handed to a project's own reader of the environment (set 285:
nonprofit-agent-harness's ``max_tokens=_env_int("HARNESS_MAX_TOKENS", 200_000)``, ``env_defaults``).

PB102: the fallback of a lookup in a class's table of windows read through ``self`` (set 285: pact-agents'
``self._MAX_OUTPUT_TOKENS.get(self._model, self._DEFAULT_MAX_OUTPUT)``, ``table_fallbacks``).

PB103: a threshold compared with a local summing token counts (set 285: pact-agents' ``total = sum(pt.total_tokens
for pt in metrics.phase_tokens.values())`` ... ``if total < 1000``, ``counted_locals.summed_counts``).

PB105: not a share named for a budget in a module whose budget is money (set 285: pact-agents'
``shaping_budget_pct = 0.15`` beside ``budget_total: float = 100.0``, ``money_budgets``).

Spliced into ``pb101_set111_cases``, ``pb102_set117_cases``, ``pb103_set73_cases`` and ``pb105_set111_cases``."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_BUCKET = "limiter = RateLimiter({call}(max_tokens=5000, {rate}=5000 / 3600))\n"

BUCKET_VALID = (
    Valid(_BUCKET.format(call="RateLimitConfig", rate="refill_rate")),
    Valid(_BUCKET.format(call="RateLimitConfig", rate="leak_per_second")),
    Valid("bucket = TokenBucket(max_tokens=100)\n"),
)
BUCKET_INVALID = (
    # a client's output cap beside its own rate of requests: no bucket
    Invalid(_BUCKET.format(call="ChatClient", rate="requests_per_minute")),
    Invalid("llm = LLM(model='gpt-4o', max_tokens=4096, rate=2)\n"),
)

_COMPACTION = (
    'settings.update({{"compaction": {{"enabled": True, "reserveTokens": 16384, {key!r}: 16000}}}})\n'
)
BESIDE_VALID = (
    Valid(_COMPACTION.format(key="totalTokens").replace("16384", "n")),
    Valid('usage = {"max_tokens": n, "total_tokens": 16000}\n'),  # a count beside the budget
    Valid('row = {"keepRecentTokens": 16000, "retries": 3}\n'),  # no budget beside it
)
BESIDE_INVALID = (Invalid(_COMPACTION.format(key="keepRecentTokens"), count=2),)

_ENV_HELPER = (
    "import os\n"
    "def _env_int(key, default=None):\n"
    "    raw = os.getenv(key)\n"
    "    return int(raw) if raw else default\n"
    "def settings():\n"
    '    return Config(max_tokens={call}("HARNESS_MAX_TOKENS", 200_000))\n'
)
ENV_HELPER_VALID = (
    Valid(_ENV_HELPER.format(call="_env_int").replace("HARNESS_MAX_TOKENS", "HARNESS_MAX_CALLS")),
    Valid(_ENV_HELPER.format(call="_clamp")),  # no reader of the environment by its name
)
ENV_HELPER_INVALID = (
    Invalid(_ENV_HELPER.format(call="_env_int"), line=6),
    # a setting's `or` fallback read from the environment (set 51: pysubtrans; valid before set 253's reading)
    Invalid(
        "def read(settings):\n    return settings.get_int('max_tokens') or env_int('CLAUDE_MAX_TOKENS', 4096)\n"
    ),
)

_CLASS_TABLE = (
    "class OpenAIBackend:\n"
    "    {table}: dict[str, int] = {{'gpt-4o': 16384, 'gpt-4o-mini': 16384, 'gpt-4-turbo': 4096}}\n"
    "    _DEFAULT_MAX_OUTPUT = 16384\n"
    "    def assess(self, max_tokens):\n"
    "        model_max = self.{table}.get(self._model, self._DEFAULT_MAX_OUTPUT)\n"
    "        return min(max_tokens, model_max)\n"
)
CLASS_TABLE_VALID = (
    Valid(_CLASS_TABLE.format(table="_UPLOAD_BYTES").replace("16384, 'gpt-4o-mini'", "1, 'gpt-4o-mini'")),
)
CLASS_TABLE_INVALID = (Invalid(_CLASS_TABLE.format(table="_MAX_OUTPUT_TOKENS"), line=3),)

_SUMMED = "def balance(metrics):\n    total = sum(pt.{field} for pt in metrics.phases.values())\n    if total < 1000:\n        return None\n"
SUMMED_VALID = (Valid(_SUMMED.format(field="duration")),)  # seconds summed, no tokens
SUMMED_INVALID = (Invalid(_SUMMED.format(field="total_tokens"), line=3),)

_MONEY = (
    "class Shaper:\n"
    "    def __init__(self, shaping_budget_pct: float = 0.15, budget_total: {kind} = 100):\n"
    "        self.shaping_budget_pct = shaping_budget_pct\n"
)
MONEY_VALID = (Valid(_MONEY.format(kind="float")),)  # a share of dollars
MONEY_INVALID = (Invalid(_MONEY.format(kind="int"), line=2),)  # a share of a whole budget: tokens
