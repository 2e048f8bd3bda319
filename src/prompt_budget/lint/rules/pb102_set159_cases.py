"""PB102's cases from sets 159 and 160 (issue 19): a default whose name says no unit, converted to characters
by a rate of characters per token (set 160: memweave's ``chunk_markdown(content, chunk_tokens=400,
chunk_overlap=80)``, whose ``overlap_chars = max(0, chunk_overlap * 4)`` makes the overlap a number of tokens:
``char_conversions``). A product bound to a name saying no characters, a read whose name says another unit
(``max_words * 5``), and a multiplier no rate of characters per token (``* 60``), are not. Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CHUNKER = (
    "def chunk_markdown(content, {param}: int = 80):\n"
    "    {target} = max(0, {param} * {rate})\n"
    "    return [content[i : i + {target}] for i in range(0, len(content), {target} or 1)]\n"
)

SET159_VALID = (
    Valid(_CHUNKER.format(param="chunk_overlap", target="overlap_size", rate="4")),
    Valid(_CHUNKER.format(param="max_words", target="overlap_chars", rate="5")),
    Valid(_CHUNKER.format(param="chunk_overlap", target="overlap_chars", rate="60")),
)

SET159_INVALID = (
    Invalid(_CHUNKER.format(param="chunk_overlap", target="overlap_chars", rate="4"), line=1),
    Invalid(
        _CHUNKER.format(param="chunk_overlap", target="max_characters", rate="3.5").replace("max(0, ", "("),
        line=1,
    ),
)
