"""PB104's cases from sets 173 and 174 (issue 19): an amount of tokens turned into words by a rate below one,
bound to a name of words (set 173: lacuna-wiki's ``words = int(tokens * 0.75)`` and ``approx_words =
int(token_count * 0.75)``: ``word_allowances.words_from_tokens``), reported as words per token. A product bound
to a name of another unit, or of an amount saying nothing of tokens, is not one. Spliced into
``pb104_set123_cases``.
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

SET173_VALID = (
    Valid(_WORDS.format(target="scaled", amount="tokens")),
    Valid(_WORDS.format(target="words", amount="size")),
)

SET173_INVALID = (
    Invalid(_WORDS.format(target="words", amount="tokens"), line=4),
    Invalid(_WORDS.format(target="approx_words", amount="tokens"), line=4),
)
