"""PB101's cases from what sets 69 and 70 left (issue 19): a period's scale (``period_scales``: days a
month is no budget per item) and a quota of requests given to a class that counts tokens. Spliced
into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET69_VALID = (
    # a token count per day projected over a week and a month (set 69: know-cli's stats)
    Valid("weekly_tokens = daily_avg * 7\nmonthly_tokens = daily_avg * 30\n"),
    Valid("def project(usage):\n    yearly_tokens = usage.tokens_per_day * 365\n    return yearly_tokens\n"),
    # requests per day beside tokens per minute, given to a token budget (set 69: hiermem)
    Valid("budget = TokenBudget(rpm_limit=5, rpd_limit=20, requests_per_hour=100)"),
)

SET69_INVALID = (
    # a budget per slot, counted daily: 1024 is no period's count
    Invalid("def start(server):\n    server.n_ctx = server.daily_slots * 1024\n"),
    # a month's 30 times a count that says no period: a budget per item
    Invalid("def start(server):\n    server.n_ctx = server.n_slots * 30\n"),
    # a window given beside it is still the tokens the class counts
    Invalid("budget = TokenBudget(window=50000, rpd_limit=20)"),
)
