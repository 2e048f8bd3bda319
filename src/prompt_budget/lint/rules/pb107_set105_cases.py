"""PB107's cases from set 105 (issue 19, tuner B): a table of (model, window) pairs whose key is a tuple of
model names, a family's prefixes sharing one window (set 105: autopoe's ``_STATIC_CONTEXT_WINDOWS =
((("gpt-5", "gpt-4.1", ...), 128_000), ...)``, ``pb107_host_rows.pair_rows``); and a table of tuple rows
unpacked into a budget whose budget column holds ``None`` for a level setting none (set 105:
quartermaster-engine's ``THINKING_LEVELS = {"off": (False, None), "low": (True, 1024), ...}``,
``pb107_tuple_rows``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: Windows by family, found by a loop over the prefixes of each row.
_FAMILIES = (
    '{name} = (\n    (("gpt-4.1", "gpt-4o", "o3"), {first}),\n    (("claude-3", "claude-opus-4"), {second}),\n)\n\n'
    "def window(model_id):\n    for prefixes, limit in {name}:\n"
    "        if any(model_id.startswith(p) for p in prefixes):\n            return limit\n    return None\n"
)
#: Levels of a setting, each a flag and an amount (``None`` when off), a row unpacked and given on.
_LEVELS = (
    'LEVELS = {{\n    "off": (False, None),\n    "low": (True, 1024),\n    "high": (True, 16384),\n}}\n\n'
    "def configure(client, level):\n    enabled, {var} = LEVELS.get(level, (False, None))\n"
    "    return client.create(enabled=enabled, {var}={var})\n"
)

SET105_VALID = (
    # the families' numbers named as another unit: lines, messages, characters, bytes, seconds, memory,
    # cost, price; or numbers that are no amounts (prices)
    *(
        Valid(_FAMILIES.format(name=name, first="128_000", second="200_000"))
        for name in (
            "CONTEXT_LINE_LIMITS",
            "CONTEXT_MESSAGE_LIMITS",
            "CONTEXT_CHAR_LIMITS",
            "CONTEXT_BYTE_LIMITS",
            "CONTEXT_SECONDS_LIMITS",
            "CONTEXT_MEMORY_LIMITS",
            "CONTEXT_COST_LIMITS",
            "CONTEXT_PRICE_LIMITS",
        )
    ),
    Valid(_FAMILIES.format(name="PRICES_BY_FAMILY", first="2.5", second="3.0")),
    # keys that name no models (groups of regions), or mixing a string and a number
    Valid('CONTEXT_WINDOWS = ((("eu-west", "eu-north"), 128_000), (("us-east",), 200_000))\n'),
    Valid('CONTEXT_WINDOWS = ((("gpt-4o", 1), 128_000), (("claude-3", 2), 200_000))\n'),
    # the levels' column given on as another unit
    *(
        Valid(_LEVELS.format(var=var))
        for var in (
            "max_lines",
            "max_messages",
            "max_chars",
            "max_bytes",
            "timeout_seconds",
            "memory_limit",
            "max_cost",
            "max_price",
        )
    ),
    # one level only sets an amount: no table of budgets
    Valid(
        'LEVELS = {"off": (False, None), "on": (True, 4096)}\n\n'
        "def configure(client, level):\n    enabled, thinking_budget = LEVELS.get(level, (False, None))\n"
        "    return client.create(enabled=enabled, thinking_budget=thinking_budget)\n"
    ),
)

SET105_INVALID = (
    # set 105: autopoe's windows by family, read by a loop over each row's prefixes
    Invalid(_FAMILIES.format(name="_KNOWN_CONTEXT_WINDOWS", first="128_000", second="200_000"), line=1),
    # the key a list, the rows a list; a row keyed by one name beside rows keyed by several
    Invalid('CONTEXT_WINDOWS = [(["gpt-4o", "gpt-4.1"], 128_000), ("claude-3", 200_000)]\n'),
    # set 105: quartermaster-engine's thinking levels, "off" setting no budget
    Invalid(_LEVELS.format(var="thinking_budget"), line=1),
    Invalid(_LEVELS.format(var="budget_tokens"), line=1),
)
