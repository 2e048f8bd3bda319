"""PB101's numbers a function returns where another of its returns reads a budget (set 214: openjiuwen's model
limits)::

    def model_limits(self) -> tuple[int, int]:
        if "gpt-4.1" in model_name or "claude" in model_name:
            return 128000, 32768
        if "gpt-5" in model_name:
            return 200000, 65536
        return builder.DEFAULT_CONTEXT_WINDOW, builder.DEFAULT_MAX_OUTPUT_TOKENS

A function's returns are one quantity: a literal returned (or an item of a returned tuple) where a sibling return
of the same function reads a budget by its name (a name or an attribute, not a lookup) at the same place (``DEFAULT_CONTEXT_WINDOW``) is that budget
written inline. The first sibling of the same shape that reads a budget decides; a nested function's or lambda's
returns are its own; a function named as a budget (``get_context_window``) leaves its numbers to PB102's getter
reading. A local the sibling returns reads a budget when it is bound to a read of a budget's key (set 293: aacode's
``return 100000, 20000, 2, 4`` when no config is set, beside ``trigger = int(getattr(cfg,
"retrieval_trigger_tokens", 100000) or 100000)`` ... ``return trigger, keep, recent, rounds``). Judges no finding
itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import brief_source, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (the literal, the budget it stands for, its value, how)
Found = tuple[ast.expr, str, "int | float", str]

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
#: The node types a literal number may be written as (``8192``, ``128 * 1024``).
_NUMBERS = (ast.Constant, ast.BinOp)


def _items(value: ast.expr) -> list[ast.expr]:
    return list(value.elts) if isinstance(value, ast.Tuple) else [value]


def _returns(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.Return]:
    """The returns of ``fn`` itself, not of the functions and classes it defines."""
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return):
            yield node
        elif not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def _read_key(rule: LintRule, fn: ast.AST, item: ast.expr) -> str | None:
    """The budget key a local of ``fn`` is first bound to a read of (``getattr(cfg, "retrieval_trigger_tokens",
    100000)``, ``cfg.get("max_tokens")``), else None."""
    if not isinstance(item, ast.Name):
        return None
    for node in walk(fn):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == item.id for t in node.targets
        ):
            keys = (string_value(n) for n in walk(node.value) if isinstance(n, ast.Constant))
            return next((k for k in keys if k and rule.names.is_budget_setting(k)), None)
    return None


def sibling_budgets(rule: LintRule, node: ast.Return) -> Iterator[Found]:
    """The literals ``node`` returns that a sibling return of its function reads as a budget at the same place."""
    if node.value is None:
        return
    given = _items(node.value)
    if all(type(item) not in _NUMBERS or rule.budget_literal(item) is None for item in given):
        return  # most returns hold no number: asked first
    fn = rule.ctx.function()
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or rule.names.is_budget(fn.name):
        return  # ``def get_context_window(): return 8192``: the getter's own number is PB102's
    for other in _returns(fn):
        if other is node or other.value is None or len(items := _items(other.value)) != len(given):
            continue
        names = [
            (rule.budget_expr(item) or _read_key(rule, fn, item))
            if isinstance(item, (ast.Name, ast.Attribute))
            else None
            for item in items
        ]
        if not any(name and rule.names.is_budget_setting(name) for name in names):
            continue
        for literal, item, name in zip(given, items, names, strict=True):
            value = rule.budget_literal(literal)
            if value is not None and name and rule.names.is_budget_setting(name):
                how = (
                    f"returned where `{fn.name}()` also returns `{brief_source(item)}` (line {other.lineno})"
                )
                yield literal, name, value, how
        return
