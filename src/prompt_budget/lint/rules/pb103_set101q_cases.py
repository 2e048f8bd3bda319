"""PB103's cases from what sets 101 and 102 left (issue 19, tuner Q): a clamp of a token amount scaled into
words by a rate, bound to a name of words (``words_per_chunk = max(50, int(max_tokens * 0.75))``, set 101:
helm-ai's indexer), floors a number of words, not of tokens (``word_floors``). Spliced into
``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A chunker flooring ``{name}``, a share of ``max_tokens``.
_CHUNKS = (
    "def chunk(content, max_tokens=400):\n    words = content.split()\n"
    "    {name} = {clamp}(50, int(max_tokens * 0.75))\n    return [words[i : i + {name}] for i in range(0, len(words), {name})]\n"
)

SET101Q_VALID = (
    Valid(_CHUNKS.format(name="words_per_chunk", clamp="max")),
    Valid(_CHUNKS.format(name="max_words", clamp="min")),
    Valid(_CHUNKS.format(name="chunk_word_count", clamp="max")),
)

SET101Q_INVALID = (
    # the same floor kept in tokens: a least number of tokens
    Invalid(_CHUNKS.format(name="tokens_per_chunk", clamp="max"), line=3),
)
