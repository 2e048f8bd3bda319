"""PB101's output allowances sized by the input, given as a budget keyword (set 569: obey-cli)::

    max_tokens=min(12000, 1200 + (40 if types_only else 160) * len(texts))

The cap given is a base plus so many tokens per item: the base (``1200``) and the per-item amounts (``40``,
``160``, both branches of a conditional) are budgets written inline, as ``max_tokens=1200`` would be. Read
through a ``min``/``max`` clamp (its literal bound is PB103's) and ``int()``; a per-item amount multiplies the
length of a list or a count (``len(texts)``, ``n_items``), and only a sum holding such a product is read, so
``max_tokens=base + 16`` (a margin on a computed base, PB106's) is not.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import kept_amount
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a local counting items (``n_texts``, ``count``, ``num_rules``).
_COUNT_WORDS = frozenset({"n", "num", "count", "len", "length", "total"})


#: The calls that keep an amount beside literal bounds (a clamp into range, a conversion).
_KEEPING = frozenset({"min", "max", "int"})


def allowance_parts(rule: LintRule, value: ast.expr) -> Iterator[tuple[ast.expr, int | float, str]]:
    """(the literal, its amount, what it is) of each budget part of an allowance sized by the input."""
    node = kept_amount(value, _KEEPING)
    terms = _terms(node)
    per_item = [t for t in terms if _per_item(t) is not None]
    if not per_item:
        return
    for term in terms:
        if (amount := rule.budget_literal(term)) is not None:
            yield term, amount, "as the base of an allowance sized by the input"
    for term in per_item:
        factor, count = _per_item(term)  # type: ignore[misc]
        for literal in (factor.body, factor.orelse) if isinstance(factor, ast.IfExp) else (factor,):
            if (amount := rule.budget_literal(literal)) is not None:
                yield (
                    literal,
                    amount,
                    f"as tokens per item of `{ast.unparse(count)}` in an allowance sized by the input",
                )


def _terms(node: ast.expr) -> list[ast.expr]:
    """The terms of a sum (``a + b + c``), else none."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
        return []
    found: list[ast.expr] = []
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        found.append(node.right)
        node = node.left
    return [node, *reversed(found)]


def _per_item(term: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """(the amount per item, the count) of ``160 * len(texts)``, ``(40 if a else 160) * n_items``."""
    if not (isinstance(term, ast.BinOp) and isinstance(term.op, ast.Mult)):
        return None
    for factor, count in ((term.left, term.right), (term.right, term.left)):
        if _counts(count) and (
            isinstance(factor, ast.Constant)
            or (
                isinstance(factor, ast.IfExp)
                and all(isinstance(s, ast.Constant) for s in (factor.body, factor.orelse))
            )
        ):
            return factor, count
    return None


def _counts(node: ast.expr) -> bool:
    """``len(texts)``, ``n_items``: a number of items."""
    if isinstance(node, ast.Call):
        return callee_name(node) == "len"
    return bool(set(words(attr_name(node) or "")) & _COUNT_WORDS)
