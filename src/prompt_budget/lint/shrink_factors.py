"""PB105's reading of a share that shrinks on each retry (set 85: licos-agent-runtime's ``self.prepare(model,
messages, schemas, reduction=0.65**attempt)``, where ``prepare`` multiplies ``original_count.tokens *
reduction`` and the budget by it): a literal fraction raised to a power, given under a keyword to a
function of the module or a method of the class whose parameter of that name multiplies a count of tokens
or a budget (``LintRule.token_amount``, ``LintRule.budget_expr``) in its body. A fraction so given to a
parameter that scales a delay, a count of lines or anything else is no share of a budget. Kept apart from
the rule, which is at the project's module size limit; it judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.fraction_shares import literal_fraction
from prompt_budget.lint.token_quotients import own_callee
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def _scales_tokens(rule: LintRule, fn: _Function, name: str) -> str | None:
    """What token amount a read of the parameter ``name`` of ``fn`` multiplies, shown; else None."""
    if name not in {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}:
        return None
    up = parents(fn)
    for node in walk(fn):
        if not (type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Load)):
            continue
        product = up.get(node)
        if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
            continue
        other = product.right if product.left is node else product.left
        for amount in (other, other.left) if isinstance(other, ast.BinOp) else (other,):
            if rule.token_amount(amount) or rule.budget_expr(amount):
                return ast.unparse(amount)
    return None


def shrink_factors(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, float, str, str]]:
    """(the fraction, its value, the keyword, what it is) of each ``keyword=0.65**attempt`` of ``call``
    whose parameter multiplies a count of tokens in the called function."""
    for kw in call.keywords:
        value = kw.value
        if not (kw.arg and isinstance(value, ast.BinOp) and isinstance(value.op, ast.Pow)):
            continue
        share = literal_fraction(value.left)
        fn = called[0] if share is not None and (called := own_callee(rule, call)) else None
        scaled = _scales_tokens(rule, fn, kw.arg) if fn is not None else None
        if share is not None and scaled is not None:
            said = f"{kw.arg}={ast.unparse(value)}, a share per retry of `{scaled}`"
            yield value.left, share, kw.arg, said
