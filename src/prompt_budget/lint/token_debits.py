"""A local that a token amount is lessened or increased by (set 81: agent47's ``consumed = max(1,
len(snippet) // 4)`` ... ``token_budget -= consumed``): what it holds is a number of tokens, whatever its
name, since one takes only tokens from a budget of tokens. ``chars_left -= consumed`` says nothing: the
amount on the other side must hold tokens by itself.

Read through the function's shared walk (``character_reads.reads_of``), only for an expression already
bound to a local and judged as a rate's conversion. So too a local written as an amount of tokens, the value of
a key or keyword naming one (set 170: proxyagent's ``ptok = max(1, len(prompt) // 4)`` ... ``"usage":
{"input_tokens": ptok, ...}``).
"""

from __future__ import annotations

import ast
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_local, reads_of
from prompt_budget.lint.rule import callee_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls that round an amount and keep it one (``max(1, len(text) // 4)``).
_ROUNDING = frozenset({"ceil", "floor", "int", "round", "max", "min"})


def _debits(rule: LintRule, read: ast.Name, parent: ast.AST | None) -> bool:
    """``budget -= x``, ``used_tokens += x``, ``budget - x``, ``x + prompt_tokens``: ``read`` is taken
    from or added to an amount of tokens."""
    if isinstance(parent, ast.AugAssign) and isinstance(parent.op, (ast.Add, ast.Sub)):
        return parent.value is read and rule.token_amount(parent.target)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub):
        return parent.right is read and rule.token_amount(parent.left)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add):
        other = parent.right if parent.left is read else parent.left
        return rule.token_amount(other)
    return False


def _written_as_tokens(rule: LintRule, read: ast.Name, parent: ast.AST | None) -> bool:
    """``{"input_tokens": read}``, ``Usage(prompt_tokens=read)``: ``read`` is the value of a key or a
    keyword naming an amount of tokens."""
    if isinstance(parent, ast.keyword):
        return bool(parent.arg) and rule.names.is_token_amount(parent.arg or "")
    if isinstance(parent, ast.Dict):
        key = next((k for k, v in zip(parent.keys, parent.values, strict=True) if v is read), None)
        return rule.names.is_token_amount(string_value(key) or "") if key is not None else False
    return False


def debited_tokens(rule: LintRule, node: ast.expr) -> bool:
    """The expression being visited (rounded or not) is bound to a local of its function that a read
    takes from or adds to an amount of tokens, or writes as one."""
    fn = rule.ctx.function()
    if fn is None:
        return False
    parents = {child: parent for parent, child in pairwise(rule.ctx.ancestors)}
    outer: ast.AST = node
    holder = parents.get(outer)
    while isinstance(holder, ast.Call) and callee_name(holder) in _ROUNDING and outer in holder.args:
        outer, holder = holder, parents.get(holder)
    local = bound_local(holder)
    if local is None:
        return False
    fn_parents, reads = reads_of(fn, local)
    return any(
        _debits(rule, r, fn_parents.get(r)) or _written_as_tokens(rule, r, fn_parents.get(r)) for r in reads
    )
