"""The pytest plugin (entry point ``pytest11: prompt_budget``).

Hooks here are a few lines each, calling the run's one ``BudgetSession``, kept in ``config.stash``
(``session.py``): options (``options.py``), records, files and lint state, the count cache, the
baseline outcome. Fixtures in ``fixtures.py``, collected file items in ``items.py``, lint items in
``lint_items.py``, the baseline step in ``baselines.py``; ``XdistController`` merges the xdist workers' records.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from prompt_budget.pytest_plugin.fixtures import Fixtures, PromptBudget
from prompt_budget.pytest_plugin.options import add_options
from prompt_budget.pytest_plugin.session import WORKER_KEY, BudgetSession, get_session
from prompt_budget.pytest_plugin.warning import PromptBudgetWarning

__all__ = ["PromptBudget", "PromptBudgetWarning"]

MARKER_HELP = (
    "prompt_budget(max_tokens=None, tokenizer=None, sections=None): defaults for the prompt_budget "
    "fixture in this test: the cap for .check(), the tokenizer spec, and section caps for "
    ".check_sections()."
)


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", MARKER_HELP)
    session = BudgetSession.start(config)
    config.pluginmanager.register(Fixtures(session), "prompt_budget_fixtures")
    if config.pluginmanager.hasplugin("xdist") and not session.is_worker:
        config.pluginmanager.register(XdistController(session), "prompt_budget_xdist_controller")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    session = get_session(parent.config)
    if session is None:
        return None
    from prompt_budget.pytest_plugin.items import collect_budget_file

    return collect_budget_file(file_path, parent, session) or session.collect_lint(file_path, parent)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, items: list[pytest.Item]) -> None:
    # tryfirst: the file items are added before -k / -m deselect (items.add_budget_items)
    budget = get_session(session.config)
    if budget is not None:
        from prompt_budget.pytest_plugin.items import add_budget_items

        add_budget_items(session, items, budget)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_protocol(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, object, object]:
    # The item the prompt_budget fixture binds to (BudgetSession.running).
    budget = get_session(item.config)
    if budget is None:
        return (yield)
    budget.running.append(item)
    try:
        return (yield)
    finally:
        budget.running.pop()


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    budget = get_session(session.config)
    if budget is not None:
        budget.finish(session)


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    budget = get_session(terminalreporter.config)
    if budget is not None:
        budget.terminal_summary(terminalreporter)


class XdistController:
    """The xdist controller's merge of each worker's records, registered only on the controller when
    xdist is loaded (``optionalhook``: a missing xdist never breaks plugin validation)."""

    def __init__(self, session: BudgetSession) -> None:
        self.session = session

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        output = getattr(node, "workeroutput", None) or {}
        worker = str((getattr(node, "gateway", None) and node.gateway.id) or "?")
        self.session.merge(output.get(WORKER_KEY), worker)
