"""PB105's cases from sets 83 and 84 (``Valid``/``Invalid``), spliced into ``pb105_set81_cases``: a threshold
ordered against a share of tokens a property or method of the module returns (``compared_shares``), and half of
a read named as the window bound to a local the function orders against a count of tokens (``budget_halves``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS
from prompt_budget.lint.rules.pb105_set85_cases import SET85_INVALID, SET85_VALID

#: Units a budget may count instead of tokens.
_UNITS = OTHER_UNITS


def _quota(used: str, limit: str, read: str = "quota.share", returned: str = "") -> str:
    """A quota whose ``share`` property returns ``used / limit``, a guard ordering ``read`` against a
    class constant."""
    ret = returned or f"min(1.0, self.{used} / self.{limit})"
    return (
        "class Quota:\n    @property\n    def share(self):\n"
        f"        if not self.{limit}:\n            return 0.0\n        return {ret}\n\n"
        "class Guard:\n    ROTATE_AT = 0.95\n\n    def record(self, quota):\n"
        f"        level = {read}\n        if level >= self.ROTATE_AT:\n            quota.full = True\n"
    )


def _kept(read: str, local: str, counted: str) -> str:
    """Half of ``read`` bound to ``local``, ordered against ``counted`` while history is cut."""
    return (
        f"def shrink(self, history):\n    {local} = {read} // 2\n    cut = len(history)\n"
        f"    while cut > 1 and {counted} <= {local}:\n        cut -= 1\n    return history[cut:]\n"
    )


SET83_VALID = (
    *SET85_VALID,  # sets 85 and 86
    # a share of another unit, or of money, a property returns; a property returning no share; a method
    # taking an argument
    *(Valid(_quota(f"used_{u}", f"max_{u}")) for u in _UNITS),
    Valid(_quota("spent_usd", "budget_usd")),
    Valid(_quota("tokens_used", "tokens_limit", returned="self.score")),
    Valid(
        "class Quota:\n    def share(self, n):\n        return self.tokens_used / n\n\n"
        "def guard(quota):\n    level = quota.share(3)\n    return level >= 0.95\n"
    ),
    # half of a window of another unit, a local named as another unit, or ordered against no count of tokens
    *(Valid(_kept(f"self.context_{u}", "target", "count_tokens(history[cut:])")) for u in _UNITS),
    Valid(_kept("self.profile.context", "target_chars", "count_tokens(history[cut:])")),
    Valid(_kept("self.profile.context", "target", "len(history[cut:])")),
    Valid(_kept("self.profile.size", "target", "count_tokens(history[cut:])")),
    # a count of tokens halved in place when over its cap, a parameter clamped to half a budget (sets 1-82:
    # l2mac's rate limiter, lightrag's rerank overlap)
    Valid(
        "def consume(self, text):\n    num_tokens = count_tokens(text)\n    while not self.bucket.take(num_tokens):\n"
        "        if num_tokens > self.token_limit:\n            num_tokens = self.token_limit // 2\n"
    ),
    Valid(
        "def chunk(docs, max_tokens, overlap_tokens):\n    if overlap_tokens >= max_tokens:\n"
        "        overlap_tokens = max_tokens // 2\n    return split(docs, max_tokens, overlap_tokens)\n"
    ),
)

SET83_INVALID = (
    *SET85_INVALID,  # sets 85 and 86
    # set 83: a rotation threshold on the share of a token quota a property returns (forge-agent)
    Invalid(_quota("tokens_used", "tokens_limit")),
    Invalid(_quota("tokens_used", "tokens_limit", read="quota.share()").replace("@property\n    ", "")),
    # set 83: half of the conversation's budget kept when it is summarized (agent-mini)
    Invalid(_kept("self.profile.context", "target", "estimate_messages_tokens(history[cut:])")),
)
