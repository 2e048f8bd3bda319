"""PB101's allowance of tokens per item written inline into a count of tokens (set 97: xdog-agent's
``size = estimate_input_tokens(context, options) + 2048 * len(images)``, then ``if size > limit``): a
number times the length of a collection, added to an amount of tokens, is what each item (an image, a
tool, a file) is guessed to cost in tokens, as ``total += 200`` in a token estimate is. The other term
must be an amount of tokens (``rule.token_amount``: a tokenizer's count, a function named for counting
tokens, a name of tokens), directly or as the first term of a sum; the number must be a budget's size
(``rule.budget_literal``, so ``4 * len(messages)``, a few tokens of framing per message, is left).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name, callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (the literal, the name of its key, its value, how)
Found = tuple[ast.expr, str, "int | float", str]


def _per_item(node: ast.expr) -> tuple[ast.Constant, ast.expr] | None:
    """``2048 * len(images)`` / ``len(images) * 2048``: (the number, the collection), else None."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return None
    for literal, other in ((node.left, node.right), (node.right, node.left)):
        if type(literal) is ast.Constant and (items := _length_of(other)) is not None:
            return literal, items
    return None


def _length_of(node: ast.expr) -> ast.expr | None:
    """``len(images)``: the collection whose length it is, else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "len"
        and len(node.args) == 1
    ):
        return node.args[0]
    return None


def _token_term(rule: LintRule, node: ast.expr) -> bool:
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        node = node.left  # ``count_tokens(a) + count_tokens(b) + 2048 * len(images)``
    return rule.token_amount(node)


def item_allowance(rule: LintRule, node: ast.BinOp) -> Found | None:
    """The number of ``<tokens> + N * len(items)`` (being visited), else None."""
    if type(node.op) is not ast.Add:
        return None
    for term, other in ((node.right, node.left), (node.left, node.right)):
        found = _per_item(term)
        value = rule.budget_literal(found[0]) if found is not None else None
        if found is not None and value is not None and _token_term(rule, other):
            items = attr_name(found[1]) or "item"
            text = ast.unparse(other)
            if len(text) > 40:  # ``estimate_input_tokens(replace(context, ...), options)``
                text = f"{callee_name(other)}(...)" if isinstance(other, ast.Call) else text[:37] + "..."
            how = f"per item of `{items}` added to the token count `{text}`"
            return found[0], f"{items}_tokens", value, how
    return None


def per_item_read(rule: LintRule, ancestors: list[ast.AST] | tuple[ast.AST, ...]) -> str | None:
    """``len(ctx.slow_queries) * _TOKENS_PER_SLOW_QUERY_FINDING`` added to a count of tokens: why the read
    constant (``ancestors[-1]``) is what each item is guessed to cost in tokens, as the literal is in
    ``item_allowance`` (set 139: db-optimiser-agent's per-finding costs summed into its ``max_tokens``
    estimate), else None."""
    if len(ancestors) < 3:
        return None
    read, product, total = ancestors[-1], ancestors[-2], ancestors[-3]
    if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
        return None
    listed = _length_of(product.left if product.right is read else product.right)
    if listed is None or not (isinstance(total, ast.BinOp) and isinstance(total.op, ast.Add)):
        return None
    if not _token_term(rule, total.left if total.right is product else total.right):
        return None
    listed = listed.value if isinstance(listed, ast.Subscript) else listed  # ``ctx.slow_queries[:10]``
    return f"a cost per item of `{attr_name(listed) or 'item'}` added to a count of tokens"
