"""PB105's shares a module's getter returns, read where a call of it scales a budget (set 561:
acm-context-management's warning share of its context budget)::

    def _budget_warn_frac() -> float:
        try:
            f = float(os.getenv("ACM_CONTEXT_BUDGET_WARN", "0.8"))
        except ValueError:
            return 0.8
        return min(max(f, 0.0), 1.0)
    ...
    "over_warn": live_tok >= budget * _budget_warn_frac(),

A call of a function of the module taking nothing, multiplied by a budget (``LintRule.budget_expr``), is a share of
that budget; the function's shares are what it returns: a literal share, or a local bound to a config's or an
environment variable's fallback share (``keyed_ratios.fallback_shares``), clamped into range or not. Each is reported
where it is written. Kept apart from the rule: it reads the module's functions, and reports nothing itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import kept_amount
from prompt_budget.lint.keyed_ratios import fallback_shares, share_of
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.walks import source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: What a getter reports a found share with: (the literal, its value, the getter's name, what it is).
GetterShare = tuple[ast.expr, float, str, str]


#: The calls that keep an amount beside literal bounds (a clamp into range, a conversion).
_KEEPING = frozenset({"min", "max", "float"})


def getter_shares(rule: LintRule, module: ast.Module) -> list[GetterShare]:
    """The shares the getters of ``module`` return where a call of one scales a budget (``budget * share()``),
    each once."""
    # a function taking nothing whose call the text holds beside a ``*`` (``budget * _warn_frac()``): a substring
    # search per such function, at C speed (a pattern over the whole text cost a second on the benchmark corpus)
    text = source_of(rule.ctx.lines)[0] if rule.ctx.lines else ""
    getters = {
        stmt.name: stmt
        for stmt in module.body
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        and not (stmt.args.args or stmt.args.posonlyargs or stmt.args.vararg)
        and _multiplied(text, f"{stmt.name}()")
    }
    if not getters:
        return []
    shares = {name: list(_returned(fn)) for name, fn in getters.items()}
    shares = {name: found for name, found in shares.items() if found}
    if not shares:
        return []
    found: list[GetterShare] = []
    for node in walk(module):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
            continue
        for call, other in ((node.left, node.right), (node.right, node.left)):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and not call.args):
                continue
            name = call.func.id
            if name in shares and (budget := rule.budget_expr(other)) is not None:
                what = f"{name}() = {{:g}}, the factor of the budget `{budget}`"
                found.extend(
                    (literal, value, name, what.format(value)) for literal, value in shares.pop(name)
                )
    return found


def _returned(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[ast.expr, float]]:
    """The shares ``fn`` returns: literals, or the fallback share of a local it returns (clamped or not)."""
    bound: dict[str, list[ast.expr]] = {}
    for node in walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bound.setdefault(node.targets[0].id, []).extend(fallback_shares(node.value))
    for node in walk(fn):
        if not isinstance(node, ast.Return) or node.value is None:
            continue
        value = kept_amount(node.value, _KEEPING)
        if (share := fraction(value)) is not None:
            yield value, share
        elif shares := fallback_shares(node.value):  # ``return float(os.getenv("X_WARN", "0.8"))``
            yield shares[0], share_of(shares[0])
        elif isinstance(value, ast.Name):
            yield from ((literal, share_of(literal)) for literal in bound.get(value.id, []))


def _multiplied(text: str, call: str) -> bool:
    """``text`` holds ``call`` with a ``*`` beside it (``* _warn_frac()``, ``_warn_frac() *``)."""
    at = text.find(call)
    while at != -1:
        if text[max(0, at - 3) : at].rstrip().endswith("*") or text[
            at + len(call) : at + len(call) + 3
        ].lstrip().startswith("*"):
            return True
        at = text.find(call, at + 1)
    return False
