"""PB106's cases of a context window a function returns as a number (``getter_windows``; set 55:
patchwork-cli's ``__get_model_limit``), kept apart from the rule module."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GETTER = (
    "class Client:\n"
    "    def _limit(self, model):\n"
    "        margin = 40_000\n"
    "        if model in SMALL:\n"
    "            return 100_000 - margin\n"
    "        return 200_000 - margin\n\n"
)
_FALLBACK = (
    "class Client:\n"
    "    def _limits(self, model):\n"
    "        for info in self.models():\n"
    "            if info.name == model:\n"
    "                return info.input_token_limit\n"
    "        return 1_000_000\n\n"
)

GETTER_VALID = (
    # the result is no token amount's bound: a page of rows
    Valid(_FALLBACK + "    def page(self, rows, model):\n        return rows[: self._limits(model)]\n"),
    # no token count meets the result
    Valid(_GETTER + "    def room(self, model, used):\n        return self._limit(model) - used\n"),
    # a getter named as a token budget is PB102's
    Valid(
        "def get_context_window(model):\n    return 8192\n\n"
        "def room(model, prompt_tokens):\n    return get_context_window(model) - prompt_tokens\n"
    ),
)
GETTER_INVALID = (
    # the windows and the reserve taken off them, the result bound to a local a token count is taken off
    Invalid(
        _GETTER + "    def room(self, messages, model):\n        limit = self._limit(model)\n"
        "        return limit - count_tokens(messages)\n",
        count=3,
    ),
    # a fallback window after a lookup, the result compared with a token count
    Invalid(
        _FALLBACK
        + "    def fits(self, model, prompt_tokens):\n        return prompt_tokens < self._limits(model)\n",
        line=6,
    ),
)
