"""What a local keeps of a budget, for ``LintRule.budget_expr``'s locals bound once to a budget read.

``input_budget = max_context_window_tokens - max_output_tokens`` keeps what a reserve leaves of the
budget; ``available = int(self.context_window * (1 - self.config.safety_margin))`` (set 105: ankaloop's
``SmartCompactor``) and ``usable = window * 0.9`` keep what a margin leaves of it, a share written as a
complement (``1 - x``) or as a fraction. Either local holds the budget it was cut from: a share of it
(``int(available * self.config.target_ratio)``) is a share of that budget.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from prompt_budget.lint.assignments import bound_values, running_values, single_binding, uncast, zero
from prompt_budget.lint.names import words
from prompt_budget.lint.walks import bound_names, kept_per_file, walk

_ROUNDING = frozenset({"int", "round"})


def _share(node: ast.expr) -> bool:
    """``1 - x`` or a fraction literal: what a margin leaves of a whole."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
        node = node.left
        return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value == 1
    return isinstance(node, ast.Constant) and type(node.value) is float and 0 < node.value < 1


def kept_of(value: ast.expr) -> tuple[ast.expr, bool]:
    """(the amount ``value`` keeps a part of, True) for ``a - b``, ``int(a * (1 - m))``, ``a * 0.9``, also
    kept off zero (``max(budget_tokens - reserve, 1)``, set 255: sessionvoice; ``max(0, ...)``); else (``value``,
    False)."""
    if (
        isinstance(value, ast.Call)
        and type(value.func) is ast.Name
        and value.func.id == "max"
        and len(value.args) == 2
    ):
        # ``max(budget - reserve, 1)``, ``max(0, total_budget - current_tokens)`` (set 293: aacode)
        # a floor written first only at zero: ``max(1, budget - fixed) // 3`` stays a share of a count (set 293's
        # pass: aic-agent's summary budget)
        first, second = value.args
        if type(second) is ast.Constant:
            value = first
        elif type(first) is ast.Constant and first.value == 0:
            value = second
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
        while isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
            value = value.left  # ``window - reserve - 1024``: what is left of ``window``
        return value, True
    product = uncast(value, _ROUNDING)
    if isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult):
        if _share(product.right):
            return product.left, True
        if _share(product.left):
            return product.right, True
    return value, False


def local_budgets(
    fn: ast.AST,
    budget_expr: Callable[[ast.expr], str | None],
    token_amount: Callable[[ast.expr], bool],
    is_token_amount: Callable[[str], bool],
    bound: dict[str, str] | None = None,
) -> dict[str, str]:
    """Local names of ``fn`` bound once, to a budget read: name -> that budget (``LintRule.budget_expr`` reads
    them, cached per function); a local named as a limit bound once to a call of no budget's name and met by a
    count of tokens (``_meets_tokens``); a parameter named ``budget`` (not ``time_budget``, ``budget_usd``) beside
    a parameter holding tokens (``def _compress_truncate(self, budget: int, total_tokens: int)``, set 116:
    aic-agent), never rebound."""
    # filled as the walk goes, so that a local read off an earlier one is seen (``window = ...context_window_tokens``
    # ... ``budget = window - reserve - 1024``, set 255: investorch): the caller may have kept it already
    bound = {} if bound is None else bound
    twice: set[str] = set()
    calls: set[str] = set()  # a limit's name bound to a call of no budget's name
    for stmt in walk(fn):
        bound_here = single_binding(stmt)
        if bound_here is None:
            continue
        target, value = bound_here
        if not isinstance(target, ast.Name):
            continue
        if target.id in bound:
            twice.add(target.id)
        # ``input_budget = window - reserve``, ``int(window * (1 - margin))``: what is left of a budget
        value, sub = kept_of(value)
        read = None if isinstance(value, ast.Name) and not sub else budget_expr(value)
        if read is None and isinstance(value, ast.Call) and LIMIT_NAMES.intersection(words(target.id)):
            calls.add(target.id)
        if read is not None:
            bound[target.id] = read
        else:
            twice.add(target.id)
    # ``room = get_input_room(model, fallback)`` ... ``estimate > room * share``: bound once and in no other way
    # (``bound_values`` gives none for a loop's target, a parameter, ``+=``)
    met = {
        n
        for n in calls
        if n not in bound and len(bound_values(fn, n)) == 1 and _meets_tokens(fn, n, token_amount)
    }
    bound.update((n, n) for n in met)
    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
        beside_tokens = any(is_token_amount(p) for p in params)
        for p in (p for p in params if p not in bound and p not in twice):
            # ``budget`` beside ``total_tokens`` (not ``time_budget``); ``def retained_history(provider, history,
            # window)`` ... ``if size > window // 5``
            budget = beside_tokens and p.strip("_") == "budget"
            if budget or (_WINDOW_NAMES & set(words(p)) and _meets_tokens(fn, p, token_amount)):
                bound[p] = p
    return {k: v for k, v in bound.items() if k not in twice or k in met}


