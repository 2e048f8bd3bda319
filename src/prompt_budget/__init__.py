"""pytest-prompt-budget: token budgets for LLM prompts, skill files and agent code.

``import prompt_budget`` is cheap: the public names below are loaded on first use, so neither libcst,
rich nor any tokenizer backend is imported until something needs it.
"""

from __future__ import annotations

import importlib

from prompt_budget._version import __version__
from prompt_budget.errors import (
    BudgetExceeded,
    ConfigError,
    PromptBudgetError,
    TokenizerUnavailable,
)

# Not `from typing import TYPE_CHECKING`: typing costs 9 ms, and the console script imports this
# package first.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prompt_budget.budget import assert_within_budget, check, check_sections
    from prompt_budget.config import Config, load_config
    from prompt_budget.counting import count
    from prompt_budget.hookspecs import hookimpl
    from prompt_budget.model import SectionUsage, Usage, Verdict
    from prompt_budget.tokenizers import Tokenizer, get_tokenizer
    from prompt_budget.truncation import assemble, truncate
    from prompt_budget.values import value

__all__ = [
    "BudgetExceeded",
    "Config",
    "ConfigError",
    "PromptBudgetError",
    "SectionUsage",
    "Tokenizer",
    "TokenizerUnavailable",
    "Usage",
    "Verdict",
    "__version__",
    "assemble",
    "assert_within_budget",
    "check",
    "check_sections",
    "count",
    "get_tokenizer",
    "hookimpl",
    "load_config",
    "truncate",
    "value",
]

_LAZY: dict[str, str] = {
    "assert_within_budget": "prompt_budget.budget",
    "check": "prompt_budget.budget",
    "check_sections": "prompt_budget.budget",
    "Config": "prompt_budget.config",
    "load_config": "prompt_budget.config",
    "count": "prompt_budget.counting",
    "hookimpl": "prompt_budget.hookspecs",
    "SectionUsage": "prompt_budget.model",
    "Usage": "prompt_budget.model",
    "Verdict": "prompt_budget.model",
    "Tokenizer": "prompt_budget.tokenizers",
    "get_tokenizer": "prompt_budget.tokenizers",
    "assemble": "prompt_budget.truncation",
    "truncate": "prompt_budget.truncation",
    "value": "prompt_budget.values",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'prompt_budget' has no attribute {name!r}")
    obj = getattr(importlib.import_module(module), name)
    globals()[name] = obj
    return obj


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
