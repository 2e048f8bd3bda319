"""A function's parameter that sizes the pieces a tokenizer's ids are cut into (PB101's positional data
flow; set 76: mojentic's embedding gateway)::

    def _chunked_tokens(self, text, chunk_length):
        tokens = TokenizerGateway().encode(text)
        yield from self._batched(tokens, chunk_length)

    chunks = list(self._chunked_tokens(text, 8191))

The parameter (a size, a length, a limit: not of characters, bytes or lines) is given to a call beside
the ids themselves (``enc.encode(text)``, a local bound only to such a call; ``chunk_units.holds_token_ids``):
the ids are batched, cut or padded by it, so it counts tokens whatever its name says, and a number given
to it by position is a token budget. A parameter only beside a count of the ids (``len(ids)``) or in a
tensor's shape is not read so.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.chunk_units import holds_token_ids
from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a parameter that sizes something.
_SIZE_WORDS = frozenset({"size", "length", "len", "limit", "max", "maxlen"})
#: Units a size may be of instead of tokens.
_OTHER_UNITS = CHAR_WORDS | {"byte", "bytes", "line", "lines", "word", "words", "dim", "hidden"}


def batches_token_ids(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``fn`` gives its parameter ``name``, a size, to a call beside a tokenizer's ids."""
    ws = set(words(name))
    if not ws & _SIZE_WORDS or ws & _OTHER_UNITS:
        return False
    for node in walk(fn):
        if type(node) is not ast.Call:
            continue
        given = [*node.args, *(k.value for k in node.keywords)]
        if any(type(a) is ast.Name and a.id == name for a in given) and any(
            _ids(rule, fn, a, name) for a in given
        ):
            return True
    return False
    for node in walk(fn):
        if type(node) is not ast.Call:
            continue
        given = [*node.args, *(k.value for k in node.keywords)]
        if not any(type(a) is ast.Name and a.id == name for a in given):
            continue
        ids = [
            a for a in given if type(a) in (ast.Name, ast.Call) and not (type(a) is ast.Name and a.id == name)
        ]
        if any(
            not (type(a) is ast.Call and isinstance(a.func, ast.Name) and a.func.id == "len")
            and holds_token_ids(rule, fn, a)
            for a in ids
        ):
            return True
    return False


def _ids(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, arg: ast.expr, name: str) -> bool:
    """``arg`` is a tokenizer's ids (not their count, ``len(ids)``, nor the parameter ``name``)."""
    if type(arg) is ast.Name:
        return arg.id != name and holds_token_ids(rule, fn, arg)
    if type(arg) is ast.Call and not (type(arg.func) is ast.Name and arg.func.id == "len"):
        return holds_token_ids(rule, fn, arg)
    return False
