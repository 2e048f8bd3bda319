"""PB102's window names bound in one module and read only in others (set 87: tf-avm-agent's
``OUTPUT_TRUNCATION_LENGTH: int = 500`` in ``config.py``, read only as ``str(output)[:OUTPUT_TRUNCATION_LENGTH]``
in ``telemetry.py``): a truncation length that cuts strings where it is read counts characters, as one
cutting a string in its own module does (``Deferred._characters``).

A module-level constant held as a window phrase (``Deferred.phrase``) that its own module never reads is
reported there as before, and recorded (``PHRASE_FACT``); a module importing a constant by name records
that it cuts a string with it (``CHARS_FACT``). The project-wide pass (``project_constants``) withdraws
the finding (``findings.WITHDRAWN``) when a module importing it cuts strings with it and none uses it as
a budget (``flow.USE_FACT``, which ``flow.imported_budgets`` reports).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from prompt_budget.lint.findings import WITHDRAWN
from prompt_budget.lint.flow import USE_FACT, imported_budgets, tagged
from prompt_budget.lint.rule import callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule, Report

#: A window constant reported where it is bound, which its module never reads.
PHRASE_FACT = "\x00pb102 phrase "
#: An imported constant (``stem NAME``) cutting a string where it is read.
CHARS_FACT = "\x00pb102 chars-read "


def _module_constants(module: ast.Module) -> set[str]:
    """The upper-case names a module's own top-level assignments bind."""
    found: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
        elif isinstance(stmt, ast.AnnAssign):
            targets = [stmt.target]
        else:
            continue
        found.update(t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper())
    return found


def record_unread(
    rule: LintRule, module: ast.Module, reported: Sequence[tuple[str, Report]], read: set[str]
) -> None:
    """A fact for each window constant of ``reported`` (name, report) bound at the module's top level
    and never ``read`` here: the modules importing it may show it counts characters."""
    unread = [(name, report) for name, report in reported if name not in read]
    constants = _module_constants(module) if unread else set()
    for name, report in unread:
        if name in constants and isinstance(report.value, (int, float)):
            rule.fact(report.node, f"{PHRASE_FACT}{name}", report.value)


def record_character_reads(
    rule: LintRule, node: ast.Module, imported: dict[str, str], cut: Iterable[str]
) -> None:
    """A fact for each constant imported by name (``imported``: local name -> ``stem NAME``) that a read
    here cuts a string with (``cut``)."""
    for name in cut:
        source = imported.get(name)
        if source is not None:
            rule.fact(node, f"{CHARS_FACT}{source}", 0)


def _withdrawn(rule: type[LintRule], facts: Sequence[Fact]) -> list[Finding]:
    """The window constants' findings to withdraw: an importing module cuts strings with the constant,
    and none uses it as a budget."""
    from prompt_budget.lint.cache import module_name

    held = list(tagged(facts, PHRASE_FACT, 1))
    if not held:
        return []
    cut = {fact.name[len(CHARS_FACT) :] for fact in facts if fact.name.startswith(CHARS_FACT)}
    used = {f"{stem} {name}" for _, (stem, name, _why) in tagged(facts, USE_FACT, 3)} if cut else set()
    found = []
    for fact, (name,) in held:
        where = f"{module_name(fact.path)} {name}"
        if where in cut and where not in used:
            found.append(replace(rule.finding_at(fact, ""), suppressed=WITHDRAWN))
    return found


def project_constants(rule: type[LintRule], facts: Sequence[Fact]) -> list[Finding]:
    """Module constants decided by the modules importing them: used there as a budget
    (``flow.imported_budgets``), or window constants they only cut strings with (withdrawn)."""
    return imported_budgets(rule, facts) + _withdrawn(rule, facts)


#: Calls validating a string's (or a list's) length, and their keywords bounding it.
_VALIDATORS = frozenset({"Field", "constr", "conlist", "StringConstraints", "Query", "Body", "Form", "Path"})
_LENGTH_BOUNDS = frozenset({"min_length", "max_length"})


def string_bound(parent: ast.AST, node: ast.AST) -> bool:
    """``node`` bounds a string's (or a list's) length where it is read: a pydantic field's ``min_length=`` or
    ``max_length=`` (``Field(min_length=MIN_TOKEN_LENGTH, max_length=MAX_TOKEN_LENGTH)``, set 557: mcp-relay's lengths
    of a bearer credential): characters (or items), not tokens."""
    return (
        isinstance(parent, ast.Call)
        and callee_name(parent) in _VALIDATORS
        and any(k.value is node and k.arg in _LENGTH_BOUNDS for k in parent.keywords)
    )
