"""PB102's cases from sets 173 and 174 (issue 19, and set 169): a cap of characters whose comment derives it from a
number of tokens at a stated rate of characters per token, the product being the number (set 173: lacuna-wiki's
``_MAX_EMBED_CHARS = 8000`` under ``# count_tokens() estimates 1 token ≈ 4 chars, so 2000 tokens ≈ 8000
chars``; set 169: antcrew's ``_MAX_SOURCE_CHARS = 160_000`` under ``# (≈ 40 k tokens at 4 chars/token)``:
``stated_rates.stated_conversion``): the token budget, written in characters. A comment whose product is another
number, or that states no rate, says nothing. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_STATED = (
    "# nomic-embed-text:v1.5 caps at 2048 tokens.\n"
    "# {comment}\n"
    "_MAX_EMBED_CHARS = 8000\n"
    "\n"
    "\n"
    "def batches(texts):\n"
    "    return [t[:_MAX_EMBED_CHARS] for t in texts]\n"
)

SET173_VALID = (
    Valid(_STATED.format(comment="count_tokens() estimates 1 token ≈ 4 chars, so 1500 tokens ≈ 6000 chars.")),
    Valid(_STATED.format(comment="About 2000 tokens; truncate to stay safely under the limit.")),
)

SET173_INVALID = (
    Invalid(
        _STATED.format(comment="count_tokens() estimates 1 token ≈ 4 chars, so 2000 tokens ≈ 8000 chars."),
        line=3,
    ),
    Invalid(_STATED.format(comment="Max total chars fed to the LLM (≈ 2 k tokens at 4 chars/token)"), line=3),
)
