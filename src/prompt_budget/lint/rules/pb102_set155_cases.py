"""PB102's cases from sets 155 and 156 (issue 19): the least window a feature runs in (set 156: natshell's
``MemoryConfig.min_ctx: int = 16384``, ``ctx`` being a window of tokens) and the room kept free of the window
(``context_reserve``) are budgets by their names. ``min_context`` stays a bare count (lines of a diff's context,
as the issue's own false alarm ``context_length: int = 50``). A reserve by its name taken off a local that only
holds tokens (set 156: natshell's ``target = self.context_budget - system_tokens`` ... ``summary_reserve = 200`` ...
``kept_tokens <= target - summary_reserve``). A parameter clamping the local a budget getter returns (set 156:
natshell's ``def advise_max_tokens(..., max_value: int = 65536)``: ``candidate = min(candidate, max_value)`` ...
``return candidate``: ``getter_returns``). Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_TRIM = (
    "def trim(self, system, count_tokens):\n    target = {whole} - count_tokens(system)\n"
    "    {name} = 200\n    return target - {name}\n"
)

_ADVISE = (
    "def {fn}(current, records, max_value: int = 65536):\n    if not records:\n        return current\n"
    "    candidate = int(current * 1.4)\n    {kept} = min(candidate, max_value)\n    return {kept}\n"
)

SET155_VALID = (
    Valid(_ADVISE.format(fn="advise_page_size", kept="candidate")),
    Valid(_ADVISE.format(fn="advise_max_tokens", kept="other").replace("return other", "return current")),
    # what is left of characters, or a number not named as a reserve
    Valid(
        _TRIM.format(whole="len(self.text)", name="summary_reserve").replace(
            "count_tokens(system)", "len(system)"
        )
    ),
    Valid(_TRIM.format(whole="self.context_budget", name="offset")),
    Valid("class DiffConfig:\n    min_context: int = 3\n"),
    Valid("MIN_CONTEXT = 5\n"),
)

SET155_INVALID = (
    Invalid(_ADVISE.format(fn="advise_max_tokens", kept="candidate"), line=1),
    Invalid(_TRIM.format(whole="self.context_budget", name="summary_reserve"), line=3),
    Invalid("@dataclass\nclass MemoryConfig:\n    enabled: bool = True\n    min_ctx: int = 16384\n", line=4),
    Invalid(
        'class AgentConfig:\n    """The agent loop\'s token accounting."""\n\n    context_reserve: int = 800\n',
        line=4,
    ),
)
