"""PB107's cases about tables built by calls rather than dict literals: rows naming a model and its
window (``Model("gemma-7b", context_window=8192)``), reported once per literal made mostly of them, and
rows of parameter specs whose ``default`` field holds a budget. Kept apart from the rule module to keep
both short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

CALL_VALID = (
    # counts of a response per model, no window beside them; a zero placeholder output (set 59)
    Valid('USAGE = {\n    "gpt-4o": Usage(prompt_tokens=1200, completion_tokens=3000),\n}\n'),
    Valid('SPECS = {\n    "vllm": Spec(context_tokens=0, response_tokens=0),\n}\n'),
    # a number named as something else in calls that name a model
    Valid(
        'a = Agent(model="gpt-4o", uptime_seconds=10000)\nb = Agent(model="claude-3-5-sonnet", pid=12345)\n'
    ),
    # settings read from the environment, their variables named after a model family (set 51:
    # pysubtrans's ``env_int``; set 42: qwen-agent's ``os.getenv``): defaults, not a model table
    Valid(
        'S = {\n    "max_tokens": s.get_int("max_tokens") or env_int("CLAUDE_MAX_TOKENS", 4096),\n'
        '    "max_thinking_tokens": s.get_int("t") or env_int("CLAUDE_MAX_THINKING_TOKENS", 1024),\n}\n'
    ),
    Valid('A = env.int("GPT4_MAX_TOKENS", 8192)\nB = env.int("GPT4O_CONTEXT", 128000)\n'),
    Valid('A = setting("CLAUDE_MAX_TOKENS", 4096)\nB = setting("CLAUDE_CONTEXT_WINDOW", 200_000)\n'),
    # pricing rows built by calls: prices are not windows (floats below 1024)
    Valid('PRICES = [_price("gpt-4o", 2.5, 10.0), _price("gpt-4o-mini", 0.15, 0.6)]'),
    # pricing tiers per model: "cost"/"price" in the callee
    Valid('TIERS = [price_tier("gpt-4o", 128_000), price_tier("gpt-4.1", 200_000)]'),
    # rows of specs: the budget's bounds are no default, a row that is no budget (set 23)
    Valid(
        "@dataclass\nclass Spec:\n    key: str\n    lo: int\n    hi: int\n    default: Any\n\n"
        'SPECS = (Spec("max_new_tokens", 1, 100_000, None), Spec("steps", 1, 10_000, 500))\n'
    ),
)

CALL_INVALID = (
    # the default of a budget in rows of specs of a class the module defines (set 23: axolotl)
    Invalid(
        "@dataclass\nclass Spec:\n    key: str\n    lo: int\n    hi: int\n    default: Any\n\n"
        'SPECS = (\n    Spec("temperature", 0, 5, 1),\n    Spec("max_new_tokens", 1, 100_000, 512),\n)\n',
        line=10,
        key="specs_max_new_tokens",
    ),
    Invalid(
        "class Spec(NamedTuple):\n    name: str\n    default: int\n\n"
        'A = Spec("max_tokens", 256)\nB = Spec("context_window", default=8192)\n',
        count=2,
    ),
    # a table built by calls rather than a dict literal: once per literal made mostly of its rows
    # (set 22: opik), once per row for rows standing alone or among other rows
    Invalid(
        'configs = [\n    dict(name="gemma-7b", context_window=8192),\n    dict(name="llama-3-8b", context_window=8192),\n]\n',
        line=1,
    ),
    Invalid(
        'register(Model("gemma-7b", context_window=8192))\nregister(Model("llama-3-8b", context_window=8192))\n',
        count=2,
    ),
    # a model named in capitals is still a model (no variable name: ``_`` never joins its words)
    Invalid(
        'add(Model("GPT-4", context_window=8192))\nadd(Model("GPT-4-32K", context_window=32768))\n', count=2
    ),
    Invalid(
        'ARGS = [\n    Model("gemma-7b", context_window=8192),\n    Model("llama-3-8b", context_window=8192),\n'
        "    Other(a=1),\n    Other(a=2),\n    Other(a=3),\n]\n",
        count=2,
    ),
    Invalid(
        'CONTEXT_WINDOWS = {\n    **_windows(("gpt-4.1", "gpt-4.1-mini"), 1_047_576),\n    **_windows(("gpt-4o",), 128_000),\n}\n',
    ),
    # a model table written as calls keyed by the model, its output beside its window (set 59: symbolicai)
    Invalid(
        'SPECS = {\n    "claude-opus-4-6": Spec(context_tokens=LONG_CONTEXT, response_tokens=128_000),\n'
        '    "claude-sonnet-4-6": Spec(context_tokens=LONG_CONTEXT, response_tokens=64_000),\n}\n',
        count=2,
    ),
    Invalid(
        'ROUTER_MODEL_SPECS = {\n    "router/auto": Spec(context_tokens=262_144, response_tokens=65_536),\n}\n',
        line=2,
    ),
)
