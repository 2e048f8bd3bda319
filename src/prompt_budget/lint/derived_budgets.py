"""A local derived from a token budget, for PB105 (budget-ratio): a share of it is a share of that
budget, whatever the local's name says (set 74: firstcoder's context watermarks)::

    resolved_window = DEFAULT_CONTEXT_WINDOW if context_window is None else context_window
    usable_window = int(resolved_window * 0.95)        # a share of the window
    input_capacity = usable_window - output_reserve     # what the output's reserve leaves of it
    high_watermark = int(input_capacity * 0.90)         # a share of that: a share of the window

``LintRule.budget_expr`` reads a local only when its name says it is a limit (``max_window = ...``) and
its binding reads a budget directly. Here the local's every binding in the function is followed back
through arithmetic that keeps the unit of a budget (what is left after an amount is taken off it,
``budget - used``; a literal share of it, ``budget * 0.95``; ``int()``/``round()``/``floor``/``ceil``; a
clamp by ``min``/``max`` or by a function named to clamp or clip its first argument (``base =
clamp_budget(thinking_budget)``: set 75, mico-agent); a choice or a fallback, ``a if c else b``, ``a or
b``, where a side may be a weak ``budget`` or ``limit`` beside one that is a budget: ``budget if budget
is not None else config.token_budget``, set 76, mnemosyne-engine) to a budget, or to another such local
(a few steps deep); a part of a budget, divided by a whole number from 2 to 16 (``min(1024,
target_context_length // 4)``, set 132: akv-cache's hot tier). A binding rescaling the local by a literal
(``hot_budget = int(hot_budget * 1.5)``) keeps the unit the others give it. A sum (``max_tokens + n``), a
product by anything but a literal fraction (``max_tokens * 4``: characters) and another division are not
followed: their unit may be another.
A local whose name says another unit (``usable_chars``, ``free_memory``, ``word_limit = min(int(token_limit
* 0.75), n)``: words, a rate of words per token) is not read. The function's plain assignments
are collected in one walk, kept for the function last asked about (the walk asks about one function at
a time). Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.names import words
from prompt_budget.lint.ordered_budgets import OTHER_AMOUNT_WORDS, ordered_against_tokens
from prompt_budget.lint.rule import callee_name, number
from prompt_budget.lint.shares import neutral_name
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: Steps a local is followed back through other locals.
_DEPTH = 4
#: Calls whose result is their first argument's amount, rounded.
_ROUNDING = frozenset({"int", "round", "floor", "ceil"})
_CLAMPS = frozenset({"min", "max"})
#: Words of a callee that returns its first argument held within bounds (``clamp_budget(n)``, ``np.clip(n,
#: lo, hi)``): the same amount, bounded.
_CLAMPING = frozenset({"clamp", "clip"})
#: Words of a local's name saying another amount, beside ``flow.against_flow``'s and
#: ``shares.neutral_name``'s units (lines, messages, characters, words, bytes, seconds, cost, price): a
#: device's memory, a count of messages.

#: The function asked about last and its plain assignments: name -> the values bound to it (None for a
#: name also bound otherwise: a loop's target, an augmented assignment, a tuple's item).
_last: list[tuple[ast.AST, dict[str, list[ast.expr] | None]]] = kept_per_file([])


def _bindings(fn: Function) -> dict[str, list[ast.expr] | None]:
    if _last and _last[0][0] is fn:
        return _last[0][1]
    found: dict[str, list[ast.expr] | None] = {}
    for node in walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
            values = found.setdefault(node.targets[0].id, [])
            if values is not None:
                values.append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
            if type(node.target) is ast.Name:
                found[node.target.id] = None
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                for sub in walk(target):
                    if type(sub) is ast.Name:
                        found[sub.id] = None
    _last[:] = [(fn, found)]
    return found


def _fraction(node: ast.expr) -> bool:
    value = number(node)
    return value is not None and not isinstance(value, bool) and 0 < value < 1


def _part(node: ast.expr) -> bool:
    """A whole divisor from 2 to 16: a budget divided so is a part of it (a quarter of the window)."""
    value = number(node)
    return type(value) is int and 2 <= value <= 16


def rescaled(name: str, value: ast.expr) -> bool:
    """``hot_budget = int(hot_budget * 1.5)``: the local times a literal, bound to itself (rounded or
    not): it keeps whatever unit its other bindings give it."""
    if isinstance(value, ast.Call) and callee_name(value) in _ROUNDING and len(value.args) == 1:
        value = value.args[0]
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult)):
        return False
    sides = (value.left, value.right)
    return any(type(a) is ast.Name and a.id == name for a in sides) and any(
        (n := number(b)) is not None and 0 < n <= 16 for b in sides
    )


def _derived(rule: LintRule, fn: Function, node: ast.expr, depth: int, ordered: bool = True) -> str | None:
    """The budget ``node``'s value is an amount of, through unit-keeping arithmetic, else None."""
    found = rule.budget_expr(node)
    if found is not None:
        return None if rule.names.is_chars(found) else found
    if isinstance(node, ast.Name):
        return _local(rule, fn, node.id, depth - 1, ordered)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
        return _derived(rule, fn, node.left, depth, ordered)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)) and _part(node.right):
        return _derived(rule, fn, node.left, depth, ordered)  # ``min(1024, context_length // 4)``
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for amount, share in ((node.left, node.right), (node.right, node.left)):
            if _fraction(share):
                return _derived(rule, fn, amount, depth, ordered)
        return None
    if isinstance(node, ast.Call) and node.args and not node.keywords:
        callee = callee_name(node)
        if callee in _ROUNDING or _CLAMPING.intersection(words(callee or "")):
            return _derived(rule, fn, node.args[0], depth, ordered)  # ``clamp_budget(thinking_budget)``
        if callee in _CLAMPS and isinstance(node.func, ast.Name):
            return next(
                (b for a in node.args if (b := _derived(rule, fn, a, depth, ordered)) is not None), None
            )
        return None
    sides = (
        [node.body, node.orelse]
        if isinstance(node, ast.IfExp)
        else list(node.values)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or)
        else []
    )
    sides = [s for s in sides if not isinstance(s, ast.Constant)]
    budgets = [_derived(rule, fn, s, depth, ordered) for s in sides]
    # ``budget if budget is not None else config.token_budget``: a weak ``budget``/``limit`` chosen
    # against a budget of tokens is an amount of it (set 76: mnemosyne-engine's search budget)
    weak = [type(s) is ast.Name and rule.names.is_weak_budget(s.id) for s in sides]
    chosen = [b for b in budgets if b is not None]
    return (
        chosen[0] if chosen and all(b is not None or w for b, w in zip(budgets, weak, strict=True)) else None
    )


def _local(rule: LintRule, fn: Function, name: str, depth: int, ordered: bool = True) -> str | None:
    if (
        depth <= 0
        or against_flow(name)
        or set(words(name)) & OTHER_AMOUNT_WORDS
        or not neutral_name(rule, name)
    ):
        return None
    values = _bindings(fn).get(name)
    values = [v for v in values if not rescaled(name, v)] if values else values  # the unit stays
    budgets = [_derived(rule, fn, v, depth, ordered) for v in values] if values else [None]
    if all(budgets):
        return budgets[0]
    if ordered and fn is rule.ctx.function() and ordered_against_tokens(rule, name):
        return name  # ``if fixed_count.tokens > physical`` (``ordered_budgets``, set 85)
    return None


def derived_budget(rule: LintRule, node: ast.expr, ordered: bool = True) -> str | None:
    """The local ``node`` names (in the function being walked), when every binding of it derives it
    from a token budget (or, with ``ordered``, the function orders it against a count of tokens:
    ``ordered_budgets``): its name, else None."""
    fn = rule.ctx.function()
    if (
        fn is None
        or type(node) is not ast.Name
        or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
    ):
        return None
    return node.id if _local(rule, fn, node.id, _DEPTH, ordered) is not None else None
