"""Where PB104 sees an estimate written as the value of a dict entry whose key names tokens (set 72:
fennec-rag's ``{"total_characters": total_chars, "estimated_tokens": total_chars // 4}``): the key says
what the value counts, as a keyword's name or a subscript's key would (``token_slots``). Reads only the
expression's own parents. Judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value
from prompt_budget.lint.token_estimates import token_estimate

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def dict_token_slot(rule: LintRule) -> bool:
    """The expression being visited is the value of a dict display's entry under a string key naming an
    amount of tokens (``"estimated_tokens"``, ``"prompt_tokens"``, ``"token_estimate"``), not characters."""
    ancestors = rule.ctx.ancestors
    if len(ancestors) < 2:
        return False
    at = len(ancestors) - 1
    while (  # ``"token_estimate": sum(len(m["content"]) // 4 for m in results)``: summed (set 223: rekall-mcp)
        at >= 3
        and type(gen := ancestors[at - 1]) is ast.GeneratorExp
        and gen.elt is ancestors[at]
        and type(total := ancestors[at - 2]) is ast.Call
        and type(total.func) is ast.Name
        and total.func.id == "sum"
        and total.args == [gen]
    ):
        at -= 2
    while (  # ``"tokens_est": max(1, len(raw) // 4)``: kept a count at least 1 (set 334: prospectai)
        at >= 2
        and type(kept := ancestors[at - 1]) is ast.Call
        and type(kept.func) is ast.Name
        and kept.func.id in _KEEPS_COUNT
        and ancestors[at] in kept.args
    ):
        at -= 1
    node, table = ancestors[at], ancestors[at - 1]
    if not isinstance(table, ast.Dict):
        return False
    name = value_key(table, node) or ""
    # ``"token_estimate": len(text) // 4`` in an event's payload (set 223: rekall-mcp) names tokens too
    return (rule.names.is_token_amount(name) or token_estimate(name)) and not rule.names.is_chars(name)


#: Calls that keep an estimate a count (``max(1, chars // 4)``, ``int(chars / 4)``).
_KEEPS_COUNT = frozenset({"max", "int", "round"})


def value_key(table: ast.Dict, value: ast.AST) -> str | None:
    """The string key ``table`` writes ``value`` (one of its values, by identity) under, else None."""
    return next((string_value(k) for k, v in zip(table.keys, table.values, strict=True) if v is value), None)


def entry_key(table: ast.Dict, ancestors: Sequence[ast.AST]) -> str | None:
    """The string key of ``table``'s entry whose value holds the node being visited (one of
    ``ancestors``): ``"budget_tokens"`` of ``{"budget_tokens": max(1024, cap // 2)}``, else None."""
    held = {id(a) for a in ancestors}
    return next(
        (string_value(k) for k, v in zip(table.keys, table.values, strict=True) if id(v) in held), None
    )
