"""PB101's default of a parameter a token count is taken from (set 59: ought-ice)::

    def n_remaining_tokens(prompt: str, ensure_min: int, capacity=4097):
        remaining = capacity - n_tokens(prompt)

A parameter whose name says nothing of a budget (``capacity``), given a budget-sized default, from
which its function subtracts a count of tokens (a call or a name that holds an amount of tokens:
``n_tokens(prompt)``, ``count_tokens(text)``, ``prompt_tokens``): only an amount of tokens has tokens
taken off it, so the default is the window the function assumes. A parameter named as a budget (or
weakly, ``limit``, ``max_length``) is PB102's to judge; one named for another unit, time, money or a
credential is not judged. The function is walked (``walks.walk``, cached) only when it has such a
parameter with a budget-sized default.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, defaults
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def subtracted_defaults(rule: LintRule, node: ast.arguments) -> list[tuple[ast.expr, str, int | float, str]]:
    """(the default, the parameter, its value, how) of each parameter a token count is taken from."""
    fn = rule.ctx.parent(node)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    names = rule.names
    candidates: dict[str, tuple[ast.expr, int | float]] = {}
    for arg, written in defaults(node):
        name = arg.arg
        if names.is_budget_setting(name) or names.is_weak_budget(name) or names.is_excluded(name):
            continue
        if set(words(name)) & (UNIT_WORDS | CHAR_WORDS):
            continue
        value = rule.budget_literal(written)
        if value is not None:
            candidates[name] = (written, value)
    if not candidates:
        return []
    found: list[tuple[ast.expr, str, int | float, str]] = []
    for sub in walk(fn):
        if not (
            isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Sub) and isinstance(sub.left, ast.Name)
        ):
            continue
        param = sub.left.id
        if param not in candidates or not _token_count(rule, sub.right):
            continue
        written, value = candidates.pop(param)
        found.append(
            (
                written,
                param,
                value,
                f"as the default of a parameter a token count is taken from (line {sub.lineno})",
            )
        )
    return found


def token_amount_name(rule: LintRule, node: ast.expr) -> str:
    """The name of ``n_tokens(prompt)``, ``self.count_tokens(text)``, ``prompt_tokens``,
    ``usage.total_tokens``, ``max_tokens``: a call or a value named as an amount of tokens; "" otherwise."""
    if isinstance(node, ast.Call):
        name = callee_name(node) or ""
    elif isinstance(node, (ast.Name, ast.Attribute)):
        name = attr_name(node) or ""
    else:
        return ""
    return name if name and rule.names.is_token_amount(name) else ""


def _token_count(rule: LintRule, node: ast.expr) -> bool:
    """An amount of tokens by its name (``token_amount_name``), never a budget's name."""
    name = token_amount_name(rule, node)
    return bool(name) and not rule.names.is_budget(name)
