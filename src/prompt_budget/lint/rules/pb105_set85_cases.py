"""PB105's cases from sets 85 and 86 (``Valid``/``Invalid``), spliced into ``pb105_set83_cases``: a share
(a fraction, or a division by 3 to 16) of a local that its function orders against a count of tokens,
whatever the local's name and bindings say (``ordered_budgets``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a local may count instead of tokens.
_UNITS = OTHER_UNITS


def _capacity(counted: str, share: str, local: str = "physical") -> str:
    """A capacity unpacked from a getter, bound to ``local``, ordered against ``counted``, ``share`` of it
    (``{local}`` in ``share``) bound as the budget of a part."""
    return (
        "def prepare(model, messages, count):\n    window, maximum, reserve = capacity(model)\n"
        f"    {local} = min(window - reserve, maximum or window)\n"
        f"    if {counted} > {local}:\n        raise ValueError('too large')\n"
        f"    part = {share.format(local=local)}\n    return summarize(messages, part)\n"
    )


def _retry(scaled: str, given: str = "shrink=0.65**attempt") -> str:
    """A method scaling ``scaled`` by its parameter ``shrink``, called once per retry with ``given``."""
    return (
        "class Runner:\n    def prepare(self, messages, budget, *, shrink=1.0):\n"
        f"        return cut(messages, int({scaled} * shrink))\n\n"
        "    def run(self, messages, budget):\n        for attempt in range(3):\n"
        f"            out = self.prepare(messages, budget, {given})\n        return out\n"
    )


SET85_VALID = (
    # a factor per retry of another amount: lines, messages, characters, bytes, a delay, memory, cost
    *(Valid(_retry(f"max_{u}")) for u in _UNITS),
    Valid(_retry("len(messages)")),
    # not a power of a fraction, or given to a parameter the function does not multiply by
    Valid(_retry("count(messages).tokens", "shrink=2**attempt")),
    Valid(_retry("count(messages).tokens", "shrink=attempt")),
    Valid(_retry("count(messages).tokens", "label=0.65**attempt")),
    Valid("def wait(attempt):\n    sleep(delay=0.5**attempt)\n"),
    # the local is ordered against a count of another unit
    *(Valid(_capacity(f"counted.{u}", "int({local} * 0.45)")) for u in _UNITS),
    *(Valid(_capacity(f"len(messages) + used_{u}", "{local} // 4")) for u in _UNITS),
    # a local named for another unit, ordered against tokens (a conversion, PB104's)
    Valid(_capacity("count(messages).tokens", "int({local} * 0.45)", local="max_chars")),
    Valid(_capacity("count(messages).tokens", "{local} // 4", local="timeout_seconds")),
    # ordered against nothing, or only tested for equality with tokens
    Valid(_capacity("len(messages)", "int({local} * 0.45)")),
    Valid(_capacity("len(messages)", "{local} // 4").replace(" > physical", " == physical")),
    # halving is no share; a rate limiter's tokens are permits
    Valid(_capacity("count(messages).tokens", "{local} // 2")),
    Valid(_capacity("self.bucket.tokens", "int({local} * 0.45)")),
)

SET85_INVALID = (
    # set 85: licos-agent-runtime's budget shrunk on each retry the model rejects the context
    Invalid(_retry("count(messages).tokens"), line=7),
    Invalid(_retry("max_tokens"), line=7),
    # set 85: licos-agent-runtime's summary source, 0.45 of the physical capacity, and a quarter of it as
    # the summary's cap
    Invalid(_capacity("count(messages).tokens", "max(512, int({local} * 0.45))"), line=6),
    Invalid(_capacity("count(messages).tokens", "min(reserve, max(1, {local} // 4))"), line=6),
    # the local a parameter; the count a token counter's call
    Invalid(
        "def fit(text, room):\n    if count_tokens(text) <= room:\n        return text\n"
        "    return shorten(text, int(room * 0.8))\n",
        line=4,
    ),
)
