"""A dict whose rows each give one budget's key a number is one table, reported once with all rules on
(``prompt_budget.lint.rules.pb107_keyed_rows``; sets 231 and 232: xdharness's providers, localforge's profiles):
the rows' own PB101 findings fall inside it, and a table another reading of PB107 reports keeps that reading's
message."""

from __future__ import annotations

from lint_helpers import lint_snippet

PROVIDERS = """
SETTINGS = {
    "providers": {
        "ollama": {"base_url": "http://localhost:11434/v1", "context_window": 8192},
        "openai": {"base_url": "https://api.openai.com/v1", "context_window": 128000},
        "groq": {"base_url": "https://api.groq.com/openai/v1", "context_window": 128000},
    },
}
"""

MODELS = """
MODEL_LIMITS = {
    "gpt-4o": {"context_window": 128000, "max_output_tokens": 16384},
    "claude-3-5-sonnet": {"context_window": 200000, "max_output_tokens": 8192},
}
"""


def test_rows_of_one_budget_key_are_one_table_finding() -> None:
    found = [(f.line, f.code, f.message.split(" written")[0]) for f in lint_snippet(PROVIDERS)]
    assert found == [(3, "PB107", "table of token budgets")]


def test_a_model_table_keeps_its_own_message() -> None:
    found = [(f.line, f.code, f.message.split(" written")[0]) for f in lint_snippet(MODELS)]
    assert found == [(2, "PB107", "table of per-model token limits")]


def test_rows_of_timeouts_are_no_table() -> None:
    assert lint_snippet(PROVIDERS.replace("context_window", "timeout")) == []
