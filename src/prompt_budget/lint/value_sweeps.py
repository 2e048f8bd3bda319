"""A sweep of budgets: a list (or tuple) of numbers under a budget's name, each value one budget to try.

Experiment harnesses take every parameter as a list of values to cross into a grid
(``max_tokens_to_sample: list[int] = [1000]``, ``DEFAULT = {"n_ctx": [512], "max_tokens": [128]}``,
``run(max_tokens=[256, 1024])``): each number is a token budget, written inline like a single one
(set 27: prompttools). Only lists made of numbers alone: ``("tokens", 4000)`` is a LangChain context
size, ``[("max_tokens", 100)]`` a table of cases, ``[None]`` or ``[float("inf")]`` no budget at all.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def swept_under(
    rule: LintRule, name: str | None, node: ast.expr | None
) -> list[tuple[ast.expr, int | float]]:
    """(the literal, its value) of each number, plausible for ``name``, of a list or tuple made only of
    numbers, when ``name`` is a budget's (not an excluded one's); empty for anything else."""
    names = rule.names
    if not isinstance(node, (ast.List, ast.Tuple)) or not node.elts:
        return []
    if not name or not names.is_budget(name) or names.is_excluded(name):
        return []
    if not all(
        isinstance(e, ast.Constant) and type(e.value) in {int, float} for e in node.elts
    ):  # ``[None]``, ``["tokens", 4000]``, ``[float("inf")]``
        return []
    found = [(e, rule.budget_literal(e)) for e in node.elts]
    return [(e, v) for e, v in found if v is not None and not names.implausible(name, v)]


def swept_entries(rule: LintRule, node: ast.List | ast.Tuple) -> list[tuple[ast.expr, str, int | float]]:
    """(the literal, the setting, its value) of each number of a list of numbers given as a budget
    keyword (``run(max_tokens=[128, 512])``) or written under a budget key (``{"n_ctx": [512]}``)."""
    parent = rule.ctx.parent(node)
    name: str | None = None
    if isinstance(parent, ast.keyword):
        name = parent.arg
    elif isinstance(parent, ast.Dict):
        name = next(
            (string_value(k) for k, v in zip(parent.keys, parent.values, strict=False) if v is node), None
        )
    return [(e, name, v) for e, v in swept_under(rule, name, node)] if name else []
