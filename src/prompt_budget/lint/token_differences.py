"""A local bound only to what is left of a token amount (set 71: cognautic-cli's ``available_context =
self.n_ctx - max_tokens - 200``; set 72: nanoindex's ``remaining = max_tokens - total_tokens``): a
number of tokens whatever its name, so ``max_prompt_chars = available_context * 3`` converts tokens to
characters. So is a running remainder: a local that starts at a token amount and is only lessened by token
amounts (set 79: orionagent's ``remaining_budget = self.config.max_dialogue_tokens`` ... ``remaining_budget -=
content_tokens``, then ``char_limit = remaining_budget * 4``), also when what lessens it is a local bound only
to token counts and the product clamps it first (set 103: memotrix's ``budget = max_tokens_returned`` ...
``used = estimate_tokens(text)`` ... ``budget -= used``, ``char_budget = max(budget, 1) * 4``). Read through the function's shared walk (``walks.walk``/``walks.parents``), so the binding's
line need not be walked."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import clamp_args, uncast
from prompt_budget.lint.character_defaults import fallen_back
from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.documented_caps import documented_token_cap
from prompt_budget.lint.names import words
from prompt_budget.lint.ordered_budgets import ordered_against_tokens
from prompt_budget.lint.rule import attr_name, number
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _terms(node: ast.expr) -> list[ast.expr]:
    """The terms of a chain of subtractions (``a - b - 200``: ``a``, ``b``, ``200``)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
        return [*_terms(node.left), node.right]
    return [node]


def _left_of_tokens(rule: LintRule, value: ast.expr) -> bool:
    """``max_tokens - total_tokens``: a subtraction whose minuend and every other term but number
    literals are amounts of tokens."""
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub)):
        return False
    terms = _terms(value)
    named = [t for t in terms if not isinstance(t, ast.Constant)]
    return len(named) >= 2 and named[0] is terms[0] and all(rule.token_amount(t) for t in named)


def _lessened(rule: LintRule, fn: ast.AST, stmt: ast.AST | None, target: ast.Name) -> bool:
    """``remaining -= content_tokens``: the local lessened by a token amount, or by a local every binding
    of which is one (``used = estimate_tokens(text)`` ... ``budget -= used``)."""
    if not (isinstance(stmt, ast.AugAssign) and stmt.target is target and isinstance(stmt.op, ast.Sub)):
        return False
    value = stmt.value
    if rule.token_amount(value):
        return True
    values = bound_values(fn, value.id) if type(value) is ast.Name else []
    return bool(values) and all(rule.token_amount(v) for v in values)


def _unclamped(node: ast.expr) -> ast.expr:
    """``budget`` of ``max(budget, 1)`` or ``min(budget, 100)`` (a clamp by a number literal); else ``node``."""
    args = clamp_args(node)
    return args[0] if args is not None and number(args[1]) is not None else node


def token_difference(rule: LintRule, node: ast.expr) -> bool:
    """``node`` is a local of the enclosing function every binding of which is a token amount less
    other token amounts (and number literals), or, in a running remainder, that starts at a token amount
    and is only lessened by token amounts (``-=``); not a parameter."""
    fn = rule.ctx.function()
    if not isinstance(node, ast.Name) or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    name = node.id
    args = fn.args
    if any(
        a.arg == name for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a
    ):
        return False
    up = parents(fn)
    bound = [n for n in walk(fn) if type(n) is ast.Name and n.id == name and isinstance(n.ctx, ast.Store)]
    if not bound:
        return False
    started = lessened = False
    for target in bound:
        stmt = up.get(target)
        if _lessened(rule, fn, stmt, target):
            lessened = True
            continue
        if not (isinstance(stmt, ast.Assign) and stmt.targets == [target]):
            return False
        if _left_of_tokens(rule, stmt.value):
            continue
        if not rule.token_amount(stmt.value):
            return False
        started = True
    return lessened or not started


#: Calls that keep their one argument's unit: ``int(max_input_tokens)`` is still tokens.
_CONVERSIONS = frozenset({"int", "float", "round", "abs"})


