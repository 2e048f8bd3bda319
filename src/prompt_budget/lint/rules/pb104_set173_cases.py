"""PB104's cases from sets 173 and 174 (issue 19): an amount of tokens turned into words by a rate below one,
bound to a name of words (set 173: lacuna-wiki's ``words = int(tokens * 0.75)`` and ``approx_words =
int(token_count * 0.75)``: ``word_allowances.words_from_tokens``), reported as words per token. A product bound
to a name of another unit, or of an amount saying nothing of tokens, is not one. And a size in bytes divided by a
rate as a term of a sum of tokens bound to a name of tokens (m1-m2-agent's ``estimated_single_model_tokens =
m1_tokens_consumed + int(raw_context_bytes / 4.0) + m2_tokens_consumed``: ``pb104_context.result_is_tokens``).
Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_WORDS = (
    "def research_gaps(rows):\n"
    "    out = []\n"
    "    for slug, tokens, size in rows:\n"
    "        {target} = int({amount} * 0.75)\n"
    "        out.append((slug, {target}))\n"
    "    return out\n"
)

_SUMMED = (
    "class Metrics:\n"
    "    def summary(self):\n"
    "        {target} = (\n"
    "            self.data.m1_tokens_consumed\n"
    "            + int(self.data.raw_context_bytes / 4.0)\n"
    "            + self.data.m2_tokens_consumed\n"
    "        )\n"
    "        return {target}\n"
)

SET173_VALID = (
    Valid(_SUMMED.format(target="blended_score")),
    Valid(_WORDS.format(target="scaled", amount="tokens")),
    Valid(_WORDS.format(target="words", amount="size")),
)

SET173_INVALID = (
    Invalid(_SUMMED.format(target="estimated_single_model_tokens"), line=5),
    Invalid(_WORDS.format(target="words", amount="tokens"), line=4),
    Invalid(_WORDS.format(target="approx_words", amount="tokens"), line=4),
)
