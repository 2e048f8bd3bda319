"""The steps after writing the configuration, each one call into the core: the baseline file (measured
by the file checks, as ``prompt-budget baseline update`` does) and the lint's magic budgets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from prompt_budget.errors import PromptBudgetError
from prompt_budget.lint.findings import Finding
from prompt_budget.scaffold.propose import Proposal

__all__ = ["BaselineStep", "LintReport", "create_baseline", "run_lint"]


class BaselineStep(NamedTuple):
    """Whether ``create_baseline`` wrote the file, and the line that says so (or why not)."""

    created: bool
    note: str


def create_baseline(proposal: Proposal) -> BaselineStep:
    """Measure the configured files and write the baseline file, unless it exists."""
    from prompt_budget.baseline import measure_files, save_baseline, update
    from prompt_budget.config import load_config

    try:
        config = load_config(proposal.target)
        path = config.resolve(config.baseline.path)
        shown = _shown(path, proposal.root)
        if path.exists():
            return BaselineStep(False, f"baseline {shown} exists; left as it is")
        baseline, _ = update(None, measure_files(config).entries)
        if not baseline.entries:
            return BaselineStep(False, "baseline: not created (no files to measure)")
        save_baseline(baseline, path)
    except PromptBudgetError as exc:
        return BaselineStep(
            False, f"baseline: not created ({exc}); run `prompt-budget baseline update` later"
        )
    return BaselineStep(True, f"baseline: created {shown}")


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class LintReport:
    """The magic budgets the lint found (unsuppressed), the command that moves them into config, and
    a note when the lint could not run."""

    found: tuple[Finding, ...]
    fix_command: str
    note: str = ""


def run_lint(proposal: Proposal) -> LintReport:
    """Lint the repository under the configuration just written."""
    from prompt_budget.lint.api import load_options, remaining
    from prompt_budget.lint.api import run_lint as lint_paths

    fix = f"prompt-budget lint --fix {_shown(proposal.root, Path.cwd().resolve()) or '.'}"
    try:
        options, cache_dir = load_options(proposal.target)
        report = lint_paths([proposal.root], options, cache_dir=cache_dir)
    except PromptBudgetError as exc:
        return LintReport((), fix, f"lint: could not run ({exc})")
    return LintReport(tuple(remaining(report.findings)), fix)
