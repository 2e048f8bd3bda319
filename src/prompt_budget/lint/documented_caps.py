"""PB104's reading of a cap its function documents in tokens though its name says no unit: ``budget``,
``inspect_cap`` with ``budget: Token budget (approximate, chars/4).`` or ``inspect_cap: Tokens reserved
for structural context.`` in the function's ``Args:`` list (set 70: memctl), and a local bound only to
a sum or difference of such caps (``recall_budget = budget - inspect_cap``). Times a rate and stored
as characters (``max_chars = budget * 4``), it converts tokens to characters. Kept apart from the
rule: it reads a docstring and judges no finding itself.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.names import excluded, words
from prompt_budget.lint.param_docstrings import arg_entry

#: Words of a parameter's name saying it bounds an amount.
_LIMIT_WORDS = frozenset({"budget", "cap", "limit", "max", "maximum", "quota"})
#: An entry opening on tokens: "Token budget ...", "Total token budget", "Tokens reserved for ...".
_HEAD = re.compile(r"^\W*(?:[a-z]+\s+){0,2}?tokens?\b(?:\s+[a-z]+)?", re.IGNORECASE)

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _documented(fn: Function, name: str) -> bool:
    """``name`` is a parameter of ``fn`` named as a cap whose docstring entry opens on tokens (not a
    token bucket, a credential: the opening's words are judged as a name's)."""
    if not set(words(name)) & _LIMIT_WORDS:
        return False
    params = (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
    if not any(a.arg == name for a in params):
        return False
    doc = ast.get_docstring(fn)
    if not doc or name not in doc:
        return False
    head = _HEAD.match(arg_entry(doc, name))
    return head is not None and not excluded(words(head.group(0)))


def documented_token_cap(fn: ast.AST | None, node: ast.expr) -> bool:
    """``node`` reads a cap the enclosing function documents in tokens, or a local bound only to sums
    and differences of such caps."""
    if type(node) is not ast.Name or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    if _documented(fn, node.id):
        return True
    values = bound_values(fn, node.id) if set(words(node.id)) & _LIMIT_WORDS else []
    return bool(values) and all(
        isinstance(v, ast.BinOp)
        and isinstance(v.op, (ast.Add, ast.Sub))
        and all(type(side) is ast.Name and _documented(fn, side.id) for side in (v.left, v.right))
        for v in values
    )
