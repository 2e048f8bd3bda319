"""Where a read of a name sits that says what the name counts, for ``flow.Uses``.

- ``seq[i : i + WIDTH]``: the name is the width of a window a slice cuts, in the sequence's unit
  (``window_of``);
- ``room = get_input_room(model, FALLBACK_INPUT_ROOM)``, ``room`` a token budget of its function (a local
  named as a limit bound to a call, met by a count of tokens: ``kept_budgets.local_budgets``): the name is the
  fallback of that budget (``budget_fallback``; set 118: just-ralph-it).
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.kept_budgets import LIMIT_NAMES
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def window_of(node: ast.AST, ancestors: Sequence[ast.AST]) -> ast.Subscript | None:
    """``seq[i : i + WIDTH]``: ``node`` is added to the slice's start to make its end, so it is the
    width of the window the slice cuts (in the sequence's unit), as ``seq[:WIDTH]`` would be: the
    subscript, else None."""
    window = ancestors[-4] if len(ancestors) > 3 else None
    if not isinstance(window, ast.Subscript):
        return None
    add, bound = ancestors[-2], ancestors[-3]
    if not (
        isinstance(add, ast.BinOp)
        and isinstance(add.op, ast.Add)
        and isinstance(bound, ast.Slice)
        and bound.upper is add
        and bound.lower is not None
        and add.right is node
    ):
        return None
    return window if ast.dump(add.left) == ast.dump(bound.lower) else None


def budget_fallback(rule: LintRule, node: ast.AST, parent: ast.AST, grand: ast.AST | None) -> str | None:
    """Why ``node``, the last of two or more arguments of a call of the project's (not a builtin's: ``int(raw,
    BASE)``, ``round(x, DIGITS)``, ``min``) bound to a local named as a limit (``room``, ``limit``) that is a
    token budget of its function, is that budget's fallback; else None."""
    callee = callee_name(parent) if isinstance(parent, ast.Call) else None
    if not (
        isinstance(parent, ast.Call)
        and callee
        and callee not in _BUILTINS
        and len(parent.args) > 1
        and parent.args[-1] is node
        and isinstance(grand, ast.Assign)
        and len(grand.targets) == 1
        and isinstance(target := grand.targets[0], ast.Name)
        and LIMIT_NAMES.intersection(words(target.id))
        and rule.budget_expr(target) is not None
    ):
        return None
    return f"the fallback of `{callee}()`, whose result `{target.id}` is a token budget"


#: Calls whose last argument is no fallback of what they return.
_BUILTINS = frozenset(dir(builtins))
