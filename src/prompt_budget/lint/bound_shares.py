"""PB105's shares of a limit a getter returns, bound as a budget of tokens (set 88: pinkyclawd's
``max_tokens = int(self._counter.get_model_limit(config.model) * 0.1)``, the retrieval budget as a tenth of
the model's window): the getter's name says only "limit", the name the product is bound to says tokens,
and together they make the fraction a share of a token limit. The product may be wrapped in ``int()``,
``round()``, ``math.floor()`` or ``math.ceil()``; only a plain name (or ``self.<name>``) bound alone is
read, and a getter whose name counts characters, lines, bytes or another unit is not. A share of an amount of
tokens read from a container of limits (``int(budget["input_tokens"] * 0.5)``, set 158) is one too.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.held_limits import held_limit
from prompt_budget.lint.names import UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a getter's name saying it returns a limit.
_LIMIT_WORDS = frozenset({"limit", "window", "capacity"})
_ROUNDING = frozenset({"int", "round", "floor", "ceil"})


def limit_share_bound(rule: LintRule, node: ast.BinOp, other: ast.expr) -> str | None:
    """The getter a fraction in ``node`` takes a share of, when ``other`` calls a getter of a limit
    (``get_model_limit(model)``) and ``node`` is bound as a budget of tokens (``max_tokens = ...``); or how
    ``other`` reads an amount of tokens from a container of limits (``budget["input_tokens"]``: ``held_limits``)."""
    if (held := held_limit(rule, other)) is not None:
        return held
    if not isinstance(other, ast.Call):
        return None
    callee = callee_name(other) or ""
    ws = set(words(callee))
    if not ws & _LIMIT_WORDS or ws & UNIT_WORDS or rule.names.is_chars(callee):
        return None
    top: ast.AST = node
    parent = rule.ctx.parent(top)
    while isinstance(parent, ast.Call) and callee_name(parent) in _ROUNDING and len(parent.args) == 1:
        top, parent = parent, rule.ctx.parent(parent)
    if not (isinstance(parent, ast.Assign) and parent.value is top and len(parent.targets) == 1):
        return None
    name = attr_name(parent.targets[0])
    if name is None or not (rule.names.is_budget(name) and rule.names.says_tokens(name)):
        return None
    return callee
