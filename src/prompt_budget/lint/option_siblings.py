"""A command-line option's default beside a sibling option that is a token length (PB102; set 62:
pylate's ColBERT parser)::

    self.add_argument("--query_maxlen", dest="query_maxlen", default=32, type=int)   # a budget phrase
    self.add_argument("--doc_maxlen", dest="doc_maxlen", default=180, type=int)      # its sibling

A length name says nothing of its unit (``learned_lengths``: the project must hand it to a tokenizer).
An option named like a sibling of the same parser that is reported as a token budget, the two names the
same words but the one saying what is measured (``query_maxlen`` / ``doc_maxlen``, ``max_query_length``
/ ``max_doc_length``), is the same kind of length: both declared side by side in one function, for the
same tool. Only options of one function, a length name (``learned_lengths.length_name``: no unit word
such as ``line`` or ``word``), 16 tokens at least.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.learned_lengths import length_name
from prompt_budget.lint.names import words
from prompt_budget.lint.not_limits import no_limit_sentinel
from prompt_budget.lint.reports_made import reported_ids

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SMALLEST = 16
#: Words that say how long, never what is measured.
_LENGTH_SHAPE = frozenset({"max", "maximum", "min", "minimum", "len", "length", "total"})


def _siblings(name: str, other: str) -> bool:
    """``doc_maxlen`` / ``query_maxlen``: the same words but one, neither of those a length's word."""
    a, b = words(name), words(other)
    if len(a) != len(b) or a == b:
        return False
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(differ) == 1 and not {*differ[0]} & _LENGTH_SHAPE


class OptionSiblings:
    """The module's argparse options with a default: (the function, the default, the destination, the
    line), judged at the module's end against the options reported."""

    def __init__(self) -> None:
        self.options: list[tuple[ast.AST | None, ast.expr, str, int]] = []

    def call(self, rule: LintRule, node: ast.Call) -> None:
        found = argparse_default(node)
        if found is not None:
            self.options.append((rule.ctx.function(), found[0], found[1], node.lineno))

    def finish(self, rule: LintRule) -> None:
        if len(self.options) < 2:
            return
        reported = reported_ids(rule)
        budgets = [o for o in self.options if id(o[1]) in reported and rule.names.is_budget(o[2])]
        for scope, literal, dest, _ in self.options:
            if id(literal) in reported or not length_name(dest) or rule.names.is_excluded(dest):
                continue
            amount = rule.budget_literal(literal)
            if amount is None or amount < _SMALLEST or no_limit_sentinel(dest, amount):
                continue
            sibling = next((o for o in budgets if o[0] is scope and _siblings(dest, o[2])), None)
            if sibling is None:
                continue
            message = (
                f"token budget {dest}={amount} as a command-line option's default: its sibling option "
                f"`{sibling[2]}` (line {sibling[3]}) is a token length; move it to config so it can be "
                "tuned and tested"
            )
            rule.report_literal(literal, message, amount, dest)
            reported.add(id(literal))
