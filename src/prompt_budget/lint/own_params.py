"""A number given to a function of the module that hands the parameter it binds, unchanged, to a budget keyword
of a call in its body (PB101; set 429: aroha's catalog of models)::

    def _profile(model_id: str, provider: str, ..., ctx: int, lat: int, ...) -> ModelProfile:
        return ModelProfile(model_id=model_id, ..., context_window=ctx, ...)

    BUILTIN_MODELS = [
        _profile("claude-haiku-4-5", "anthropic", ModelTier.NANO, inp=0.80, out=4.00, ctx=200_000, lat=800, ...),
    ]

The parameter's name says nothing (``ctx``); the keyword it is handed to does (``context_window=``), as the names
judge reads it. Each argument bound to such a parameter, by keyword or by position, is a budget written at the
call. Only the module's own top-level functions are read (a method's parameters shift by ``self``), and only a
parameter handed on as it is (not scaled, not summed).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A function's parameters handed to a budget keyword: name -> (position, the keyword).
Handed = dict[str, tuple[int, str]]

#: The module last asked about, with its functions' handed parameters.
_handed: list[tuple[ast.AST, dict[str, Handed]]] = kept_per_file([])


def _functions(rule: LintRule, tree: ast.Module) -> dict[str, Handed]:
    if _handed and _handed[0][0] is tree:
        return _handed[0][1]
    found: dict[str, Handed] = {}
    for fn in tree.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        named = set(params) | {a.arg for a in fn.args.kwonlyargs}
        handed: Handed = {}
        for node in walk(fn):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                value = kw.value
                if (
                    kw.arg
                    and isinstance(value, ast.Name)
                    and value.id in named
                    and value.id not in handed
                    and rule.names.is_budget(kw.arg)
                    and not rule.names.is_budget(value.id)  # a budget's own name is read where it is bound
                ):
                    at = params.index(value.id) if value.id in params else -1
                    handed[value.id] = (at, kw.arg)
        if handed:
            found[fn.name] = handed
    _handed[:] = [(tree, found)]
    return found


def own_params(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """(the number, the keyword it reaches, its value, how) of each argument of ``call`` bound to a parameter
    its function, one of the module's, hands to a budget keyword."""
    tree = rule.ctx.tree
    if not isinstance(call.func, ast.Name) or not isinstance(tree, ast.Module):
        return
    handed = _functions(rule, tree).get(call.func.id)
    if not handed:
        return
    by_position = {at: (param, keyword) for param, (at, keyword) in handed.items() if at >= 0}
    given = [
        *((by_position.get(i), arg) for i, arg in enumerate(call.args)),
        *(((kw.arg, handed[kw.arg][1]) if kw.arg in handed else None, kw.value) for kw in call.keywords),
    ]
    for target, arg in given:
        value = rule.budget_literal(arg) if target is not None else None
        if target is not None and value is not None:
            param, keyword = target
            yield (
                arg,
                keyword,
                value,
                f"given as `{param}` to `{call.func.id}()`, which passes it on as `{keyword}=`",
            )
