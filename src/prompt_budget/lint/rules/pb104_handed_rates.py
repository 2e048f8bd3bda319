"""PB104's reading of a rate handed on under a name that does not say it (set 196: ironcore-cli)::

    def estimate_tokens(text: str, chars_per_token: float = 4.0) -> int: ...

    def _select_history(history: list[Message], budget: int, cpt: float = 4.0) -> list[Message]:
        ...
        cost = estimate_tokens(message.content, cpt)

``cpt``'s name says no unit, but its default is given, by position or by keyword, to a parameter of the
module's own function (or of the class's own method, called on ``self``) whose name is a per-token
conversion (``per_token_key``), or under such a keyword to any callee (``count(text, chars_per_token=cpt)``):
the default is that rate written again, and is reported as one. A default outside a rate's range (0.15 to
12), a parameter never handed to such a parameter, and a pass by position to a callee the module does not
define (whose parameters are not known) are left.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.flow import module_functions, positional_params
from prompt_budget.lint.forms import per_token_key
from prompt_budget.lint.rule import LintRule
from prompt_budget.lint.walks import walk

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def handed_rate(rule: LintRule, fn: ast.AST | None, name: str, value: float) -> tuple[str, str, int] | None:
    """(the rate's key, ``callee(parameter=)`` as written for the message, the call's line) where the
    parameter ``name`` of ``fn``, whose default is ``value``, is handed to a parameter named as a
    per-token conversion of a function of the module or a method of the class; else None."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not 0.15 <= value <= 12:
        return None
    for node in walk(fn):
        if not isinstance(node, ast.Call) or not _passes(node, name):
            continue
        for keyword in node.keywords:  # a keyword names the callee's parameter, whatever the callee
            if isinstance(keyword.value, ast.Name) and keyword.value.id == name and keyword.arg:
                found = _rate_param(node, keyword.arg, value)
                if found is not None:
                    return found
        callee = _callee(rule, node.func)
        if callee is None:
            continue
        params = positional_params(*callee)
        for i, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break
            if isinstance(arg, ast.Name) and arg.id == name and i < len(params):
                found = _rate_param(node, params[i], value)
                if found is not None:
                    return found
    return None


def _passes(call: ast.Call, name: str) -> bool:
    """Whether ``call`` is given the bare name ``name`` as an argument."""
    return any(isinstance(a, ast.Name) and a.id == name for a in call.args) or any(
        isinstance(k.value, ast.Name) and k.value.id == name for k in call.keywords
    )


def _callee(rule: LintRule, func: ast.expr) -> tuple[_Function, bool] | None:
    """The module function (``f(...)``) or the enclosing class's method (``self.f(...)``) called, and
    whether it is a method; None for any other callee."""
    if isinstance(func, ast.Name):
        found = module_functions(rule.ctx.tree).get(func.id)
        return None if found is None else (found, False)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        owner = rule.ctx.enclosing_class()
        found = module_functions(owner).get(func.attr) if owner is not None else None
        return None if found is None else (found, True)
    return None


def _rate_param(call: ast.Call, param: str, value: float) -> tuple[str, str, int] | None:
    key = per_token_key(param, value)
    callee = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    return None if key is None else (key, f"{callee}({param}=)", call.lineno)
