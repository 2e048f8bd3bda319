"""What the rules have already reported in a file: one reading for the analyses that leave a literal to the
rule or form that reported it first (a getter's default, a field read elsewhere, an override, a learned
length, an option's cut)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def reported_ids(rule: LintRule) -> set[int]:
    """The ``id()`` of every node a report of the file was made at or about (its target and its node)."""
    reports = rule.ctx.reports
    return {id(r.target) for r in reports} | {id(r.node) for r in reports}


def is_reported(rule: LintRule, node: ast.AST) -> bool:
    """A report of the file was made at or about ``node``."""
    return any(r.target is node or r.node is node for r in rule.ctx.reports)
