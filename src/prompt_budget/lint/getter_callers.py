"""Where ``token_reach.TokenReach`` follows a number past a function's ``return`` and an environment read
(set 101: aemeathcode's ``DEFAULT_KEEP_BUDGET`` and ``DEFAULT_OUTPUT_BUDGET``)::

    DEFAULT_KEEP_BUDGET = 10000

    def keep_budget() -> int:
        env = os.environ.get("KEEP_BUDGET")
        return int(env) if env else DEFAULT_KEEP_BUDGET     # the getter returns the constant

    class Compactor:
        async def compact(self, ctx):
            budget = keep_budget()                          # a call of the getter in the module
            ...
            if kept_tokens >= budget: ...                   # compared with a count of tokens

* A value a module's function returns is the value of each call of that function in the module (a
  method's: of ``self.<name>(...)`` in its class): followed from the calls (``getter_calls``); not a
  value that came in through a parameter (``entered_by_parameter``: that call's own value). The
  module's text is searched for the callee's name first: a function called nowhere costs no walk.
* ``os.environ.get("X", DEFAULT)``, ``os.getenv("X", DEFAULT)``: the call's value is the number when
  the environment is silent (``env_fallback``); the literal an environment read falls back to is still
  never reported (``fallbacks``), only a constant followed through it.
* ``min(desired, info.max_output_tokens)``: a number clamped with an amount of tokens counts tokens
  (``clamp_with_tokens``), as ``flow``'s direct read of a constant does.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name, is_env_read
from prompt_budget.lint.walks import brief_source, functions_and_methods, source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef


def env_fallback(call: ast.Call, child: ast.AST) -> bool:
    """``child`` is the fallback of an environment read (``os.getenv("X", child)``)."""
    return len(call.args) == 2 and call.args[1] is child and is_env_read(call)


def clamp_with_tokens(rule: LintRule, call: ast.Call, child: ast.AST, grand: ast.AST | None) -> str | None:
    """``min(child, max_output_tokens)``: the amount of tokens ``child`` is clamped with, said, else None;
    ``grand``: what holds the call."""
    if not (type(call.func) is ast.Name and call.func.id in {"min", "max"}) or sign_checked(call, grand):
        return None
    for other in call.args:
        if other is not child and rule.token_amount(other):
            return f"clamps the token count `{brief_source(other)}` with {call.func.id}()"
    return None


def sign_checked(call: ast.Call, grand: ast.AST | None) -> bool:
    """``min(a, b, ...)`` ordered against zero: a check that none of the values is negative (set 429:
    codegraph-viz's ``min(snapshot_limit, context_limit, ...) < 0`` of row counts), not a clamp of one by another."""
    return (
        isinstance(grand, ast.Compare)
        and len(grand.comparators) == 1
        and (grand.left is call or grand.comparators[0] is call)
        and any(
            isinstance(side, ast.Constant) and side.value == 0 for side in (grand.left, grand.comparators[0])
        )
    )


def entered_by_parameter(fn: Function, seen: set[object]) -> bool:
    """The value was followed into ``fn`` through one of its parameters (``TokenReach``'s ``seen`` keys
    ``(id(fn), name)``): what ``fn`` returns then is that call's value (``_get_int(env, key, DEFAULT)``),
    not every call's."""
    args = fn.args
    return any((id(fn), a.arg) in seen for a in (*args.posonlyargs, *args.args, *args.kwonlyargs))


def getter_calls(
    rule: LintRule, fn: Function, owner: ast.ClassDef | None
) -> Iterator[tuple[Function, ast.ClassDef | None, ast.Call]]:
    """The calls of ``fn`` (a module's function, or a method of ``owner`` called on ``self``) in the
    module's functions and methods, each with the function holding it and that one's class."""
    if not _called_twice(source_of(rule.ctx.lines)[0], fn.name):  # its ``def`` only
        return
    heirs = _heirs(rule.ctx.tree, owner, fn.name) if owner is not None else set()
    for caller, cls in functions_and_methods(rule.ctx.tree):
        if caller is fn or (owner is not None and cls is not owner and id(cls) not in heirs):
            continue
        for node in walk(caller):
            if type(node) is not ast.Call:
                continue
            if _calls(node.func, fn.name, owner is not None):
                yield caller, cls, node


def _called_twice(text: str, name: str) -> bool:
    """``len(re.findall(rf"\\b{name}\\s*\\(", text)) >= 2``, tried only where ``str.find`` finds the name
    (``re`` scanned the whole module for the word boundary before it; every match starts at the name,
    and no match starts inside another's name, an identifier holding no word boundary)."""
    called = re.compile(rf"\b{re.escape(name)}\s*\(")
    found, at = 0, text.find(name)
    while at >= 0:
        if called.match(text, at):
            found += 1
            if found == 2:
                return True
        at = text.find(name, at + 1)
    return False


def _heirs(tree: ast.AST | None, owner: ast.ClassDef, method: str) -> set[int]:
    """The classes of the module deriving from ``owner`` (by its simple name, through the module's
    classes) that do not define ``method`` again: ``self.<method>(...)`` in theirs calls ``owner``'s
    (set 105: ankaloop's ``AnyLLMClient(BaseLLMClient)`` calling ``self._default_output_limit(model)``)."""
    classes = [s for s in getattr(tree, "body", ()) if isinstance(s, ast.ClassDef) and s is not owner]
    names, found = {owner.name}, set()
    grew = True
    while grew:
        grew = False
        for cls in classes:
            if id(cls) in found or not any(attr_name(b) in names for b in cls.bases):
                continue
            names.add(cls.name)
            found.add(id(cls))
            grew = True
    return {
        id(c)
        for c in classes
        if id(c) in found
        and not any(
            isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == method for m in c.body
        )
    }


def _calls(func: ast.expr, name: str, method: bool) -> bool:
    """``name(...)``, or ``self.name(...)`` for a ``method``."""
    if not method:
        return type(func) is ast.Name and func.id == name
    return (
        type(func) is ast.Attribute
        and func.attr == name
        and type(func.value) is ast.Name
        and func.value.id in {"self", "cls"}
    )
