"""A number named as a token budget that only ever feeds a rate: a parameter (``def __init__(self,
token_limit=90000)``) whose every read is given as a rate's keyword (``token_limit_per_minute=
token_limit``, ``tpm=...``, ``refill_rate=...``) or divided by a span of time (``token_limit / 60.0``,
``limit / self.period``): the tokens allowed per minute of a rate limiter, not a cap on a request or a
context (set 47: l2mac's ``ChatRateLimiter``). The name alone does not say "per minute"; its flow does.
A name that is itself a quota of tokens per minute (``max_tpm``) is judged by its name
(``token_quotas``); this only keeps a plain budget name from being read as a budget when its every read
is a rate's.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import reads_of
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, number
from prompt_budget.lint.token_quotas import token_quota_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Units of time a rate is given per (``_per_minute``, ``per_second``).
_PER_TIME = frozenset({"minute", "min", "second", "sec", "hour", "day"})
#: Words naming a rate or a per-time quota alone (``refill_rate``, ``rpm``, ``tps``).
_RATE_WORDS = frozenset({"rate", "tpm", "itpm", "otpm", "tps", "rpm", "rps"})
#: Seconds in a minute and in an hour: a divisor turning a per-minute amount into a per-second rate.
_SPANS = frozenset({60, 3600})
#: Words of a name holding a span of time (``self.period``, ``window_seconds``).
_TIME_WORDS = frozenset({"period", "interval", "seconds", "secs", "minutes", "duration", "span"})


def rate_keyword(name: str) -> bool:
    """``token_limit_per_minute``, ``tokens_per_second``, ``max_tpm``, ``refill_rate``: a keyword
    receiving a rate (an amount per unit of time), not an amount."""
    ws = words(name)
    if token_quota_name(name) or set(ws) & _RATE_WORDS:
        return True
    return "per" in ws and ws.index("per") + 1 < len(ws) and ws[ws.index("per") + 1] in _PER_TIME


def _time_span(node: ast.expr) -> bool:
    """``60``, ``60.0``, ``3600``, ``self.period``, ``window_seconds``: a span of time in seconds."""
    if number(node) in _SPANS:
        return True
    name = attr_name(node)
    return bool(name) and bool(set(words(name or "")) & _TIME_WORDS)


def _rate_read(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    """``f(token_limit_per_minute=limit)`` or ``limit / 60.0``: a read making the number a rate."""
    parent = parents.get(read)
    if isinstance(parent, ast.keyword):
        return parent.arg is not None and rate_keyword(parent.arg)
    return (
        isinstance(parent, ast.BinOp)
        and isinstance(parent.op, (ast.Div, ast.FloorDiv))
        and parent.left is read
        and _time_span(parent.right)
    )


def parameter_is_rate(rule: LintRule, node: ast.arguments, name: str) -> bool:
    """The parameter ``name`` of the function whose ``node`` these are is read, and every read gives
    it to a rate's keyword or divides it by a span of time: tokens per minute, not a budget. A name
    that is a quota of tokens per minute by itself (``max_tpm``) is not asked about."""
    if token_quota_name(name):
        return False
    fn = rule.ctx.parent(node)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return False
    parents, reads = reads_of(fn, name)
    return bool(reads) and all(_rate_read(r, parents) for r in reads)
