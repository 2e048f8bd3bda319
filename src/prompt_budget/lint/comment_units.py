"""A number the statement's own comment spells in tokens (``max(max_tokens, 30)  # At least 30
tokens``): the comment states the literal's unit, so a bound under the rules' smallest reported value
is still a token bound (set 32: optillm's floor on a generation cap). Only the same number followed by
``token``/``tokens`` counts; a comment that merely mentions tokens does not lower any minimum."""

from __future__ import annotations

import re


def comment_spells_tokens(comment: str, value: float) -> bool:
    """``comment`` spells ``value`` as a number of tokens (``30 tokens``, ``30-token``)."""
    if not comment or not float(value).is_integer() or value < 2:
        return False
    number = rf"(?<![\d.,_]){int(value)}(?![\d.,_]\d)"
    return re.search(rf"{number}\s*(?:-\s*)?tokens?\b", comment, re.IGNORECASE) is not None
