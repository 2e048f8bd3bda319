"""PB104's reading of a stand-in tokenizer: a method named as a tokenizer's (``encode``, ``tokenize``)
that returns as many ids as its estimate of a text's tokens (``count = max(1, len(text) // 4)`` ...
``return list(range(count))``, set 73: agiwo's ``_FallbackEncoding``, used where tiktoken's encoding is
missing): the estimate is the length of a list of tokens, a count of tokens whatever it is named. Kept
apart from the rule: it reads a function's returns, and judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from prompt_budget.lint.char_allowances import of_text
from prompt_budget.lint.rule import LintRule, callee_name
from prompt_budget.lint.walks import walk

#: Names of a tokenizer's method turning a text into ids (a leading underscore left out).
_ENCODE_NAMES = frozenset({"encode", "tokenize", "encode_ordinary"})
#: Calls that round or floor an estimate and keep it a count (``max(1, len(text) // 4)``).
_ROUNDING = frozenset({"int", "round", "ceil", "floor", "max"})


def _range_of(node: ast.expr, sized: Callable[[ast.expr], bool]) -> bool:
    """``range(n)`` with ``n`` sized."""
    return (
        isinstance(node, ast.Call)
        and callee_name(node) == "range"
        and len(node.args) == 1
        and sized(node.args[0])
    )


def _sized_list(value: ast.expr, sized: Callable[[ast.expr], bool]) -> bool:
    """``list(range(n))``, ``range(n)``, ``[0] * n``, ``[0 for _ in range(n)]``: a list of ``n`` items."""
    if isinstance(value, ast.Call) and callee_name(value) == "list" and len(value.args) == 1:
        return _range_of(value.args[0], sized)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):
        return (isinstance(value.left, ast.List) and sized(value.right)) or (
            isinstance(value.right, ast.List) and sized(value.left)
        )
    if isinstance(value, ast.ListComp) and len(value.generators) == 1:
        return _range_of(value.generators[0].iter, sized)
    return _range_of(value, sized)


def stand_in_ids(rule: LintRule) -> bool:
    """The quotient being visited, of a text's length (``len(text)``, not ``len(frames)``), rounded or
    not, bound to a local or not, is how many ids the function, a method named as a tokenizer's,
    returns."""
    fn, ancestors = rule.ctx.function(), rule.ctx.ancestors
    quotient = ancestors[-1]
    if fn is None or fn.name.lstrip("_") not in _ENCODE_NAMES or not isinstance(quotient, ast.BinOp):
        return False
    if not any(of_text(rule, n) for n in walk(quotient.left) if isinstance(n, ast.Call)):
        return False
    outer: ast.expr = quotient
    i = len(ancestors) - 2
    while i >= 0 and isinstance(call := ancestors[i], ast.Call) and callee_name(call) in _ROUNDING:
        if outer not in call.args:
            break
        outer, i = call, i - 1
    holder = ancestors[i] if i >= 0 else None
    local = None
    if (
        isinstance(holder, ast.Assign)
        and len(holder.targets) == 1
        and isinstance(holder.targets[0], ast.Name)
    ):
        local = holder.targets[0].id

    def sized(node: ast.expr) -> bool:
        return node is outer or (local is not None and isinstance(node, ast.Name) and node.id == local)

    return any(
        isinstance(n, ast.Return) and n.value is not None and _sized_list(n.value, sized) for n in walk(fn)
    )
