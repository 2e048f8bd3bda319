"""A module constant named as a budget that bounds what a token-budget getter returns (set 49:
bbook-maker's ``def substrict_token_budget(...): return max(SUBSTRICT_BUDGET_FLOOR, ... // 2)``).

A function named as a token budget (``substrict_token_budget``, ``get_context_window``) returns an
amount of tokens; a constant it returns, or clamps its result with (an operand of ``min`` / ``max``,
inside ``int`` / ``round``), is a floor, a ceiling or the amount itself: tokens. Only for constants
whose own name says budget (``*_BUDGET_FLOOR``): a count of retries in such a getter says nothing.

Also a constant that is a factor of a product given as a keyword named as a token budget
(``max_prompt_tokens=PROMPT_TOKENS_PER_PAGE * pages``): tokens per unit.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import parents

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls a returned amount passes through unchanged in unit.
_CLAMPS = frozenset({"min", "max", "int", "round"})


def _returned(node: ast.AST, up: dict[ast.AST, ast.AST]) -> bool:
    """``node`` is the returned value, or an argument of the clamps wrapping it."""
    current = node
    while True:
        parent = up.get(current)
        if isinstance(parent, ast.Return):
            return True
        if isinstance(parent, ast.Call) and (callee_name(parent) or "") in _CLAMPS and current in parent.args:
            current = parent
            continue
        return False


def clamped_in_getter(
    rule: LintRule, name: str, reads: list[tuple[Any, Any, dict[str, list[Any]]]]
) -> str | None:
    """Why the module constant ``name`` holds tokens: a function named as a token budget returns it or
    clamps its result with it, else None."""
    if "budget" not in name.lower().split("_") or rule.names.is_excluded(name):
        return None
    for fn, _owner, found in reads:
        nodes = found.get(name)
        if not nodes or not (rule.names.is_budget(fn.name) and rule.names.mentions_tokens(fn.name)):
            continue
        up = parents(fn)
        for node in nodes:
            if _returned(node, up):
                return f"a bound of what the token budget getter `{fn.name}` returns (line {node.lineno})"
    return None


def factor_of_budget(
    rule: LintRule, name: str, reads: list[tuple[Any, Any, dict[str, list[Any]]]]
) -> str | None:
    """Why the module constant ``name`` holds tokens: it is a factor of a product given as a keyword
    named as a token budget (``max_prompt_tokens=PROMPT_TOKENS_PER_PAGE * pages``, set 49:
    bbook-maker's decision pass): a number of tokens per unit, the budget scaled by a count; else
    None."""
    for fn, _owner, found in reads:
        nodes = found.get(name)
        if not nodes:
            continue
        up = parents(fn)
        for node in nodes:
            product = up.get(node)
            if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
                continue
            kw = up.get(product)
            if (
                isinstance(kw, ast.keyword)
                and kw.arg
                and rule.names.is_budget(kw.arg)
                and rule.names.says_tokens(kw.arg)
            ):
                return f"a factor of the token budget `{kw.arg}=` (line {node.lineno})"
    return None
