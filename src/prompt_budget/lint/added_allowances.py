"""PB101's number added to a token budget where a budget goes (set 61: premsql's Ollama generator).

``options=dict(temperature=t, num_ctx=2048 + max_new_tokens)``: a number written first in a sum whose
other term is a budget by its name (``max_new_tokens``, ``self.max_tokens``), the sum given whole as a
budget's keyword (``num_ctx=``, ``context_window=``, ``max_tokens=``, a truncating tokenizer's
``max_length=``). The number is the room the call is given beside that budget (there, the prompt's
tokens within Ollama's window). A number written after the budget (``max_new_tokens + 2048``) is PB106's
headroom added to a budget; a sum with a count of tokens (``2048 + prompt_tokens``) or with a name saying
nothing of a budget (``2048 + n``) is not judged. The sum stored whole under a budget's key or attribute
(``gen_kwargs["max_tokens"] = 4000 + self.max_tokens``) is where a budget goes too.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.item_allowances import item_allowance
from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (the literal, the keyword, its value, how)
Found = tuple[ast.expr, str, "int | float", str]


def added_allowance(
    rule: LintRule, node: ast.BinOp, budget_keyword: Callable[[str, ast.Call], bool]
) -> Found | None:
    """The number added first to a budget in a sum given as a budget's keyword (or an allowance per item
    added to a count of tokens: ``item_allowances``), else None."""
    if (each := item_allowance(rule, node)) is not None:  # ``count_tokens(c) + 2048 * len(images)``
        return each
    if type(node.op) is ast.Add and type(node.right) is ast.Constant and type(node.left) is not ast.Constant:
        return _added_last(rule, node)
    if type(node.op) is not ast.Add or type(node.left) is not ast.Constant:
        return None
    value = rule.budget_literal(node.left)
    budget = rule.budget_expr(node.right) if value is not None else None
    if value is None or budget is None:
        return None
    parent = rule.ctx.parent(node)
    if isinstance(parent, ast.Assign) and parent.value is node and len(parent.targets) == 1:
        return _assigned(rule, node.left, parent.targets[0], value, budget)
    call = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else None
    if not isinstance(parent, ast.keyword) or not parent.arg or not isinstance(call, ast.Call):
        return None
    if not budget_keyword(parent.arg, call):
        return None
    return node.left, parent.arg, value, f"added to `{budget}`, given as `{parent.arg}=`"


def _added_last(rule: LintRule, node: ast.BinOp) -> Found | None:
    """``max_tokens=_OUTPUT_TOKENS_PER_CASE * per_passage + 200`` (set 491: contexteval's case generator): a number
    added last to what a call is given whole as a keyword named as a token budget outright; the room it adds is in
    that keyword's unit. Not a keyword known as a budget by its call only (``max_length=``)."""
    value = rule.budget_literal(node.right)
    parent = rule.ctx.parent(node)
    call = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else None
    if (
        value is None
        or not isinstance(parent, ast.keyword)
        or not parent.arg
        or not isinstance(call, ast.Call)
    ):
        return None
    if not rule.names.is_budget(parent.arg) or rule.names.is_weak_budget(parent.arg):
        return None
    return node.right, parent.arg, value, f"added to what is given as `{parent.arg}=`"


def _assigned(
    rule: LintRule, literal: ast.expr, target: ast.expr, value: int | float, budget: str
) -> Found | None:
    """``gen_kwargs["max_tokens"] = 4000 + self.max_tokens``, ``config.max_output_tokens = 4096 +
    self.max_tokens`` (set 64: clemcore's thinking allowance): the sum stored whole under a budget's key or
    attribute, where a request reads it. A local (``total = 4000 + self.max_tokens``) is no such place."""
    if not isinstance(target, (ast.Subscript, ast.Attribute)):
        return None
    name = attr_name(target)
    if not name or not rule.names.is_budget(name):
        return None
    how = "written into a request" if isinstance(target, ast.Subscript) else "stored in an attribute"
    return literal, name, value, f"added to `{budget}`, {how} as `{name}`"
