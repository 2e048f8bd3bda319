"""PB107's cases from what sets 93 and 94 left (issue 19, tuner T): a table of sizes keyed by labels,
named for nothing, whose row is the default of a class field that the class's methods give as a budget
of tokens (``preset_reach``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PROFILE = (
    "from dataclasses import dataclass\n"
    "from engine import Policy\n\n"
    "SIZES = {'small': 16_384, 'medium': 65_536, 'large': 200_000}\n"
)

SET93T_VALID = (
    # the same table, its row the default of a field that is a number of lines, seconds, bytes, memory
    Valid(
        _PROFILE + "DEFAULT = SIZES['medium']\n\n@dataclass\nclass Viewer:\n    lines: int = DEFAULT\n\n"
        "    def show(self, text):\n        return text.splitlines()[: self.lines]\n"
    ),
    Valid(
        _PROFILE + "@dataclass\nclass Cache:\n    size: int = SIZES['large']\n\n"
        "    def store(self):\n        return Policy(max_bytes=self.size, timeout_seconds=30)\n"
    ),
    Valid(
        _PROFILE + "@dataclass\nclass Pool:\n    memory: int = SIZES['small']\n\n"
        "    def fits(self, used_memory):\n        return used_memory < self.memory\n"
    ),
    # a row read where nothing says tokens
    Valid(_PROFILE + "DEFAULT = SIZES['medium']\n\ndef label(n):\n    return f'{n:,}'\n"),
)

SET93T_INVALID = (
    # set 94: inquirycraft's window presets, one of them the default window of a chat profile
    Invalid(
        _PROFILE + "DEFAULT = SIZES['large']\n\n@dataclass\nclass Profile:\n    window: int = DEFAULT\n"
        "    reserve: int = 4096\n\n    def policy(self):\n        limit = self.window - self.reserve\n"
        "        return Policy(max_context_tokens=max(1, limit))\n",
        line=4,
    ),
    # the row given as the default directly, read by .get()
    Invalid(
        _PROFILE + "class Session:\n    capacity = SIZES.get('medium')\n\n"
        "    def request(self, client, prompt):\n        return client.create(prompt=prompt, max_tokens=self.capacity)\n",
        line=4,
    ),
)
