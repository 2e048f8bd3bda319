"""The module tables a lookup's fallback joins as one more row: ``THINKING_LEVEL_BUDGETS.get(level, 2048)``
where ``THINKING_LEVEL_BUDGETS = {"none": 0, "low": 1024, "medium": 2048, "high": 4096}`` (set 66:
autorubric's ``ThinkingConfig.get_effective_budget``).

PB101 reports the fallback of a lookup in a table whose name is a budget's (``TOKEN_MAX.get(model, 2048)``)
at once, and that of a table whose name says nothing when the module binds it to a model -> window table
(``inline_forms.window_table``). A table whose name says it holds budgets (``budget``, ``budgets``) and whose
rows are all amounts of tokens, two of them at least budget-sized, is PB107's "table of token budgets":
the number a lookup in it falls back to, when the key is none of its rows, is one more budget. In a module
that never says tokens, a row must be window-sized (1024 at least): small budgets there count lines or items.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.inline_forms import window_table
from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import LintRule, attr_name, callee_name, token_amount_literal
from prompt_budget.lint.walks import source_of

_BUDGET_WORDS = frozenset({"budget", "budgets"})


def _table_name(rule: LintRule, node: ast.Dict) -> str | None:
    parent = rule.ctx.parent(node)
    target = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
    target = parent.target if isinstance(parent, ast.AnnAssign) else target
    return attr_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else None


def budget_rows(rule: LintRule, node: ast.Dict) -> str | None:
    """``THINKING_LEVEL_BUDGETS = {"low": 1024, "high": 4096}``: the name of a table named for budgets whose
    rows are all amounts of tokens (two budget-sized at least), else None."""
    name = _table_name(rule, node)
    ws = set(words(name or ""))
    if not name or not ws & _BUDGET_WORDS or ws & (EXCLUDED_WORDS | UNIT_WORDS):
        return None
    if not all(token_amount_literal(v) is not None for v in node.values):
        return None
    if "token" not in source_of(rule.ctx.lines)[1] and all(
        (token_amount_literal(v) or 0) < 1024 for v in node.values
    ):
        return None  # ``BUDGET = {"skill": 80, "agent": 150}``: lines, no tokens in the module (set 208)
    return name if sum(1 for v in node.values if rule.budget_literal(v) is not None) >= 2 else None


def lookup_table(rule: LintRule, node: ast.Dict) -> tuple[str, str] | None:
    """(name, what it is) of a table at module or class level whose lookups' fallbacks are budgets: a
    model -> window table, or a table of token budgets."""
    if (table := window_table(rule, node)) is not None:
        return table, "a model -> window table"
    if (table := budget_rows(rule, node)) is not None:
        return table, "a table of token budgets"
    return None


def field_default_name(rule: LintRule, keyword: ast.keyword) -> str | None:
    """``max_tokens_per_layer: Dict[str, int] = Field(default={"hot": 1000, ...})``: the name of the field a
    table is the ``default=`` of (pydantic's ``Field``, dataclasses' ``field``), else None (set 133:
    agentmesh-context's request model)."""
    call = rule.ctx.parent(keyword)
    holder = rule.ctx.parent(call) if isinstance(call, ast.Call) else None
    # or the ``default_factory=lambda: {...}`` of one (set 605: loom-agents' ``token_limits`` per tier)
    factory = keyword.arg == "default_factory" and isinstance(keyword.value, ast.Lambda)
    if (
        not (keyword.arg == "default" or factory)
        or not isinstance(call, ast.Call)
        or callee_name(call) not in _FIELDS
    ):
        return None
    if isinstance(holder, ast.AnnAssign) and holder.value is call:
        return attr_name(holder.target)
    if isinstance(holder, ast.Assign) and holder.value is call and len(holder.targets) == 1:
        return attr_name(holder.targets[0])
    return None


def factory_field_name(rule: LintRule, factory: ast.Lambda) -> str:
    """The field whose ``default_factory=lambda: {...}`` is ``factory`` (``field_default_name``), else ""."""
    keyword = rule.ctx.parent(factory)
    return field_default_name(rule, keyword) or "" if isinstance(keyword, ast.keyword) else ""


_FIELDS = frozenset({"Field", "field"})
