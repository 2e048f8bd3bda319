"""The tokens one item is guessed to cost, kept in a constant and multiplied by a count of items, for PB106
(reserve-arithmetic; the misses of set 427's atif-sql and of sets 415-420's pylogtracer and
seren-corpus-callosum)::

    #: Dry-run OUTPUT budget per session (~150 structured-output tokens ...)
    _AVG_OUT_TOKENS = 150
    ...
    out_tokens = len(capped) * _AVG_OUT_TOKENS          # the tokens a plan is priced at

    TOKENS_PER_ENTRY = 60
    ...
    max_entries = budget // TOKENS_PER_ENTRY             # how many entries a budget pays for

A constant of the module or of a class (or a function's local), a whole number of at least 2, named for tokens per an item
(``TOKENS_PER_ENTRY``, ``_TOKENS_PER_CANDIDATE``) or for a typical amount of tokens (``_AVG_OUT_TOKENS``,
``EST_TOKENS_PER_CALL``), whose reads multiply a count (``len(items) * X``, ``n * X``), divide an amount by
it (``budget // X``), are added to a count of tokens or given as an amount of tokens (``completion_tokens=X``, set
467: veralith); a function's local so bound is read in its function only: an estimate of an item's size in tokens, which differs by model and content and is
tuned like a per-message overhead. Not a rate per unit of time (``TOKENS_PER_MINUTE``: a quota), nor per
character, word or byte (PB104's rates), nor a name saying a limit (``MAX_TOKENS_PER_CHUNK``: a budget,
PB102's), nor in a test module. Judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.bucket_refills import limiter_module
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name, dotted, number
from prompt_budget.lint.walks import functions_and_methods, parents, source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_TOKENS = frozenset({"token", "tokens", "toks", "tok"})
#: Words of a typical amount (an average, a guess).
_TYPICAL = frozenset({"avg", "average", "mean", "typical", "est", "estimated", "estimate", "approx", "guess"})
#: What an amount per which is a rate, a quota or a scale, not an item's size (``_TOKENS_PER_MILLION``,
#: ``TOKENS_PER_PRICE_UNIT = 1_000_000``: a price's unit).
_NOT_ITEMS = frozenset(
    {"second", "seconds", "sec", "s", "minute", "minutes", "min", "hour", "hours", "day", "days", "month"}
    | {"char", "chars", "character", "characters", "word", "words", "byte", "bytes", "dollar", "usd", "cent"}
    | {"million", "thousand", "billion", "k", "m", "mtok", "ktok", "price", "rate", "unit", "cost"}
    | {"kilo", "mega", "giga"}  # ``TOKENS_PER_KILO = 1000``: a display unit (set 505: 10xscale-agentflow-cli)
)
#: Words of a limit: such a constant is a budget.
_LIMITS = frozenset({"max", "maximum", "min", "minimum", "limit", "cap", "budget", "ceiling", "threshold"})


def _per_item(name: str) -> str | None:
    """The item ``name`` gives an amount of tokens for (``TOKENS_PER_ENTRY`` -> "entry"; ``_AVG_OUT_TOKENS``
    -> "item"), else None."""
    ws = words(name)
    if not _TOKENS & set(ws) or _LIMITS & set(ws):
        return None
    if "per" in ws:
        after = [w for w in ws[ws.index("per") + 1 :] if w not in _TYPICAL]  # ``TOKENS_PER_PAGE_ESTIMATE``
        if not after or after[0] in _NOT_ITEMS or after[0] in _TOKENS or set(after) & _NOT_ITEMS:
            return None
        return " ".join(after)  # ``_TOKENS_PER_SLOW_QUERY_FINDING``: "slow query finding"
    return "item" if _TYPICAL & set(ws) else None


def _bound(body: list[ast.stmt]) -> dict[str, tuple[ast.Constant, int, str]]:
    """The names a statement list binds to a whole number named as an item's tokens: name -> (literal, value, item)."""
    found: dict[str, tuple[ast.Constant, int, str]] = {}
    for stmt in body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
        if not (
            isinstance(target, ast.Name) and isinstance(value, ast.Constant) and "tok" in target.id.lower()
        ):
            continue
        amount = value.value
        if type(amount) is int and amount >= 2 and (item := _per_item(target.id)) is not None:
            found[target.id] = (value, amount, item)
    return found


