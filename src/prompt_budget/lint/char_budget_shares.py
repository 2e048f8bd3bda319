"""Shares of a token budget expressed in characters, for PB105 (budget-ratio); also the entry of the
shares of a local token amount (``count_shares``, ``overlap_shares``).

A function that sizes text in characters often turns its token budget into characters first
(``max_chars = max_tokens * 4``) and then splits that amount in shares: ``int(max_chars * 0.15)``,
``int(max_chars * (0.40 if high_budget else 0.30))`` (set 72: nmem's context sections), or a local table
of shares read by key (``weights = {"policy": 0.10, ...}`` ... ``total_chars * weights.get(name, 0.10)``).
Each share is a share of the token budget, whatever unit it is counted in. The evidence is a local whose
name says characters, bound once in the function to a budget times a rate of characters per token (2 to
8); the function's bindings are read from its kept walk (``walks.walk``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.count_shares import count_share
from prompt_budget.lint.fraction_shares import literal_fraction
from prompt_budget.lint.names import words
from prompt_budget.lint.overlap_shares import overlap_share
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import number
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The words of a name saying it counts characters.
_CHAR_WORDS = frozenset({"char", "chars", "character", "characters"})


def _bindings(fn: ast.AST, name: str) -> list[ast.AST]:
    """Every statement or expression in ``fn`` binding ``name`` (plain, annotated, augmented, walrus, loop
    or ``with`` targets), by way of the names they store."""
    found: list[ast.AST] = []
    for node in walk(fn):
        if isinstance(node, ast.Assign):
            stored = [t for target in node.targets for t in ast.walk(target)]
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            stored = [node.target]
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            stored = list(ast.walk(node.target))
        else:
            continue
        if any(isinstance(s, ast.Name) and s.id == name for s in stored):
            found.append(node)
    return found


def _bound_once(rule: LintRule, name: str) -> ast.expr | None:
    """The value of ``name``'s one plain binding in the enclosing function, else None."""
    fn = rule.ctx.function()
    if fn is None:
        return None
    found = _bindings(fn, name)
    if len(found) != 1 or not isinstance(found[0], ast.Assign) or len(found[0].targets) != 1:
        return None
    return found[0].value if isinstance(found[0].targets[0], ast.Name) else None


def _chars_of_budget(rule: LintRule, node: ast.expr) -> tuple[str, str] | None:
    """``max_chars`` bound once to ``max_tokens * 4``: (the name, the budget), else None."""
    if not isinstance(node, ast.Name) or not _CHAR_WORDS.intersection(words(node.id)):
        return None
    value = _bound_once(rule, node.id)
    if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Mult):
        return None
    for rate, amount in ((value.left, value.right), (value.right, value.left)):
        per_token = number(rate)
        if isinstance(per_token, (int, float)) and not isinstance(per_token, bool) and 2 <= per_token <= 8:
            budget = rule.budget_expr(amount)
            if budget is not None:
                return node.id, budget
    return None


def _shares(rule: LintRule, factor: ast.expr) -> list[tuple[ast.expr, float, str]]:
    """The literal shares ``factor`` takes: a literal, both sides of a conditional, or a local table of
    shares read by ``.get`` with a literal fallback (its first share, and the fallback)."""
    if (value := literal_fraction(factor)) is not None:
        return [(factor, value, "")]
    if isinstance(factor, ast.IfExp):
        sides = [(s, literal_fraction(s)) for s in (factor.body, factor.orelse)]
        return [(s, v, "") for s, v in sides if v is not None]
    # only ``.get(key, 0.10)``: a read with a literal fallback is on a line the pruned walk keeps
    if not (
        isinstance(factor, ast.Call)
        and isinstance(factor.func, ast.Attribute)
        and factor.func.attr == "get"
        and len(factor.args) == 2
        and not factor.keywords
        and (fallback := literal_fraction(factor.args[1])) is not None
    ):
        return []
    table = factor.func.value
    if not isinstance(table, ast.Name):
        return []
    bound = _bound_once(rule, table.id)
    if not isinstance(bound, ast.Dict) or len(bound.values) < 2:
        return []
    values = [literal_fraction(v) for v in bound.values]
    if any(v is None for v in values):
        return []
    return [
        (bound.values[0], values[0] or 0.0, f"in the table `{table.id}` "),
        (factor.args[1], fallback, f"(the fallback of the table `{table.id}`) "),
    ]


def char_budget_shares(
    rule: LintRule, node: ast.BinOp, report: Callable[[ast.expr, float, str, str], None]
) -> bool:
    """``max_chars * 0.15`` with ``max_chars = max_tokens * 4`` in the function: ``report`` (literal,
    value, the config key's name, what it is) each share of the token budget in characters ``node``
    takes; whether ``node`` is such a share."""
    found = _found(rule, node)
    for literal, value, key, what in found:
        report(literal, value, key, what)
    return bool(found)


def _found(rule: LintRule, node: ast.BinOp) -> list[tuple[ast.expr, float, str, str]]:
    if isinstance(node.op, (ast.Div, ast.FloorDiv)):
        return overlap_share(rule, node)  # ``overlap = chunk_size // 4`` (``overlap_shares``)
    if not isinstance(node.op, ast.Mult):
        return []
    if found := count_share(rule, node):  # ``target = int(tokens * 0.70)`` (``count_shares``)
        return found
    for amount, factor in ((node.left, node.right), (node.right, node.left)):
        chars = _chars_of_budget(rule, amount) if isinstance(amount, ast.Name) else None
        if chars is None:
            continue
        name, budget = chars
        bound = next((a for a in reversed(rule.ctx.ancestors) if isinstance(a, (ast.Assign, ast.stmt))), None)
        targets = bound.targets if isinstance(bound, ast.Assign) else []
        key = (
            f"{targets[0].id} ratio"
            if len(targets) == 1 and isinstance(targets[0], ast.Name)
            else f"{name} ratio"
        )
        return [
            (literal, value, key, f"{value} {where}of `{name}`, the budget `{budget}` in characters")
            for literal, value, where in _shares(rule, factor)
            if not is_reported(rule, literal)  # a table read twice is reported once
        ]
    return []
