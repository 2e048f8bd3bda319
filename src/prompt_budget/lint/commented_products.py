"""A number of tokens per item in a product bound to a count of tokens, the statement's own comment giving the
number in tokens (``tokens = samples * epochs * 512  # ~512 tokens/sample average``, set 156: aluminatiai's energy
per token): the rate an estimate of tokens rests on, for PB102, as ``tokens_per_sample = 512`` is by its name.
Only a whole factor large enough to be reported, which the comment spells with ``token``/``tokens`` after it
(``comment_units``), in a product bound whole to a single name that counts tokens. Judges nothing else.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.comment_units import comment_spells_tokens

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def commented_product(rule: LintRule, node: ast.Assign) -> None:
    """Report the factor of ``node``'s product its comment spells in tokens, when ``node`` binds a name of
    tokens (``tokens``, ``total_tokens``) to that product."""
    value = node.value
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult)) or len(node.targets) != 1:
        return
    target = node.targets[0]
    if (
        type(target) is not ast.Name
        or not rule.names.says_tokens(target.id)
        or rule.names.is_excluded(target.id)
    ):
        return
    comment = rule.ctx.comment()
    factors: list[ast.expr] = []
    todo: list[ast.expr] = [value]
    while todo:  # ``samples * epochs * 512``: the factors of a chain of products
        part = todo.pop()
        if isinstance(part, ast.BinOp) and isinstance(part.op, ast.Mult):
            todo += [part.left, part.right]
        else:
            factors.append(part)
    for factor in factors:
        amount = rule.budget_literal(factor)  # large enough (a message's few tokens of overhead are not)
        if type(amount) is int and comment and comment_spells_tokens(comment, amount):
            rule.report_literal(
                factor,
                f"token budget of {amount} tokens an item in `{target.id} = {ast.unparse(value)}`, as its comment "
                "gives it; move it to config so the estimate can be tuned and tested",
                amount,
                f"{target.id} per item",
            )
