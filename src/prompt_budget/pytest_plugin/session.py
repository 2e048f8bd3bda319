"""The state of one pytest run: the resolved config and every check recorded, pass or fail."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from prompt_budget.config import Config, load_config

__all__ = ["BudgetSession", "get_session", "set_session"]

_KEY = pytest.StashKey["BudgetSession"]()


def get_session(config: pytest.Config) -> BudgetSession | None:
    return config.stash.get(_KEY, None)


def set_session(config: pytest.Config, session: BudgetSession) -> None:
    config.stash[_KEY] = session


@dataclass
class BudgetSession:
    config: Config
    options: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_pytest(cls, pconfig: pytest.Config) -> BudgetSession:
        explicit = pconfig.getoption("--prompt-budget-config")
        config = load_config(explicit, start=pconfig.rootpath)
        tokenizer = pconfig.getoption("--prompt-budget-tokenizer")
        if tokenizer:
            config = config.with_overrides(tokenizer=tokenizer)
        options = {
            "report": pconfig.getoption("--prompt-budget-report"),
            "update": pconfig.getoption("--prompt-budget-update"),
            "prune": pconfig.getoption("--prompt-budget-prune"),
            "max_growth": pconfig.getoption("--prompt-budget-max-growth"),
            "lint": pconfig.getoption("--prompt-budget-lint"),
            "files": not pconfig.getoption("--no-prompt-budget-files"),
            "offline": pconfig.getoption("--prompt-budget-offline"),
            "verbose": pconfig.getoption("verbose") > 0,
        }
        return cls(config=config, options=options)

    def record(self, entry: dict[str, Any]) -> None:
        self.records.append(entry)

    def finish(self, session: pytest.Session) -> None:
        pass

    def terminal_summary(self, reporter: pytest.TerminalReporter) -> None:
        pass
