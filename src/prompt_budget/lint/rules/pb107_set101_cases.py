"""PB107's cases from sets 101 and 102 (issue 19, tuner R): a table of rows built by a class the module
defines, whose field given by position is a token budget by its name (set 101: tyrion-cli's
``_BUILTIN_LIMITS = {"gpt-4o": ModelLimits(128_000, 16_384), ...}``, fields ``context_window`` and
``max_output_tokens``; ``pb107_field_rows``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LIMITS = (
    "from dataclasses import dataclass\n\n@dataclass(frozen=True)\nclass Limits:\n"
    "    {first}: int\n    {second}: int\n\n"
)


def _table(first: str, second: str, rows: str = "(128_000, 16_384)", other: str = "(8_192, 2_048)") -> str:
    """A class of the module with two int fields, and a table of its rows keyed by model."""
    return (
        _LIMITS.format(first=first, second=second)
        + f'LIMITS = {{\n    "acme-large": Limits{rows},\n    "acme-small": Limits{other},\n}}\n'
    )


SET101_VALID = (
    # the fields named as another unit: characters, bytes, lines, messages, seconds, memory, cost, price
    *(
        Valid(_table(first, second))
        for first, second in (
            ("max_chars", "max_bytes"),
            ("max_lines", "max_messages"),
            ("timeout_seconds", "memory_mb"),
            ("cost", "price"),
            ("width", "height"),
        )
    ),
    # numbers too small to be a model's window, a row given no literal, rows spread from a tuple
    Valid(_table("context_window", "max_output_tokens", "(128, 16)", "(64, 8)")),
    Valid(_table("context_window", "max_output_tokens", "(window, 16_384)", "(8_192, output_cap)")),
    Valid(_table("context_window", "max_output_tokens", "(*LARGE)", "(*SMALL)")),
    # one row standing alone; a class the module does not define (its fields are not known here)
    Valid(
        _LIMITS.format(first="context_window", second="max_output_tokens")
        + "DEFAULT = Limits(128_000, 4_096)\n"
    ),
    Valid(
        'from limits import Limits\nLIMITS = {"acme-large": Limits(128_000, 16_384), "acme-small": Limits(8_192, 2_048)}\n'
    ),
)

SET101_INVALID = (
    # the fields given by keyword: a table of rows too, one finding on it (sets 231-232, ``pb107_keyed_rows``;
    # before, PB101 judged each row's number)
    Invalid(
        _table("context_window", "max_output_tokens", "(context_window=128_000)", "(context_window=8_192)"),
        line=8,
    ),
    # a model -> (window, output cap) table of a dataclass's rows given by position (set 101: tyrion-cli)
    Invalid(_table("context_window", "max_output_tokens"), line=8),
    # the budget the second field, a list of rows, a class with an ``__init__``
    Invalid(_table("name_length", "max_output_tokens", "(64, 16_384)", "(32, 4_096)"), line=8),
    Invalid(
        "class Tier:\n    def __init__(self, name, max_tokens):\n        self.name = name\n"
        "        self.max_tokens = max_tokens\n\n"
        'TIERS = [Tier("small", 2048), Tier("large", 8192)]\n',
        line=6,
    ),
    # rows naming their model and a window field: one finding, not a second as a table of calls
    Invalid(
        "from dataclasses import dataclass\n\n@dataclass\nclass Model:\n    name: str\n    context_window: int\n\n"
        'MODELS = [Model("gpt-4o", 128_000), Model("claude-3-5-sonnet", 200_000)]\n',
        line=8,
    ),
)