def item_token_costs(rule: LintRule, tree: ast.Module) -> list[tuple[ast.Constant, int, str, str]]:
    """Each such constant of the module and its classes, read anywhere in the module, and each function's local
    so bound, read in that function (``avg_file_tokens = 2000`` ... ``file_count * avg_file_tokens``, set 461:
    navcode): (its literal, its value, the finding's message, its config key's name)."""
    if is_test_module(rule.ctx.path):
        return []
    charged = _charged(rule, tree)  # ``budget_engine.consume_internal_llm_call(ref, tokens=500)``
    charged += _inline(rule, tree)  # ``raw_tokens = file_count * 800``
    bodies = [tree.body, *(s.body for s in tree.body if isinstance(s, ast.ClassDef))]
    scopes: list[tuple[ast.AST, dict[str, tuple[ast.Constant, int, str]]]] = [
        (tree, {k: v for body in bodies for k, v in _bound(body).items()})
    ]
    scopes += [(f, _bound(f.body)) for f, _ in functions_and_methods(tree)]
    scopes = [(scope, bound) for scope, bound in scopes if bound]
    if not scopes:
        return charged
    up = parents(tree)
    found: dict[int, tuple[ast.Constant, int, str, str]] = {}  # by the literal: one finding each
    for scope, constants in scopes:
        for node in walk(scope):
            name = (
                node.id
                if isinstance(node, ast.Name)
                else node.attr
                if isinstance(node, ast.Attribute)
                else None
            )
            if (
                name not in constants
                or id(constants[name][0]) in found
                or not isinstance(getattr(node, "ctx", None), ast.Load)
            ):
                continue
            how = _use(rule, node, up.get(node))
            if how is not None:
                literal, value, item = constants[name]
                line = getattr(node, "lineno", 0)
                message = (
                    f"hard-coded estimate of {value} tokens per {item} ({name}), {how} at line {line}; keep it in "
                    "config, calibrated against real outputs, so every estimate uses the same size"
                )
                found[id(literal)] = (literal, value, message, name)
    return [*found.values(), *charged]


#: Words of a call that charges an amount against a budget (``consume_internal_llm_call``, ``charge``, ``debit``).
_CHARGES = frozenset({"consume", "charge", "debit", "deduct", "spend", "bill"})
#: The text such a call's name holds (the module's lower-cased text is searched before its tree is walked).
_CHARGE_TEXT = re.compile(r"consume|charge|debit|deduct|spend|bill")
#: Words of what such a call charges against or for (its receiver's or its own): a budget, a model's call.
_CHARGED_FOR = frozenset({"budget", "budgets", "llm", "model", "usage", "context"})


def _charged(rule: LintRule, tree: ast.Module) -> list[tuple[ast.Constant, int, str, str]]:
    """A number of tokens given under a keyword named for tokens to a call that charges it against a budget (set 509:
    nava-agent's ``self.budget_engine.consume_internal_llm_call(budget_ref, tokens=500)``, one planner call's guessed
    size): (its literal, its value, the finding's message, its config key's name)."""
    found: list[tuple[ast.Constant, int, str, str]] = []
    if not _CHARGE_TEXT.search(source_of(rule.ctx.lines)[1]):
        return found  # (most modules: no call named for charging, no walk)
    for node in walk(tree):
        if type(node) is not ast.Call or not node.keywords:
            continue
        callee = callee_name(node) or ""
        if not set(words(callee)) & _CHARGES:
            continue
        # charged against a budget or for a model's call (``budget_engine.consume_internal_llm_call``), not a rate
        # limiter's bucket or a wallet (``bucket.consume(tokens=50)``)
        said = {w for part in dotted(node.func).split(".") for w in words(part)}
        if not said & _CHARGED_FOR:
            continue
        for kw in node.keywords:
            value = number(kw.value)
            if (
                kw.arg
                and type(kw.value) is ast.Constant
                and type(value) is int
                and value >= 16
                and set(words(kw.arg)) & _TOKENS
                and not rule.names.is_budget(kw.arg)
            ):
                message = (
                    f"hard-coded estimate of {value} tokens charged by {callee}() as `{kw.arg}=`; keep it in "
                    "config, calibrated against real usage, so every charge uses the same size"
                )
                found.append((kw.value, value, message, f"{callee} {kw.arg}"))
    return found


