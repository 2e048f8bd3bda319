"""Reserves kept in a running total of tokens that a window bounds, for PB106 (reserve-arithmetic; set 57):

- a literal added to a count of tokens, bound to a local the function orders against a budget:
  ``total_tokens = count_tokens(self.user_input) + 200`` ... ``if total_tokens >= context_length``
  (continuedev's Stack Overflow step: room kept beside the prompt while sources are added);
- a local constant of the function added to such a total beside counts of tokens:
  ``BUFFER_FOR_FUNCTIONS = 400`` ... ``total_tokens = count_tokens(...) + BUFFER_FOR_FUNCTIONS +
  max_tokens`` ... ``if total_tokens > model.context_length`` (the room the function calls take), reported
  where the constant is bound;
- a literal taken off a read (a config's value, an attribute) and bound as a budget that says tokens:
  ``self.max_token_size = data.get("remote_llm_max_text_length", 32000) - 4096`` (huixiangdou: the window
  less the answer's room, the input budget).

Both ends must say tokens: a count of tokens in the sum and a budget it is ordered against, or a target
named as a budget of tokens. A sum holding a string's length, another literal, or ordered against
something that is no budget is not read; nor a count or a length taken off (``len(ids) - 2``). The function is
read through the shared walk (``walks.walk``), once per question.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_values, string_length
from prompt_budget.lint.reserve_sums import counted_sum, sum_terms
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDERS = (ast.Gt, ast.GtE, ast.Lt, ast.LtE)


def _ordered_against(rule: LintRule, fn: ast.AST, name: str) -> str | None:
    """The budget a compare in ``fn`` orders the local ``name`` against, else None."""
    for n in walk(fn):
        if not (isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], _ORDERS)):
            continue
        sides = (n.left, n.comparators[0])
        for side, other in (sides, sides[::-1]):
            if type(side) is ast.Name and side.id == name and (budget := rule.budget_expr(other)) is not None:
                return budget
    return None


def counted_total(rule: LintRule, node: ast.BinOp) -> str | None:
    """``total_tokens = count_tokens(text) + 200`` ... ``total_tokens >= context_length``: the budget."""
    parent = rule.ctx.parent(node)
    fn = rule.ctx.function()
    top: ast.AST = node
    while isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add) and parent.left is top:
        # ``estimate = total - used + 48 + 12 * len(chosen)``: the literal is a term of a longer sum
        top, parent = parent, rule.ctx.parent(parent)
    if not (
        fn is not None
        and isinstance(node.op, ast.Add)
        and isinstance(parent, ast.Assign)
        and parent.value is top
        and len(parent.targets) == 1
        and type(parent.targets[0]) is ast.Name
        and counted_sum(rule, node.left)
    ):
        return None
    return _ordered_against(rule, fn, parent.targets[0].id)


def _total_with(rule: LintRule, fn: ast.AST, name: str) -> str | None:
    """A sum in ``fn`` of ``name``, counts of tokens and budgets (no other literal, no string's length),
    ordered against a budget or bound to a local that is: that budget."""
    for n in walk(fn):
        if isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], _ORDERS):
            sides = (n.left, n.comparators[0])
            for side, other in (sides, sides[::-1]):
                if _counted_with(rule, side, name) and (budget := rule.budget_expr(other)) is not None:
                    return budget
        elif (
            isinstance(n, ast.Assign)
            and len(n.targets) == 1
            and type(n.targets[0]) is ast.Name
            and _counted_with(rule, n.value, name)
            and (budget := _ordered_against(rule, fn, n.targets[0].id)) is not None
        ):
            return budget
    return None


def _counted_with(rule: LintRule, node: ast.expr, name: str) -> bool:
    """``count_tokens(text) + NAME + max_tokens``: a sum holding ``name`` and a count of tokens."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
        return False
    terms = sum_terms(node)
    return (
        any(type(t) is ast.Name and t.id == name for t in terms)
        and any(rule.token_amount(t) for t in terms)
        and all(type(t) in (ast.Name, ast.Attribute, ast.Call, ast.Subscript) for t in terms)
        and not any(string_length(t, rule) for t in terms)
    )


def constant_in_total(rule: LintRule, node: ast.Assign) -> tuple[ast.expr, str, int | float, str] | None:
    """``BUFFER_FOR_FUNCTIONS = 400`` in a function whose total of tokens adds it and is ordered against a
    budget: (the literal, that budget, its value, how it is kept), else None. The local is bound once, to the literal, and is not named as a budget
    (``MAX_TOKENS = 512``: PB102's)."""
    fn = rule.ctx.function()
    target = node.targets[0] if len(node.targets) == 1 else None
    if fn is None or type(target) is not ast.Name or rule.names.is_budget(target.id):
        return None
    value = rule.budget_literal(node.value)
    if value is None or len(bound_values(fn, target.id)) != 1:
        return None
    budget = _total_with(rule, fn, target.id)
    return None if budget is None else (node.value, budget, value, "kept in a total of tokens bounded by")


def bound_budget_reserve(rule: LintRule, node: ast.BinOp) -> str | None:
    """``self.max_token_size = data.get("window", 32000) - 4096``: the budget of tokens the difference is
    bound as, when what the literal is taken off is a read (no count, no length, no literal)."""
    parent = rule.ctx.parent(node)
    if not (
        isinstance(node.op, ast.Sub)
        and isinstance(parent, ast.Assign)
        and parent.value is node
        and len(parent.targets) == 1
        and isinstance(node.left, (ast.Call, ast.Attribute, ast.Subscript))
        and attr_name(node.left) is not None
        and not rule.token_amount(node.left)
    ):
        return None
    name = attr_name(parent.targets[0])
    if name is None or not (rule.names.is_budget(name) and rule.names.says_tokens(name)):
        return None
    read = attr_name(node.left) or ""
    return None if rule.names.is_chars(read) or rule.names.is_chars(name) else f"the read bound as `{name}`"


def bounds_token_counts(rule: LintRule, fn: ast.AST, node: ast.expr) -> str | None:
    """``if current_tokens + field_tokens <= available_tokens``: a name ``fn`` orders a count of tokens
    against is a budget there, whatever it is named (set 29: docetl)."""
    if type(node) is not ast.Name:
        return None
    for sub in walk(fn):
        if isinstance(sub, ast.Compare) and any(isinstance(op, _ORDERS) for op in sub.ops):
            sides = (sub.left, *sub.comparators)
            if any((type(s) is ast.Name and s.id == node.id) for s in sides) and any(
                not (type(s) is ast.Name and s.id == node.id) and rule.token_amount(s) for s in sides
            ):
                return node.id
    return None
