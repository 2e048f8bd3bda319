"""PB103's reading of a budget compared for equality with a number of tokens (set 124: tensor-truth's
``elif context_window == 8192: logger.warning("... Consider setting higher ...")``): the number is a
budget value written a second time, the default the code checks for or a size it picks, and it goes
stale when the default moves. Only a name that is a budget setting by the vocabulary (``context_window``,
``max_tokens``), never a count (``len(tokens) == 512``), and never what a test or an ``assert`` checks
(``assert config.max_tokens == 4096`` states the value a test expects)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.rule import Invalid, LintRule, Valid, attr_name


def equal_budgets(rule: LintRule, node: ast.Compare) -> Iterator[tuple[ast.expr, ast.expr, int | float]]:
    """(the literal, the budget, the value) of each ``budget == N`` / ``budget != N`` in ``node``."""
    if not any(type(op) in (ast.Eq, ast.NotEq) for op in node.ops):
        return  # most comparisons order: the test and ancestors below are read only for an equality
    if is_test_module(rule.ctx.path) or any(isinstance(a, ast.Assert) for a in rule.ctx.ancestors):
        return
    left = node.left
    for op, right in zip(node.ops, node.comparators, strict=True):
        if isinstance(op, (ast.Eq, ast.NotEq)):
            for side, literal in ((left, right), (right, left)):
                value = rule.budget_literal(literal)
                name = attr_name(side) if isinstance(side, (ast.Name, ast.Attribute)) else None
                if value is not None and name and _budget_setting(rule, name):
                    yield literal, side, value
                    break
        left = right


def _budget_setting(rule: LintRule, name: str) -> bool:
    names = rule.names
    return names.is_budget(name) and not names.is_chars(name) and name.lower() not in names.ignore_names


EQUAL_VALID = (
    # a count of tokens, a number of characters, a test's expectation
    Valid("def f(tokens):\n    if len(tokens) == 512:\n        return tokens\n"),
    Valid("def f(max_chars):\n    if max_chars == 8000:\n        return 1\n"),
    Valid("def f(cfg):\n    assert cfg.max_tokens == 4096\n"),
)

EQUAL_INVALID = (
    # set 124: tensor-truth, the old default checked for
    Invalid(
        "def search(context_window=None):\n    if context_window is None:\n        context_window = fetch()\n"
        "    elif context_window == 8192:\n        print('small window')\n",
        line=4,
    ),
    Invalid("def f(self):\n    if 4096 != self.max_tokens:\n        return 1\n"),
)
