"""Parameters in characters, for PB104's way back from tokens to characters: ``default_length =
(self.max_tool_output_tokens or 1000) * 4`` given as the default of ``def read_tool_output(ref, offset=0,
length=default_length)``, whose docstring's ``Args:`` entry says "length: Number of characters to read."
(set 64: gwenflow's tool-output reader): the local holds characters. Also the budget an ``or`` falls back
from (``(self.max_tool_output_tokens or 1000)``), the amount a product scales. Kept apart from the rule: it
reads a function through the shared walks and a docstring, and judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import names_characters, trailing_comment
from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.param_docstrings import arg_entry
from prompt_budget.lint.rule import defaults
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _in_characters(fn: ast.FunctionDef | ast.AsyncFunctionDef, arg: str) -> bool:
    if any(w in CHAR_WORDS for w in words(arg)):
        return True
    ws = set(re.findall(r"[a-z]+", arg_entry(ast.get_docstring(fn) or "", arg).lower()))
    return bool(ws & CHAR_WORDS) and not ws & {"token", "tokens"}


def default_in_characters(fn: ast.AST | None, name: str) -> bool:
    """The local ``name`` of ``fn`` is the default of a parameter of a function ``fn`` defines, a
    parameter named or documented as characters."""
    if fn is None:
        return False
    for node in walk(fn):
        if node is fn or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        pairs = [
            *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
            *((a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None),
        ]
        if any(isinstance(d, ast.Name) and d.id == name and _in_characters(node, a.arg) for a, d in pairs):
            return True
    return False


def fallen_back(node: ast.expr) -> ast.expr:
    """``amount`` of ``(amount or 1000)``; else ``node``."""
    if (
        isinstance(node, ast.BoolOp)
        and isinstance(node.op, ast.Or)
        and len(node.values) == 2
        and isinstance(node.values[1], ast.Constant)
    ):
        return node.values[0]
    return node


def defaults_characters(rule: LintRule, node: ast.BinOp) -> bool:
    """The product ``node`` (being visited) is the default of a parameter whose line's comment names
    characters, or which is named or documented as characters (set 377: enablement-agent's ``chunk_size: int =
    EMBEDDING.chunk_size_tokens * 4,  # approx chars``)."""
    ancestors = rule.ctx.ancestors
    args = ancestors[-2] if len(ancestors) > 2 else None
    fn = ancestors[-3] if len(ancestors) > 2 else None
    if not isinstance(args, ast.arguments) or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    param = next((a for a, d in defaults(args) if d is node), None)
    if param is None:
        return False
    line = rule.ctx.lines[node.lineno - 1] if node.lineno <= len(rule.ctx.lines) else ""
    return names_characters(trailing_comment(line)) or _in_characters(fn, param.arg)
