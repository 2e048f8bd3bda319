"""PB107's tables of settings per provider (or model, tier) whose entry a module reads into a token budget
(set 83: forge-agent's free-tier quotas)::

    FREE_TIER_LIMITS = {
        "groq": {"tokens_per_day": 500_000, "requests_per_day": 14_400, "resets": "daily"},
        "mistral": {"tokens_per_month": 1_000_000, "requests_per_month": 10_000},
    }

    def register(name):
        limits = FREE_TIER_LIMITS.get(name, {})
        return Quota(tokens_limit=limits.get("tokens_per_day", limits.get("tokens_per_month", 0)))

The entries' keys do not say a budget (a key that does is PB101's, one finding each already) (``tokens_per_day`` may be a throughput as well as a quota);
where the module reads them does: a row of the table bound to a name (``limits = TABLE.get(name)``,
``TABLE[name]``) whose entry under that key (``limits.get(key, ...)``, ``limits[key]``, the fallback of
such a read, converted by ``int()``) is given to a budget's keyword, bound to a budget's name or written
under a budget's key, in the same function. Each entry of that key with a budget-sized literal is then a
budget of its row: one finding each (a ``0`` meaning no limit is no budget). Asked only where a module
binds a dict literal of two dict rows at least.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Conversions that keep a number's unit.
_CONVERSIONS = frozenset({"int", "float", "round"})


def row_read(value: ast.expr, table: str) -> bool:
    """``TABLE.get(key, ...)`` or ``TABLE[key]`` with a key that is not a string written there."""
    if type(value) is ast.Subscript:
        return type(value.value) is ast.Name and value.value.id == table and string_value(value.slice) is None
    if type(value) is not ast.Call or not value.args or string_value(value.args[0]) is not None:
        return False
    func = value.func
    return (
        type(func) is ast.Attribute
        and func.attr == "get"
        and type(func.value) is ast.Name
        and func.value.id == table
    )


def _entries(value: ast.expr | None, rows: set[str]) -> list[str]:
    """The keys of a row's entries ``value`` reads whole: ``row.get("k", <fallback>)``, ``row["k"]``,
    through ``int()``; a fallback read so too."""
    if type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in _CONVERSIONS:
        return _entries(value.args[0], rows) if len(value.args) == 1 else []
    if type(value) is ast.Subscript and type(value.value) is ast.Name and value.value.id in rows:
        key = string_value(value.slice)
        return [key] if key else []
    if not (type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr == "get"):
        return []
    receiver = value.func.value
    key = string_value(value.args[0]) if value.args else None
    if type(receiver) is not ast.Name or receiver.id not in rows or key is None:
        return []
    return [key, *(_entries(value.args[1], rows) if len(value.args) == 2 else [])]


def _budget(rule: LintRule, name: str | None) -> bool:
    return bool(name) and rule.names.is_budget(name or "") and not set(words(name or "")) & EXCLUDED_WORDS


def _reads(rule: LintRule, module: ast.Module, table: str) -> dict[str, str]:
    """Entry key -> the budget the module reads it into, from rows of ``table`` bound in a function."""
    out: dict[str, str] = {}
    for fn in walk(module):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        rows = {
            n.targets[0].id
            for n in walk(fn)
            if type(n) is ast.Assign
            and len(n.targets) == 1
            and type(n.targets[0]) is ast.Name
            and row_read(n.value, table)
        }
        if not rows:
            continue
        for node in walk(fn):
            pairs: list[tuple[str | None, ast.expr]] = []
            if type(node) is ast.keyword:
                pairs = [(node.arg, node.value)]
            elif type(node) is ast.Assign and len(node.targets) == 1:
                pairs = [(attr_name(node.targets[0]), node.value)]
            elif type(node) is ast.Dict:
                pairs = [
                    (string_value(k) if k else None, v) for k, v in zip(node.keys, node.values, strict=False)
                ]
            for budget, value in pairs:
                if _budget(rule, budget):
                    for key in _entries(value, rows):
                        out.setdefault(key, f"read as `{budget}`")
    return out


def quota_rows(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
    """``LIMITS = {"groq": {"tokens_per_day": 500_000}, ...}`` whose entries a module reads into a budget:
    one finding at each entry's literal."""
    table, module = node.value, rule.ctx.tree
    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
    if type(table) is not ast.Dict or type(target) is not ast.Name or not isinstance(module, ast.Module):
        return
    rows = [(string_value(k) if k else None, v) for k, v in zip(table.keys, table.values, strict=False)]
    if len(rows) < 2 or not all(k and type(v) is ast.Dict for k, v in rows):
        return
    if set(words(target.id)) & (EXCLUDED_WORDS | UNIT_WORDS):
        return
    entries: dict[str, list[tuple[str, ast.expr, int | float]]] = {}
    for row, value in rows:
        assert type(value) is ast.Dict
        for key, item in zip(value.keys, value.values, strict=False):
            name = string_value(key) if key is not None else None
            amount = rule.budget_literal(item)
            if name and amount is not None and amount > 0:
                entries.setdefault(name, []).append((row or "", item, amount))
    if not entries:
        return
    for entry, how in _reads(rule, module, target.id).items():
        if set(words(entry)) & (EXCLUDED_WORDS | UNIT_WORDS) and not rule.names.says_tokens(entry):
            continue  # ``max_chars``; a quota of tokens per day says its tokens
        if rule.names.is_budget(entry):
            continue  # ``{"max_tokens": 512}``: a budget by its key, PB101's (written into a request)
        for row, item, amount in entries.get(entry, []):
            rule.report(
                item,
                f"token budget {entry}={amount} of {row!r} in the table {target.id}, its entries {how} by the "
                "module; keep it in config so the budget can change without a code change",
                target=item,
                value=amount,
                key_parts=(f"{target.id} {row} {entry}", rule.ctx.module_name),
            )
