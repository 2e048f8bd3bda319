"""Support for the ``turn_budget`` fixture: a ``TurnBudget`` per test, recorded in the session report
and checked at teardown.

A call or turn past its cap raises ``BudgetExceeded`` at once, which fails the test. If the agent under
test catches that exception and the test would pass, teardown fails it instead (reported as an error
in teardown); if the test already failed, teardown adds nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from prompt_budget.pytest_plugin.session import get_session
from prompt_budget.turns import TurnBudget

__all__ = ["turn_budget_fixture"]


def turn_budget_fixture(request: pytest.FixtureRequest) -> Iterator[TurnBudget]:
    budget = TurnBudget()
    failed_before = request.session.testsfailed
    yield budget
    session = get_session(request.config)
    if session is not None:
        from prompt_budget.report.junit import properties

        for record in budget.records(request.node.nodeid):
            request.node.user_properties.extend(properties(session.record(record)))
    if budget.over and request.session.testsfailed == failed_before:
        __tracebackhide__ = True
        budget.check()
