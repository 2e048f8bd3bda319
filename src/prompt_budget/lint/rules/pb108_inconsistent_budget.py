"""PB108 inconsistent-budget: one budget name, different values in different modules (project-wide)."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from prompt_budget.lint.findings import Fact, Finding
from prompt_budget.lint.names import config_key
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.rule import LintRule, Valid


@lru_cache(maxsize=4096)
def project_of(directory: Path) -> Path:
    """The project a file belongs to: its outermost package (walking up while ``__init__.py`` exists),
    or its directory when it is not in a package."""
    top = directory
    while (top / "__init__.py").exists() and (top.parent / "__init__.py").exists():
        top = top.parent
    return top


class InconsistentBudget(LintRule):
    """The same budget constant defined with different values in different modules of one project
    (``DEFAULT_CONTEXT_WINDOW = 3900`` in one module, ``= 4096`` in another). Callers get a different
    budget depending on which module they import from. A project is the outermost Python package the
    files are in. Only module-level constants are compared: class fields of different models
    legitimately differ.

    The VALID/INVALID cases below are single files, so they only check the facts collected; the
    cross-module behaviour is tested in ``tests/lint/test_project_rules.py``.
    """

    CODE = "PB108"
    NAME = "inconsistent-budget"
    SUMMARY = "Same budget constant defined with different values in different modules"
    PROJECT_WIDE = True
    VALID = (
        Valid("MAX_TOKENS = 4096\n"),
        Valid("CONTEXT_WINDOW = 8192\nCONTEXT_WINDOW_SMALL = 4096\n"),
        Valid("_DEFAULT_MAX_RESULT_TOKENS = 10_000\n"),
    )
    INVALID = ()

    def _record(self, target: ast.expr, literal: ast.expr | None) -> None:
        if self.ctx.scopes or not isinstance(target, ast.Name) or target.id.startswith("_"):
            return  # a private constant is its module's own: no caller imports the other value
        value = self.budget_literal(literal)
        if value is not None and literal is not None and self.names.is_budget(target.id):
            self.fact(literal, target.id, value)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._record(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._record(node.target, node.value)

    @classmethod
    def check_project(cls, facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
        groups: dict[tuple[Path, str], list[Fact]] = defaultdict(list)
        for fact in facts:
            if fact.name.startswith("\x00"):  # another rule's fact (the data flow's)
                continue
            path = options.root / fact.path  # fact.path is relative to the root or absolute
            groups[(project_of(path.parent), fact.name.lower())].append(fact)
        findings: list[Finding] = []
        for (_, _), group in sorted(groups.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
            if len({f.value for f in group}) < 2 or len({f.path for f in group}) < 2:
                continue
            for fact in group:
                others = [f for f in group if f.value != fact.value]
                where = ", ".join(f"{o.value} in {o.path}:{o.line}" for o in others[:3])
                more = f" and {len(others) - 3} more" if len(others) > 3 else ""
                key = config_key(fact.name)
                findings.append(
                    cls.finding_at(
                        fact,
                        f"{fact.name} = {fact.value} here, but {where}{more}; define the budget once",
                        key=key,
                        suggestion=f"define it once in config and read it everywhere with prompt_budget.value({key!r})",
                    )
                )
        return findings
