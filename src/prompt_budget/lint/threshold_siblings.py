"""Thresholds declared beside a token budget in one settings class, for PB102 (set 251: oclawma's context
budget)::

    @dataclass
    class ContextBudgetConfig:
        total_budget: int = 8192
        warning_threshold: int = 6144  # 75%
        critical_threshold: int = 7168  # 87%

A field named as a level (``warning_threshold``, ``critical_limit``, ``soft_cap``) whose whole number lies
between half the budget and the budget, in a class where a field's default is reported as a token budget, is
a level of that budget's count: a number of tokens at which the class warns, compacts or stops, tuned with
the budget. Only whole numbers of 16 or more; a sibling named for another unit (``warning_seconds``,
``critical_lines``), or holding a share (``0.75``), is not one. A budget field known as one only by what
other modules read it into (``field_reach``) is joined in the project-wide pass (``project_levels``). So is
a field's default restated as its reader's fallback in the module (``cls(total_budget=data.get("total_budget",
8192))``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import trailing_comment
from prompt_budget.lint.flow import against_flow, finding_where_bound, tagged
from prompt_budget.lint.names import BYTE_WORDS, CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import statements, walk

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

LEVEL_FACT = "\x00level "

#: Words of a field's name saying it is a level something is checked against.
_LEVELS = frozenset({"threshold", "warning", "warn", "critical", "alert", "trigger", "soft", "hard"})


#: Words of a field's name saying it bounds a length, in no unit it says (characters, words, tokens).
_LENGTHS = frozenset({"len", "length", "size", "chars", "characters"})


def _fields(cls: ast.ClassDef) -> list[tuple[str, ast.Constant, int]]:
    """The class's fields bound to a whole number (``warning_threshold: int = 6144``), with it."""
    found: list[tuple[str, ast.Constant, int]] = []
    for stmt in cls.body:
        target, value = (
            (stmt.target, stmt.value)
            if isinstance(stmt, ast.AnnAssign)
            else (stmt.targets[0], stmt.value)
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            else (None, None)
        )
        if type(target) is ast.Name and type(value) is ast.Constant and type(value.value) is int:
            found.append((target.id, value, value.value))
    return found


def _commented_unit(rule: LintRule, literal: ast.Constant) -> bool:
    """The field's line ends on a comment naming another unit (``thin_page_threshold: int = 300  # bytes``,
    set 403: memorytrace's maintenance settings beside its token budget)."""
    lines = rule.ctx.lines
    comment = trailing_comment(lines[literal.lineno - 1]) if literal.lineno <= len(lines) else ""
    return bool(set(words(comment)) & (UNIT_WORDS | CHAR_WORDS | BYTE_WORDS))


def threshold_siblings(rule: LintRule, tree: ast.Module) -> None:
    """Report the levels declared beside a token budget this module reports in each of its classes, and
    record those beside an int field another module may show to be one (``LEVEL_FACT``); the same for the
    fields' defaults restated as fallbacks (``restated_fields``)."""
    classes = [(cls, _fields(cls)) for cls in statements(tree) if isinstance(cls, ast.ClassDef)]
    for cls, fields in classes:
        for name, literal, value in fields:
            if (
                not set(words(name)) & _LEVELS
                or set(words(name)) & _LENGTHS  # ``MEDIUM_OUTPUT_LEN_THRESHOLD``: a length in no unit it says
                or is_reported(rule, literal)
                or value < 16
                or against_flow(name)
                or _commented_unit(rule, literal)
            ):
                continue
            over = [(b, lit, v) for b, lit, v in fields if v / 2 <= value < v and not set(words(b)) & _LEVELS]
            if len(over) != 1:
                continue
            budget, of, amount = over[0]
            if is_reported(rule, of):
                rule.report_literal(
                    literal, _message(name, value, budget, amount, cls.name), value, name, False
                )
            else:  # ``total_budget`` known as a budget only by what other modules do with it (``field_reach``)
                where = f"{of.lineno} {of.col_offset} {budget} {amount} {cls.name}"
                rule.fact(literal, f"{LEVEL_FACT}{where} {name}", value)
    restated_fields(rule, tree, classes)


def restated_fields(
    rule: LintRule, tree: ast.Module, classes: list[tuple[ast.ClassDef, list[tuple[str, ast.Constant, int]]]]
) -> None:
    """``data.get("total_budget", 8192)`` in a module whose class declares ``total_budget: int = 8192``: the
    field's default written again as its reader's fallback (a ``from_dict``), reported with the field's."""
    fields: dict[str, list[tuple[ast.Constant, int, str]]] = {}
    for cls, declared_fields in classes:
        for name, literal, value in declared_fields:
            fields.setdefault(name, []).append((literal, value, cls.name))
    if not fields:
        return
    for call in (n for n in walk(tree) if type(n) is ast.Call):
        func, args = call.func, call.args
        if type(func) is not ast.Attribute or func.attr != "get" or len(args) != 2 or call.keywords:
            continue
        key, fallback = string_value(args[0]), args[1]
        declared = fields.get(key or "", [])
        if len(declared) != 1 or type(fallback) is not ast.Constant or fallback.value != declared[0][1]:
            continue
        of, value, owner = declared[0]
        if value < 16 or is_reported(rule, fallback) or type(fallback.value) is not int:
            continue
        message = _restated(key or "", value, owner)
        if is_reported(rule, of):
            rule.report_literal(fallback, message, value, key or "", False)
        else:
            rule.fact(fallback, f"{LEVEL_FACT}{of.lineno} {of.col_offset} - {value} {owner} {key}", value)


def _message(name: str, value: int, budget: str, amount: int, owner: str) -> str:
    if budget == "-":
        return _restated(name, value, owner)
    return (
        f"token budget {name} = {value}, a level of the token budget {budget} = {amount} declared beside it "
        f"in {owner}; move it to config with the budget it protects"
    )


def _restated(name: str, value: int, owner: str) -> str:
    return (
        f"token budget {name}={value} used as a fallback, the default of the token budget {owner}.{name} "
        "written again; move it to config so both read one value"
    )


def project_levels(rule: type[LintRule], facts: Sequence[Fact], found: Sequence[Finding]) -> list[Finding]:
    """The levels recorded beside a field that the project-wide pass reported as a token budget."""
    reported = {(f.path, f.line, f.column - 1) for f in found if f.code == rule.CODE}
    out: list[Finding] = []
    todo = list(tagged(facts, LEVEL_FACT, 6))
    while todo:  # a level's default restated as a fallback: reported once the level is
        left = []
        for fact, parts in todo:
            line, column, budget, amount, owner, name = parts
            if (fact.path, int(line), int(column)) not in reported:
                left.append((fact, parts))
                continue
            message = _message(name, int(fact.value), budget, int(amount), owner)
            out.append(finding_where_bound(rule, fact, message, name, name))
            reported.add((fact.path, fact.line, fact.column - 1))
        if len(left) == len(todo):
            break
        todo = left
    return out
