"""A call of the module's own function returning an amount of tokens, for ``compared_fields`` (set 101:
wren-agent's ``self.estimated_context()``)::

    def estimated_context(self) -> int:
        return self.context_tokens + estimate_tokens(self.messages)      # an amount of tokens

    if self.estimated_context() + extra > self.model.mask_at: ...       # the call is one too

The callee's name says no unit; what it returns does (``LintRule.token_amount`` of a ``return``'s value).
A call of a name (a function of the module) or of a method on ``self`` / ``cls`` (a method of that name
in one class of the module only); a sum holding such a call is one too. Asked only of comparisons the
gates of ``compared_fields`` found, so its look at the module is rare.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _defined(module: ast.Module, name: str, method: bool) -> Function | None:
    """The one function (or method of a class, for ``method``) of the module named ``name``."""
    found: list[Function] = []
    for stmt in module.body:
        body = stmt.body if method and isinstance(stmt, ast.ClassDef) else [stmt] if not method else []
        found += [
            f for f in body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name == name
        ]
    return found[0] if len(found) == 1 else None


def returns_tokens(rule: LintRule, module: ast.Module, node: ast.expr) -> bool:
    """``node`` is a call of the module's function returning an amount of tokens, or a sum holding one."""
    if type(node) is ast.BinOp and isinstance(node.op, ast.Add):
        return returns_tokens(rule, module, node.left) or returns_tokens(rule, module, node.right)
    if type(node) is not ast.Call:
        return False
    func = node.func
    if type(func) is ast.Name:
        fn = _defined(module, func.id, False)
    elif type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id in {"self", "cls"}:
        fn = _defined(module, func.attr, True)
    else:
        return False
    return fn is not None and any(
        type(r) is ast.Return and r.value is not None and rule.token_amount(r.value) for r in walk(fn)
    )
