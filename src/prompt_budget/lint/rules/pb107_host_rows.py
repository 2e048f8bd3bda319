"""PB107's tables of (model, window) pairs, flat or under a key per host or provider (set 99: lovia's
``_ANTHROPIC_CONTEXT_WINDOWS``)::

    CONTEXT_SIZES_BY_PREFIX = [("gpt-4o", 128_000), ("claude-3", 200_000)]
    WINDOWS = ((("gpt-4.1", "gpt-4o"), 128_000), (("claude-3", "claude-opus-4"), 200_000))

    _CONTEXT_WINDOWS: Mapping[str, tuple[tuple[str, int], ...]] = {
        "api.example.com": (("claude-opus-4-6", 1_000_000), ("claude-3-", 200_000)),
        "api.other.com": (("deepseek-v4-pro", 1_048_565),),
    }

Both are looked up by a loop over the pairs (a prefix match), not by key. The table's name says a window
(``windows``, ``context`` with ``size``/``limit``/``length``) or a budget; every row is a pair of a string
(or a tuple of strings: a family's prefixes sharing one window, set 105) and a number, half the rows at least
name a model (``looks_like_model_name``). In the two-level form every
value of the dict is a tuple or list of such pairs, its keys strings, two rows at least in all. One
finding per table, at its literal.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.model_names import looks_like_embedding_model, looks_like_model_name
from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SIZE_WORDS = frozenset({"size", "sizes", "length", "lengths", "limit", "limits"})


def names_windows(name: str) -> bool:
    """``CONTEXT_WINDOWS``, ``CONTEXT_SIZES_BY_PREFIX``: a name saying windows of context."""
    ws = set(words(name))
    return bool(ws & {"window", "windows"}) or (bool(ws & {"context", "ctx"}) and bool(ws & _SIZE_WORDS))


def key_names(key: ast.expr) -> list[str] | None:
    """The names a row's key holds: one string, or a tuple or list of strings (``("gpt-4.1", "gpt-4o")``,
    the prefixes of a family sharing one window; set 105: autopoe); else None."""
    if type(key) in (ast.Tuple, ast.List):
        names = [string_value(e) for e in getattr(key, "elts", ())]
        return [n for n in names if n is not None] if names and None not in names else None
    name = string_value(key)
    return None if name is None else [name]


def pair_rows(rule: LintRule, rows: list[ast.expr]) -> tuple[int, int] | None:
    """(rows, rows naming a model) when every row is a ``("model", budget)`` pair, its key also a tuple of
    names (a row naming models when half its names at least do), else None."""
    models = 0
    for row in rows:
        if not (isinstance(row, ast.Tuple) and len(row.elts) == 2):
            return None
        names = key_names(row.elts[0])
        if names is None or rule.budget_literal(row.elts[1]) is None:
            return None
        # a table named for tokens takes embedding models' rows too (set 285: neatmem)
        models += sum(looks_like_model_name(n) or looks_like_embedding_model(n) for n in names) * 2 >= len(
            names
        )
    return len(rows), models


def report_pairs(rule: LintRule, literal: ast.expr, name: str, rows: int, hosts: int = 0) -> None:
    """One finding for a table of pairs at its literal; none for a name saying another unit without
    tokens (``CONTEXT_LINE_LIMITS``: lines per model) or a price, a rate or a time."""
    ws = set(words(name))
    if ws & EXCLUDED_WORDS or (ws & UNIT_WORDS and not rule.names.says_tokens(name)):
        return
    under = f" under {hosts} keys" if hosts else ""
    rule.report(
        literal,
        f"model-to-context-window table written as a Python literal ({rows} rows{under}); keep it in "
        "config so new models and budgets need no code change",
        key_parts=(name, rule.ctx.module_name),
        advice="move the table into [tool.prompt_budget.values] by hand",
    )


def host_pairs(rule: LintRule, node: ast.Assign | ast.AnnAssign, says_budget: bool) -> None:
    """``{"host": (("model", window), ...), ...}`` bound to a name saying windows or a budget
    (``says_budget``, the rule's reading of the name): one finding at the dict."""
    table = node.value
    if type(table) is not ast.Dict or len(table.values) < 1:
        return
    if not all(type(v) in (ast.Tuple, ast.List) for v in table.values):
        return  # the common case: leave at once
    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
    name = attr_name(target) or ""
    if not name or not (names_windows(name) or says_budget):
        return
    if any(k is None or string_value(k) is None for k in table.keys):
        return
    rows = models = 0
    for value in table.values:
        counted = pair_rows(rule, list(getattr(value, "elts", ())))
        if counted is None:
            return
        rows, models = rows + counted[0], models + counted[1]
    if rows >= 2 and models * 2 >= rows:
        report_pairs(rule, table, name, rows, len(table.keys))
