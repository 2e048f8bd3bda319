"""PB105's cases from sets 171 and 172 (issue 19). Set 172 (mycontext-ai): a budget grown by a factor into a
copy's attribute of the same name (``optimized.token_budget = int(self.token_budget * 1.3)`` beside the shares
0.7 and 0.5 of its other strategies: ``budget_growth._rescaled_growth``), not into another attribute; and a
reduction share scaling a text's own count of tokens into a target ordered against a later count
(``target_tokens = int(original_tokens * (1 - target_reduction))`` ... ``if current_tokens > target_tokens``:
``scaled_counts.scaled_count``), not one never compared with tokens. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_COPY = (
    "class Blueprint:\n"
    "    def optimize(self, strategy):\n"
    "        optimized = self.model_copy()\n"
    '        if strategy == "quality":\n'
    "            optimized.{target} = int(self.token_budget * 1.3)\n"
    "        return optimized\n"
)

_REDUCED = (
    "class TokenOptimizer:\n"
    "    def optimize(self, text: str, target_reduction: float = 0.2) -> str:\n"
    "        original_tokens = self.count_tokens(text)\n"
    "        target_tokens = int(original_tokens * (1 - target_reduction))\n"
    "        optimized = self._compress(text)\n"
    "        {check}\n"
    "            optimized = self._remove_examples(optimized)\n"
    "        return optimized\n"
)

SET171_VALID = (
    Valid(_COPY.format(target="timeout")),
    Valid(_REDUCED.format(check="if len(optimized) > target_tokens * 4:")),
)

SET171_INVALID = (
    Invalid(_COPY.format(target="token_budget"), line=5),
    Invalid(_REDUCED.format(check="if self.count_tokens(optimized) > target_tokens:"), line=2),
)
