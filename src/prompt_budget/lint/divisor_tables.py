"""PB105's divisors kept in a local table read by key: ``budget_divisors = {"high": 2, "mid": 3, "low":
4}`` ... ``budget_tokens = max(_THINKING_BUDGET_MIN, available_output // budget_divisors[level])`` (set 64:
litemind's Anthropic thinking budget, a share of the output cap per effort level). A dict literal bound to a
local, its keys strings and its values whole numbers from 2 to 16, read only as the divisor of a division
whose result is bound (through ``max``/``min``/``int``/``round``) to a budget's name, or whose amount is a
budget: each value is a share of a token amount. The table is reported once, at its first value. Read at
the dict (``leave_Dict``), whose line holds the numbers; the function's reads through the shared walks.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import LintRule, attr_name, callee_name
from prompt_budget.lint.walks import parents, walk

_KEPT_THROUGH = frozenset({"max", "min", "int", "round"})


def _divisors(node: ast.Dict) -> list[int] | None:
    if len(node.keys) < 2:
        return None
    out = []
    for key, value in zip(node.keys, node.values, strict=True):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        if not (type(value) is ast.Constant and type(value.value) is int and 2 <= value.value <= 16):
            return None
        out.append(value.value)
    return out


class DivisorTables(LintRule):
    """The visit of a table of divisors, mixed into PB105's rule."""

    def _share_result(self, division: ast.BinOp, up: dict[ast.AST, ast.AST]) -> str | None:
        """The budget the division's result is bound or given to, or the budget it divides."""
        if (budget := self.budget_expr(division.left)) is not None:
            return budget
        node: ast.AST = division
        parent = up.get(node)
        while isinstance(parent, ast.Call) and callee_name(parent) in _KEPT_THROUGH and node in parent.args:
            node, parent = parent, up.get(parent)
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
            name = attr_name(parent.targets[0])
        elif isinstance(parent, ast.keyword):
            name = parent.arg
        else:
            return None
        return name if name and self.names.is_budget_setting(name) else None

    def leave_Dict(self, node: ast.Dict) -> None:
        bound = self.ctx.parent(node)
        fn = self.ctx.function()
        if not (
            fn is not None
            and isinstance(bound, ast.Assign)
            and len(bound.targets) == 1
            and isinstance(bound.targets[0], ast.Name)
            and (values := _divisors(node)) is not None
        ):
            return
        name = bound.targets[0].id
        reads: list[ast.Name] = []
        bindings = 0
        for n in walk(fn):
            if isinstance(n, ast.Name) and n.id == name:
                if isinstance(n.ctx, ast.Store):
                    bindings += 1
                else:
                    reads.append(n)
        up = parents(fn)
        divisions = [
            d
            for r in reads
            if isinstance(sub := up.get(r), ast.Subscript)
            and isinstance(d := up.get(sub), ast.BinOp)
            and isinstance(d.op, (ast.Div, ast.FloorDiv))
            and d.right is sub
        ]
        if bindings != 1 or not reads or len(divisions) != len(reads):
            return
        budgets = [self._share_result(d, up) for d in divisions]
        if not all(budgets):
            return
        message = (
            f"hard-coded budget shares in `{name}` (divisors {', '.join(map(str, values))} of `{budgets[0]}`), "
            "each 1/n of a token amount; move the divisors to config so the shares can be tuned per model"
        )
        self.report_literal(node.values[0], message, values[0], f"{name} divisor")
