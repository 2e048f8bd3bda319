"""An argparse option named as a token budget whose default is a list of numbers (set 66:
nvidia-tooltalk's ``parser.add_argument("--max_tokens", type=int, nargs="+", default=[25000])``, each
value then given as ``max_tokens=`` to the completion call): each number of the list is a budget, as a
parameter's default list of values to try is (``value_sweeps``)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.value_sweeps import swept_under

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def option_list_default(rule: LintRule, node: ast.Call) -> None:
    """``add_argument("--max_tokens", nargs="+", default=[25000])``: report each number of the default."""
    found = argparse_default(node)
    if found is None or not isinstance(found[0], (ast.List, ast.Tuple)):
        return
    written, name, _ = found
    for literal, value in swept_under(rule, name, written):
        message = (
            f"token budget {name}={value} in a command-line option's default list of values; move it to "
            "config so it can be tuned and tested"
        )
        rule.report_literal(literal, message, value, name)
