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


def token_list(rule: LintRule, node: ast.expr, depth: int = 0) -> bool:
    """A list of tokens, a row of one (``inputs["input_ids"][0]``), two joined (``p_ids + t_ids``), or a
    local bound only to such lists (``ids = tok(t)["input_ids"]``)."""
    while (
        isinstance(node, ast.Subscript) and type(node.slice) is ast.Constant and type(node.slice.value) is int
    ):
        node = node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return token_list(rule, node.left, depth) and token_list(rule, node.right, depth)
    fn = rule.ctx.function()
    listed = rule.token_sequence(node) and not (fn is not None and entry_list(fn, node))  # a vocabulary
    if not listed and fn is not None and type(node) is ast.Name and depth < 2:
        found = bound_values(fn, node.id)
        listed = bool(found) and all(token_list(rule, v, depth + 1) for v in found)
    return listed or keyed_token_row(rule, node)  # ``answer_tokens[k]`` (set 48)
