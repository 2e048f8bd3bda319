"""A class constant taken off a model's limit record as a reserve, for PB106 (reserve-arithmetic).

Ports of opencode read a model's limits as a record (``model.limit.context``, ``model.limit.input``,
``model.limit.output``) and keep a reserve as a class constant (set 71: hotaru-code)::

    class SessionCompaction:
        COMPACTION_BUFFER = 20_000

        @classmethod
        async def is_overflow(cls, *, tokens, model):
            reserved = min(cls.COMPACTION_BUFFER, model.limit.output)
            usable = model.limit.input - reserved

The constant is the reserve. Reported at the constant (its line holds the number) when a method of the
class reads it (``cls.X``, ``self.X``, ``Class.X``), directly or through a local bound to it or to a
clamp of it (on one path: ``reserved`` may be a config's override on another) (``min()``/``max()``), and takes it off a limit record's ``input``, ``context``, ``output``
or ``total``. A budget ``rule.budget_expr`` knows is left to the rules that follow class constants to
budgets (PB102). The methods are read through their kept walks (``walks.walk``, ``walks.parents``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.item_shares import name_of
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_LIMIT_WORDS = frozenset({"limit", "limits"})
_SIDES = frozenset({"input", "context", "output", "total"})


def limit_record(node: ast.expr) -> str | None:
    """``model.limit.input``: an attribute of a limit record naming a side of the window, shown."""
    if not isinstance(node, ast.Attribute) or node.attr not in _SIDES:
        return None
    name = name_of(node.value) or ""
    return ast.unparse(node) if _LIMIT_WORDS.intersection(words(name)) else None


def _reads(method: ast.AST, owner: ast.ClassDef, name: str) -> list[ast.Attribute]:
    return [
        n
        for n in walk(method)
        if isinstance(n, ast.Attribute)
        and n.attr == name
        and isinstance(n.value, ast.Name)
        and n.value.id in {"self", "cls", owner.name}
    ]


def _taken_off(method: ast.AST, read: ast.expr, up: dict[ast.AST, ast.AST]) -> str | None:
    """The limit record the value ``read`` is taken off in ``method``, through a clamp and a local."""
    node, parent = read, up.get(read)
    while isinstance(parent, ast.Call) and callee_name(parent) in {"min", "max"} and node in parent.args:
        node, parent = parent, up.get(parent)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub) and parent.right is node:
        return limit_record(parent.left)
    if not (
        isinstance(parent, ast.Assign)
        and len(parent.targets) == 1
        and isinstance(parent.targets[0], ast.Name)
    ):
        return None
    local = parent.targets[0].id  # bound elsewhere too (a config's override): this path keeps it
    for sub in walk(method):
        if (
            isinstance(sub, ast.BinOp)
            and isinstance(sub.op, ast.Sub)
            and isinstance(sub.right, ast.Name)
            and sub.right.id == local
            and (limit := limit_record(sub.left)) is not None
        ):
            return limit
    return None


def class_reserve(rule: LintRule, node: ast.Assign) -> tuple[ast.expr, str, int | float, str] | None:
    """``COMPACTION_BUFFER = 20_000`` in a class whose method takes it off ``model.limit.input``: (the
    literal, the limit, its value, how), else None."""
    owner = rule.ctx.scopes[-1] if rule.ctx.scopes else None
    target = node.targets[0] if len(node.targets) == 1 else None
    value = rule.budget_literal(node.value)
    if not isinstance(owner, ast.ClassDef) or not isinstance(target, ast.Name) or value is None:
        return None
    if rule.names.is_budget(target.id):
        return None
    for method in owner.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        reads = _reads(method, owner, target.id)
        up = parents(method) if reads else {}
        for read in reads:
            if (limit := _taken_off(method, read, up)) is not None:
                return (
                    node.value,
                    limit,
                    value,
                    f"(as `{owner.name}.{target.id}`) taken off",
                )
    return None
