"""PB107's tables built by calls of a class the module defines, whose field is a token budget (set 84:
agent-mini's tier profiles)::

    @dataclass(frozen=True)
    class TierProfile:
        tier: str
        context: int  # conversation token budget
        max_iterations: int

    _PROFILES = {
        "tiny": TierProfile("tiny", 3000, 10),
        "large": TierProfile("large", 20000, 25),
    }

The keys are no models and the table's name says nothing; the class does: its field, given by position
in every row (the class's own fields say which), is commented or documented as a limit of tokens
(``given_fields.said_fields``: not of a rate limiter's permits, not characters), or is named as a budget
(set 101: tyrion-cli's ``_BUILTIN_LIMITS = {"gpt-4o": ModelLimits(128_000, 16_384), ...}``, fields
``context_window`` and ``max_output_tokens``: no rule judges a number given by position to a class of
the same module). A field given by keyword is judged at each row's number (PB101: ``given_fields``,
a budget's keyword), one finding each, as a reader counts them. The rows, two or more, all calls of
that class as the values of one dict literal or the elements of one list or tuple, give the field
budget-sized literals, one at least 1024 or more: a table of token budgets, one finding at its literal
(the rule's table of calls, ``[Model("gpt-4o", 128_000), ...]``, then reports it no more:
``field_tables``). Asked only at a call holding a window-sized number (the rule's own gate), and at the
table's first row.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import first_target, positional_fields
from prompt_budget.lint.given_fields import said_fields
from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.rules.pb107_reads import window_sized
from prompt_budget.lint.walks import kept_per_file

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SMALLEST = 1024
#: The module last asked about and its classes: name -> (positional fields, fields said to be budgets).
_CLASSES: list[tuple[ast.AST, dict[str, tuple[list[str], dict[str, str]]]]] = kept_per_file([])
#: The file last reported in and the tables ``field_table`` reported there.
_REPORTED: list[tuple[object, set[ast.AST]]] = kept_per_file([])


def _classes(rule: LintRule, module: ast.Module) -> dict[str, tuple[list[str], dict[str, str]]]:
    """The module's top-level classes with a field that is a token budget by its name or its comment."""
    if _CLASSES and _CLASSES[0][0] is module:
        return _CLASSES[0][1]
    said = said_fields(rule, module)
    out: dict[str, tuple[list[str], dict[str, str]]] = {}
    for cls in module.body:
        if type(cls) is not ast.ClassDef:
            continue
        fields = positional_fields(cls)
        budgets: dict[str, str] = {}
        for name in fields:
            if set(words(name)) & (EXCLUDED_WORDS | UNIT_WORDS):
                continue
            if rule.names.is_budget(name):
                budgets[name] = f"`{name}` (a token budget by its name)"  # set 101: tyrion-cli
            elif (cls.name, name) in said and said[(cls.name, name)][0] is not None:
                budgets[name] = f"`{name}`, {said[(cls.name, name)][1]!r}"
        if budgets:
            out[cls.name] = (fields, budgets)
    _CLASSES[:] = [(module, out)]
    return out


def field_tables(rule: LintRule) -> set[ast.AST]:
    """The table literals ``field_table`` reported in the rule's file: the rule's own table of calls
    (``leave_Module``) reports them no more (``[Model("gpt-4o", 128_000), ...]`` is both)."""
    if not (_REPORTED and _REPORTED[0][0] is rule.ctx):
        _REPORTED[:] = [(rule.ctx, set())]
    return _REPORTED[0][1]


def _given(call: ast.Call, fields: list[str], field: str) -> ast.expr | None:
    """What ``call`` gives ``field`` by position (a keyword is ``given_fields``'s, PB101's: one each)."""
    at = fields.index(field)
    return call.args[at] if at < len(call.args) else None


def _sized(row: ast.expr) -> bool:
    return type(row) is ast.Call and window_sized(row)


def field_table(rule: LintRule, node: ast.Call) -> None:
    """At the first row of a table of calls of a class of the module with a token budget's field: one
    finding at the table's literal."""
    module = rule.ctx.tree
    if type(node.func) is not ast.Name or not isinstance(module, ast.Module):
        return
    parent = rule.ctx.parent(node)
    rows = (
        parent.values
        if isinstance(parent, ast.Dict)
        else parent.elts
        if isinstance(parent, (ast.List, ast.Tuple))
        else None
    )
    # asked at the first row holding a window-sized number (the first row may give the field ``0``: set 341)
    if parent is None or not rows or len(rows) < 2 or next((r for r in rows if _sized(r)), None) is not node:
        return
    callee = node.func.id
    if not all(type(r) is ast.Call and type(r.func) is ast.Name and r.func.id == callee for r in rows):
        return
    found = _classes(rule, module).get(callee)
    if found is None or any(isinstance(a, ast.Starred) for r in rows if type(r) is ast.Call for a in r.args):
        return  # ``Profile(*row)``: which field a number is given to is not written
    fields, budgets = found
    for field, said in budgets.items():
        given = [_given(r, fields, field) for r in rows if type(r) is ast.Call]
        # a row's ``0`` says the field does not apply to it (set 341: fidelity-ladder's first rung)
        values = [rule.budget_literal(g) for g in given if not (type(g) is ast.Constant and g.value == 0)]
        if (
            len(values) < 2
            or not all(v is not None for v in values)
            or max(v or 0 for v in values) < _SMALLEST
        ):
            continue
        target = first_target(rule.ctx.parent(parent))
        name = (attr_name(target) if target is not None else None) or f"{rule.scope_key()} {callee}"
        rule.report(
            parent,
            f"table of token budgets built by calls to {callee}() ({len(rows)} rows), its field {said} "
            "given a literal in each; keep it in config so the budgets can change without a code change",
            key_parts=(f"{name} {field}", rule.ctx.module_name),
            advice="move the table into [tool.prompt_budget.values] by hand",
        )
        field_tables(rule).add(parent)
        return
