"""A model's limits written as a ``limit`` entry of context and output sizes (set 71: localcoder's
generated OpenCode config, ``"limit": {"context": 131072, "output": 8192}``; models.dev and the AI SDK's
provider configs use the same shape): the context window and the output cap of the model, in tokens,
though the keys alone (``context``, ``output``) name no token. Both keys must be there, with the window
at least 1024 and no smaller than the output. Reads only the dict and its parent (the walk's ancestors).

An output cap written beside a context window PB101 reports in the same dict (set 105: ankaloop's default
``"model_config": {"context_window": 1050000, "output_limit": 131072}``) is the same model's output cap in
tokens, though ``output_limit`` names no token: a key of the words ``output`` (or ``completion``) and a
limit word (``limit``, ``max``, ``cap``), no other unit, its value no larger than the window's
(``beside_window``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CONTEXT_WORDS, words
from prompt_budget.lint.rule import attr_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: What a model's ``limit`` entry holds, and the name each is reported under.
_SIZES = {"context": "context_window", "output": "max_output_tokens"}
_LIMIT_KEYS = frozenset({"limit", "limits"})


def limit_entries(rule: LintRule, node: ast.Dict) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """(literal, name, value, how) for the context and output sizes of a ``"limit": {...}`` entry."""
    parent = rule.ctx.parent(node)
    if not isinstance(parent, ast.Dict):
        return
    key = next((k for k, v in zip(parent.keys, parent.values, strict=True) if v is node), None)
    if string_value(key) not in _LIMIT_KEYS:
        return
    sizes = {
        string_value(k): v for k, v in zip(node.keys, node.values, strict=True) if string_value(k) in _SIZES
    }
    values = {k: rule.budget_literal(v) for k, v in sizes.items() if k}
    context, output = values.get("context"), values.get("output")
    if context is None or output is None or context < 1024 or context < output:
        return
    for k, literal in sizes.items():
        if k:
            yield literal, _SIZES[k], values[k] or 0, "written into a model's limits"


Found = tuple[ast.expr, str, int | float, str]

#: Words of an output cap's key (``output_limit``, ``max_completion``), besides which no other is allowed.
_OUTPUT_WORDS = frozenset({"output", "completion"})
_CAP_WORDS = frozenset({"limit", "max", "maximum", "cap"})


def beside_window(rule: LintRule, node: ast.Dict, reported: list[Found]) -> list[Found]:
    """(literal, name, value, how) for an output cap (``"output_limit": 131072``) of the dict ``node``
    where ``reported`` (what PB101 found in it) holds a context window of at least 1024 tokens
    (``"context_window": 1050000``) no smaller than the cap."""
    windows = [
        (name, value)
        for _, name, value, _ in reported
        if set(words(name)) & CONTEXT_WORDS and rule.names.is_budget(name) and value >= 1024
    ]
    if not windows:
        return []
    window, size = windows[0]
    found: list[Found] = []
    done = {id(item) for item, *_ in reported}
    for key, item in zip(node.keys, node.values, strict=True):
        name = string_value(key)
        ws = set(words(name or ""))
        if not name or id(item) in done or not (ws & _OUTPUT_WORDS and ws & _CAP_WORDS):
            continue
        if ws - _OUTPUT_WORDS - _CAP_WORDS:
            continue  # ``max_output_lines``, ``output_limit_chars``: another unit
        value = rule.budget_literal(item)
        if value is not None and value <= size:
            found.append((item, name, value, f'written beside the context window "{window}"'))
    return found


#: Words of a name holding caps (``DEFAULT_CAPS``, ``monthly_limits``, ``QUOTAS``).
_CAPS_WORDS = frozenset(
    {"caps", "cap", "limits", "limit", "quota", "quotas", "budget", "budgets", "allowance"}
)


def capped_tokens(rule: LintRule, node: ast.Dict) -> Iterator[Found]:
    """(literal, name, value, how) of the ``"tokens"`` entry of a dict of caps bound to a name saying so (set 537:
    openmymemo's ``DEFAULT_CAPS = {"calls": 1000, "tokens": 2_000_000}``, a monthly quota of a model's tokens)."""
    parent = rule.ctx.parent(node)
    target = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
    name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else None
    if not name or not _CAPS_WORDS.intersection(words(name)):
        return
    keys = {k for key in node.keys if key is not None and (k := string_value(key))}
    said = {w for k in (*keys, name) for w in words(k)}
    # beside a model's calls or their cost, or a period's caps; not a rate limiter's bucket (refill, per second)
    if said & {"bucket", "refill", "leak", "second", "rate"} or not (
        keys & {"calls", "requests", "cost", "cost_usd", "messages"}
        or said & {"monthly", "daily", "weekly", "hourly"}
    ):
        return
    for key, value in zip(node.keys, node.values, strict=True):
        amount = rule.budget_literal(value) if string_value(key) in {"tokens", "total_tokens"} else None
        if amount is not None:
            yield value, "tokens", amount, f"written in the caps `{name}`"
