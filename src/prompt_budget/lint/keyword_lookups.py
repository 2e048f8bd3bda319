"""PB101's fallback of a lookup given straight to a budget's keyword (set 60: nemo-aligner).

``GPTRewardModel(max_sequence_length=self.cfg.get("encoder_seq_length", 512))``: a mapping's
``.get(key, N)`` (also ``.pop``, ``.setdefault``, ``getattr(obj, key, N)``) whose key says nothing of a
budget by itself, written as the whole value of a keyword that takes a token budget (its name, or the
call, says so: ``max_new_tokens=``, a truncating tokenizer's ``max_length=``). Whenever the setting is
missing, the number is the budget the call is given, as the ``or`` fallback written there
(``max_length=getattr(args, "max_length", None) or 2048``) is.

The lookup may be converted to a number on the way (``context_window=int(self.config.get(
Constants.CONTEXT_WINDOW, 3900))``, set 61: unstract-sdk's Ollama adapter): ``int()`` and ``float()``
change no unit. Its key may be a class's constant (``Constants.CONTEXT_WINDOW``), named as the string it
holds, as a provider's constant used as a request's key is (``request_entries.constant_key``).

A string key named as a budget, weakly (``max_length``) or as a window's length, is
``inline_forms.lookup_default``'s (and PB102's fallback defaults'). A key held in a variable (a table's
``.get(model, 4096)``) is decided by the table, and a key naming a unit other than tokens, time or a
credential (``cfg.get("max_chars", 2000)``, ``cfg.get("timeout", 600)``) is not judged: the number may
count that unit and be converted before the call; nor is a constant's key weakly named
(``Constants.MAX_LENGTH``). But a lookup of a key held in a variable written whole under a request's key named as a
budget outright is that budget's fallback (set 495: hexcli's ``"num_predict": int(config.get(token_key, 2048))``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.dict_slots import value_key
from prompt_budget.lint.inline_forms import lookup_pair
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.request_entries import constant_key
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.window_lengths import window_length_prefix

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (a keyword's name, its call) -> the keyword takes a token budget: PB101's ``_budget_keyword``.
BudgetKeyword = Callable[[str, ast.Call], bool]

#: Conversions of a setting's value to a number, which keep its unit.
_CONVERSIONS = frozenset({"int", "float"})


def _holder(rule: LintRule, node: ast.Call) -> ast.AST | None:
    """What holds the lookup, past one conversion to a number (``int(cfg.get(key, 3900))``)."""
    parent = rule.ctx.parent(node)
    if (
        isinstance(parent, ast.Call)
        and len(parent.args) == 1
        and parent.args[0] is node
        and not parent.keywords
        and callee_name(parent) in _CONVERSIONS
    ):
        return rule.ctx.parent(parent)
    return parent


def keyword_fallback(
    rule: LintRule, node: ast.Call, budget_keyword: BudgetKeyword
) -> tuple[ast.expr, str, int | float, str] | None:
    """(the default, the keyword, its value, how) of a lookup given whole as a budget's keyword."""
    pair = lookup_pair(node)
    if pair is None:
        return None
    key = string_value(pair[0])
    if key is None:
        key = constant_key(pair[0])  # ``cfg.get(Constants.CONTEXT_WINDOW, 3900)``
    value = rule.budget_literal(pair[1])
    if key is None and type(pair[0]) is ast.Name and value is not None:
        return _under_budget_key(rule, node, pair[1], value)
    if key is None or value is None:
        return None
    ws = set(words(key))
    if not ws or ws & (UNIT_WORDS | CHAR_WORDS) or rule.names.is_excluded(key):
        return None
    if rule.names.is_weak_budget(key) or window_length_prefix(key) is not None:
        return None  # ``.get("max_length", 1024)``: ``lookup_default``'s and PB102's fallback to judge
    parent = _holder(rule, node)
    call = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else None
    if not isinstance(parent, ast.keyword) or not parent.arg or not isinstance(call, ast.Call):
        return None
    if not budget_keyword(parent.arg, call):
        return None
    return pair[1], parent.arg, value, f"used as the fallback of `{key}`, given as `{parent.arg}=`"


def _under_budget_key(
    rule: LintRule, node: ast.Call, default: ast.expr, value: int | float
) -> tuple[ast.expr, str, int | float, str] | None:
    """``{"num_predict": int(config.get(token_key, 2048))}``: the lookup, past a conversion, is the value of a
    dict's key named as a budget outright (not a weak ``limit``)."""
    parent = _holder(rule, node)
    child = node if parent is rule.ctx.parent(node) else rule.ctx.parent(node)
    key = value_key(parent, child) if isinstance(parent, ast.Dict) and child is not None else None
    if key is None or not rule.names.is_budget(key) or rule.names.is_weak_budget(key):
        return None
    return default, key, value, f'used as the fallback of a setting written as "{key}"'