#: A name that says it is a budget of some unit, which the tokens beside it or it meets name.
LIMIT_NAMES = frozenset({"budget", "limit", "cap", "room"})
_ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _meets_tokens(fn: ast.AST, name: str, token_amount: Callable[[ast.expr], bool]) -> bool:
    """The local ``name`` (bound to a call of no budget's name), or a local bound once to an expression of it
    (``high = int(room * self.INPUT_SHARE)``), is ordered against a count of tokens or clamped with one
    (``estimate_tokens(size) <= high``, ``min(int(room * share), estimate_tokens(text))``; set 118: just-ralph-it),
    the count written there or a local bound once to one (``estimate = estimate_tokens(request)``)."""
    values: dict[str, list[ast.expr]] = {}
    for stmt in walk(fn):
        if (bound_here := single_binding(stmt)) is not None and isinstance(bound_here[0], ast.Name):
            values.setdefault(bound_here[0].id, []).append(bound_here[1])

    def holds(node: ast.expr, names: set[str]) -> bool:
        return any(isinstance(n, ast.Name) and n.id in names for n in walk(node))

    running_of: dict[str, tuple[list[ast.expr], list[ast.expr]] | None] = {}  # each name's walk once

    def tokens(node: ast.expr) -> bool:
        if isinstance(node, ast.Name) and node.id not in running_of:
            running_of[node.id] = running_values(fn, node.id)
        if isinstance(node, ast.Name) and (running := running_of[node.id]) is not None and running[1]:
            # a running total of counts of tokens (``size = 0`` ... ``size += provider.estimate_tokens(group)``)
            start, added = running
            return all(zero(v) for v in start) and all(token_amount(v) for v in added)
        if isinstance(node, ast.Name) and len(values.get(node.id, ())) == 1:
            node = values[node.id][0]
        return token_amount(node)

    carriers = {name} | {k for k, v in values.items() if len(v) == 1 and k != name and holds(v[0], {name})}
    sides: tuple[ast.expr, ...]
    for node in walk(fn):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDERS):
            sides = (node.left, node.comparators[0])
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max")
        ):
            sides = tuple(node.args)
        else:
            continue
        if any(holds(a, carriers) for a in sides) and any(tokens(b) for b in sides if not holds(b, carriers)):
            return True
    return False


#: A parameter's name saying a window or some room, which a count of tokens ordered against it says is tokens.
_WINDOW_NAMES = LIMIT_NAMES - {"budget"} | {"window"}


def enclosing_budget(
    scopes: Sequence[ast.AST], fn: ast.AST | None, name: str, budgets_of: Callable[[ast.AST], dict[str, str]]
) -> str | None:
    """The budget ``name`` holds when ``fn`` (the innermost of ``scopes``) neither takes nor binds it and an enclosing
    function binds it to one (``budgets_of``: its local budgets): a closure's (set 603: pyragx's ``ctx =
    self.settings.max_context_tokens`` ... ``def budget(used): return max(256, ctx - 512 - 768 - ...)``)."""
    outer = [s for s in scopes if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s is not fn]
    if (
        not outer
        or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        or name in _bound_in(fn)
    ):
        return None
    return budgets_of(outer[-1]).get(name)


#: The function asked about last and the names it binds (``_bound_in``).
_last_bound: list[tuple[ast.AST, frozenset[str]]] = kept_per_file([])


def _bound_in(fn: ast.AST) -> frozenset[str]:
    """The names ``fn`` binds anywhere in its body (``walks.bound_names``: a nested lambda's parameter, ``key=lambda
    ctx: ...``, an ``except ... as`` name), read once per function."""
    if not (_last_bound and _last_bound[0][0] is fn):
        _last_bound[:] = [(fn, frozenset(bound_names(fn)))]
    return _last_bound[0][1]
