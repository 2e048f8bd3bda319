"""PB107's cases from what sets 99 and 100 left (issue 19, tuner S): tables of (model, window) pairs under
a key per host or provider, looked up by a prefix loop (set 99: lovia's ``_ANTHROPIC_CONTEXT_WINDOWS``;
``pb107_host_rows``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET99S_VALID = (
    # pairs under hosts that are prices, requests per minute, seconds, bytes: named so, or not a window
    Valid(
        'PRICES_BY_HOST = {"api.a.com": (("gpt-4o", 2.5), ("claude-3", 3.0)), "api.b.com": (("qwen-2", 1.0),)}'
    ),
    Valid('RPM_WINDOWS = {"api.a.com": (("gpt-4o", 10000), ("claude-3", 4000))}'),
    Valid('TIMEOUTS = {"api.a.com": (("gpt-4o", 600), ("claude-3", 900))}'),
    Valid('MAX_BYTES = {"api.a.com": (("gpt-4o", 65536), ("claude-3", 65536))}'),
    # keys that name no model (lines, message counts); one row only; a row that is no pair
    Valid('CONTEXT_WINDOWS = {"a": (("lines", 2000), ("messages", 4000))}'),
    Valid('CONTEXT_WINDOWS = {"api.a.com": (("gpt-4o", 128_000),)}'),
    Valid('CONTEXT_WINDOWS = {"api.a.com": (("gpt-4o", 128_000), ("claude-3", 200_000, "beta"))}'),
    # a table of aliases under hosts: no numbers
    Valid('CONTEXT_WINDOWS = {"api.a.com": (("gpt-4o", "gpt-4o-2024"), ("claude-3", "claude-3-opus"))}'),
)

SET99S_INVALID = (
    Invalid(
        "_CONTEXT_WINDOWS: Mapping[str, tuple[tuple[str, int], ...]] = {\n"
        '    "api.example.com": (\n        ("claude-opus-4-6", 1_000_000),\n        ("claude-", 200_000),\n    ),\n'
        '    "api.other.com": (("deepseek-v4-pro", 1_048_565),),\n}\n',
        line=1,
    ),
    Invalid(
        'MODEL_CONTEXT_WINDOWS = {"openai": [("gpt-4.1", 1_047_576), ("gpt-5", 400_000)], "local": [("llama-3", 8192)]}'
    ),
)
