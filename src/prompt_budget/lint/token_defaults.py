"""A parameter counted in tokens by its default's own comment, for PB104: ``def chunk_text(text,
chunk_size=CHUNK_SIZE)`` with ``CHUNK_SIZE = 500  # tokens (approx chars / 4)`` (set 83: squidbot). The
parameter's name says no unit, but the constant it defaults to (a module-level number), or the literal
default itself, is commented as a number of tokens on its own line. Only a comment that gives tokens as
the unit counts (``# tokens``, ``# in tokens``, ``# 500 tokens``); one that merely mentions tokens
(``# chars, not tokens``) does not. Kept apart from the rule: it reads one function's signature and the
module's top-level assignments, and judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence

from prompt_budget.lint.comments import trailing_comment
from prompt_budget.lint.rule import defaults, number
from prompt_budget.lint.walks import walk

#: A comment that states tokens as the unit: first word, ``in tokens``, or a number of tokens.
_IN_TOKENS = re.compile(r"^\s*(?:in\s+)?tokens?\b|\bin\s+tokens\b|\d\s*tokens?\b", re.IGNORECASE)


def _commented_in_tokens(lines: Sequence[str], line: int) -> bool:
    return 1 <= line <= len(lines) and _IN_TOKENS.search(trailing_comment(lines[line - 1])) is not None


def _constant_line(tree: ast.AST | None, name: str) -> int | None:
    """The line of the module-level ``name = <number>``, else None."""
    if not isinstance(tree, ast.Module):
        return None
    for stmt in tree.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        if isinstance(stmt, ast.AnnAssign):
            target = stmt.target
        if type(target) is ast.Name and target.id == name:
            value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
            return stmt.lineno if number(value) is not None else None
    return None


def parameter_in_tokens(
    fn: ast.FunctionDef | ast.AsyncFunctionDef | None, tree: ast.AST | None, lines: Sequence[str], name: str
) -> bool:
    """``name`` is a parameter of ``fn`` whose default is a number commented as tokens on its own line,
    or a module-level constant so commented where it is written."""
    if fn is None or not lines:
        return False
    for arg, default in defaults(fn.args):
        if arg.arg != name:
            continue
        if number(default) is not None:
            return _commented_in_tokens(lines, default.lineno)
        if type(default) is ast.Name:
            line = _constant_line(tree, default.id)
            return line is not None and _commented_in_tokens(lines, line)
    return False


def _scaled_by(node: ast.AST, name: str, value: float) -> bool:
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return False
    sides = ((node.left, node.right), (node.right, node.left))
    return any(type(a) is ast.Name and a.id == name and number(b) == value for a, b in sides)


def sibling_in_tokens(
    fn: ast.FunctionDef | ast.AsyncFunctionDef | None,
    tree: ast.AST | None,
    lines: Sequence[str],
    name: str,
    value: float,
    named: Callable[[str], bool] | None = None,
) -> bool:
    """``name`` is a parameter of ``fn`` scaled by the rate ``value`` beside another parameter that is in
    tokens (:func:`parameter_in_tokens`) and that ``fn`` scales by the same rate: ``char_overlap = overlap
    * 4`` next to ``char_chunk_size = chunk_size * 4`` (set 83: squidbot), both sizes of one chunking in
    one unit. The function is walked only when its signature holds such a parameter."""
    if fn is None or not lines:
        return False
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    if name not in params:
        return False
    others = [
        p
        for p in params - {name}
        if parameter_in_tokens(fn, tree, lines, p) or (named is not None and named(p))
    ]  # ``named``: a parameter whose name says tokens (``step = tokens * 2``, set 100: eidetic-memory)
    return bool(others) and any(_scaled_by(n, p, value) for n in walk(fn) for p in others)
