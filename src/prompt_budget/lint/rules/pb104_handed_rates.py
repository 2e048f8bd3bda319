"""PB104's reading of a rate handed on under a name that does not say it (set 196: ironcore-cli)::

    def estimate_tokens(text: str, chars_per_token: float = 4.0) -> int: ...

    def _select_history(history: list[Message], budget: int, cpt: float = 4.0) -> list[Message]:
        ...
        cost = estimate_tokens(message.content, cpt)

``cpt``'s name says no unit, but its default is given, by position or by keyword, to a parameter of the
module's own function (or of the class's own method, called on ``self`` or ``cls``: ``token_quotients.own_callee``) whose name is a per-token
conversion (``per_token_key``), or under such a keyword to any callee (``count(text, chars_per_token=cpt)``):
the default is that rate written again, and is reported as one. A default outside a rate's range (0.15 to
12), a parameter never handed to such a parameter, and a pass by position to a callee the module does not
define (whose parameters are not known) are left.

A rate written as the fallback of such a parameter is one too (set 196: ironcore-cli)::

    def _safe_ratio(chars_per_token: float) -> float:
        if not math.isfinite(chars_per_token) or chars_per_token <= 0:
            return 4.0
        return chars_per_token

``return 4.0`` in a function that otherwise returns its parameter named as a per-token conversion
(``fallback_rate``).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.flow import positional_params
from prompt_budget.lint.forms import per_token_key
from prompt_budget.lint.rule import LintRule, number
from prompt_budget.lint.token_quotients import own_callee
from prompt_budget.lint.walks import walk


def handed_rate(rule: LintRule, fn: ast.AST | None, name: str, value: float) -> tuple[str, str, int] | None:
    """(the rate's key, ``callee(parameter=)`` as written for the message, the call's line) where the
    parameter ``name`` of ``fn``, whose default ``value`` is in a rate's range (the caller's test), is
    handed to a parameter named as a per-token conversion; else None."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    for node in walk(fn):
        if not isinstance(node, ast.Call):
            continue
        for keyword in node.keywords:  # a keyword names the callee's parameter, whatever the callee
            named = keyword.arg and isinstance(keyword.value, ast.Name) and keyword.value.id == name
            if named and (found := _rate_param(node, keyword.arg or "", value)) is not None:
                return found
        at = []  # the places ``name`` is given by position, up to a ``*args``
        for i, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break
            if isinstance(arg, ast.Name) and arg.id == name:
                at.append(i)
        callee = own_callee(rule, node) if at else None  # only the module's own callees' parameters are known
        params = positional_params(*callee) if callee is not None else []
        for i in at:
            if i < len(params) and (found := _rate_param(node, params[i], value)) is not None:
                return found
    return None


def _rate_param(call: ast.Call, param: str, value: float) -> tuple[str, str, int] | None:
    key = per_token_key(param, value)
    callee = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    return None if key is None else (key, f"{callee}({param}=)", call.lineno)


def fallback_rate(fn: ast.AST | None, value: ast.expr) -> tuple[float, str, str] | None:
    """(the rate, its key, the reason for the message) when ``return value``, a number in a rate's range,
    stands in for a parameter of ``fn`` named as a per-token conversion that ``fn`` returns elsewhere;
    else None."""
    rate = number(value)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not rate or not 0.15 <= rate <= 12:
        return None
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    for node in walk(fn):
        if not isinstance(node, ast.Return) or not isinstance(node.value, ast.Name):
            continue
        name = node.value.id
        if name in params and (key := per_token_key(name, rate)) is not None:
            return rate, key, f"; the fallback of `{name}`, returned at line {node.lineno}"
    return None
