"""A module's helper whose parameter is the length a tokenizer cuts to, for PB101's positional flow
(set 48: rewardbench's ``truncate_texts(text, 2030, "left")``, a helper nested in its caller's module
that does ``tokenizer.encode(text, add_special_tokens=False, max_length=max_length)``). A number given
by position to such a helper is a number of tokens, though the parameter's name (``max_length``) says
no unit: the helper's own use says it.

A Hugging Face tokenizer's ``encode`` or call given ``max_length`` with neither ``truncation=`` nor
``padding=`` truncates to it (``longest_first``, with a warning); with ``truncation=True`` it does as any
cut (``token_cuts.cuts_tokens``). With ``padding=`` alone, ``max_length`` is the padded length: not taken.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.token_cuts import cuts_tokens
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.positional_args import Function

#: A tokenizer's methods that take ``max_length`` (and truncate to it by default when given it alone).
_ENCODERS = frozenset({"encode", "encode_plus", "batch_encode_plus", "__call__"})
#: Calls that bound a length by another (``min(max_length, model_max)``).
_BOUNDS = frozenset({"min", "max", "int"})


def _default_cut(call: ast.Call) -> bool:
    """``tokenizer.encode(text, max_length=n)``, ``self.tokenizer(text, max_length=n)``: a tokenizer's
    call given a length and no ``truncation=`` or ``padding=`` (it truncates by default)."""
    if any(kw.arg in {"truncation", "padding"} for kw in call.keywords):
        return False
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in _ENCODERS:
        return "tokenizer" in words(attr_name(func.value) or "")
    return "tokenizer" in words(attr_name(func) or "")


def _reaches(expr: ast.expr, name: str) -> bool:
    """``max_length``, ``min(max_length, 512)``: the parameter itself, or bounded by it."""
    if isinstance(expr, ast.Name):
        return expr.id == name
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _BOUNDS:
        return any(_reaches(a, name) for a in expr.args)
    return False


def cuts_to_parameter(fn: Function, name: str) -> bool:
    """``fn`` gives its parameter ``name`` as the ``max_length=`` a tokenizer cuts its input to."""
    return any(
        type(node) is ast.Call
        and node.keywords
        and (cuts_tokens(node) or _default_cut(node))
        and any(kw.arg == "max_length" and _reaches(kw.value, name) for kw in node.keywords)
        for node in walk(fn)
    )