def _use(rule: LintRule, node: ast.AST, parent: ast.AST | None) -> str | None:
    """How a read of an item's estimate (``node``) uses it as one: multiplied by a count, dividing an amount,
    added to a count of tokens (``_EST_SYSTEM_PROMPT_TOKENS + q_tokens``), or given as an amount of tokens
    (``completion_tokens=_EST_OUTPUT_TOKENS_PER_JUDGE_CALL``, set 467: veralith's pre-flight cost); else None."""
    if isinstance(parent, ast.keyword):
        given = parent.arg or ""
        return f"given as `{given}=`" if rule.names.is_token_amount(given) else None
    if not isinstance(parent, ast.BinOp):
        return None
    if isinstance(parent.op, ast.Mult):
        return "multiplied by a count"
    if isinstance(parent.op, (ast.FloorDiv, ast.Div)) and parent.right is node:
        return "dividing an amount"
    other = parent.right if parent.left is node else parent.left
    return (
        "added to a count of tokens" if isinstance(parent.op, ast.Add) and rule.token_amount(other) else None
    )


#: A local named for tokens bound to a product with a number of two digits or more (the module's text is searched
#: before its tree is walked).
_INLINE_TEXT = re.compile(r"tok\w*\s*=[^=\n]*\*\s*\d{2}")
#: Words of a count of items.
_COUNTS = frozenset({"count", "counts", "num", "n", "number"})


def _inline(rule: LintRule, tree: ast.Module) -> list[tuple[ast.Constant, int, str, str]]:
    """A count of items times a number of tokens each, written inline and bound to a local named for an amount of
    tokens (set 529: kodara's ``raw_tokens = file_count * 800``, a full read guessed at 800 tokens a file; ``len(
    files) * 800``, ``min(8, file_count) * 250``): (its literal, its value, the finding's message, its key's name)."""
    found: list[tuple[ast.Constant, int, str, str]] = []
    if not _INLINE_TEXT.search(source_of(rule.ctx.lines)[1]) or limiter_module(rule.ctx.lines):
        return found  # (a rate limiter's permits per request are no tokens of a model)
    for node in walk(tree):
        if type(node) is not ast.Assign or len(node.targets) != 1 or not isinstance(node.value, ast.BinOp):
            continue
        target, product = node.targets[0], node.value
        if type(target) is not ast.Name:
            continue
        if not isinstance(product.op, ast.Mult) or not rule.names.is_token_amount(target.id):
            continue
        if rule.names.is_budget(target.id) or {"mock", "fake", "dummy", "stub"} & set(words(target.id)):
            continue  # ``max_tokens = n * 800``: a budget, PB102's; ``mock_tokens = len(batch) * 100``: made up
        for literal, count in ((product.right, product.left), (product.left, product.right)):
            value = number(literal)
            if type(literal) is ast.Constant and type(value) is int and value >= 16 and _items(count):
                shown = ast.unparse(count)
                message = (
                    f"hard-coded estimate of {value} tokens per item, multiplying `{shown}` into `{target.id}`; "
                    "keep it in config, calibrated against real outputs, so every estimate uses the same size"
                )
                found.append((literal, value, message, f"{target.id} per item"))
                break
    return found


def _items(node: ast.expr) -> bool:
    """``file_count``, ``len(files)``, ``min(8, file_count)``: a count of items."""
    if isinstance(node, ast.Call) and callee_name(node) in {"min", "max"}:
        return any(_items(a) for a in node.args)
    if isinstance(node, ast.Call):
        return callee_name(node) == "len"
    name = node.id if type(node) is ast.Name else node.attr if type(node) is ast.Attribute else ""
    return bool(_COUNTS.intersection(words(name))) and not _TOKENS.intersection(words(name))
