"""A share of the window handed to a function of the module as an argument, for PB105's thresholds
ordered against a parameter (``ratio_reads.usage_thresholds``; set 94: tianshu-agent's context engine)::

    ratio = estimated_tokens / max_tokens if max_tokens > 0 else 0.0
    if ratio > 0.5:
        comp_meta = await self._compress(messages, ratio, provider)

    async def _compress(self, messages, ratio: float, provider):
        if ratio > 0.9:
            comp_level, tail_count = 3, 2
        elif ratio > 0.7: ...

The parameter holds what every call of the function in its module gives it (``self._compress(...)`` in a
method, ``_compress(...)`` for a module's function), by position or keyword: when each is a local of the
caller bound only to divisions of tokens by one budget (``compared_shares.divisions``), the parameter is
that share, and the literals ordered against it are levels of the window in use. A parameter the function
binds again, a call giving anything else (a literal, an expression, ``*args``), or no call in the module:
unknown.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_shares import divisions, of_tokens, unguarded
from prompt_budget.lint.fallbacks import local_bindings
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SELF = frozenset({"self", "cls"})


def _slot(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> tuple[int, bool] | None:
    """(the position a call fills ``name`` at, whether ``fn`` is called through ``self``), else None."""
    names = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    method = bool(names) and names[0] in _SELF
    positional = names[1:] if method else names
    if name in positional:
        return positional.index(name), method
    if any(a.arg == name for a in fn.args.kwonlyargs):
        return -1, method
    return None


def _calls_of(call: ast.Call, fn: ast.AST, method: bool) -> bool:
    func = call.func
    if method:
        return (
            type(func) is ast.Attribute
            and func.attr == getattr(fn, "name", "")
            and isinstance(func.value, ast.Name)
            and func.value.id in _SELF
        )
    return type(func) is ast.Name and func.id == getattr(fn, "name", "")


def passed_share(rule: LintRule, local: ast.Name) -> str | None:
    """The budget the parameter ``local`` of the function being visited is a share of, by what every
    call of the function in the module gives it, else None."""
    fn, tree = rule.ctx.function(), rule.ctx.tree
    if not isinstance(fn, _FUNCTIONS) or tree is None:
        return None
    slot = _slot(fn, local.id)
    if slot is None or local_bindings(fn, local.id):
        return None
    pos, method = slot
    up: dict[ast.AST, ast.AST] | None = None
    budgets: set[str | None] = set()
    for node in walk(tree):
        if type(node) is not ast.Call or not _calls_of(node, fn, method):
            continue
        if any(type(a) is ast.Starred for a in node.args):
            return None
        given = node.args[pos] if 0 <= pos < len(node.args) else None
        given = given or next((k.value for k in node.keywords if k.arg == local.id), None)
        if type(given) is not ast.Name:
            return None
        up = up if up is not None else parents(tree)
        caller = up.get(node)
        while caller is not None and not isinstance(caller, _FUNCTIONS):
            caller = up.get(caller)
        divs = divisions(caller, given) if caller is not None else []
        if not divs or not all(of_tokens(rule, d) for d in divs):
            return None
        budgets.update(rule.budget_expr(unguarded(d.right)) for d in divs)
    return budgets.pop() if len(budgets) == 1 and None not in budgets else None
