"""Controller-side merge of worker results under pytest-xdist.

Registered by ``pytest_configure`` only on the controller and only when xdist is loaded; the hook is
also ``optionalhook=True`` so a missing xdist never breaks plugin validation."""

from __future__ import annotations

from typing import Any

import pytest

from prompt_budget.pytest_plugin.session import WORKER_KEY, BudgetSession

__all__ = ["XdistController"]


class XdistController:
    def __init__(self, session: BudgetSession) -> None:
        self.session = session

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        output = getattr(node, "workeroutput", None) or {}
        worker = str((getattr(node, "gateway", None) and node.gateway.id) or "?")
        self.session.merge(output.get(WORKER_KEY), worker)
