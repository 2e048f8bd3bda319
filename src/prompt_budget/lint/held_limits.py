"""Amounts of tokens kept in a container its name calls limits: ``thresholds``, ``budgets``, ``limits``
(set 158: tokensaver-agent).

A profile written as data names its unit in each key and its purpose in the container:

    DEFAULT_PROFILE = {
        "budgets": {"default": {"input_tokens": 12000, "output_tokens": 1500, "latency_ms": 90000}},
        "thresholds": {"large_tool_output_tokens": 4000, "short_channel_answer_tokens": 1200},
    }

and the code reads it back with a fallback of its own:

    short_threshold = int(thresholds.get("short_channel_answer_tokens") or 1_200)
    if item_tokens < int(budget["input_tokens"] * 0.5): ...

``input_tokens`` alone is a usage count and ``short_channel_answer_tokens`` names no limit; held under
``budgets`` or ``thresholds`` (or read from a container so named) each is a number of tokens that caps or
triggers something. Only keys whose last word is ``tokens`` count, and not a count of what was used
(``used_tokens``, ``spent_tokens``); ``latency_ms`` beside them is not a token amount. The container's name
must end in a word of limits, so ``limits_doc`` or ``budget_report`` is not one.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The last word of a container's name that says it holds limits.
_CONTAINER_WORDS = frozenset({"threshold", "thresholds", "limits", "budget", "budgets", "caps", "quotas"})
#: Words of a key that counts what was used, not a limit on it.
_SPENT_WORDS = frozenset({"used", "spent", "consumed", "seen", "actual", "observed", "measured"})
#: How many dicts up a table's rows may sit below the key naming the container.
_DEPTH = 3


def says_limits(name: str | None) -> bool:
    """True when ``name``'s last word says a container of limits (``thresholds``, ``channel_budgets``)."""
    ws = words(name) if name else []
    return bool(ws) and ws[-1] in _CONTAINER_WORDS


def token_key(rule: LintRule, key: str | None) -> bool:
    """True when ``key`` names an amount of tokens (``input_tokens``, ``large_tool_output_tokens``) that is
    not a count of tokens spent nor excluded by the vocabulary (``access_tokens``)."""
    ws = words(key) if key else []
    return (
        len(ws) >= 2
        and ws[-1] == "tokens"
        and not _SPENT_WORDS.intersection(ws)
        and not rule.names.is_excluded(key or "")
    )


def _container_name(node: ast.AST | None) -> str | None:
    """The name a container is read by: ``thresholds``, ``self.budgets``, ``profile["thresholds"]``,
    ``profile.get("thresholds")``."""
    if isinstance(node, ast.Call) and callee_name(node) == "get" and node.args:
        return string_value(node.args[0])
    if isinstance(node, ast.Subscript):
        return string_value(node.slice)
    return attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None


def held_limit(rule: LintRule, node: ast.expr) -> str | None:
    """``thresholds.get("short_channel_answer_tokens")``, ``budget["input_tokens"]``, also through
    ``int()`` or ``float()``: how the read is written, when it reads a key of tokens from a container of
    limits; else None."""
    if isinstance(node, ast.Call) and callee_name(node) in {"int", "float"} and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.Call) and callee_name(node) == "get" and isinstance(node.func, ast.Attribute):
        receiver, key = node.func.value, string_value(node.args[0]) if node.args else None
    elif isinstance(node, ast.Subscript):
        receiver, key = node.value, string_value(node.slice)
    else:
        return None
    if not (says_limits(_container_name(receiver)) and token_key(rule, key)):
        return None
    return ast.unparse(node)


def limits_container(rule: LintRule, node: ast.Dict) -> str | None:
    """The name of the container of limits the dict ``node`` is (``thresholds = {...}``) or sits in, up to
    three dicts down (``{"budgets": {"default": {...}}}``), else None."""
    child: ast.AST = node
    for _ in range(_DEPTH):
        parent = rule.ctx.parent(child)
        name: str | None = None
        if isinstance(parent, ast.Dict):
            name = next(
                (string_value(k) for k, v in zip(parent.keys, parent.values, strict=False) if v is child),
                None,
            )
        elif isinstance(parent, ast.Assign) and len(parent.targets) == 1:
            name = attr_name(parent.targets[0])
        elif isinstance(parent, ast.AnnAssign):
            name = attr_name(parent.target)
        elif isinstance(parent, ast.keyword):
            name = parent.arg
        if says_limits(name):
            return name
        if not isinstance(parent, ast.Dict):
            return None
        child = parent
    return None
