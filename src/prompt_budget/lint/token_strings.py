"""A constant named for one token (``MAX_TOKEN_SIZE``, not ``..._TOKENS``) whose every read caps the length of a
string parameter named as a token (``def _verify(self, token: str)`` ... ``len(token) > MAX_TOKEN_SIZE``): the
characters of a credential's token (set 233: conducto-ai's JWS approval and bearer tokens), never a model's
tokens, which no code holds one by one in a string to measure. Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.text_params import annotated_as
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_STRINGS = frozenset({"str"})


def token_string_length(rule: LintRule, name: str) -> bool:
    """``name`` (bound at the module's top) is read, and only as the cap of ``len(token)`` of a ``str``
    parameter named for one token (the module's docstring)."""
    ws = words(name)
    tree = rule.ctx.tree
    if "token" not in ws or "tokens" in ws or not name.isupper() or not isinstance(tree, ast.Module):
        return False
    reads = 0
    for fn in walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        strings = {
            a.arg
            for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
            if a.annotation is not None
            and annotated_as(a.annotation, _STRINGS)
            and "tokens" not in words(a.arg)
        }
        for node in walk(fn):
            if not (type(node) is ast.Compare and len(node.comparators) == 1):
                continue
            sides = (node.left, node.comparators[0])
            if not any(type(s) is ast.Name and s.id == name for s in sides):
                continue
            other = sides[1] if type(sides[0]) is ast.Name and sides[0].id == name else sides[0]
            measured = other.args[0] if type(other) is ast.Call and len(other.args) == 1 else None
            if not (
                type(other) is ast.Call
                and type(other.func) is ast.Name
                and other.func.id == "len"
                and type(measured) is ast.Name
                and measured.id in strings
                and "token" in words(measured.id)
            ):
                return False
            reads += 1
    loads = sum(1 for n in walk(tree) if type(n) is ast.Name and n.id == name and isinstance(n.ctx, ast.Load))
    return reads > 0 and reads == loads
