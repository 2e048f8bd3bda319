"""PB101's fallback returned by a function named as no budget whose callers in the module use its result
as one (set 97: falamus's ``def _anthropic_max_out(self): return p.max_out(self.model) if p else 8_000``,
called as ``cap = max_tokens if max_tokens and max_tokens > 0 else self._anthropic_max_out()`` and sent
as ``"max_tokens": cap``): the number is the output cap used when the provider's own is unknown.

A call's result is a budget where it is the other branch of a conditional, or the fallback after ``or``,
of a budget's read (``max_tokens or self.f()``), given as a budget's keyword, bound to a budget's name or
written under a budget's key. Only a conditional returned whole is judged (``return x if p else 8_000``),
and only where its other branch reads no budget itself (``inline_branches`` judges that one). Calls are
read from the module's shared walk (``walks``), only for such a return.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.dict_slots import entry_key
from prompt_budget.lint.estimator_callers import module_calls
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import parents

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _budget_read(rule: LintRule, node: ast.AST) -> str | None:
    name = attr_name(node) or rule.budget_expr(node)
    return name if name and rule.names.is_budget(name) else None


def _use(rule: LintRule, call: ast.Call, up: dict[ast.AST, ast.AST]) -> str | None:
    """The budget ``call``'s result goes where: its name, else None."""
    child, parent = call, up.get(call)
    if isinstance(parent, ast.IfExp) and child is not parent.test:
        other = parent.body if child is parent.orelse else parent.orelse
        return _budget_read(rule, other)  # ``max_tokens if max_tokens else self.f()``
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[0] is not child:
        return _budget_read(rule, parent.values[0])  # ``max_tokens or self.f()``
    if isinstance(parent, ast.keyword):
        return parent.arg if parent.arg and rule.names.is_budget(parent.arg) else None
    if isinstance(parent, ast.Dict):
        key = entry_key(parent, [child])
        return key if key and rule.names.is_budget(key) else None
    if isinstance(parent, (ast.Assign, ast.AnnAssign)):
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        names = [attr_name(t) or "" for t in targets]
        return next((n for n in names if rule.names.is_budget(n)), None)
    return None


def caller_budget(rule: LintRule, node: ast.IfExp) -> tuple[str, int] | None:
    """(the budget, the line of the call) when ``node`` (being visited) is returned whole by a function
    named as no budget, one of whose calls in the module goes where a budget goes; else None."""
    fn, tree = rule.ctx.function(), rule.ctx.tree
    parent = rule.ctx.parent(node)
    if fn is None or tree is None or not (isinstance(parent, ast.Return) and parent.value is node):
        return None
    if all(rule.budget_literal(b) is None for b in (node.body, node.orelse)):
        return None  # no number to report: the module's calls are not read
    if rule.names.is_budget(fn.name) or any(_budget_read(rule, b) for b in (node.body, node.orelse)):
        return None  # a budget getter's return is PB102's; a budget read's fallback ``inline_branches``'
    up = parents(tree)
    for call in module_calls(tree, fn, method=rule.ctx.enclosing_class() is not None):
        if (budget := _use(rule, call, up)) is not None:
            return budget, call.lineno
    return None
