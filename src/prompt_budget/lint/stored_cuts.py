"""A weakly named lookup's fallback stored on the instance, which a method of the class gives as a
tokenizer's cut or a language model's generation length (PB101's data flow; set 53: rankify).

``self.max_length = kwargs.get("max_length", 500)`` in ``__init__``, then ``self.tokenizer(inputs,
truncation=True, max_length=self.max_length)`` in another method: the fallback is the number of tokens
the input is cut to, as for ``max_length = kwargs.pop("max_length", 512)`` bound to a local
(``token_cuts.popped_cut``). Also when the attribute reaches the cut through a method of the class or a
function of the module whose parameter does (``self._compute_vector(texts,
max_length=self.query_max_length)``), and when a method gives it to a language model's ``generate``
(``self.model.generate(ids, max_length=self.max_length)``: Hugging Face's length counts tokens).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.generation_lengths import generation_length
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.token_cuts import popped_cut
from prompt_budget.lint.walks import walk
from prompt_budget.lint.window_lengths import WindowLengths

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule
    from prompt_budget.lint.token_cuts import CutFlow

Function = ast.FunctionDef | ast.AsyncFunctionDef


def cut_fallback(rule: LintRule, call: ast.Call, flow: CutFlow, key: str, value: int | float) -> str | None:
    """How the lookup ``call`` of ``key`` (a maximum length), whose fallback is ``value``, is a number of
    tokens: bound to a local that reaches a tokenizer's cut (``token_cuts.popped_cut``), or stored as it
    is in an attribute a method of the class cuts a tokenizer's input to or gives as ``generate``'s
    length (``stored_cut``); else None. A prefixed key (``query_max_length``) and a stored fallback
    are left to PB102 when it reports them as a context window by the company their key keeps
    (``window_lengths``): one finding a literal."""
    weak = rule.names.is_weak_budget(key)
    keyword = popped_cut(rule, call, flow)
    if keyword is not None and (weak or not WindowLengths().evidence(rule, key, value)):
        return f"used as a default that a tokenizer cuts to (`{keyword}=`)"
    how = stored_cut(rule, call, flow) if keyword is None else None
    return how if how is not None and not WindowLengths().evidence(rule, key, value) else None


def stored_cut(rule: LintRule, call: ast.Call, flow: CutFlow) -> str | None:
    """How the lookup ``call``, stored as it is in an attribute of the instance in a method
    (``self.max_length = kwargs.get("max_length", 500)``), is a number of tokens: a method of the class
    cuts a tokenizer's input to the attribute or gives it as ``generate``'s length; else None."""
    parent = rule.ctx.parent(call)
    if not isinstance(parent, ast.Assign) or len(parent.targets) != 1 or rule.ctx.function() is None:
        return None
    target = parent.targets[0]
    owner = rule.ctx.enclosing_class()
    if owner is None or type(target) is not ast.Attribute or not self_attribute(target):
        return None
    methods = [s for s in owner.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return _how(flow, methods, target.attr, owner)


def _how(flow: CutFlow, methods: list[Function], attribute: str, owner: ast.ClassDef) -> str | None:
    """How a method of ``owner`` reads ``self.<attribute>`` as a number of tokens, else None."""
    for fn in methods:
        keyword = flow.cut_keyword(fn, f"self.{attribute}", owner)
        if keyword is not None:
            return f"stored in `self.{attribute}`, which a tokenizer cuts to (`{keyword}=`)"
    for fn in methods:
        for node in walk(fn):
            if type(node) is ast.Call and node.keywords:
                for kw in node.keywords:
                    if kw.arg and self_attribute(kw.value) == attribute and generation_length(kw.arg, node):
                        return f"stored in `self.{attribute}`, given as a language model's `generate` length"
    return None
