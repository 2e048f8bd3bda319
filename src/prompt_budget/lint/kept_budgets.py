"""What a local keeps of a budget, for ``LintRule.budget_expr``'s locals bound once to a budget read.

``input_budget = max_context_window_tokens - max_output_tokens`` keeps what a reserve leaves of the
budget; ``available = int(self.context_window * (1 - self.config.safety_margin))`` (set 105: ankaloop's
``SmartCompactor``) and ``usable = window * 0.9`` keep what a margin leaves of it, a share written as a
complement (``1 - x``) or as a fraction. Either local holds the budget it was cut from: a share of it
(``int(available * self.config.target_ratio)``) is a share of that budget.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import single_binding, uncast
from prompt_budget.lint.names import words
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ROUNDING = frozenset({"int", "round"})


def _share(node: ast.expr) -> bool:
    """``1 - x`` or a fraction literal: what a margin leaves of a whole."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
        node = node.left
        return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value == 1
    return isinstance(node, ast.Constant) and type(node.value) is float and 0 < node.value < 1


def kept_of(value: ast.expr) -> tuple[ast.expr, bool]:
    """(the amount ``value`` keeps a part of, True) for ``a - b``, ``int(a * (1 - m))``, ``a * 0.9``;
    else (``value``, False)."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
        return value.left, True
    product = uncast(value, _ROUNDING)
    if isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult):
        if _share(product.right):
            return product.left, True
        if _share(product.left):
            return product.right, True
    return value, False


def local_budgets(rule: LintRule) -> dict[str, str]:
    """Local names of the enclosing function bound once, to a budget read: name -> that budget (cached per
    function on the file's context); also a parameter named as some limit (``budget``) beside a parameter
    holding tokens (``def _compress_truncate(self, budget: int, total_tokens: int)``, set 116: aic-agent),
    never rebound."""
    fn = rule.ctx.function()
    if fn is None:
        return {}
    cached = rule.ctx.local_budgets.get(id(fn))
    if cached is not None and cached[0] is fn:
        return cached[1]
    rule.ctx.local_budgets[id(fn)] = (fn, {})  # a read while this is built finds nothing yet
    bound: dict[str, str] = {}
    twice: set[str] = set()
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
        read = None if isinstance(value, ast.Name) and not sub else rule.budget_expr(value)
        if read is not None:
            bound[target.id] = read
        else:
            twice.add(target.id)
    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
        if any(rule.names.is_token_amount(p) for p in params):
            for p in params:
                if p not in bound and p not in twice and _LIMIT_NAMES.intersection(words(p)):
                    bound[p] = p
    result = {k: v for k, v in bound.items() if k not in twice}
    rule.ctx.local_budgets[id(fn)] = (fn, result)
    return result


#: A parameter's name that says it is a budget of some unit, which a token parameter beside it names.
_LIMIT_NAMES = frozenset({"budget", "limit", "cap"})
