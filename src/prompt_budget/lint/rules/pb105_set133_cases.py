"""PB105's cases from sets 133 and 134 (issue 19): a share of a count of tokens is no budget's share because the
count is ordered against a threshold elsewhere (agentmesh-context's ``tokens_saved = int(token_count * 0.9)``,
a provider's discount on cached tokens, where ``token_count < self.MIN_TOKENS_FOR_CACHE`` returns early:
``shares._counts_tokens``). Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SAVINGS = (
    "class Strategy:\n    MIN_TOKENS_FOR_CACHE = 1024\n\n"
    "    def estimate_savings(self, {name}: int, is_cached: bool):\n"
    "        if not is_cached or {name} < self.MIN_TOKENS_FOR_CACHE:\n            return (0, 0.0)\n"
    "        tokens_saved = int({name} * 0.9)\n        return tokens_saved\n"
)

SET133_VALID = (Valid(_SAVINGS.format(name="token_count")), Valid(_SAVINGS.format(name="num_tokens")))

# a name saying nothing, ordered against the threshold as a budget is (set 85: ``physical``), stays one
SET133_INVALID = (Invalid(_SAVINGS.format(name="physical"), line=7),)
