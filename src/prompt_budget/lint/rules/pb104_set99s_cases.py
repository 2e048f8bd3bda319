"""PB104's cases from what sets 99 and 100 left (issue 19, tuner S): a parameter scaled by the rate a
parameter named as tokens is scaled by in the same function, the product an offset of a local or an
index that holds characters (``ov = overlap * 2`` beside ``step = tokens * 2``, ``i += step - ov``; set
100: eidetic-memory's chunker; ``token_defaults.sibling_in_tokens``, ``char_offsets``). Spliced into
``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

_CHUNKER = (
    "def chunk_text(text, {size}=400, {other}=80):\n"
    "    step = {size} * 2\n"
    "    ov = {other} * 2\n"
    "    out, i = [], 0\n"
    "    while i < len(text):\n"
    "        out.append(text[i:i + step])\n"
    "        {advance}\n"
    "    return out\n"
)

SET99S_VALID = (
    # the sibling's name says no tokens: lines, messages, chars, bytes, seconds, memory, cost, price
    *(Valid(_CHUNKER.format(size=unit, other="overlap", advance="i += step - ov")) for unit in OTHER_UNITS),
)

SET99S_INVALID = (
    # the overlap's product is no offset of what holds characters (a count of retries): the tokens' rate alone
    Invalid(
        _CHUNKER.format(size="tokens", other="overlap", advance="i += step\n        retries = ov - 1"), line=2
    ),
    Invalid(_CHUNKER.format(size="tokens", other="overlap", advance="i += step - ov"), line=2, count=2),
    # the index moved by the overlap's product alone
    Invalid(
        _CHUNKER.format(size="max_tokens", other="overlap", advance="i += step\n        i -= ov"),
        line=2,
        count=2,
    ),
)
