"""PB102's class fields that override a base class's field reported as a token budget (set 58: kvpress's
``KVgradPress(KVzipPress)``, whose dataclass field ``chunk_size: int = 512`` overrides ``KVzipPress``'s
``chunk_size: int = 2048``, a token budget by the base's own reads of ``self.chunk_size``): the methods
the subclass inherits read the same attribute, so the subclass's default is another value of the same
setting. Facts ``BUDGET_FIELD_FACT`` (a class field reported as a budget: the class and the field) and
``OVERRIDE_FACT`` (a class field bound to a literal no rule reported, with each base class named in the
class statement) are joined per project in ``project_field_overrides``, through chains of subclasses.
Not in a test module (a test's subclass sets a scenario).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import default_of, finding_where_bound, is_test_module, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.reports_made import reported_ids

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

BUDGET_FIELD_FACT = "\x00field-budget "
OVERRIDE_FACT = "\x00field-override "


def _base_names(cls: ast.ClassDef) -> list[str]:
    return [
        b.attr if isinstance(b, ast.Attribute) else b.id
        for b in cls.bases
        if isinstance(b, (ast.Name, ast.Attribute))
    ]


class FieldOverrides:
    """One module's class fields bound to a literal, decided at the module's end."""

    def __init__(self) -> None:
        self.pending: list[tuple[ast.expr, str, ast.ClassDef, int | float]] = []

    def field(self, rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
        """``chunk_size: int = 512`` (or ``= Field(default=512)``) in a class body."""
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1 or type(targets[0]) is not ast.Name or node.value is None:
            return
        cls = rule.ctx.enclosing_class()
        if cls is None or rule.ctx.function() is not None or is_test_module(rule.ctx.path):
            return
        literal = default_of(node.value)
        amount = rule.budget_literal(literal) if isinstance(literal, ast.Constant) else None
        if literal is not None and amount is not None:
            self.pending.append((literal, targets[0].id, cls, amount))

    def finish(self, rule: LintRule) -> None:
        """Report the overrides of a budget field of a base class of the module (through chains of
        subclasses); keep the budget fields and the other overrides as project facts."""
        reported = reported_ids(rule)
        budgets = {(c.name, n): lit for lit, n, c, _ in self.pending if id(lit) in reported}
        left = [p for p in self.pending if id(p[0]) not in reported]
        grown = True
        while grown:  # one link of a chain of subclasses a round
            grown = False
            for literal, name, cls, amount in list(left):
                base = next((b for b in _base_names(cls) if (b, name) in budgets), None)
                if base is None:
                    continue
                line = budgets[(base, name)].lineno
                message = (
                    f"token budget {name} = {amount}: overrides the field `{name}` of `{base}`, a token "
                    f"budget (line {line}); move it to config so it can be tuned and tested"
                )
                rule.report_literal(literal, message, amount, name)
                budgets[(cls.name, name)] = literal
                left.remove((literal, name, cls, amount))
                grown = True
        for (cls_name, name), literal in budgets.items():
            rule.fact(literal, f"{BUDGET_FIELD_FACT}{cls_name} {name}", 0)
        for literal, name, cls, amount in left:
            for base in _base_names(cls):
                rule.fact(literal, f"{OVERRIDE_FACT}{base} {name} {cls.name}", amount)


def project_field_overrides(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The overrides (``OVERRIDE_FACT``) of a field a base class of the same project holds as a token
    budget (``BUDGET_FIELD_FACT``), also through a chain of subclasses."""
    budgets: dict[tuple[Path, str, str], Fact] = {}
    for fact, (cls, name) in tagged(facts, BUDGET_FIELD_FACT, 2):
        budgets.setdefault((fact_project(fact, root), cls, name), fact)
    if not budgets:
        return []
    overrides = [(fact, fields) for fact, fields in tagged(facts, OVERRIDE_FACT, 3) if len(fields) == 3]
    findings: list[Finding] = []
    done: set[int] = set()
    grown = True
    while grown:  # an override of a budget is a budget its own subclasses override (one link a round)
        grown = False
        for i, (fact, (base, name, cls)) in enumerate(overrides):
            project = fact_project(fact, root)
            found = budgets.get((project, base, name))
            if i in done or found is None:
                continue
            done.add(i)
            message = (
                f"token budget {name} = {fact.value}: overrides the field `{name}` of `{base}`, a token "
                f"budget ({found.path}:{found.line}); move it to config so it can be tuned and tested"
            )
            findings.append(finding_where_bound(rule, fact, message, name, config_key(f"{cls} {name}")))
            if (project, cls, name) not in budgets:
                budgets[(project, cls, name)] = fact
                grown = True
    return findings
