"""A constant named for one token (``MAX_TOKEN_SIZE``, not ``..._TOKENS``) whose every read caps the length of a
string parameter named as a token (``def _verify(self, token: str)`` ... ``len(token) > MAX_TOKEN_SIZE``): the
characters of a credential's token (set 233: conducto-ai's JWS approval and bearer tokens), never a model's
tokens, which no code holds one by one in a string to measure. So is a ``str`` parameter of a function named for a
secret or a credential (set 499: transcript-viewer's ``def set_secret(name: str, value: str)`` ... ``len(value) <
MIN_TOKEN or len(value) > MAX_TOKEN``). And a length given to a function of the module that returns a
``str`` cut at that length (``_safe_filename_token(provider, max_len=24)`` of ``def _safe_filename_token(raw: str,
*, max_len: int) -> str: ... return token[:max_len]``, set 583: yumi-agent's parts of a file's name). Judges no
finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import module_functions
from prompt_budget.lint.names import words
from prompt_budget.lint.text_params import annotated_as
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_STRINGS = frozenset({"str"})
#: Words of a function handling a credential (``set_secret``, ``store_api_key``), whose strings are one token each.
_SECRET_WORDS = frozenset({"secret", "secrets", "credential", "credentials", "password", "apikey"})


def token_string_length(rule: LintRule, name: str) -> bool:
    """``name`` (bound at the module's top) is read, and only as the cap of ``len(token)`` of a ``str``
    parameter named for one token (the module's docstring)."""
    ws = words(name)
    tree = rule.ctx.tree
    if "token" not in ws or "tokens" in ws or not name.isupper() or not isinstance(tree, ast.Module):
        return False
    nodes = walk(tree)
    strings = {  # the module's parameters holding one token's string
        a.arg
        for fn in nodes
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)
        if a.annotation is not None
        and annotated_as(a.annotation, _STRINGS)
        and (_one_token(a.arg) or set(words(fn.name)) & _SECRET_WORDS)
    }
    loads = [n for n in nodes if type(n) is ast.Name and n.id == name and isinstance(n.ctx, ast.Load)]
    caps = [
        n for n in nodes if type(n) is ast.Compare and len(n.comparators) == 1 and _caps(n, name, strings)
    ]
    return bool(loads) and len(caps) == len(loads)


def _one_token(name: str) -> bool:
    ws = words(name)
    return "token" in ws and "tokens" not in ws


def _caps(compare: ast.Compare, name: str, strings: set[str]) -> bool:
    """``len(token) > NAME`` (either way round), ``token`` one of ``strings``."""
    left, right = compare.left, compare.comparators[0]
    other = (
        right
        if type(left) is ast.Name and left.id == name
        else left
        if type(right) is ast.Name and right.id == name
        else None
    )
    return (
        type(other) is ast.Call
        and type(other.func) is ast.Name
        and other.func.id == "len"
        and len(other.args) == 1
        and type(other.args[0]) is ast.Name
        and other.args[0].id in strings
    )


def cuts_own_string(rule: LintRule, call: ast.Call, arg: str) -> bool:
    """``call`` reaches a function of the module annotated to return ``str`` that returns a value cut at its
    parameter ``arg`` (``return token[:max_len]``): a length in characters, whatever the function's name."""
    if type(call.func) is not ast.Name:
        return False
    fn = module_functions(rule.ctx.tree).get(call.func.id)
    if fn is None or fn.returns is None or not annotated_as(fn.returns, _STRINGS):
        return False
    return any(
        type(node) is ast.Return
        and type(node.value) is ast.Subscript
        and type(cut := node.value.slice) is ast.Slice
        and cut.lower is None
        and type(cut.upper) is ast.Name
        and cut.upper.id == arg
        for node in walk(fn)
    )
