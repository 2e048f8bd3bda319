"""A stride over token ids: ``def __init__(self, model, max_length=512, stride=512)`` whose stride steps
the windows of a tokenized text, ``for i in range(0, input_ids.size(1), self.stride)`` (Hugging Face's
perplexity recipe, set 45: easyjailbreak). Each step moves the window that many tokens: a number of
tokens, tuned with the window it slides.

Only a parameter named as a stride (``stride``, ``doc_stride``), read as the step of a ``range`` whose
stop is the length of a token sequence (``input_ids.size(1)``, ``len(tokens)``, ``ids.shape[1]``), in
its function or, stored on the instance (``self.stride = stride``), in a method of its class. A stride
over anything else (pixels, audio samples, a list of documents) is no sequence of tokens.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _length_of(rule: LintRule, node: ast.expr) -> str | None:
    """``input_ids.size(1)``, ``len(tokens)``, ``ids.shape[1]``: the token sequence whose length
    ``node`` is, else None."""
    seq: ast.expr | None = None
    if isinstance(node, ast.Call) and callee_name(node) == "len" and len(node.args) == 1:
        seq = node.args[0]
    elif isinstance(node, ast.Call) and callee_name(node) == "size" and isinstance(node.func, ast.Attribute):
        seq = node.func.value
    elif (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "shape"
    ):
        seq = node.value.value
    if seq is not None and rule.token_sequence(seq):
        return ast.unparse(seq)
    return None


def _steps(rule: LintRule, scope: ast.AST, reads: set[str]) -> str | None:
    """The token sequence a ``range`` in ``scope`` steps over by one of ``reads`` (a name, or
    ``self.<attribute>``)."""
    for node in walk(scope):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "range"
            and len(node.args) == 3
        ):
            continue
        step = node.args[2]
        read = (
            step.id
            if isinstance(step, ast.Name)
            else f"self.{step.attr}"
            if isinstance(step, ast.Attribute)
            and isinstance(step.value, ast.Name)
            and step.value.id == "self"
            else None
        )
        if read in reads and (seq := _length_of(rule, node.args[1])) is not None:
            return seq
    return None


def token_stride(rule: LintRule, fn: Function, name: str) -> str | None:
    """Why the parameter ``name`` of ``fn`` is a stride in tokens, else None."""
    if words(name)[-1:] != ("stride",):
        return None
    seq = _steps(rule, fn, {name})
    owner = rule.ctx.enclosing_class()
    if seq is None and owner is not None:
        stored = {
            f"self.{t.attr}"
            for node in walk(fn)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id == name
            for t in node.targets
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
        }
        seq = _steps(rule, owner, stored) if stored else None
    if seq is None:
        return None
    return f"a stride in tokens: it steps the windows over the token sequence `{seq}`"