def unconverted(node: ast.expr) -> ast.expr:
    """``x`` of ``int(x)``, ``float(x)``, ``round(x)`` or ``abs(x)`` (one argument, no keyword); else ``node``."""
    return uncast(node, _CONVERSIONS)


def token_cap(rule: LintRule, node: ast.expr) -> bool:
    """``node`` holds tokens for a product with a rate of characters: a token amount (``max_tokens or
    1000`` too), a cap its function's ``Args:`` documents in tokens, or a local left of token amounts
    (``max(budget, 1)`` too), also made a number first (``int(max_input_tokens)``, set 105)."""
    node = unconverted(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        # ``context_window * input_context_pct``: a share of a token amount is tokens (set 124)
        return any(
            token_cap(rule, whole) and _share(rule, part)
            for whole, part in ((node.left, node.right), (node.right, node.left))
        )
    inner = unconverted(_unclamped(node))
    return (
        rule.token_amount(fallen_back(node))
        # ``max(int(max_retrieval_tokens), 0) * 4``: a cap clamped and made a number (set 154: ouro-agents)
        or (inner is not node and rule.token_amount(fallen_back(inner)))
        or documented_token_cap(rule.ctx.function(), node)
        or token_difference(rule, _unclamped(node))
        # ``ctx = getattr(llm, "context_length", 200_000)`` ... ``ctx * 4`` (set 181: openprover)
        or (type(node) is ast.Name and rule.budget_expr(node) is not None)
        # ``while estimate(msgs) > effective_max: ...`` ... ``max_chars = effective_max * 4`` (set 127)
        or (type(node) is ast.Name and _fixed(rule, node.id) and ordered_against_tokens(rule, node.id))
        or _budget_of_tokens(rule, node)
    )


#: The words of a parameter naming a cap whatever its unit (``budget``, ``limit``).
_CAP_WORDS = frozenset({"budget", "limit", "cap"})
_SAYS_TOKENS = re.compile(r"\btokens?\b", re.IGNORECASE)


def _budget_of_tokens(rule: LintRule, node: ast.expr) -> bool:
    """``def _truncate(text, budget)`` under "Truncate to fit the budget of tokens (about 4 chars/token).": a
    parameter named as a cap whose function's docstring opens on tokens (set 567: axon-context-mcp)."""
    fn = rule.ctx.function()
    if type(node) is not ast.Name or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    if not set(words(node.id)) & _CAP_WORDS or node.id not in {
        a.arg for a in (*fn.args.posonlyargs, *fn.args.args)
    }:
        return False
    doc = ast.get_docstring(fn) or ""
    return bool(_SAYS_TOKENS.search(doc.split("\n\n", 1)[0]))


def _fixed(rule: LintRule, name: str) -> bool:
    """The function never adds to or takes from its local ``name`` (a running remainder is judged by what
    lessens it: ``_lessened``)."""
    fn = rule.ctx.function()
    return fn is not None and not any(
        isinstance(n, ast.AugAssign) and type(n.target) is ast.Name and n.target.id == name for n in walk(fn)
    )


#: Words of a name holding a share of a whole (``input_context_pct``, ``reserve_ratio``).
_SHARE_WORDS = frozenset({"pct", "percent", "percentage", "ratio", "fraction", "share"})


def _share(rule: LintRule, node: ast.expr) -> bool:
    """A share of a whole: a number between 0 and 1 (``0.6``), or a name saying it is one
    (``input_context_pct``, ``self.reserve_ratio``) and no other unit."""
    value = number(node)
    if value is not None:
        return 0 < value < 1
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    return name is not None and bool(set(words(name)) & _SHARE_WORDS) and not rule.names.is_chars(name)


def shared_conversion(rule: LintRule, node: ast.BinOp) -> bool:
    """``int(ctx * 4 * 0.15)``: a token budget times a rate (``node``) of which a share is then taken: the
    rate turns tokens into characters (the share is PB105's, through ``product_budget``)."""
    parent = rule.ctx.parent(node)
    if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult) and parent.left is node):
        return False
    share = number(parent.right)
    return share is not None and 0 < share < 1 and any(rule.budget_expr(f) for f in (node.left, node.right))
