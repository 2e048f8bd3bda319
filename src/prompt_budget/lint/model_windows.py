"""A model's context window converted to characters to pick the model a text fits (set 57: huixiangdou's
``call_kimi``/``call_step``): ``if prompt_len <= int(8192 * 1.5) - 1024: model = 'moonshot-v1-8k'``, ``prompt =
prompt[0:int(128000 * 1.5) - 1024]`` beside ``model = 'moonshot-v1-128k'``, with ``prompt_len =
len(prompt)``. The product of a window and a rate of characters per token is the window in characters;
the window (PB106) and the rate (PB104) are each hard-coded.

The evidence is on both ends: the product (through ``int()``/``round()`` and a literal taken off) is ordered
against a string's length (``len(...)``, or a local of the function only ever bound to one) or is the end of
a slice from the start, and the statements it guards (an ``if``'s body) or sits among bind a string that
names the model by that window (``'...-8k'`` for 8192, ``'...-128k'`` for 128000). A product of two literals
alone (``4 * 1024`` is 4 KiB) is not read. The literal taken off after the conversion counts characters, not
tokens, and is not reported. Read from the node's ancestors and the function's shared walk (``walks.walk``).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.reserve_sums import characters
from prompt_budget.lint.rule import callee_name, number
from prompt_budget.lint.walks import innermost_statement

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDERS = (ast.Gt, ast.GtE, ast.Lt, ast.LtE)
_KEEPS = frozenset({"int", "round", "ceil", "floor"})
#: Rates of characters per token read so (a CJK text has 1 to 2 characters per token, English about 4).
_LOWEST, _HIGHEST = 1.0, 5.0
_SMALLEST = 2048


def _names_window(stmts: list[ast.stmt], window: int) -> str | None:
    """A string bound among ``stmts`` naming a model by ``window`` (``'moonshot-v1-8k'``), else None."""
    sizes = {str(window // d) for d in (1024, 1000) if window % d == 0}
    if not sizes:
        return None
    pattern = re.compile(r"(?<![\w.])(?:" + "|".join(sizes) + r")k\b", re.I)
    for stmt in stmts:
        value = stmt.value if isinstance(stmt, ast.Assign) else None
        if (
            isinstance(value, ast.Constant)
            and isinstance(value.value, str)
            and pattern.search(value.value.replace("-", " "))
        ):
            return value.value
    return None


def model_window(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, ast.expr, int, str] | None:
    """(the rate's literal, the window's literal, the window, the model's name) for ``W * r`` so used,
    else None."""
    if not isinstance(node.op, ast.Mult):
        return None
    found = None
    for rate, window in ((node.right, node.left), (node.left, node.right)):
        value, size = number(rate), rule.budget_literal(window)
        if (
            type(rate) is ast.Constant
            and type(window) is ast.Constant
            and value is not None
            and _LOWEST < value <= _HIGHEST
            and isinstance(size, int)
            and size >= _SMALLEST
        ):
            found = rate, window, size
            break
    if found is None:
        return None
    ancestors = rule.ctx.ancestors
    child: ast.AST = node
    i = len(ancestors) - 2
    while i >= 0:
        parent = ancestors[i]
        if (isinstance(parent, ast.Call) and callee_name(parent) in _KEEPS and child in parent.args) or (
            isinstance(parent, ast.BinOp)
            and isinstance(parent.op, ast.Sub)
            and parent.left is child
            and number(parent.right) is not None
        ):
            child, i = parent, i - 1
        else:
            break
    if i < 1:
        return None
    parent, holder = ancestors[i], ancestors[i - 1]
    stmts: list[ast.stmt] | None = None
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], _ORDERS):
        other = parent.comparators[0] if parent.left is child else parent.left
        if characters(rule, other) and isinstance(holder, ast.If) and holder.test is parent:
            stmts = holder.body
    elif (
        isinstance(parent, ast.Slice)
        and parent.upper is child
        and (parent.lower is None or number(parent.lower) == 0)
    ):
        stmt = innermost_statement(ancestors[:i])
        owner = next((a for a in reversed(ancestors[:i]) if a is not stmt and isinstance(a, ast.stmt)), None)
        for field in ("body", "orelse"):
            block = getattr(owner, field, None)
            if isinstance(block, list) and stmt in block:
                stmts = block
    if stmts is None:
        return None
    model = _names_window(stmts, found[2])
    return None if model is None else (found[0], found[1], found[2], model)


def report_model_window(rule: LintRule, node: ast.BinOp) -> None:
    """PB106's finding on the window of :func:`model_window`, if ``node`` is one."""
    found = model_window(rule, node)
    if found is None:
        return
    _, literal, window, model = found
    message = (
        f"hard-coded context window {window} of the model `{model}`, converted to characters to pick the model a "
        "text fits; keep the window in config (or read it from the model) so a new model needs no code change"
    )
    rule.report_literal(literal, message, window, "context_window")
