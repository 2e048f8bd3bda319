"""A count of tokens that code only reports as usage, for PB102: ``completion_tokens = 100  # fixed
completion tokens`` in a debug server that sends it back as its response's ``usage`` (set 26:
datatrove's dummy inference server). A usage count written as a literal is a fake or a default
count, not a budget, unless a read uses it as a limit.

The evidence is its reads, not its name: every read of the local ends, through sums
(``prompt_tokens + completion_tokens``), as the value of a dict entry or a keyword that names a usage
count (``{"completion_tokens": completion_tokens}``, ``Usage(total_tokens=...)``). A read compared,
sliced with, or passed as a cap is a limit and keeps the finding.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import every_read

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _usage_key(rule: LintRule, key: str | None) -> bool:
    """``completion_tokens``, ``total_tokens``: the key of a count of tokens, not of a budget."""
    names = rule.names
    return bool(key) and names.is_token_amount(key or "") and not names.is_budget_setting(key or "")


def _reported(rule: LintRule, read: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """``read`` flows, through sums, into a usage entry of a dict or a keyword."""
    node, parent = read, parents.get(read)
    while isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add):
        node, parent = parent, parents.get(parent)
    if isinstance(parent, ast.keyword):
        return _usage_key(rule, parent.arg)
    if isinstance(parent, ast.Dict) and node in parent.values:
        key = parent.keys[parent.values.index(node)]
        return isinstance(key, ast.Constant) and isinstance(key.value, str) and _usage_key(rule, key.value)
    return False


def only_reported(rule: LintRule, target: ast.expr) -> bool:
    """``target`` (a local or a module's name bound to a literal) is read, and every read is reported
    as a usage count (a response's ``usage``): a fake or default count, not a budget."""
    return every_read(rule, target, lambda read, parents: _reported(rule, read, parents))
