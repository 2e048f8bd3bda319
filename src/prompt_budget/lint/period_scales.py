"""Numbers PB101 leaves alone because they convert between periods of time or count requests.

- a period's scale: ``monthly_tokens = daily_avg * 30``, ``weekly = per_day * 7``: a factor that turns
  an amount per day (hour, minute, week) into one per another period is how many of the shorter
  periods the longer holds, no budget per item. Both must hold: the factor is one such count (24, 30,
  7, 60, 365...) and the product's name or the amount's says a period (``monthly``, ``daily``,
  ``per_hour``); ``max_tokens = n_days * 1000`` keeps its per-day budget (1000 is no period's count).
- a quota of requests: ``TokenBudget(tpm_limit=..., rpd_limit=20)``: a keyword naming requests (``rpd``,
  ``rpm``, ``requests_per_day``) counts requests, even given to a class that counts tokens.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.argument_rows import Found, per_item_budget
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: How many of a shorter period a longer one holds: days a week, month, year; hours a day, a week;
#: minutes an hour, a day; seconds an hour; weeks, months a year.
_PERIOD_COUNTS = frozenset({7, 12, 24, 28, 30, 31, 52, 60, 168, 365, 366, 720, 1440, 3600, 8760, 86400})
#: Words of a name saying its amount is per period (or over one).
_PERIOD_WORDS = frozenset(
    {
        "daily",
        "weekly",
        "monthly",
        "yearly",
        "annual",
        "annually",
        "hourly",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "hour",
        "hours",
        "minute",
        "minutes",
        "hr",
        "hrs",
        "yr",
    }
)
#: Words of a quota of requests or calls, not of tokens.
_REQUEST_WORDS = frozenset(
    {"rpd", "rpm", "rph", "rps", "request", "requests", "req", "reqs", "call", "calls"}
)


def _says_period(name: str | None) -> bool:
    return bool(name) and not _PERIOD_WORDS.isdisjoint(words(name or ""))


def per_item(rule: LintRule, node: ast.Assign) -> Found | None:
    """``argument_rows.per_item_budget``'s budget per item, unless its factor scales a period."""
    each = per_item_budget(rule, node)
    return None if each is None or period_scale(node, each[0], each[2]) else each


def period_scale(node: ast.Assign, literal: ast.expr, amount: float) -> bool:
    """``monthly_tokens = daily_avg * 30``: the literal is how many of one period another holds, and
    the name assigned or the amount multiplied says a period."""
    if amount not in _PERIOD_COUNTS or not isinstance(node.value, ast.BinOp):
        return False
    other = node.value.left if node.value.right is literal else node.value.right
    target = attr_name(node.targets[0]) if len(node.targets) == 1 else None
    return _says_period(target) or _says_period(attr_name(other))


def counts_requests(name: str) -> bool:
    """``rpd_limit``, ``max_requests_per_day``, ``calls_per_minute``: a quota of requests, not tokens."""
    return not _REQUEST_WORDS.isdisjoint(words(name))
