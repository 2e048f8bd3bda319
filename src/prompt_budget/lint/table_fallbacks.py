"""PB102's constants read as the fallback of a lookup in a table of windows (set 75: miiflow-agent's
``_PROVIDER_FALLBACK_WINDOW.get(provider, _GLOBAL_FALLBACK_WINDOW)``, the window used when even the
provider is unknown).

PB101 reports a literal written there (``WINDOWS.get(model, 4096)``); a constant given instead joins the
table as one more row: what the lookup returns when the key is none of the table's. The table is a
dict bound at the top of the module whose rows are windows by their keys: models (``"gpt-4o"``) or
providers (``"anthropic"``), most of them, with window-sized numbers; its name says no other unit. A class's table
read through ``self`` is looked up in the class's body (set 285: pact-agents' ``self._MAX_OUTPUT_TOKENS.get(
self._model, self._DEFAULT_MAX_OUTPUT)``).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import EXCLUDED_WORDS, SMALLEST_MODEL_WINDOW, UNIT_WORDS, words
from prompt_budget.lint.provider_modules import provider_windows
from prompt_budget.lint.rule import attr_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a table's name saying its rows are windows (the same as PB107 asks of a provider's table).
_WINDOW_WORDS = frozenset({"context", "ctx", "window", "windows"})


def _module_dict(tree: ast.AST | None, name: str) -> ast.Dict | None:
    """The dict literal ``name`` is bound to at the top of the module or class ``tree`` (once), else None."""
    found: ast.Dict | None = None
    for stmt in tree.body if isinstance(tree, (ast.Module, ast.ClassDef)) else ():
        bound = single_binding(stmt)
        if bound is None:
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and stmt.target.id == name
            ):
                return None  # declared without a value: what it holds is set elsewhere
            continue
        target, value = bound
        if isinstance(target, ast.Name) and target.id == name:
            if found is not None or not isinstance(value, ast.Dict):
                return None
            found = value
    return found


def _window_rows(rule: LintRule, name: str, table: ast.Dict) -> bool:
    """Most rows of ``table`` are a model's window, or a provider's in a table ``name`` says holds windows
    (``_PROVIDER_FALLBACK_WINDOW``; not ``UPLOAD_LIMITS`` of bytes)."""
    rows = len(table.keys)
    if rows < 2 or any(k is None for k in table.keys):
        return False
    models = sum(
        1
        for k, v in zip(table.keys, table.values, strict=False)
        if looks_like_model_name(string_value(k) or "")
        and (rule.budget_literal(v) or 0) >= SMALLEST_MODEL_WINDOW
    )
    providers = provider_windows(table) if set(words(name)) & _WINDOW_WORDS else 0
    return max(models, providers) * 2 >= rows


def table_fallback(rule: LintRule, ancestors: Sequence[ast.AST]) -> str | None:
    """Why the read ``ancestors[-1]`` is a window: the fallback of ``TABLE.get(key, NAME)`` where the
    module binds ``TABLE`` to a table of windows; else None."""
    node, parent = ancestors[-1], ancestors[-2]
    if not (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Attribute)
        and parent.func.attr == "get"
        and len(parent.args) == 2
        and parent.args[1] is node
    ):
        return None
    receiver = parent.func.value
    owner: ast.AST | None = rule.ctx.tree
    if (
        isinstance(receiver, ast.Attribute)
        and isinstance(receiver.value, ast.Name)
        and receiver.value.id in {"self", "cls"}
    ):
        owner = next((a for a in reversed(ancestors) if isinstance(a, ast.ClassDef)), None)
        name = receiver.attr  # ``self._MAX_OUTPUT_TOKENS``: a table of the class's body
    elif isinstance(receiver, ast.Name):
        name = receiver.id
    else:
        return None
    if set(words(name)) & (EXCLUDED_WORDS | UNIT_WORDS):
        return None  # ``PRICES.get(model, DEFAULT)``, ``MESSAGE_LIMITS``: numbers of something else
    table = _module_dict(owner, name)
    if table is None or not _window_rows(rule, name, table):
        return None
    return f"the fallback of a lookup in `{name}`, a table of windows"


#: Words of a table's name saying its rows are amounts of tokens a thing is taken to use (``ROLE_TOKEN_DEFAULTS``).
_ASSUMED_WORDS = frozenset({"defaults", "estimates"})


def token_defaults_table(name: str) -> bool:
    """``STEP_TYPE_TOKEN_DEFAULTS``: a table of the tokens each kind of step is taken to use, whose lookup's
    fallback (``.get("llm", 8000)``) is one more such amount (set 461: agentlinter); its name says no other unit."""
    ws = set(words(name.lower()))
    qualified = bool(ws - {"token", "tokens"} - _ASSUMED_WORDS)  # ``STEP_TYPE_``: what each row is for
    return (
        bool(ws & {"token", "tokens"})
        and bool(ws & _ASSUMED_WORDS)
        and qualified  # not ``TOKEN_DEFAULTS`` alone, a credential's lifetimes as often
        and not ws & (EXCLUDED_WORDS | UNIT_WORDS)
    )


def budget_row(rule: LintRule, func: ast.Attribute, key: str) -> str | None:
    """The name of a table named as token budgets (``max_tokens_per_layer``, ``TOKEN_BUDGETS``) or as the
    tokens each thing is taken to use (``STEP_TYPE_TOKEN_DEFAULTS``) a row ``key`` of which is read, the key
    saying no other unit, else None."""
    table = attr_name(func.value) or ""
    named = rule.names.is_budget(table) or token_defaults_table(table)
    return (
        None
        if not named or rule.names.is_chars(table) or rule.names.is_excluded(key) or against_flow(key)
        else table
    )
