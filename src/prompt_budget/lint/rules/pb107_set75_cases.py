"""PB107's cases from sets 75 and 76 (issue 19): tables of providers' windows. Spliced into the rule's
cases through ``pb107_set63_cases`` (the rule's module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET75_VALID = (
    # providers keyed to something else than a window: seconds, requests, prices, memory, small numbers
    Valid('PROVIDER_TIMEOUT_SECONDS = {"anthropic": 600, "openai": 900}\n'),
    Valid('RATE_WINDOW = {"anthropic": 60000, "openai": 60000}\n'),
    Valid('PROVIDER_WINDOW_MESSAGES = {"anthropic": 5000, "openai": 5000}\n'),
    Valid('PROVIDER_COST = {"anthropic": 15000, "openai": 10000}\n'),
    Valid('PROVIDER_MEMORY_WINDOW = {"anthropic": 8192, "openai": 8192}\n'),
    # a window named table of providers whose numbers no model's window is (turns, lines)
    Valid('PROVIDER_WINDOW = {"anthropic": 20, "openai": 30}\n'),
    # libraries, not services
    Valid('BACKEND_WINDOW = {"transformers": 4096, "langchain": 4096}\n'),
    # providers keyed to numbers in a table whose name says no window or budget
    Valid('PROVIDER_PRIORITY = {"anthropic": 1000, "openai": 2000}\n'),
)

SET75_INVALID = (
    # a table named as a window, keyed by providers, rows window-sized (set 75: miiflow-agent's
    # fallback window per provider for models the registry does not know)
    Invalid(
        '_PROVIDER_FALLBACK_WINDOW = {\n    "anthropic": 200_000,\n    "openai": 128_000,\n'
        '    "gemini": 1_000_000,\n    "ollama": 32_000,\n}\n',
        line=1,
    ),
    Invalid('DEFAULT_CONTEXT = {"anthropic": 200000, "mistral": 32000, "groq": 8192}\n', line=1),
)
