"""A getter named for a budget whose every call hands its value to a slot in characters (set 389:
sozograph)::

    def _default_context_budget() -> int:
        return int(os.getenv("SOZOGRAPH_DEFAULT_CONTEXT_BUDGET", "6000"))

    ...
    export_context(self, budget_chars=budget_chars or _default_context_budget())

The name says a context budget; every use says characters: the call is given as ``budget_chars=``,
bound to a name in characters, or is the fallback of a value so named. The number the getter returns
(or the default of the environment read it returns) is then a number of characters, not of tokens.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.getter_callers import getter_calls
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import parents

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef


def returns_characters(rule: LintRule, fn: Function) -> bool:
    """Every call of the module function ``fn`` in the module gives its value to a slot in characters
    (and there is at least one): ``budget_chars=f()``, ``limit_chars = f()``, ``budget_chars or f()``."""
    if rule.ctx.enclosing_class() is not None:
        return False  # a method's calls go through ``self``; a module function's are the case seen
    found = False
    for caller, _cls, call in getter_calls(rule, fn, None):
        if not _given_as_characters(rule, call, parents(caller)):
            return False
        found = True
    return found


def _given_as_characters(rule: LintRule, call: ast.Call, up: dict[ast.AST, ast.AST]) -> bool:
    child: ast.AST = call
    holder = up.get(child)
    while isinstance(holder, ast.BoolOp) and isinstance(holder.op, ast.Or):
        if any(v is not child and rule.names.is_chars(attr_name(v) or "") for v in holder.values):
            return True  # ``budget_chars or f()``
        child, holder = holder, up.get(holder)
    if isinstance(holder, ast.keyword):
        return rule.names.is_chars(holder.arg or "")
    if isinstance(holder, (ast.Assign, ast.AnnAssign)):
        targets = holder.targets if isinstance(holder, ast.Assign) else [holder.target]
        return bool(targets) and all(rule.names.is_chars(attr_name(t) or "") for t in targets)
    return False
