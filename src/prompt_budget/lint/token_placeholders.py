"""Comparisons with a number that look like token thresholds but are not (PB103's exclusions).

- a check for Hugging Face's "not set" placeholder: a tokenizer whose config gives no
  ``model_max_length`` reports ``int(1e30)``, so ``if tokenizer.model_max_length > 1_000_000`` (or a
  local bound to it first: ``n = tokenizer.model_max_length`` ... ``if n > 1_000_000``) only detects the
  unset value; the number limits no prompt or output (set 21: crfm-helm);
- a tensor of token ids compared elementwise to build a mask: ``mask = tokens > 10000000`` where the
  function indexes ``tokens`` (``tokens[:, :-1]``) or reads its shape: a sequence of ids, not a count
  (set 21: crfm-helm's CogView2 sampling).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.token_cuts import tokenizer_maxlen
from prompt_budget.lint.walks import walk

#: The smallest number a check for the unset placeholder compares with: above any real tokenizer's
#: recorded longest input, far below the placeholder (``int(1e30)``).
PLACEHOLDER_FLOOR = 1_000_000

#: Attributes of an array or tensor: what a count of tokens never has.
_ARRAY_ATTRIBUTES = frozenset({"shape", "size", "view", "reshape", "dim", "ndim", "dtype", "device", "to"})

Function = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


def _bound_to_maxlen(fn: ast.AST | None, name: str) -> bool:
    """``n = tokenizer.model_max_length`` somewhere in ``fn``: the local holds a tokenizer's recorded
    longest input."""
    if fn is None:
        return False
    for node in walk(fn):
        if (
            isinstance(node, ast.Assign)
            and tokenizer_maxlen(node.value)
            and any(type(t) is ast.Name and t.id == name for t in node.targets)
        ):
            return True
    return False


def unset_placeholder_check(fn: ast.AST | None, amount: ast.expr, value: float) -> bool:
    """``tokenizer.model_max_length > 1_000_000``: a comparison that only detects a tokenizer's unset
    longest input (Hugging Face's ``int(1e30)`` placeholder), not a threshold of tokens."""
    if value < PLACEHOLDER_FLOOR:
        return False
    if tokenizer_maxlen(amount):
        return True
    return type(amount) is ast.Name and _bound_to_maxlen(fn, amount.id)


def token_ids_array(fn: ast.AST | None, amount: ast.expr) -> bool:
    """``tokens > 10000000`` where ``fn`` indexes ``tokens`` (``tokens[:, :-1]``) or reads an array's
    attribute off it (``tokens.shape``): the name holds token ids, compared elementwise, not a count."""
    if fn is None or type(amount) is not ast.Name:
        return False
    name = amount.id
    for node in walk(fn):
        if isinstance(node, ast.Subscript) and type(node.value) is ast.Name and node.value.id == name:
            return True
        if (
            isinstance(node, ast.Attribute)
            and type(node.value) is ast.Name
            and node.value.id == name
            and node.attr in _ARRAY_ATTRIBUTES
        ):
            return True
    return False
