"""PB107's cases from set 105 (issue 19, tuner B): a table of (model, window) pairs whose key is a tuple of
model names, a family's prefixes sharing one window (set 105: autopoe's ``_STATIC_CONTEXT_WINDOWS =
((("gpt-5", "gpt-4.1", ...), 128_000), ...)``, ``pb107_host_rows.pair_rows``); and a table of tuple rows
whose name says nothing, looped over by a function named as a budget's getter returning a row's number
(``def infer_context_window_tokens(model_id): for prefixes, limit in T: ... return limit``,
``pb107_unpacked_rows``); and a table of tuple rows unpacked into a budget whose budget column holds
``None`` for a level setting none (set 105: quartermaster-engine's ``THINKING_LEVELS = {"off": (False, None), "low": (True, 1024), ...}``,
``pb107_tuple_rows``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNIT_CAPS

#: Windows by family, found by a loop over the prefixes of each row.
_FAMILIES = (
    'import tiktoken\n\n{name} = (\n    (("gpt-4.1", "gpt-4o", "o3"), {first}),\n    (("claude-3", "claude-opus-4"), {second}),\n)\n\n'
    "def window(model_id):\n    for prefixes, limit in {name}:\n"
    "        if any(model_id.startswith(p) for p in prefixes):\n            return limit\n    return None\n"
)
#: Levels of a setting, each a flag and an amount (``None`` when off), a row unpacked and given on.
_LEVELS = (
    'import tiktoken\n\nLEVELS = {{\n    "off": (False, None),\n    "low": (True, 1024),\n    "high": (True, 16384),\n}}\n\n'
    "def configure(client, level):\n    enabled, {var} = LEVELS.get(level, (False, None))\n"
    "    return client.create(enabled=enabled, {var}={var})\n"
)

#: A table whose name says nothing, a loop over it returning a row's number from ``{getter}`` .
_RETURNED = (
    'import tiktoken\n\n_KNOWN = (\n    (("gpt-4.1", "gpt-4o"), 128_000),\n    (("claude-3", "claude-opus-4"), 200_000),\n)\n\n'
    "def {getter}(model_id):\n    for prefixes, value in _KNOWN:\n"
    "        if any(model_id.startswith(p) for p in prefixes):\n            return {returned}\n    return None\n"
)

# Each template imports a tokenizer so that the rule's pre-check reads the module: a VALID case must stay
# quiet by the rule's reading, not by being skipped.

SET105_VALID = (
    # the getter returning the table's number is named for another unit, or for no budget
    *(
        Valid(_RETURNED.format(getter=getter, returned="value"))
        for getter in (
            "max_lines_for",
            "max_messages_for",
            "max_chars_for",
            "max_bytes_for",
            "timeout_seconds_for",
            "memory_limit_for",
            "cost_for",
            "price_for",
            "lookup",
        )
    ),
    # a budget's getter returning the row's key, not its number
    Valid(_RETURNED.format(getter="get_context_window", returned="prefixes")),
    # the families' numbers named as another unit: lines, messages, characters, bytes, seconds, memory,
    # cost, price; or numbers that are no amounts (prices)
    *(
        Valid(_FAMILIES.format(name=name, first="128_000", second="200_000"))
        for name in (
            "CONTEXT_SIZE_LINES",
            "CONTEXT_SIZE_MESSAGES",
            "CONTEXT_SIZE_CHARS",
            "CONTEXT_SIZE_BYTES",
            "CONTEXT_LIMIT_SECONDS",
            "CONTEXT_VRAM_LIMITS"  # memory,
            "CONTEXT_COST_LIMITS",
            "CONTEXT_PRICE_LIMITS",
        )
    ),
    Valid(_FAMILIES.format(name="PRICES_BY_FAMILY", first="2.5", second="3.0")),
    # keys that name no models (groups of regions), or mixing a string and a number
    Valid('CONTEXT_WINDOWS = ((("eu-west", "eu-north"), 128_000), (("us-east",), 200_000))\n'),
    Valid('CONTEXT_WINDOWS = ((("gpt-4o", 1), 128_000), (("claude-3", 2), 200_000))\n'),
    # the levels' column given on as another unit
    *(Valid(_LEVELS.format(var=var)) for var in OTHER_UNIT_CAPS),
    # one level only sets an amount: no table of budgets
    Valid(
        'LEVELS = {"off": (False, None), "on": (True, 4096)}\n\n'
        "def configure(client, level):\n    enabled, thinking_budget = LEVELS.get(level, (False, None))\n"
        "    return client.create(enabled=enabled, thinking_budget=thinking_budget)\n"
    ),
)

SET105_INVALID = (
    # the same table named for nothing, the loop returning its number from a budget's getter
    Invalid(_RETURNED.format(getter="infer_context_window_tokens", returned="value"), line=3),
    Invalid(
        '_KNOWN = [("gpt-4o", 128_000), ("claude-3", 200_000)]\n\n'
        "def max_input_tokens(model):\n    for prefix, size in _KNOWN:\n"
        "        if model.startswith(prefix):\n            return size\n    return None\n",
        line=1,
    ),
    # set 105: autopoe's windows by family, read by a loop over each row's prefixes
    Invalid(_FAMILIES.format(name="_KNOWN_CONTEXT_WINDOWS", first="128_000", second="200_000"), line=3),
    # the key a list, the rows a list; a row keyed by one name beside rows keyed by several
    Invalid('CONTEXT_WINDOWS = [(["gpt-4o", "gpt-4.1"], 128_000), ("claude-3", 200_000)]\n'),
    # set 105: quartermaster-engine's thinking levels, "off" setting no budget
    Invalid(_LEVELS.format(var="thinking_budget"), line=3),
    Invalid(_LEVELS.format(var="budget_tokens"), line=3),
)
