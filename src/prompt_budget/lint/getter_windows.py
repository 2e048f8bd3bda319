"""PB106's reading of a context window a function returns as a number, with or without a reserve taken
off it (set 55: patchwork-cli's Anthropic and Google clients)::

    def __get_model_limit(self, model: str) -> int:
        safety_margin = 40_000
        if model in self.__100k_models:
            return 100_000 - safety_margin
        return 200_000 - safety_margin

    def is_prompt_supported(self, messages, model) -> int:
        model_limit = self.__get_model_limit(model)
        ...
        return model_limit - message_token_count.input_tokens

A function named as nothing in particular (``__get_model_limit``, ``__get_model_limits``) is a token
window's getter where the module takes a number of tokens off its result, or orders one against it:
``self.__get_model_limit(model) - used_tokens``, or a local bound to the call
(``model_limit = self.__get_model_limit(model)``) that its function uses so. A number of 512 or more it
returns (``return 1_000_000`` after a lookup of ``input_token_limit``) is then a context window, and a
literal taken off that number (``200_000 - safety_margin``, the local bound to one literal in the
function) the reserve kept below it. A function whose name already says it is a token budget is
PB102's (``def get_context_window(): return 8192``).

Judged at a ``return`` (whose line holds the number); the module's callers are read once per getter name
from the module's shared walk (``walks.walk``, ``walks.parents``), only when a function returns such a
number.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.fallbacks import local_bindings
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The smallest number taken as a model's context window.
SMALLEST_WINDOW = 512

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


class GetterWindows:
    """For one module: which function names have a number of tokens taken off their results."""

    def __init__(self, rule: LintRule, tree: ast.Module) -> None:
        self._rule = rule
        self._tree = tree
        self._judged: dict[str, str | None] = {}

    def window_and_reserve(
        self, fn: ast.FunctionDef | ast.AsyncFunctionDef, value: ast.expr
    ) -> tuple[ast.expr, ast.expr | None, str] | None:
        """(the window's literal, the reserve's literal or None, the token use) of ``return value`` in
        ``fn``, when ``fn`` is a window's getter by its callers; else None."""
        rule = self._rule
        window: ast.expr = value
        reserve: ast.expr | None = None
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
            window, reserve = value.left, value.right
            if type(reserve) is ast.Name:
                bound = local_bindings(fn, reserve.id)
                reserve = bound[0].value if len(bound) == 1 else None
            if rule.budget_literal(reserve) is None:
                return None
        if (
            type(window) is not ast.Constant
            or type(window.value) is not int
            or window.value < SMALLEST_WINDOW
        ):
            return None
        if (
            rule.budget_literal(window) is None
            or rule.names.is_budget(fn.name)
            or is_test_module(rule.ctx.path)
        ):
            return None
        use = self._judged.get(fn.name, "")
        if use == "":
            use = self._judged[fn.name] = self._token_use(fn.name)
        return (window, reserve, use) if use is not None else None

    def _token_use(self, name: str) -> str | None:
        """How the module takes a number of tokens off a call of ``name`` or orders one against it."""
        up = parents(self._tree)
        for node in walk(self._tree):
            if not (isinstance(node, ast.Call) and callee_name(node) == name):
                continue
            parent = up.get(node)
            if (found := self._against_tokens(node, parent)) is not None:
                return found
            if (
                isinstance(parent, ast.Assign)
                and len(parent.targets) == 1
                and type(parent.targets[0]) is ast.Name
            ):
                local = parent.targets[0].id
                fn: ast.AST | None = parent
                while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    fn = up.get(fn)
                for sub in walk(fn) if fn is not None else ():
                    if (
                        type(sub) is ast.Name
                        and sub.id == local
                        and isinstance(sub.ctx, ast.Load)
                        and (found := self._against_tokens(sub, up.get(sub))) is not None
                    ):
                        return found
        return None

    def _against_tokens(self, node: ast.expr, parent: ast.AST | None) -> str | None:
        """``node - used_tokens`` or ``used_tokens > node``: what is done with the token amount, else None."""
        rule = self._rule
        if (
            isinstance(parent, ast.BinOp)
            and isinstance(parent.op, ast.Sub)
            and parent.left is node
            and rule.token_amount(parent.right)
        ):
            return f"takes `{ast.unparse(parent.right)}` off"
        if isinstance(parent, ast.Compare) and all(isinstance(op, _ORDER) for op in parent.ops):
            for side in (parent.left, *parent.comparators):
                if side is not node and rule.token_amount(side):
                    return f"compares `{ast.unparse(side)}` with"
        return None
