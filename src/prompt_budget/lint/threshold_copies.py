"""Copies of a token threshold in the function comparing a token count with it (PB102; set 52: chembench's
refusal classifier)::

    def refusal_sentiment_analysis(self, completion, overlap=128):
        max_chunk_size_allowed = 512              # the same limit, under a size name
        ...
        input_ids = self.tokenizer(completion, return_tensors="pt")["input_ids"][0]
        if len(input_ids) <= 512:                 # the token threshold (PB103)
            ...
        max_chunk_size = 512 - overlap            # the limit, less the overlap: the windows' size

The number a function compares a count of tokens with (``compared_lengths.counts_tokens``) is the model's
limit; the same number bound in that function to a local named as a limit or a size
(``max_chunk_size_allowed = 512``), or bound as the first term of a difference (``max_chunk_size = 512 -
overlap``), is that limit written again. Guards: one function only (the comparison's), the same value, 16
or more; the local's name says a limit or a size and no other unit (``names.UNIT_WORDS``, characters),
no credential or time; a literal already reported is left alone; not in test modules.
"""

from __future__ import annotations

import ast
from functools import partial
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_lengths import counts_tokens, ordered_pairs
from prompt_budget.lint.flow import against_flow, is_test_module
from prompt_budget.lint.names import words
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SMALLEST = 16
#: Words of a local naming a limit or a size.
_LIMIT_WORDS = frozenset({"max", "maximum", "limit", "size", "len", "length", "cap", "threshold", "window"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _bound(fn: ast.AST) -> dict[str, list[ast.expr]]:
    out: dict[str, list[ast.expr]] = {}
    for stmt in statements(fn):
        if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
            out.setdefault(stmt.targets[0].id, []).append(stmt.value)
    return out


class ThresholdCopies:
    """One module's token thresholds compared in a function, and the literals its locals are bound to."""

    def __init__(self) -> None:
        #: function -> [(value, the count's text, line)]
        self.thresholds: dict[int, list[tuple[int | float, str, int]]] = {}
        #: (function, the literal, the local's name, value)
        self.copies: list[tuple[int, ast.expr, str, int | float]] = []
        self._locals: dict[int, dict[str, list[ast.expr]]] = {}

    def compare(self, rule: LintRule, node: ast.Compare) -> None:
        """``if len(input_ids) <= 512``: a literal compared with a count of tokens in a function."""
        if (
            not any(type(side) is ast.Constant for side in node.comparators)
            and type(node.left) is not ast.Constant
        ):
            return
        fn = rule.ctx.function()
        if fn is None or is_test_module(rule.ctx.path):
            return
        for side, other in ordered_pairs(node):
            amount = rule.budget_literal(side) if type(side) is ast.Constant else None
            if amount is None or amount < _SMALLEST:
                continue
            bound = partial(self._at, fn)
            if counts_tokens(rule, other, bound, lambda: fn):
                found = (amount, ast.unparse(other), node.lineno)
                self.thresholds.setdefault(id(fn), []).append(found)

    def _at(self, fn: ast.AST) -> dict[str, list[ast.expr]]:
        found = self._locals.get(id(fn))
        if found is None:
            found = self._locals[id(fn)] = _bound(fn)
        return found

    def assign(self, rule: LintRule, node: ast.Assign) -> None:
        """``max_chunk_size_allowed = 512``, ``max_chunk_size = 512 - overlap``."""
        fn = rule.ctx.function()
        if fn is None or len(node.targets) != 1 or type(node.targets[0]) is not ast.Name:
            return
        name = node.targets[0].id
        value = node.value
        literal = value.left if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub) else value
        if type(literal) is not ast.Constant:
            return
        amount = rule.budget_literal(literal)
        ws = set(words(name))
        if (
            amount is None
            or amount < _SMALLEST
            or not ws & _LIMIT_WORDS
            or against_flow(name)
            or rule.names.is_excluded(name)
        ):
            return
        self.copies.append((id(fn), literal, name, amount))

    def finish(self, rule: LintRule) -> None:
        if not self.thresholds:
            return
        done = {id(r.target) for r in rule.ctx.reports} | {id(r.node) for r in rule.ctx.reports}
        for fn, literal, name, amount in self.copies:
            found = next((t for t in self.thresholds.get(fn, ()) if t[0] == amount), None)
            if found is None or id(literal) in done:
                continue
            _, count, line = found
            message = (
                f"token budget {name} = {amount}: the token threshold this function compares "
                f"`{count}` with at line {line}, written again; move it to config so it can be tuned and tested"
            )
            rule.report_literal(literal, message, amount, name)
            done.add(id(literal))
