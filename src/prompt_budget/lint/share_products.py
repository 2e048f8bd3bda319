"""PB105: a literal fraction in a product of a token budget and other shares of one.

``overlap = ceil(self.max_input_tokens * ((1 - self.chunk_size) * 0.5))`` (set 52: chembench's extractor,
half of what the chunk leaves of the window on each side): the literal does not multiply the budget itself,
but a factor of a product whose other factors are the budget and complements of a share (``1 - ratio``),
each at most the whole: the product is a share of the budget whatever the grouping (``budget * (1 - r) *
0.5``, ``0.5 * (1 - r) * budget``). Only one budget among the factors, and every other factor a complement
``1 - x`` or a literal rate (``ctx * 4 * 0.15``, characters at 4 per token): a count (``budget * n_chunks *
0.5``) or another amount makes no share. Read from the node's
ancestors and the product's own operands (no walk). Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.rule import LintRule, attr_name, callee_name, number


def _factors(node: ast.expr) -> list[ast.expr]:
    """The operands of a chain of products, left to right (``a * (b * c)`` -> a, b, c)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return [*_factors(node.left), *_factors(node.right)]
    return [node]


def _complement(node: ast.expr) -> bool:
    """``1 - self.chunk_size``: what a share leaves of the whole."""
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and number(node.left) == 1


def product_budget(rule: LintRule, node: ast.BinOp, literal: ast.expr) -> str | None:
    """The budget ``literal`` (a factor of the product ``node``) takes a share of through complements of
    other shares, else None."""
    top: ast.AST = node
    parent = rule.ctx.parent(top)
    while isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult):
        top, parent = parent, rule.ctx.parent(parent)
    assert isinstance(top, ast.BinOp)
    rest = [f for f in _factors(top) if f is not literal]
    budgets = [rule.budget_expr(f) or _weak_rated(rule, f, rest) for f in rest]
    found = [b for b in budgets if b is not None]
    others = [f for f, b in zip(rest, budgets, strict=True) if b is None]
    if len(found) != 1 or not others or not all(_complement(f) or _scale(f) for f in others):
        return None
    return found[0]


def _weak_rated(rule: LintRule, node: ast.expr, factors: list[ast.expr]) -> str | None:
    """``settings.reranking.max_length`` scaled by a rate named between tokens and characters among ``factors``
    (``max_length * chars_per_token * 0.95``, set 549: mcp-context-server's reranker passages): a length the
    rate says is in tokens."""
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    if not name or not rule.names.is_weak_budget(name):
        return None
    return name if any(f is not node and number(f) is None and _scale(f) for f in factors) else None


def scaled_budget(rule: LintRule, node: ast.expr) -> ast.expr | None:
    """The budget of a product scaling it by rates into another unit (``max_tokens * chars_per_token``: the budget in
    characters; set 315: zotero-mcp-server's ``max_tokens * chars_per_token * self.CHUNK_FIT_MARGIN``), else None."""
    factors = _factors(node) if isinstance(node, ast.BinOp) else []
    budgets = [f for f in factors if rule.budget_expr(f) is not None]
    others = [f for f in factors if f not in budgets]
    return budgets[0] if len(budgets) == 1 and others and all(_scale(f) for f in others) else None


def scaled_local(rule: LintRule, node: ast.expr) -> ast.expr | None:
    """The budget a local of the function is bound to, scaled into another unit at every binding (``budget =
    int(self.max_context_tokens * self.chars_per_token)`` ... ``int(budget * SHRINK_TARGET_FRACTION)``: a share of
    the budget in characters; set 563: psi-agent), else None."""
    fn = rule.ctx.function()
    if not isinstance(node, ast.Name) or fn is None:
        return None
    values = [
        v.args[0] if isinstance(v, ast.Call) and callee_name(v) in {"int", "round"} and v.args else v
        for v in bound_values(fn, node.id)
    ]
    found = [scaled_budget(rule, v) for v in values]
    return found[0] if found and all(found) else None


def _scale(node: ast.expr) -> bool:
    """A literal the budget is scaled by before its share is taken: ``ctx * 4 * 0.15`` (set 181:
    openprover's history, 15 % of the window in characters at 4 characters per token), or a rate named
    between tokens and words or characters (``max_tokens * self.TOKEN_WORD_RATIO * 0.9``, set 240:
    langxchange's 90 % margin of the budget in words)."""
    value = number(node)
    if value is None:
        ws = set(words(attr_name(node) or "")) if isinstance(node, (ast.Name, ast.Attribute)) else set()
        return bool(ws & {"ratio", "rate", "per"} and ws & TOKEN_WORDS and ws & _TEXT_UNITS)
    return 2 <= value <= 8


#: The units a token rate converts to (a rate's name holds one and a token word).
_TEXT_UNITS = frozenset({"word", "words", "char", "chars", "character", "characters"})
