"""A number given to a function of the module whose parameter counts characters (set 521: fitz-forge's
``reasoning_budget = _TOKEN_BUDGET_CHARS - fixed_chars - 200`` ... ``_truncate_at_line(reasoning,
reasoning_budget)`` where ``def _truncate_at_line(text: str, max_chars: int)``): whatever the number is
named, it is an amount of characters. Only the module's top-level functions (and those of the enclosing
functions) are looked up, by a call of a bare name; the argument is matched to its parameter by position
or by keyword."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, TOKEN_WORDS, words
from prompt_budget.lint.rule import number, token_amount_literal
from prompt_budget.lint.walks import innermost_statement
from prompt_budget.lint.wrapped_lookups import defined_function

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def given_as_characters(rule: LintRule, call: ast.AST, node: ast.AST) -> bool:
    """``node`` is an argument of ``call``, a call of a function of the module whose parameter it binds is
    named for characters (``max_chars``, ``char_limit``) and not for tokens."""
    if not (isinstance(call, ast.Call) and type(call.func) is ast.Name):
        return False
    fn = defined_function(rule, call.func.id)
    if fn is None:
        return False
    param = None
    if node in call.args:
        index = call.args.index(node)
        if any(isinstance(a, ast.Starred) for a in call.args[:index]):
            return False
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        param = params[index] if index < len(params) else None
    else:
        param = next((k.arg for k in call.keywords if k.value is node), None)
    said = set(words(param or ""))
    return bool(said & CHAR_WORDS) and not said & TOKEN_WORDS


def named_in_characters(node: ast.expr) -> bool:
    """``_TOKEN_BUDGET_CHARS - len(fixed) - 200``: a sum or difference whose first term is named for
    characters (its last word: ``..._CHARS``, ``max_chars``), an amount of characters."""
    while isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        node = node.left
    name = node.id if type(node) is ast.Name else node.attr if type(node) is ast.Attribute else ""
    ws = words(name)
    return bool(ws) and ws[-1] in CHAR_WORDS


def tokens_made_characters(name: str) -> bool:
    """``_TOKEN_BUDGET_CHARS``, ``MAX_CONTEXT_TOKENS_BYTES``: a name of an amount of tokens turned into
    characters or bytes (a token word, and a unit of text last), which ``A * 4`` binds."""
    ws = words(name)
    return len(ws) > 2 and bool(TOKEN_WORDS.intersection(ws)) and ws[-1] in _TEXT_UNITS and "per" not in ws


_TEXT_UNITS = CHAR_WORDS | {"byte", "bytes"}


def statement_target(statement: ast.AST | None) -> str:
    """The one name a statement binds (``x = ...``, ``x: int = ...``), else ""."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target: ast.expr = statement.targets[0]
    elif isinstance(statement, ast.AnnAssign):
        target = statement.target
    else:
        return ""
    return target.id if type(target) is ast.Name else target.attr if type(target) is ast.Attribute else ""


#: A rate of characters per token, one side of ``3 * 8192``.
LOWEST_RATE, HIGHEST_RATE = 2.5, 5
#: The smallest context window written next to such a rate (``4 * 1024`` alone is 4 KiB).
SMALLEST_WINDOW = 2048


def window_times_rate(node: ast.BinOp) -> ast.expr | None:
    """``3 * 8192``: a product of two literals, a rate of characters per token and a context window
    (an int of at least :data:`SMALLEST_WINDOW`); the rate's literal, else None."""
    if not isinstance(node.op, ast.Mult):
        return None
    for rate, window in ((node.left, node.right), (node.right, node.left)):
        value = number(rate)
        size = token_amount_literal(window) if isinstance(window, ast.Constant) else None
        if (
            value is not None
            and LOWEST_RATE <= value <= HIGHEST_RATE
            and isinstance(size, int)
            and size >= SMALLEST_WINDOW
        ):
            return rate
    return None


def rate_times_tokens(node: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """``32000 * 4``: (the rate, the number of tokens) of a product ``window_times_rate`` takes, else None: the
    same products PB104 reports the rate of (``bound_site``)."""
    rate = window_times_rate(node) if isinstance(node, ast.BinOp) else None
    if rate is None or not isinstance(node, ast.BinOp):
        return None
    return rate, node.right if rate is node.left else node.left


def made_characters_here(ancestors: Sequence[ast.AST]) -> bool:
    """The statement being visited binds a name of tokens made characters (``tokens_made_characters``)."""
    return tokens_made_characters(statement_target(innermost_statement(ancestors)))
