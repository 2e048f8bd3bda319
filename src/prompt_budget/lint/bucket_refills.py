"""A count refilled by the time elapsed times a rate (``tokens + (now - last_seen) * self.rate``): the
permits of a token bucket, a rate limiter's, never a language model's tokens, which no clock adds to (set
203: shearline's ``min(self.burst, tokens + (now - last_seen) * self.rate)``). A number clamping it is a
burst of requests, no budget: ``LintRule.token_amount`` takes no such sum for tokens. Judges no finding itself.

A call building a bucket says so beside its size: ``RateLimitConfig(max_tokens=5000, refill_rate=5000 / 3600)``
(set 283: alexandria-wiki's GitHub limiter) or ``TokenBucket(max_tokens=...)``; its ``max_tokens=`` is the
bucket's capacity of requests, no model's budget (``bucket_call``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.names import words
from prompt_budget.lint.walks import source_of, walk

#: Words of a time or a span of it.
_TIME_WORDS = frozenset(
    {"now", "elapsed", "time", "seconds", "secs", "monotonic", "last", "delta", "dt", "since", "interval"}
)
#: Words of a rate a bucket refills at.
_RATE_WORDS = frozenset({"rate", "refill", "rps", "rpm", "qps", "per"})
#: Words of a keyword only a bucket takes: how fast it refills or leaks (``refill_rate``, ``leak_per_second``).
_REFILL_WORDS = frozenset({"refill", "refills", "leak", "replenish"})
#: Words of a class of a bucket (``TokenBucket``, ``LeakyBucket``).
_BUCKET_WORDS = frozenset({"bucket", "buckets"})


def refilled(amount: ast.expr) -> bool:
    """``amount`` adds to a count a product of a time and a rate (``tokens + elapsed * self.rate``)."""
    if not (isinstance(amount, ast.BinOp) and isinstance(amount.op, ast.Add)):
        return False
    for side in (amount.left, amount.right):
        if isinstance(side, ast.BinOp) and isinstance(side.op, ast.Mult):
            said: set[str] = set()
            for node in walk(side):
                if isinstance(node, (ast.Name, ast.Attribute)):
                    said.update(words(node.id if isinstance(node, ast.Name) else node.attr))
            if said & _TIME_WORDS and said & _RATE_WORDS:
                return True
    return False


def bucket_call(call: ast.Call) -> bool:
    """``call`` builds a rate limiter's bucket: a keyword beside the size says how it refills
    (``refill_rate=``, ``leak_rate=``), or the callee is named for a bucket (``TokenBucket(...)``)."""
    func = call.func
    callee = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if set(words(callee)) & _BUCKET_WORDS:
        return True
    return any(kw.arg is not None and set(words(kw.arg)) & _REFILL_WORDS for kw in call.keywords)


#: A module's text naming a rate limiter's bucket (searched lower-cased, once per file by the caller).
_BUCKET_TEXT = re.compile(r"token[ _-]?bucket|rate[ _-]?limit|\brefill|\bleaky?\b")


def limiter_module(lines: Sequence[str]) -> bool:
    """The module talks of a token bucket or a rate limiter (a docstring "A token-bucket rate limiter ..."): its
    "tokens" are permits, not a model's (the review of sets 521-538: a fill level, permits per request)."""
    return _BUCKET_TEXT.search(source_of(lines)[1]) is not None
