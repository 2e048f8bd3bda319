"""A model's window read from a table of windows, for PB105 (budget-ratio): ``int(LLM_CONTEXT_WINDOW_SIZES.get(
self.model, 8192) * 0.75)`` (set 58: dendrite's usable part of the window). ``rule.budget_expr`` reads a
``.get`` by its string key (``d.get("max_tokens")``); a lookup keyed by a model is named by its table instead.
The table's name must say budget (``CONTEXT_WINDOWS``, ``MODEL_MAX_TOKENS``) and the lookup must fall back to
a literal large enough to be a budget: both say the value is a number of tokens. A lookup in a table named
otherwise (``PRICES.get(model, 0.5)``), by a string key, or with no such fallback is not read. Read from the
node alone (no walk); kept apart from the rule module to keep it short. The other products of a share
PB105 reads beside a budget's name are asked here too: a product with complements of shares
(``share_products``) and a local derived from a budget (``derived_budgets``: ``input_capacity =
usable_window - output_reserve`` ... ``int(input_capacity * 0.90)``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.derived_budgets import derived_budget
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.share_products import product_budget

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def table_window(rule: LintRule, node: ast.expr) -> str | None:
    """The table's name for ``TABLE.get(model, 8192)`` with ``TABLE`` named as a budget, else None."""
    if not (
        type(node) is ast.Call
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and len(node.args) == 2
        and not node.keywords
        and string_value(node.args[0]) is None
        and rule.budget_literal(node.args[1]) is not None
    ):
        return None
    table = attr_name(node.func.value)
    if table is None or not rule.names.is_budget(table) or rule.names.is_chars(table):
        return None
    return table


def window_product(rule: LintRule, node: ast.BinOp, literal: ast.expr) -> str | None:
    """``WINDOWS.get(model, 8192) * 0.75`` (:func:`table_window`), else ``share_products``' product, else
    a local derived from a budget (``derived_budgets``; one only ordered against a count of tokens is
    PB105's share reaching a token use, which says so)."""
    other = node.left if literal is node.right else node.right
    return (
        table_window(rule, other)
        or product_budget(rule, node, literal)
        or derived_budget(rule, other, ordered=False)
    )
