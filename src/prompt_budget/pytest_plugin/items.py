"""Configured files (skills, reference docs) collected as test items.

Each file matched by ``[[tool.prompt_budget.files]]`` (or the preset) becomes one item
``<path>::prompt-budget``; one more item, ``<config file>::prompt-budget-plan``, checks missing
must-load files, globs matching nothing, the must-load total and the load plan.

pytest only calls ``pytest_collect_file`` for files under the paths it collects, and skips dot folders
such as ``.claude``: files met that way are collected there, in place, and
``pytest_collection_modifyitems`` (``add_budget_items``) adds every other matched file and the plan
item at the end, when the run collects a folder (a plain ``pytest``, ``pytest tests/``). A run that
names only test files or node ids gets no extra items. A file is collected once, whatever number of
entries match it. Both paths call ``prompt_budget.files``, as ``prompt-budget check`` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from prompt_budget.errors import BudgetExceeded, PromptBudgetError
from prompt_budget.pytest_plugin.session import BudgetSession, FilesState
from prompt_budget.pytest_plugin.warning import PromptBudgetWarning, warn_about

if TYPE_CHECKING:
    from prompt_budget.model import Verdict


FILE_ITEM = "prompt-budget"
PLAN_ITEM = "prompt-budget-plan"


class FileBudgetWarning(PromptBudgetWarning):
    """A file budget near its limit, or config overriding a file's own frontmatter."""


def _judge(item: pytest.Item, budget: BudgetSession, verdicts: list[Verdict]) -> None:
    for v in verdicts:
        kind = v.details.get("kind", "file")
        budget.record_verdict(item, v, id=v.subject, label=v.subject, kind=kind, details=v.details)
        for note in v.details.get("notes", ()):
            warn_about(item.path, f"{v.subject}: {note}", FileBudgetWarning, 1)
        if v.status == "warn":
            warn_about(item.path, v.message, FileBudgetWarning, 1)
    failed = [v for v in verdicts if v.status == "fail"]
    if failed:
        raise BudgetExceeded("\n".join(v.message for v in failed), failed[0])


class _CleanItem(pytest.Item):
    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | Any:
        if isinstance(excinfo.value, (BudgetExceeded, PromptBudgetError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)


class BudgetFileItem(_CleanItem):
    """One configured file against its cap (and, for a skill, its frontmatter against its own)."""

    def __init__(self, *, fid: str, state: FilesState, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fid = fid
        self.state = state

    def runtest(self) -> None:
        from prompt_budget.files import check_file

        state = self.state
        verdicts = check_file(state.fileset, self.fid, cache=state.session.count_cache())
        _judge(self, state.session, verdicts)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        match = self.state.fileset.files.get(self.fid)
        ref = match.imported_by if match is not None else None
        return self.path, None, f"prompt-budget: {self.fid}" + (f" ({ref.source})" if ref else "")


class BudgetPlanItem(_CleanItem):
    """Missing must-load files, globs matching nothing, the must-load total and the load plan."""

    def __init__(self, *, state: FilesState, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state

    def runtest(self) -> None:
        _judge(self, self.state.session, self.state.report.session_verdicts)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, "prompt-budget: must-load total and load plan"


class BudgetFile(pytest.File):
    """The collector of a configured file's item, or, with no ``fid``, of the config file's plan item."""

    def __init__(self, *, state: FilesState, fid: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fid = fid
        self.state = state

    def collect(self) -> list[pytest.Item]:
        if self.fid is None:
            return [BudgetPlanItem.from_parent(self, name=PLAN_ITEM, state=self.state)]
        return [BudgetFileItem.from_parent(self, name=FILE_ITEM, fid=self.fid, state=self.state)]


def collect_budget_file(
    file_path: Path, parent: pytest.Collector, session: BudgetSession
) -> pytest.Collector | None:
    """``pytest_collect_file``: a matched file (or the config file, for the plan item) met while
    pytest walks the collected paths."""
    state = session.files
    if not state.enabled:
        return None
    if session.config.path is not None and file_path == session.config.path:
        return BudgetFile.from_parent(parent, path=file_path, state=state)
    match = state.fileset.match_path(file_path)
    if match is None or match.id in state.collected or not _same_place(file_path, match.path):
        return None
    state.collected.add(match.id)
    return BudgetFile.from_parent(parent, path=file_path, fid=match.id, state=state)


def _same_place(collected: Path, checked: Path) -> bool:
    """Whether pytest met the checked file under its own name, not through a link to it (``AGENTS.md``
    linking to ``CLAUDE.md``): the item is then named after the file, as the CLI and baselines name it.
    Folders are compared resolved (the project may sit under a linked folder)."""
    return collected.name == checked.name and collected.parent.resolve() == checked.parent.resolve()


def _collects_a_folder(pconfig: pytest.Config) -> bool:
    for arg in pconfig.args:
        path = Path(str(arg).split("::", 1)[0])
        if not path.is_absolute():
            path = pconfig.invocation_params.dir / path
        if path.is_dir():
            return True
    return False


def add_budget_items(session: pytest.Session, items: list[pytest.Item], budget: BudgetSession) -> None:
    """``pytest_collection_modifyitems`` (run first, so ``-k`` and ``-m`` apply): add the matched files
    pytest's walk did not reach (dot folders, files outside testpaths) and the plan item. A file
    already among the items is not added again."""
    state = budget.files
    if not state.enabled or not _collects_a_folder(session.config):
        return
    present = {item.fid for item in items if isinstance(item, BudgetFileItem)}
    collectors: list[pytest.File] = []
    for fid, match in state.fileset.files.items():
        if fid not in present:
            collectors.append(BudgetFile.from_parent(session, path=match.path, fid=fid, state=state))
    config_path = budget.config.path
    if config_path is not None and not any(isinstance(item, BudgetPlanItem) for item in items):
        collectors.append(BudgetFile.from_parent(session, path=config_path, state=state))
    for collector in collectors:
        added = [item for item in collector.collect() if isinstance(item, pytest.Item)]
        # Reported as pytest's own walk reports what it collects, so the terminal's "collected N
        # items" (and the "N deselected / M selected" that -k, -m and --lf print) count these too.
        report = pytest.CollectReport(collector.nodeid, "passed", None, list(added))
        session.ihook.pytest_collectreport(report=report)
        items.extend(added)
