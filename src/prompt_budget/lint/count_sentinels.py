"""A number standing in for a count that failed (set 393: open-swarm's truncation)::

    try:
        msg, tokens = msg_tokens[i]
        assert isinstance(tokens, int) and tokens >= 0
    except (IndexError, AssertionError):
        tokens = 9999                     # "bad count, treat as huge"

The local is a count, bound by unpacking (or as a loop's target); the number bound to it in an ``except``
is a sentinel that makes the item too big to keep, neither a budget nor an overhead added to a count.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def unpacked(fn: ast.AST, name: str) -> bool:
    """The local ``name`` of ``fn`` is bound by unpacking (``msg, tokens = counted[i]``) or as a loop's
    target somewhere in ``fn``."""
    for n in walk(fn):
        targets: list[ast.AST]
        if isinstance(n, ast.Assign) and not _literal_tuple(n.value):  # not ``per_message, per_name = 4, -1``
            targets = [e for t in n.targets if isinstance(t, (ast.Tuple, ast.List)) for e in t.elts]
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            targets = list(walk(n.target))
        else:
            continue
        if any(type(e) is ast.Name and e.id == name for e in targets):
            return True
    return False


def _literal_tuple(value: ast.expr) -> bool:
    """``4, -1``: numbers written as they are, bound by unpacking as if one by one."""
    return isinstance(value, (ast.Tuple, ast.List)) and all(
        type(e) is ast.Constant or (isinstance(e, ast.UnaryOp) and type(e.operand) is ast.Constant)
        for e in value.elts
    )


def stand_in_count(rule: LintRule, name: str) -> bool:
    """The binding being visited (``name = <number>``) sits in an ``except`` of the function, and the
    function unpacks the same local elsewhere: a sentinel for a count that failed."""
    fn = rule.ctx.function()
    if fn is None:
        return False
    handled = False
    for node in reversed(rule.ctx.ancestors):
        if node is fn:
            break
        handled = handled or isinstance(node, ast.ExceptHandler)
    return handled and unpacked(fn, name)
