"""``pytest --prompt-budget-lint``: every collected Python file gets a ``prompt-budget-lint`` test item
that fails with the file's lint findings (as pytest-mypy does for type errors).

The session's ``collect_lint`` calls ``collect_lint_item(file_path, parent, state)``. The first
item to run lints every registered file in one go (so the project-wide rule PB108 sees them all, and the
content cache makes re-runs cheap); each item then reports its own file. libcst and the rules are
imported only then, never at plugin load. Items carry the ``prompt_budget_lint`` marker, so
``-m prompt_budget_lint`` runs only them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Finding
    from prompt_budget.lint.options import LintOptions


ITEM_NAME = "prompt-budget-lint"
MARKER = "prompt_budget_lint"


class LintFindings(Exception):
    """Raised by a lint item whose file has findings; rendered by ``repr_failure``."""

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__(f"{len(findings)} lint finding(s)")
        self.findings = findings


class LintState:
    """The lint state of a run (kept by the ``BudgetSession``): the options, the files to lint, and
    their findings once linted."""

    def __init__(self, config: pytest.Config) -> None:
        from prompt_budget.errors import ConfigError
        from prompt_budget.lint.api import load_options

        try:
            self.options: LintOptions
            self.options, self.cache_dir = load_options(start=config.rootpath)
        except ConfigError as exc:
            raise pytest.UsageError(f"prompt-budget lint: {exc}") from None
        self.paths: list[Path] = []
        self.by_path: dict[str, list[Finding]] | None = None
        config.addinivalue_line("markers", f"{MARKER}: prompt-budget lint items (--prompt-budget-lint)")

    def findings_for(self, path: Path) -> list[Finding]:
        if self.by_path is None:
            from prompt_budget.lint.api import run_lint

            report = run_lint(self.paths, self.options, cache_dir=self.cache_dir, jobs=1)
            self.by_path = {}
            for finding in report.findings:
                self.by_path.setdefault(finding.path, []).append(finding)
        return self.by_path.get(self.options.relative(path), [])


class LintItem(pytest.Item):
    """Fails when its file has lint findings that are not suppressed."""

    def __init__(self, *, state: LintState, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state

    def runtest(self) -> None:
        findings = [f for f in self.state.findings_for(self.path) if f.suppressed is None]
        if findings:
            raise LintFindings(findings)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, LintFindings):
            from prompt_budget.lint.formats import render_text

            return render_text(excinfo.value.findings).rstrip("\n")
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"{self.path.name}::{ITEM_NAME}"


class LintFile(pytest.File):
    """The collector of one Python file's lint item."""

    def __init__(self, *, state: LintState, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state

    def collect(self) -> list[pytest.Item]:
        item = LintItem.from_parent(self, name=ITEM_NAME, state=self.state)
        item.add_marker(MARKER)
        return [item]


def collect_lint_item(file_path: Path, parent: pytest.Collector, state: LintState) -> LintFile | None:
    """The lint collector for ``file_path`` (a Python file) when the lint config does not exclude it,
    else None."""
    if state.options.is_excluded(state.options.relative(file_path)):
        return None
    state.paths.append(file_path)
    return LintFile.from_parent(parent, path=file_path, state=state)
