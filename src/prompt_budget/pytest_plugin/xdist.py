"""Controller-side merge of worker results under pytest-xdist."""

from __future__ import annotations

from typing import Any

import pytest

from prompt_budget.pytest_plugin.session import BudgetSession


class XdistController:
    def __init__(self, session: BudgetSession) -> None:
        self.session = session

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        pass
