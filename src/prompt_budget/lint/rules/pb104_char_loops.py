"""PB104's reading of a rate added once per character of a text (set 73: wow-agent's ``est_tokens``,
``for ch in c: total += 1.0 if ord(ch) > 127 else 0.3``): a loop over a text's characters adding a
fraction of a token for each, or one of two by the character's kind, counts tokens at a rate of tokens
per character, as ``len(text) * 0.3`` does. The loop's variable must be tested as a character in the
loop (``ord(ch)``, ``ch.isascii()``, ``unicodedata.east_asian_width(ch)``, ``"\\u4e00" <= ch``,
``is_cjk(ch)``): the numbers added are then per character, not per message, word or item. So is a
generator summed (``sum(1.5 if is_cjk(c) else 0.25 for c in text)``). Kept apart from the rule: it
reads a loop, and judges no finding itself (the rule asks for a token context).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.rules.pb104_terms import WIDE_SCRIPTS
from prompt_budget.lint.walks import walk

#: Tokens per character: a fraction added for each (a wide script's character may take up to 2).
LOWEST, HIGHEST = 0.15, 2.0
#: Calls and methods that read one character (``ord(ch)``, ``unicodedata.east_asian_width(ch)``).
_CHAR_CALLS = frozenset({"ord", "east_asian_width", "category", "combining"})
_CHAR_METHODS = frozenset({"isascii", "isalpha", "isalnum", "isdigit", "isspace", "isupper", "islower"})
#: Nodes a rate may not be nested in between it and the loop: another loop or scope.
_LOOPS = (ast.For, ast.AsyncFor, ast.While, ast.comprehension)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _rates(value: ast.expr) -> list[ast.Constant]:
    """The fractional rates ``value`` is, or one of by a condition (``1.0 if ord(ch) > 127 else 0.3``):
    beside a fractional rate, a whole one of the other kind of character is a rate too (the ``1.0``
    token per non-ASCII character; set 88: rein-agent), as ``2 if ord(ch) > 127 else 1`` alone is not."""
    if isinstance(value, ast.IfExp):
        found = [*_rates(value.body), *_rates(value.orelse)]
        whole = [w for side in (value.body, value.orelse) if (w := _whole_rate(side)) is not None]
        return [*found, *whole] if found else []
    if isinstance(value, ast.Constant) and type(value.value) is float:
        rate = value.value
        return [value] if LOWEST <= rate <= HIGHEST and not rate.is_integer() else []
    return []


def _whole_rate(node: ast.expr) -> ast.Constant | None:
    """``1.0``, ``1``, ``2``: a whole number of tokens per character, within the rates' bounds."""
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, (int, float))
        and not isinstance(node.value, bool)
    ):
        rate = float(node.value)
        return node if LOWEST <= rate <= HIGHEST and rate.is_integer() else None
    return None


def _is(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _one_character(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) == 1


def _tests_character(nodes: Sequence[ast.AST], name: str) -> bool:
    """A node under ``nodes`` reads ``name`` as one character: ``ord(ch)``, ``ch.isascii()``, a call
    named for a character or a wide script (``_is_chinese_char(ch)``), ``"\\u4e00" <= ch``."""
    for top in nodes:
        for node in walk(top):
            if isinstance(node, ast.Call) and any(_is(a, name) for a in node.args):
                callee = callee_name(node) or ""
                if callee in _CHAR_CALLS or set(words(callee)) & (CHAR_WORDS | WIDE_SCRIPTS):
                    return True
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in _CHAR_METHODS and _is(node.func.value, name):
                    return True
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_is(s, name) for s in sides) and any(_one_character(s) for s in sides):
                    return True
    return False


def per_char_rates(ancestors: Sequence[ast.AST]) -> list[ast.Constant]:
    """The rates ``ancestors[-1]`` adds once per character of a text: an augmented ``+=`` of a rate in
    a loop over characters, or a summed generator over characters of a rate; else none."""
    node = ancestors[-1]
    if isinstance(node, ast.AugAssign):
        rates = _rates(node.value) if isinstance(node.op, ast.Add) else []
        loop = next((a for a in reversed(ancestors[:-1]) if isinstance(a, (*_LOOPS, *_SCOPES))), None)
        if (
            not rates
            or not isinstance(loop, (ast.For, ast.AsyncFor))
            or not isinstance(loop.target, ast.Name)
        ):
            return []
        return rates if _tests_character(loop.body, loop.target.id) else []
    if not isinstance(node, ast.GeneratorExp) or len(node.generators) != 1 or len(ancestors) < 2:
        return []
    parent, each = ancestors[-2], node.generators[0]
    if not (
        isinstance(parent, ast.Call) and callee_name(parent) == "sum" and isinstance(each.target, ast.Name)
    ):
        return []
    rates = _rates(node.elt)
    return rates if rates and _tests_character([node.elt, *each.ifs], each.target.id) else []
