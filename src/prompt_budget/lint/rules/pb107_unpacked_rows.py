"""PB107's tables written as a list of tuple rows whose one column is a budget by where it goes (set 83:
forge-agent's model discovery)::

    known = [
        ("llama3.3", "LLaMA 3.3 70B", 131072),
        ("mistral", "Mistral 7B", 32768),
    ]
    return [Model(model_id=m, name=n, context_window=ctx) for m, n, ctx in known]

The table's name says nothing, nor need its keys be models' ids: a loop (a ``for`` or a comprehension)
over the table unpacks each row into names, and the name of the numeric column is given to a budget's
keyword (``context_window=ctx``), written under a budget's key (``{"max_tokens": ctx}``), bound to a
budget's name, ordered against a count of tokens (``n_tokens > limit``), or returned from a function named
as a budget's getter (``def infer_context_window_tokens(model_id): for prefixes, limit in T: ... return
limit``, set 105): the column holds token budgets, one per row. Guards: two rows at least, all tuples of
one length holding a string (or a tuple of strings, a family's prefixes), one column all numbers of which
one at least is 1024 or more; the loop in the table's own scope (its function, else the module); a
keyword, name or getter saying another unit (``timeout_seconds=``, ``max_chars=``) is no budget, nor a
column the loop divides by (``(1_000_000, "M")`` scales a count of tokens to show it). One finding per
table, at its literal.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.rules.pb107_host_rows import key_names
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SMALLEST = 1024
#: Words of a keyword saying a window of tokens, beside the names' budgets (``context_window``, ``ctx``).
_WINDOW_WORDS = frozenset({"window", "context", "ctx"})
#: Windows of a model's attention, not of its prompt.
_ATTENTION_WORDS = frozenset({"sliding", "attention", "attn"})
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_DIVIDE = (ast.Div, ast.FloorDiv)


def _numeric_column(rule: LintRule, rows: list[ast.expr], named: bool = False) -> int | None:
    """The one column of ``rows`` (tuples of one length, each holding a string unless the table's name says
    what its rows are for) whose every cell is a budget-sized literal, one at least window-sized; else None."""
    width = len(rows[0].elts) if isinstance(rows[0], ast.Tuple) else 0
    if width < 2 or width > 8:
        return None
    for row in rows:
        if not (isinstance(row, ast.Tuple) and len(row.elts) == width):
            return None
        if not named and not any(key_names(cell) is not None for cell in row.elts):
            return None  # a row names what it is for: a string, or a tuple of them (set 105)
    found: int | None = None
    for column in range(width):
        values = [rule.budget_literal(row.elts[column]) for row in rows if isinstance(row, ast.Tuple)]
        if all(v is not None for v in values) and max(v or 0 for v in values) >= _SMALLEST:
            if found is not None:
                return None  # two numeric columns: which is the budget is not said by the rows
            found = column
    return found


def _budget_name(rule: LintRule, name: str | None) -> bool:
    """A keyword, key or name saying a budget of tokens or a window, not another unit."""
    if not name:
        return False
    ws = set(words(name))
    if ws & (EXCLUDED_WORDS | UNIT_WORDS | _ATTENTION_WORDS):
        return False
    return rule.names.is_budget(name) or bool(ws & _WINDOW_WORDS)


def budget_use(rule: LintRule, scope: ast.AST, var: str) -> str | None:
    """How ``scope`` (a loop's body, a comprehension's element) uses the name ``var`` as a budget. A
    column that divides (``f"{total_tokens / threshold:.1f}{suffix}"``) is a unit's scale, shown."""
    nodes = list(walk(scope))
    for node in nodes:
        right = node.right if isinstance(node, ast.BinOp) and isinstance(node.op, _DIVIDE) else None
        if isinstance(right, ast.Name) and right.id == var:
            return None
    for node in nodes:
        pairs: list[tuple[str | None, ast.expr]] = []
        if isinstance(node, ast.keyword):
            pairs = [(node.arg, node.value)]
        elif isinstance(node, ast.Dict):
            pairs = [
                (string_value(k) if k else None, v) for k, v in zip(node.keys, node.values, strict=False)
            ]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs = [(attr_name(node.targets[0]), node.value)]
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDER):
            sides = (node.left, node.comparators[0])
            for mine, other in (sides, sides[::-1]):
                count = attr_name(other)
                if (
                    isinstance(mine, ast.Name)
                    and mine.id == var
                    and count
                    and rule.names.is_token_amount(count)
                ):
                    return f"compared with `{count}`"
        for budget, value in pairs:
            if isinstance(value, ast.Name) and value.id == var and _budget_name(rule, budget):
                return f"read as `{budget}`"
    return None


