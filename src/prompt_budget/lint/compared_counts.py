"""What a count PB103 sees compared with a number really counts (set 69):

- a local bound (every time) in its function to the length of a split or a regex's matches
  (``token_count = len(re.findall(r"\\b\\w+\\b", t))``, ``n_tokens = len(text.split())``): words (or
  lines, or fields), whatever the local is named; no tokenizer measured it (logicore's memory scorer);
- the tokens of a token bucket (``b.tokens > 1e6`` where ``b: RateBucket``, ``bucket.tokens``,
  ``self.tokens`` in a ``TokenBucket``): a rate limiter's permits, not a language model's tokens
  (cohrint-agent's request rate limiter);
- a count with a fallback for a missing value (``(m.last_prompt_tokens or 0) < 500``): the count itself;
- a comparison a test module asserts (``assert conv.token_count > 50``): the value the test expects of
  the code under test, no threshold of its own (set 83: agentos-framework).

Kept apart from the rule: they read bindings and expressions, and judge no finding themselves.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import clamp_args
from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, dotted

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls whose result's length counts pieces of a text cut by a separator or a pattern, not tokens.
_SPLITS = frozenset({"split", "rsplit", "splitlines", "findall"})
#: Words of a name of a token bucket (a rate limiter's permits).
_BUCKET_WORDS = frozenset({"bucket", "buckets"})

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _split_length(rule: LintRule, value: ast.expr) -> bool:
    """``len(text.split())``, ``len(re.findall(pattern, text))``: the number of pieces of a text."""
    if not (isinstance(value, ast.Call) and callee_name(value) == "len" and len(value.args) == 1):
        return False
    inner = value.args[0]
    return (
        isinstance(inner, ast.Call)
        and isinstance(inner.func, ast.Attribute)
        and inner.func.attr in _SPLITS
        and not rule.token_sequence(inner.func.value)  # ``tokens.split(...)``: not a text
        and not set(words(attr_name(inner.func.value) or "")) & {"tokenizer", "tokenize", "enc", "encoder"}
    )


def counts_words(rule: LintRule, fn: Function | None, amount: ast.expr) -> bool:
    """``amount`` is a local that ``fn`` binds only to the length of a split or of a regex's matches."""
    if fn is None or type(amount) is not ast.Name:
        return False
    values = bound_values(fn, amount.id)
    return bool(values) and all(_split_length(rule, v) for v in values)


def _annotation(fn: Function | None, name: str) -> str:
    """The annotation of ``fn``'s parameter ``name`` as written (``RateBucket``), else ''."""
    if fn is None:
        return ""
    args = fn.args
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if arg.arg == name and arg.annotation is not None:
            return dotted(arg.annotation) or ""
    return ""


def bucket_tokens(rule: LintRule, amount: ast.expr) -> bool:
    """``amount`` is the tokens of a token bucket: ``bucket.tokens``, ``b.tokens`` with ``b: RateBucket``,
    ``self.tokens`` in a class named as a bucket."""
    if not isinstance(amount, ast.Attribute) or "tokens" not in words(amount.attr):
        return False
    owner = amount.value
    if isinstance(owner, ast.Name):
        if owner.id in {"self", "cls"}:
            named = rule.ctx.class_name()
        else:
            named = f"{owner.id}_{_annotation(rule.ctx.function(), owner.id)}"
    else:
        named = attr_name(owner) or ""
    return bool(set(words(named)) & _BUCKET_WORDS)


def in_bucket_class(rule: LintRule) -> bool:
    """The binding being visited is in a class named as a rate limiter's bucket (``class TokenBucket``: ``burst:
    int = 100`` is permits of a rate limiter, set 403: ironmesh), not a storage bucket's (``AwsBucketLoader``)."""
    ws = set(words(rule.ctx.class_name()))
    return bool(ws & _BUCKET_WORDS) and bool(ws & _LIMITER_WORDS)


#: Words beside "bucket" in the name of a rate limiter's class (``TokenBucket``, ``RateLimitBucket``).
_LIMITER_WORDS = frozenset({"token", "tokens", "rate", "limit", "limiter", "leaky"})


def floor_literal(node: ast.expr) -> ast.expr:
    """``800`` of ``max(800, baseline * 2)``: the one number literal of a clamp with one other argument, the
    least (or most) a count is compared with (set 183: reasonblocks' ``latest_out >= max(800, baseline *
    2)``); else ``node``."""
    found = [a for a in clamp_args(node) or () if type(a) is ast.Constant and type(a.value) in (int, float)]
    return found[0] if len(found) == 1 else node


def without_fallback(amount: ast.expr) -> ast.expr:
    """``m.last_prompt_tokens or 0`` -> ``m.last_prompt_tokens``: a count given a number when missing;
    also made a whole number first (``int(max_tokens or 0) <= 1_024``: set 103, somnia's reasoning
    payload)."""
    if (
        isinstance(amount, ast.Call)
        and type(amount.func) is ast.Name
        and amount.func.id == "int"
        and len(amount.args) == 1
        and not amount.keywords
        and not isinstance(amount.args[0], ast.Starred)
    ):
        amount = amount.args[0]
    if (
        isinstance(amount, ast.BoolOp)
        and isinstance(amount.op, ast.Or)
        and len(amount.values) == 2
        and type(amount.values[1]) is ast.Constant
        and type(amount.values[1].value) is int
        and amount.values[1].value == 0
    ):
        return amount.values[0]
    return amount


def asserted_in_test(rule: LintRule, node: ast.Compare) -> bool:
    """``node`` is what an ``assert`` of a test module checks, alone or as one operand of an ``and``."""
    parent = rule.ctx.parent(node)
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.And):
        parent = rule.ctx.parent(parent)
    return isinstance(parent, ast.Assert) and is_test_module(rule.ctx.path)
