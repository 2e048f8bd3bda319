"""An entry of the counts a module's own function returns by kind of character, for PB104 (set 94:
inquirycraft's ``num = count_chars(text)`` ... ``num["english"] * fallback_english_ratio``).

A helper counts the characters of a text by kind and returns them in a dict
(``return {"zh": zh, "en": en, "other": len(text) - zh - en}``, each a ``sum(...)`` over the text's
characters that tests each one, or the text's length less such counts); a caller binds the dict to a
local and reads one entry: that entry is a number of characters, whatever its key says. Followed by
data flow only: the callee is a top-level function of the same module and every ``return`` of it is a
dict literal holding the key read, bound to such a count.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.estimator_callers import counts_characters
from prompt_budget.lint.flow import module_functions
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.walks import walk


def counted_entry(node: ast.expr, fn: ast.AST | None, tree: ast.AST | None) -> bool:
    """``num["english"]`` where ``fn`` binds ``num`` only to ``count_chars(text)``, a function of the
    module whose every return is a dict of character counts with that key."""
    if not (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and fn is not None
        and (key := string_value(node.slice)) is not None
    ):
        return False
    values = bound_values(fn, node.value.id)
    if len(values) != 1 or not isinstance(call := values[0], ast.Call) or not isinstance(call.func, ast.Name):
        return False
    callee = module_functions(tree).get(callee_name(call) or "")
    if callee is None:
        return False
    returns = [n.value for n in walk(callee) if isinstance(n, ast.Return)]
    return bool(returns) and all(_entry_counts_chars(callee, r, key) for r in returns)


def _entry_counts_chars(fn: ast.FunctionDef | ast.AsyncFunctionDef, value: ast.expr | None, key: str) -> bool:
    if not isinstance(value, ast.Dict):
        return False
    found = [
        v for k, v in zip(value.keys, value.values, strict=True) if k is not None and string_value(k) == key
    ]
    return len(found) == 1 and _char_count(fn, found[0], 0)


def _char_count(fn: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.expr, depth: int) -> bool:
    """A count of a text's characters: ``sum(... for c in text)`` testing each character, ``len(text)``
    less such counts, or a local bound only to one of these."""
    if depth > 3:
        return False
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
        return _char_count(fn, node.left, depth + 1)  # ``len(text) - zh - en``
    if isinstance(node, ast.Call) and callee_name(node) == "len" and len(node.args) == 1:
        arg = node.args[0]
        return isinstance(arg, ast.Name) and _text_param(fn, arg.id)
    if counts_characters(node):  # also ``sum("\u4e00" <= c <= "\u9fff" for c in text)``
        return True
    if isinstance(node, ast.Name):
        values = bound_values(fn, node.id)
        return bool(values) and all(_char_count(fn, v, depth + 1) for v in values)
    return False


def _text_param(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``name`` is a parameter of ``fn`` annotated ``str``, or not annotated and not named for another
    unit (``messages``, ``lines``: its length is no count of characters)."""
    if set(words(name)) & (UNIT_WORDS - CHAR_WORDS):
        return False
    for arg in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs):
        if arg.arg == name:
            return arg.annotation is None or (
                isinstance(arg.annotation, ast.Name) and arg.annotation.id == "str"
            )
    return False