def _loops(scope: ast.AST, table: str) -> list[tuple[ast.Tuple, list[ast.AST]]]:
    """The loops of ``scope`` over the name ``table`` whose target unpacks each row into names: each
    target with the statements or expressions the loop's names reach."""
    out: list[tuple[ast.Tuple, list[ast.AST]]] = []
    for node in walk(scope):
        if isinstance(node, (ast.For, ast.AsyncFor)):
            if (
                isinstance(node.iter, ast.Name)
                and node.iter.id == table
                and isinstance(node.target, ast.Tuple)
            ):
                out.append((node.target, list(node.body)))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            for gen in node.generators:
                if (
                    isinstance(gen.iter, ast.Name)
                    and gen.iter.id == table
                    and isinstance(gen.target, ast.Tuple)
                ):
                    reached: list[ast.AST] = (
                        [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
                    )
                    out.append((gen.target, reached))
    return out


def _returned(
    rule: LintRule, scope: ast.AST, loop: ast.Tuple, reached: list[ast.AST], var: str
) -> str | None:
    """``for prefixes, limit in WINDOWS: ... return limit`` in a function named as a budget (``def
    infer_context_window_tokens(model)``, not ``max_chars_for``): the column is what a budget's getter
    returns, one per row (set 105: autopoe)."""
    if not any(
        type(n) is ast.Return and type(n.value) is ast.Name and n.value.id == var
        for part in reached
        for n in walk(part)
    ):
        return None
    up = parents(scope)
    node: ast.AST | None = loop
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        node = up.get(node, scope if node is not scope else None)
    if node is None or not _budget_name(rule, node.name):
        return None
    return f"returned from `{node.name}()`"


def unpacked_rows(rule: LintRule, node: ast.Assign | ast.AnnAssign, named: bool = False) -> None:
    """``rows = [("llama3.3", "LLaMA 3.3 70B", 131072), ...]`` unpacked by a loop into a budget: one finding.
    A table ``named`` as one of token budgets (``DEFAULT_BUDGET_DEPTH_BY_TOKENS = ((1200, 1), (2400, 2))``; set
    291: skillsmith's retrieval depths by budget) needs no string in its rows."""
    value = node.value
    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
    if (
        not isinstance(value, (ast.List, ast.Tuple))
        or len(value.elts) < 2
        or not isinstance(target, ast.Name)
    ):
        return
    if set(words(target.id)) & (EXCLUDED_WORDS | UNIT_WORDS):
        return  # ``PRICES_BY_PREFIX``: what the name counts is said, and is no budget
    column = _numeric_column(rule, value.elts, named)
    if column is None:
        return
    scope: ast.AST | None = rule.ctx.function() or rule.ctx.tree
    if scope is None:
        return
    for loop_target, reached in _loops(scope, target.id):
        width = len(value.elts[0].elts) if isinstance(value.elts[0], ast.Tuple) else 0
        cell = loop_target.elts[column] if len(loop_target.elts) == width else None
        if not isinstance(cell, ast.Name):
            continue
        how = next((h for part in reached if (h := budget_use(rule, part, cell.id))), None)
        how = how or _returned(rule, scope, loop_target, reached, cell.id)
        if how:
            rule.report(
                value,
                f"table of token budgets written as a list of {len(value.elts)} rows, its column `{cell.id}` "
                f"{how} by a loop over it; keep it in config so new models and budgets need no code change",
                key_parts=(target.id, rule.ctx.module_name),
                advice="move the table into [tool.prompt_budget.values] by hand",
            )
            return
