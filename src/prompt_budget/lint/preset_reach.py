"""A table of sizes whose row is the default of a class field holding tokens, for PB107 (set 94:
inquirycraft's ``PRESETS = {'32K': 32_768, ..., '256K': 262_144}``, ``DEFAULT_WINDOW = PRESETS['256K']``,
``window: int | None = DEFAULT_WINDOW`` of a profile whose ``policy()`` gives ``(self.window - ...) *
self.trigger`` as ``max_context_tokens=``): keyed by labels, not models, and named for nothing, the
table's numbers are tokens by where a row of it goes. Followed by data flow: a row read by a constant key
(``TABLE["k"]``, ``TABLE.get("k")``) is a field's default in a class of the module, directly or through a
module constant bound to it, and the field's reads in the class's methods reach a token use
(``TokenReach.of_field``). Asked only for a named table of positive whole numbers that no read in the
module made a budget already.

A row read by any key in a function of the module is followed from that read (``keyed_reach``; set 161:
mindkeep's ``_DEFAULT_CAPS = {"fact": 100, "adr": 1500}``, ``return _DEFAULT_CAPS[kind]`` from
``_resolve_cap(kind)``, whose result is compared with ``post_tokens``): through the getter's callers as
for a constant it returns. A row that multiplies (or divides) something is a unit's factor, not an amount (set
164: pr-review-agent's ``_MULTIPLIER = {"k": 1_000, "m": 1_000_000}`` of a parser of ``88k``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.token_reach import TokenReach
from prompt_budget.lint.walks import functions_and_methods, parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _row_of(node: ast.AST | None, table: str, any_key: bool = False) -> bool:
    """``TABLE["k"]`` or ``TABLE.get("k")``: a row of ``table`` read by a constant key (with ``any_key``,
    by any key: ``TABLE[kind]``)."""
    if isinstance(node, ast.Subscript):
        key: ast.expr | None = node.slice
        named = isinstance(node.value, ast.Name) and node.value.id == table
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
        and node.args
    ):
        key, named = node.args[0], node.func.value.id == table
    else:
        return False
    return named and (any_key or string_value(key) is not None)


def _field(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """``name: int = value`` or ``name = value`` in a class body: (the field's name, its default)."""
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        return stmt.target.id, stmt.value
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    return None


def preset_reach(rule: LintRule, table: str) -> str | None:
    """How a row of the module-level table ``table`` reaches tokens as a field's default (``the default
    of `window`, given as `max_context_tokens=` of `CompactionPolicy```), else None."""
    tree = rule.ctx.tree
    if not isinstance(tree, ast.Module) or not table:
        return None
    holders = {
        name
        for stmt in tree.body
        if (found := _field(stmt)) is not None and _row_of(found[1], table)
        for name in [found[0]]
    }
    reach: TokenReach | None = None
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for stmt in cls.body:
            found = _field(stmt)
            if found is None or not (_row_of(found[1], table) or attr_name(found[1]) in holders):
                continue
            if not isinstance(found[1], (ast.Name, ast.Subscript, ast.Call)):
                continue
            reach = reach or TokenReach(rule)
            why = reach.of_field(cls, found[0])
            if why is not None:
                return f"the default of `{found[0]}`, {why}"
    return keyed_reach(rule, tree, table, reach)


def _scales(parent: ast.AST | None, row: ast.expr) -> bool:
    """The row multiplies something or divides it: a unit's factor (``"k": 1_000``), not an amount."""
    if not isinstance(parent, ast.BinOp):
        return False
    return isinstance(parent.op, ast.Mult) or (
        isinstance(parent.op, (ast.Div, ast.FloorDiv)) and parent.right is row
    )


def keyed_reach(rule: LintRule, tree: ast.Module, table: str, reach: TokenReach | None) -> str | None:
    """How a row of ``table`` read in one of the module's functions reaches tokens (``returned by
    `_resolve_cap()`, compared with the token count `post_tokens` at line 17``), else None."""
    for fn, owner in functions_and_methods(tree):
        up: dict[ast.AST, ast.AST] | None = None
        for node in walk(fn):
            if isinstance(node, ast.expr) and _row_of(node, table, any_key=True):
                up = up or parents(fn)
                if _scales(up.get(node), node):
                    continue  # ``Decimal(number) * _MULTIPLIER[suffix]``: a unit's multiplier (set 164)
                reach = reach or TokenReach(rule)
                why = reach.of_node(fn, node, owner)
                if why is not None:
                    return f"a row read at line {node.lineno}, {why}"
    return None
