"""An output cap sized as a multiple of a count of tokens, for PB105 (budget-ratio; set 57: continuedev's
``max_tokens = int(min(model.count_tokens(rif.contents), DEFAULT_MAX_TOKENS) * 2.5)``, "Increase max_tokens to
be double the size of the range"). The factor is how much room the answer gets per token of the input, a
share of the kind ``max_tokens * 0.8`` is, above 1: hard-coded, it cannot be tuned per model or task.

Both ends say tokens: the product (through ``int()``/``round()``/``math.ceil()``) is bound to a name or key
that is a budget saying tokens (``max_tokens``, ``options["max_new_tokens"]``), and the literal multiplies a
count of tokens made by a call (``count_tokens(text)``, ``len(enc.encode(text))``, a clamp of one), not a
budget a getter returns (``get_repo_map_tokens() * 2``: aider's warning bound). A budget scaled by
itself (``max_tokens = max_tokens * 2``: a retry's step), a length in characters or any other count, and
factors past 16 (a unit) are not read. Read from the node's ancestors only (no walk).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_KEEPS = frozenset({"int", "round", "ceil", "floor"})
_MOST = 16


def _counts(rule: LintRule, node: ast.expr) -> bool:
    """``count_tokens(text)``, ``len(enc.encode(text))`` in ``node``: a count made, not a budget a getter
    returns (``get_repo_map_tokens() * 2``: a multiple of a default budget, a warning's bound)."""
    return any(
        isinstance(n, ast.Call)
        and ("count" in words(callee_name(n) or "") or (callee_name(n) == "len" and rule.token_amount(n)))
        for n in walk(node)
    )


def kept_value(rule: LintRule, node: ast.expr, keeps: frozenset[str]) -> tuple[ast.AST, ast.AST | None]:
    """``node`` with the calls that keep its value climbed (``int(...)``, ``round(...)``: ``keeps``), and the
    node holding the outermost of them: (child, parent)."""
    child: ast.AST = node
    parent = rule.ctx.parent(node)
    while isinstance(parent, ast.Call) and callee_name(parent) in keeps and child in parent.args:
        child, parent = parent, rule.ctx.parent(parent)
    return child, parent


def count_factor(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """(the factor's literal, its value, the finding's message without the advice, its key), else None."""
    if not isinstance(node.op, ast.Mult):
        return None
    child, parent = kept_value(rule, node, _KEEPS)
    if not (isinstance(parent, ast.Assign) and parent.value is child and len(parent.targets) == 1):
        return None
    target = parent.targets[0]
    name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute, ast.Subscript)) else None
    if not name or not rule.names.is_budget(name) or not rule.names.says_tokens(name):
        return None
    for literal, other in ((node.right, node.left), (node.left, node.right)):
        value = number(literal)
        if type(literal) is not ast.Constant or value is None or isinstance(value, bool):
            continue
        if not 1 < value <= _MOST or not rule.token_amount(other) or not _counts(rule, other):
            continue
        if any(attr_name(n) is not None and words(attr_name(n) or "") == words(name) for n in walk(other)):
            return None  # ``max_tokens = max_tokens * 2``
        message = (
            f"hard-coded budget factor `{ast.unparse(node)}` sizes the budget `{name}` as {value:g} times a "
            "count of tokens"
        )
        return literal, value, message, f"{name}_factor"
    return None
