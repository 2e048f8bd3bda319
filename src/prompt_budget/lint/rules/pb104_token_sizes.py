"""PB104's reading of a size scaled into tokens: ``chunk_size = int(chunk_info["chunk_size"] * 1.5)`` ...
``{"method": "token_count", "method_kwargs": {"num_tokens": chunk_size}}``. A size whose name says no
unit of tokens (a chunk size counted in words), times a fractional rate a little above 1, given where a
number of tokens is set (a ``num_tokens`` key or keyword, ``max_tokens=``), is a tokens-per-word rate
(set 29: docetl). Its destination decides, not its name: the same product kept as a size is no rate.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.dict_settings import token_setting
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a size that may be counted in words (a chunk's size, a length).
_SIZE_WORDS = frozenset({"size", "sizes", "length", "len", "words", "word"})
#: Calls that keep a number a number (``int(size * 1.5)``).
_KEEPS = frozenset({"int", "round", "ceil", "floor"})


def scaled_into_tokens(rule: LintRule, node: ast.BinOp, factor: float) -> bool:
    """``node`` (``size * factor``) is a size of no token unit scaled by a rate in (1, 2], not whole,
    whose result is set as a number of tokens, at once or through a local of its function."""
    if not (isinstance(factor, float) and not factor.is_integer() and 1 < factor <= 2):
        return False
    name = attr_name(node.left)
    if name is None or rule.token_amount(node.left) or rule.names.is_budget(name):
        return False
    if not _SIZE_WORDS.intersection(words(name)):
        return False
    value: ast.AST = node
    for anc in reversed(rule.ctx.ancestors):
        if anc is node:
            continue
        if isinstance(anc, ast.Call) and anc.func is not None and getattr(anc.func, "id", "") in _KEEPS:
            value = anc
            continue
        if isinstance(anc, ast.BinOp):
            return False
        if isinstance(anc, (ast.keyword, ast.Dict)):
            return _set_as_tokens(rule, anc, value)
        if isinstance(anc, ast.Assign) and len(anc.targets) == 1 and type(anc.targets[0]) is ast.Name:
            fn = rule.ctx.function()
            return fn is not None and _local_set_as_tokens(rule, fn, anc.targets[0].id)
        if isinstance(anc, ast.stmt):
            return False
    return False


def _set_as_tokens(rule: LintRule, holder: ast.keyword | ast.Dict, value: ast.AST) -> bool:
    if isinstance(holder, ast.keyword):
        return holder.value is value and bool(holder.arg) and token_setting(rule, holder.arg or "")
    return any(
        v is value and token_setting(rule, string_value(k) or "")
        for k, v in zip(holder.keys, holder.values, strict=False)
    )


def _local_set_as_tokens(rule: LintRule, fn: ast.AST, local: str) -> bool:
    for node in walk(fn):
        if isinstance(node, ast.keyword) and type(node.value) is ast.Name and node.value.id == local:
            if _set_as_tokens(rule, node, node.value):
                return True
        elif isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=False):
                if type(v) is ast.Name and v.id == local and token_setting(rule, string_value(k) or ""):
                    return True
    return False
