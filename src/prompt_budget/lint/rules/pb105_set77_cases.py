"""PB105's cases from sets 77 to 80 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short:
percents of a token budget (``percent_shares``), rates of tokens per item (``item_rates``), a half of a token
count clamped against a budget (``budget_growth``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb105_set81_cases import SET81_INVALID, SET81_VALID

#: Units a percent may be a share of instead of tokens.
_UNITS = ("lines", "messages", "chars", "bytes", "seconds", "memory", "cost_usd", "price")

_FIELD = (
    "class DelegationConfig(BaseModel):\n    budget_share: float = Field(\n        default=0.5,\n"
    '        description="Fraction of the parent\'s remaining {whole} budget a child run may spend.",\n    )\n'
)

SET77_VALID = (
    *SET81_VALID,  # sets 81 and 82
    # set 79: a share of a budget its description says is money (hiveloom's delegation)
    *(Valid(_FIELD.format(whole=whole)) for whole in ("max_cost_usd", "dollar", "spend")),
    # a percent of an amount of something else than tokens, also compared with its share
    *(
        Valid(
            f"WARN_PCT = 80\n\ndef check(used_{unit}, max_{unit}):\n"
            f"    if used_{unit} >= max_{unit} * WARN_PCT / 100:\n        warn()\n"
        )
        for unit in _UNITS
    ),
    *(
        Valid(
            f"WARN_PCT = 80\n\ndef check(used_{unit}, max_{unit}):\n    pct = used_{unit} / max_{unit} * 100\n"
            "    if pct >= WARN_PCT:\n        warn()\n"
        )
        for unit in _UNITS
    ),
    # a percent name bound to a number that is no percent, or never turned into a share of tokens
    Valid(
        "class Budget:\n    max_tokens: int = 0\n    warn_at_pct: int = 80\n\n    def show(self):\n"
        "        return f'{self.warn_at_pct}%'\n"
    ),
    Valid(
        "def check(used_tokens, window):\n    alert_pct = 250\n    return used_tokens / window * 100 > alert_pct\n"
    ),
    Valid("CPU_PCT = 90\n\ndef busy():\n    return psutil.cpu_percent() > CPU_PCT\n"),
    # a percent taken when a setting that is no budget is set
    Valid(
        "class Disk:\n    quota: int = 0\n    warn_pct: int = 80\n\n    def at(self):\n"
        "        return self.warn_pct / 100 if self.quota else None\n"
    ),
    # a count of items multiplied into a budget of another name, or a count in another unit
    Valid("def load(cfg):\n    max_tokens = cfg.n_docs * 500\n    return max_tokens\n"),
    *(
        Valid(f"def load(cfg):\n    max_tokens = cfg.get('max_{unit}', 50) * 20\n    return max_tokens\n")
        for unit in ("lines", "chars", "bytes", "seconds", "words")
    ),
    # a count of items turned into a count of something else than tokens
    Valid("def load(cfg):\n    max_chars = cfg.get('max_items', 50) * 2000\n    return max_chars\n"),
    # a budget grown from a token budget of the same stem: not a count of items
    Valid("def load(cfg):\n    max_tokens = cfg.get('max_tokens', 50) * 2\n    return max_tokens\n"),
    # half of a count of something else clamped against a budget
    Valid(
        "def shrink(self, lines):\n    budget = min(self.max_input_tokens, max(1, lines // 2))\n    return budget\n"
    ),
)

SET77_INVALID = (
    *SET81_INVALID,  # sets 81 and 82
    # a share of a budget whose description says tokens or nothing of money
    *(Invalid(_FIELD.format(whole=whole)) for whole in ("token", "max_tokens", "context")),
    # set 77: a percent of a session's budget compared with its count of tokens (zil-ai's alert)
    Invalid(
        "class Tracker:\n    def __init__(self, config):\n        self._max_session = config.get('max_tokens_per_session')\n"
        "        self._alert_pct = config.get('alert_pct', 80)\n\n    def record(self, session):\n"
        "        if session.total_tokens >= self._max_session * self._alert_pct / 100:\n            warn()\n",
        line=4,
    ),
    # a percent of a budget (hiveloom's compaction trigger, written in the module that reads it)
    Invalid(
        "class Compaction:\n    trigger_pct: int = 80\n\ndef due(config, tokens):\n"
        "    trigger = config.max_input_tokens * config.compaction.trigger_pct / 100\n    return tokens > trigger\n"
    ),
    # set 77: a percent compared with a percent of the window used (zil-ai's context audit)
    Invalid(
        "WARN_THRESHOLD_PCT = 15.0\n\ndef audit(total_tokens, context_window):\n"
        "    pct_used = (total_tokens / context_window) * 100\n    if pct_used >= WARN_THRESHOLD_PCT:\n"
        "        warn()\n",
        line=1,
    ),
    # set 77: a percent taken only when the budget is set (devagent's TokenBudget)
    Invalid(
        "class TokenBudget:\n    max_tokens: int | None = None\n    warn_at_percent: int = 80\n\n"
        "    @property\n    def warn_threshold(self):\n"
        "        return self.warn_at_percent / 100.0 if self.max_tokens else None\n",
        line=3,
    ),
    # set 77: a count of items turned into the same setting in tokens (creevo-agent-library)
    Invalid(
        "def load(payload):\n    max_tokens = payload.get('max_items', 50) * 2000\n    return max_tokens\n"
    ),
    Invalid(
        "def load(cfg):\n    keep_recent_tokens = int(cfg.get('keep_recent', 25) * 400)\n    return keep_recent_tokens\n"
    ),
    # set 79: half of a token count, floored, clamped against a budget and bound as the budget (hiveloom)
    Invalid(
        "def shrink(self, tokens):\n    budget = min(self.max_input_tokens, max(1, tokens // 2))\n    return budget\n"
    ),
)
