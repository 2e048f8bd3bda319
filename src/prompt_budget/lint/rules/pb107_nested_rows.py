"""A model's row of a table holding a budget, for PB107 (budget-table): under a budget's key at any depth of
dicts (set 30: parea's ``{"gpt-4": {"prompt": 30.0, "token_limit": {"max_prompt_tokens": 8192}}}``), or a
record opening on it (set 191: optio's ``CONTEXT_WINDOW = {"claude-opus-4-5": Limit(200_000, Evidence.MEASURED,
_PROBE, "2026-08-01"), ...}``: the limit, then where it was read). Moved out of the rule's module, which holds
the table's other readings. Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.dict_settings import WINDOW_KEYS, window_sized
from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import EXCLUDED_WORDS, PRICE_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def nested_budget(rule: LintRule, value: ast.expr, records: bool = False, depth: int = 0) -> bool:
    """``value``, a row of a table, holds a budget: under a budget's key in nested dicts (``**`` items
    skipped), or, with ``records`` (the table's name says a window or tokens: a capacity's records hold
    throughputs, set 191's check on litellm's ``AZURE_PTU_CAPACITY``), as the first argument of a call."""
    if isinstance(value, ast.Call) and not depth:
        return records and bool(value.args) and rule.budget_literal(value.args[0]) is not None
    if not isinstance(value, ast.Dict) or depth > 3:
        return False
    for key, item in zip(value.keys, value.values, strict=False):
        name = string_value(key) if key is not None else None
        if name and rule.names.is_budget(name) and rule.budget_literal(item) is not None:
            return True
        last = words(name)[-1:] if name else ()
        if last and last[0] in WINDOW_KEYS and 1024 <= (rule.budget_literal(item) or 0) <= 20_000_000:
            # ``{"claude-opus-4-5": {"context": 200_000, "input": 5.00}}`` (set 235: tokenol), ``"recommended_context":
            # 4096`` (set 268: olaiedge's model catalogue)
            return True
        if nested_budget(rule, item, depth=depth + 1):
            return True
    return False


def sized_record(rule: LintRule, value: ast.expr, name: str) -> bool:
    """``value``, a row of a table named for budgets (``BUDGETS``), is a record of two or more numbers all sized as
    windows (``{"native": 32_768, "extended": 131_072, "recommended_pack": 24_000, "max_pack": 110_000}``, set 607:
    qwen3-repo's ``ContextBudget.BUDGETS`` per model): each a window or a budget of tokens, whatever its key."""
    if not (
        isinstance(value, ast.Dict) and len(value.values) > 1 and set(words(name)) & {"budget", "budgets"}
    ):
        return False
    keys = [set(words(string_value(k) or "")) for k in value.keys if k is not None]
    if any(ws & (UNIT_WORDS | EXCLUDED_WORDS | PRICE_WORDS) for ws in keys):
        return False  # ``{"daily_cents": 8_000, "monthly_cents": 160_000}``: money, not tokens
    sizes = [rule.budget_literal(v) for v in value.values]
    return all(n is not None and window_sized(n) for n in sizes)


def model_rows(keys: list[str | None], values: list[ast.expr], embedding: bool) -> int:
    """How many entries are keyed by a model's id (an embedding model's, with ``embedding``) and hold no text
    and no name: a row's value is a number or a record (set 232: localforge's ``{"command": custom_command,
    "timeout": 300}``, the arguments of a shell command, where Cohere's ``command`` is no model)."""
    return sum(
        1
        for k, v in zip(keys, values, strict=False)
        if k
        and (looks_like_model_name(k) or (embedding and "embed" in k))
        and not isinstance(v, (ast.Name, ast.JoinedStr))
        and not (isinstance(v, ast.Constant) and isinstance(v.value, str))
    )
