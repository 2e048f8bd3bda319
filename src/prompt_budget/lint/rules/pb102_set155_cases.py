"""PB102's cases from sets 155 and 156 (issue 19): the least window a feature runs in (set 156: natshell's
``MemoryConfig.min_ctx: int = 16384``, ``ctx`` being a window of tokens) and the room kept free of the window
(``context_reserve``) are budgets by their names. ``min_context`` stays a bare count (lines of a diff's context,
as the issue's own false alarm ``context_length: int = 50``). A reserve by its name taken off a local that only
holds tokens (set 156: natshell's ``target = self.context_budget - system_tokens`` ... ``summary_reserve = 200`` ...
``kept_tokens <= target - summary_reserve``). A parameter clamping the local a budget getter returns (set 156:
natshell's ``def advise_max_tokens(..., max_value: int = 65536)``: ``candidate = min(candidate, max_value)`` ...
``return candidate``: ``getter_returns``). A budget's name bound to a string of digits in a settings class (set 155:
phantom-agent's ``phantom_max_context_ceiling = "131072"``, read through ``int(Config.get(...))``:
``string_budgets``); a version, an id or a name that is no budget is not. A factor of a product bound to a count of
tokens that the statement's comment gives in tokens (set 156: aluminatiai's ``tokens = samples * epochs * 512  #
~512 tokens/sample average``: ``commented_products``); a few tokens of overhead, or a comment giving another unit,
are not. Spliced into ``pb102_set117_cases``.
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

_SETTINGS = 'class Config:\n    """Settings, each replaced by its environment variable."""\n\n    {name} = "{value}"\n'

_PRODUCT = "def jpt(samples, epochs, joules):\n    {target} = samples * epochs * {value}  # {comment}\n    return joules / {target}\n"

SET155_VALID = (
    Valid(_PRODUCT.format(target="tokens", value=512, comment="512 bytes a sample")),
    Valid(_PRODUCT.format(target="tokens", value=3, comment="3 tokens of overhead each")),
    Valid(_PRODUCT.format(target="pages", value=512, comment="~512 tokens/sample average")),
    Valid(_SETTINGS.format(name="api_version", value="20240101")),
    Valid(_SETTINGS.format(name="max_tokens", value="v4096")),
    Valid(_SETTINGS.format(name="telegram_token", value="123456789")),
    Valid('def f():\n    max_tokens = "4096"\n    return max_tokens\n'),
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
    Invalid(_PRODUCT.format(target="tokens", value=512, comment="~512 tokens/sample average"), line=2),
    Invalid(
        _SETTINGS.format(name="phantom_max_context_ceiling", value="131072") + "    # in tokens\n", line=4
    ),
    Invalid('MAX_TOKENS = "4096"\n', line=1),
    Invalid(_ADVISE.format(fn="advise_max_tokens", kept="candidate"), line=1),
    Invalid(_TRIM.format(whole="self.context_budget", name="summary_reserve"), line=3),
    Invalid("@dataclass\nclass MemoryConfig:\n    enabled: bool = True\n    min_ctx: int = 16384\n", line=4),
    Invalid(
        'class AgentConfig:\n    """The agent loop\'s token accounting."""\n\n    context_reserve: int = 800\n',
        line=4,
    ),
)
