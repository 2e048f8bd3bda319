"""PB103's cases from set 85 (tuner P, ``fraction_shares.shared_amount``), spliced into
``pb103_set73_cases``: a literal floor of a share of a token amount rounded by ``int()``/``round()``
(``max(512, int(max_tokens * 0.45))``), and of a share of a local its function orders against a count of
tokens (``max(512, int(physical * 0.45))`` where ``if fixed.tokens > physical``, ``ordered_budgets``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a local may count instead of tokens.
_UNITS = OTHER_UNITS


def _floor(counted: str, share: str) -> str:
    """``physical`` ordered against ``counted``, ``share`` of it (``{local}``) bound as a part's budget."""
    return (
        "def prepare(model, messages, count):\n    physical = capacity(model)\n"
        f"    if {counted} > physical:\n        raise ValueError('too large')\n"
        f"    part = {share.format(local='physical')}\n    return summarize(messages, part)\n"
    )


SET85_FLOOR_VALID = (
    # the local is ordered against a count of another unit
    *(Valid(_floor(f"counted.{u}", "max(512, int({local} * 0.45))")) for u in _UNITS),
    # ordered against nothing; a floor of the local itself, or of no share
    Valid(_floor("len(messages)", "max(512, int({local} * 0.45))")),
    Valid(_floor("len(messages)", "max(512, int({local}))")),
    # set 85: lumi-harness's floor of a size in bytes converted from a token budget first
    Valid("RATE = 0.125\n\ndef shrink(max_tokens):\n    return max(int(max_tokens / RATE * 0.75), 1024)\n"),
    # a reserve's floor taken off the budget: PB106's (set 81: agent47)
    Valid("def room(window_tokens):\n    return window_tokens - max(128, int(window_tokens * 0.10))\n"),
    # a rounded share of an amount of another unit
    *(Valid(f"def part(max_{u}):\n    return max(512, int(max_{u} * 0.45))\n") for u in _UNITS),
)

SET85_FLOOR_INVALID = (
    # set 85: licos-agent-runtime's summary source, at least 512 tokens of 0.45 of the capacity
    Invalid(_floor("count(messages).tokens", "max(512, int({local} * 0.45))"), line=5),
    Invalid("def part(max_tokens):\n    return max(512, int(max_tokens * 0.45))\n", line=2),
    Invalid("def part(context_window):\n    return max(round(context_window * 0.3), 1024)\n", line=2),
)
