"""PB106's cases from sets 83 and 84 (``Valid``/``Invalid``), spliced into ``pb106_total_cases``: a module
constant named as room added with a count of tokens to a budget (``summed_reserves``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS


def _overhead(name: str, counted: str, budget: str, again: str = "") -> str:
    """``name = 1024`` added to ``counted`` and ``budget``."""
    return (
        f"{name} = 1024\n{again}\n"
        f"def overhead(tools):\n    return ({counted} if tools else 0) + {name} + {budget}\n"
    )


SET83_VALID = (
    # a sum of another unit, of a string's length, without a budget or a count of tokens; a constant named
    # as no room, named as a budget (PB102's), or bound again
    *(
        Valid(_overhead("PROMPT_RESERVE", f"count_{u}(str(tools))", f"MAX_REPLY_{u.upper()}"))
        for u in OTHER_UNITS
    ),
    Valid(_overhead("PROMPT_RESERVE", "len(str(tools))", "MAX_REPLY_TOKENS")),
    Valid(_overhead("PROMPT_RESERVE", "count_tokens(str(tools))", "extra")),
    Valid(_overhead("PROMPT_RESERVE", "len(tools)", "MAX_REPLY_TOKENS")),
    Valid(_overhead("PAGE_SIZE", "count_tokens(str(tools))", "MAX_REPLY_TOKENS")),
    Valid(
        _overhead(
            "PROMPT_RESERVE", "count_tokens(str(tools))", "MAX_REPLY_TOKENS", again="PROMPT_RESERVE = 2048\n"
        )
    ),
    Valid("def overhead(tools):\n    return count_tokens(str(tools)) + 1024 + MAX_REPLY_TOKENS\n"),
)

SET83_INVALID = (
    # set 83: room for the system prompt beside the reply's cap and the tools' tokens, sizing the window
    # the server is asked for (agent-mini's ``context_overhead``)
    Invalid(_overhead("_PROMPT_RESERVE", "count_tokens(str(tools))", "MAX_REPLY_TOKENS")),
    Invalid(_overhead("SCHEMA_OVERHEAD", "estimate_tokens(str(tools))", "self.max_output_tokens")),
)
