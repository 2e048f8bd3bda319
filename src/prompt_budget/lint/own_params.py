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

And the default or the upper bound given to such a function whose result is written under a budget's name (set
451: exo-control's ``payload["max_tokens"] = _clip_int(max_tokens, 5000, 1, 1_000_000)``, ``def _clip_int(value,
default, lo, hi)``): the budget in force when none is given, and the most a caller may ask for.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A function's parameters handed to a budget keyword: name -> (position, the keyword).
Handed = dict[str, tuple[int, str]]

#: The module last asked about, with its functions' handed parameters.
_handed: list[tuple[ast.AST, dict[str, Handed]]] = kept_per_file([])


def _top_functions(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's top-level functions by name (kept for the file)."""
    if not (_tops and _tops[0][0] is tree):
        _tops[:] = [
            (tree, {f.name: f for f in tree.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))})
        ]
    return _tops[0][1]


#: The module last asked about, with its top-level functions by name.
_tops: list[tuple[ast.AST, dict[str, ast.FunctionDef | ast.AsyncFunctionDef]]] = kept_per_file([])


def _handed_params(rule: LintRule, tree: ast.Module, name: str) -> Handed:
    """The parameters the module's function ``name`` hands to a budget keyword (worked out once per function)."""
    if not (_handed and _handed[0][0] is tree):
        _handed[:] = [(tree, {})]
    known = _handed[0][1]
    if name not in known:
        fn = _top_functions(tree).get(name)
        known[name] = _hands(rule, fn) if fn is not None else {}
    return known[name]


def _hands(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> Handed:
    """The parameters of ``fn`` handed, unchanged, to a budget keyword of a call in its body."""
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
    return handed


def own_params(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """(the number, the keyword it reaches, its value, how) of each argument of ``call`` bound to a parameter
    its function, one of the module's, hands to a budget keyword."""
    tree = rule.ctx.tree
    if not isinstance(call.func, ast.Name) or not isinstance(tree, ast.Module):
        return
    yield from _limits_given(rule, tree, call)
    if call.func.id not in _top_functions(tree):
        return
    handed = _handed_params(rule, tree, call.func.id)
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


#: Parameters of a helper holding the value it falls back to, or the largest it lets through.
_DEFAULTS = frozenset({"default", "fallback", "dflt", "default_value"})
_UPPERS = frozenset({"hi", "high", "upper", "maximum", "max_value", "ceiling", "cap", "max_"})


def _limits_given(
    rule: LintRule, tree: ast.Module, call: ast.Call
) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """The default and the upper bound given to a module function whose result ``call`` writes under a budget's
    name (a dict's key or a keyword), the function clipping what it is given."""
    parent = rule.ctx.parent(call)
    key = parent.arg if isinstance(parent, ast.keyword) else None
    if (
        isinstance(parent, ast.Assign)
        and len(parent.targets) == 1
        and isinstance(parent.targets[0], ast.Subscript)
    ):
        key = attr_name(parent.targets[0])  # ``payload["max_tokens"] = _clip_int(...)``
    if not key or not rule.names.is_budget(key):
        return
    fn = _top_functions(tree).get(call.func.id) if isinstance(call.func, ast.Name) else None
    if not isinstance(fn, ast.FunctionDef) or not _clamps(fn):
        return
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    given = [*zip(params, call.args, strict=False), *((kw.arg, kw.value) for kw in call.keywords if kw.arg)]
    for param, arg in given:
        role = "default" if param in _DEFAULTS else "upper bound" if param in _UPPERS else None
        if role is not None and (value := rule.budget_literal(arg)) is not None:
            yield arg, key, value, f"given to `{fn.name}()` as its {role}, the result written as `{key}`"


def _clamps(fn: ast.FunctionDef) -> bool:
    """``fn`` clips a value between bounds (its body calls ``min`` or ``max``)."""
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in {"min", "max"}
        for n in walk(fn)
    )
