"""What the rules read as a list of tokens a slice may cut: a tokenizer's output, a row of one, two joined,
or a local bound only to such lists (``flow``'s reads of a name bounding a slice: ``tokens[:LIMIT]``,
``(p_ids + t_ids)[: cfg.max_len]``)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.entry_lists import entry_list
from prompt_budget.lint.keyed_rows import keyed_token_row

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def row_of(node: ast.expr) -> ast.expr:
    """The list a row is read from (``inputs["input_ids"][0]``: a batch's first row of ids); else ``node``."""
    while (
        isinstance(node, ast.Subscript) and type(node.slice) is ast.Constant and type(node.slice.value) is int
    ):
        node = node.value
    return node


def local_values(rule: LintRule, node: ast.expr, depth: int) -> list[ast.expr]:
    """The values the local ``node`` of the enclosing function is bound to, followed two bindings deep at
    most (``depth``: how many were followed to reach it); empty for anything else."""
    fn = rule.ctx.function()
    if fn is None or type(node) is not ast.Name or depth > 1:
        return []
    return bound_values(fn, node.id)


def token_list(rule: LintRule, node: ast.expr, depth: int = 0) -> bool:
    """A list of tokens, a row of one (``inputs["input_ids"][0]``), two joined (``p_ids + t_ids``), or a
    local bound only to such lists (``ids = tok(t)["input_ids"]``)."""
    node = row_of(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return token_list(rule, node.left, depth) and token_list(rule, node.right, depth)
    fn = rule.ctx.function()
    listed = rule.token_sequence(node) and not (fn is not None and entry_list(fn, node))  # a vocabulary
    if not listed and (found := local_values(rule, node, depth)):
        listed = all(token_list(rule, v, depth + 1) for v in found)
    return listed or keyed_token_row(rule, node)  # ``answer_tokens[k]`` (set 48)
