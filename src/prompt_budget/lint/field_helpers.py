"""A module's own helpers declaring a field (set 255: investorch's ``def hot(default, **kwargs): return
Field(default, json_schema_extra={"apply_mode": "hot"}, **kwargs)`` ... ``max_output_tokens: PositiveInt =
hot(16384)``): a call of one is read as the field call it returns, its first argument the field's default
(``flow.default_of``). Found once per module, before its walk (``read_field_helpers``), and forgotten when
the walk is done; a function returning a field call given anything else first is no such helper, unless it takes
a ``default`` parameter (its call's ``default=`` is the default: set 607, beaker-notebook's ``configfield``).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import callee_name

#: The calls that declare a field (pydantic's ``Field``, dataclasses' ``field``, attrs', typer's).
FIELD_CALLS = frozenset({"Field", "field", "attrib", "ib", "PrivateAttr", "Option", "option", "Argument"})
#: The linted module's field helpers, by name: those given the default first, those given it as ``default=``.
_helpers: set[str] = set()
_keyword_helpers: set[str] = set()


def read_field_helpers(tree: ast.Module) -> None:
    """Record the top-level functions of ``tree`` whose one statement returns a field call given their
    first parameter first."""
    _helpers.clear()
    _keyword_helpers.clear()
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef) and _keyword_default_helper(fn):
            _keyword_helpers.add(fn.name)
        if not isinstance(fn, ast.FunctionDef) or not fn.args.args or len(fn.body) != 1:
            continue
        ret = fn.body[0]
        call = ret.value if isinstance(ret, ast.Return) else None
        if (
            isinstance(call, ast.Call)
            and callee_name(call) in FIELD_CALLS
            and call.args
            and type(call.args[0]) is ast.Name
            and call.args[0].id == fn.args.args[0].arg
        ):
            _helpers.add(fn.name)


def _keyword_default_helper(fn: ast.FunctionDef) -> bool:
    """``def configfield(description, env_var=MISSING, *, default=MISSING, ...): ... return field(metadata=...,
    default_factory=...)`` (set 607: beaker-notebook's settings): a helper taking a ``default`` parameter and
    ending by returning a field call; its call's ``default=`` is the field's default."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
    last = fn.body[-1] if fn.body else None
    return (
        "default" in params
        and isinstance(last, ast.Return)
        and isinstance(last.value, ast.Call)
        and callee_name(last.value) in FIELD_CALLS
    )


def forget_field_helpers() -> None:
    """Drop the linted module's field helpers once its walk is done."""
    _helpers.clear()
    _keyword_helpers.clear()


def field_call(call: ast.Call) -> bool:
    """``call`` declares a field: a field call, or a call of one of the module's field helpers."""
    name = callee_name(call)
    if type(call.func) is ast.Name and name in _keyword_helpers and name not in _helpers:
        return any(k.arg == "default" for k in call.keywords)  # ``configfield("...", default=20)``
    return name in FIELD_CALLS or (type(call.func) is ast.Name and name in _helpers)
