"""A number the statement's own comment spells in tokens (``max(max_tokens, 30)  # At least 30
tokens``): the comment states the literal's unit, so a bound under the rules' smallest reported value
is still a token bound (set 32: optillm's floor on a generation cap). Only the same number followed by
``token``/``tokens`` counts; a comment that merely mentions tokens does not lower any minimum."""

from __future__ import annotations

import re
from typing import Final

from prompt_budget.lint.names import UNIT_WORDS, words


def comment_spells_tokens(comment: str, value: float) -> bool:
    """``comment`` spells ``value`` as a number of tokens (``30 tokens``, ``30-token``)."""
    if not comment or not float(value).is_integer() or value < 2:
        return False
    number = rf"(?<![\d.,_]){int(value)}(?![\d.,_]\d)"
    return re.search(rf"{number}\s*(?:-\s*)?tokens?\b", comment, re.IGNORECASE) is not None


#: A characters-per-token rate inside a comment: ``chars / 4``, ``4 chars per token``, ``~4 chars/token``,
#: ``characters divided by 4``. It names characters only as the conversion of the comment's tokens.
_CHAR_RATE = re.compile(
    r"(?:\d+(?:\.\d+)?\s*)?\b(?:chars?|characters?)\s*(?:/|÷|divided\s+by)\s*\d+(?:\.\d+)?"
    r"|(?:\d+(?:\.\d+)?\s*)?\b(?:chars?|characters?)\s*(?:/|per)\s*tokens?\b",
    re.IGNORECASE,
)


#: Units besides tokens a comment may give its number in (``# lines, not tokens (chars / 4 ...)``).
_OTHER_UNITS: Final = UNIT_WORDS | {
    "second",
    "secs",
    "ms",
    "memory",
    "cents",
    "dollars",
    "usd",
    "kb",
    "mb",
    "gb",
}


#: A time per token inside a comment: ``~2 ms per token``, ``0.5 s/token``: a speed, no amount of tokens.
_TIME_RATE = re.compile(
    r"\b(?:ms|msec|milliseconds?|s|secs?|seconds?|us|µs)\s*(?:/|per)\s*tokens?\b", re.IGNORECASE
)


def without_char_rates(comment: str) -> str:
    """``comment`` less its times per token and characters-per-token rates (``# tokens (approx chars / 4)`` ->
    ``# tokens (approx )``): what is left says which unit the number itself is in. A comment whose rest names
    another unit (lines, seconds, memory, cost, messages), or no tokens besides the rate's (``# 4 chars
    per token elsewhere``), is kept whole: its characters still count."""
    if "per" in comment or "/" in comment:  # ``# ... (sorting 32k probs costs ~2 ms per token)`` (set 585)
        comment = _TIME_RATE.sub(" ", comment)
    if "char" not in comment.lower():
        return comment
    rest = _CHAR_RATE.sub(" ", comment)
    said = {w.lower() for w in words(rest)}
    return rest if "token" in said | {w.rstrip("s") for w in said} and not _OTHER_UNITS & said else comment


#: A size a comment gives in bytes or characters: ``16 KB``, ``100K chars``, ``2 MiB``, ``4096 bytes``.
_SIZE = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s*(k|m)?\s*(kb|kib|mb|mib|bytes?|chars?|characters?)\b",
    re.IGNORECASE,
)
_SCALES: Final = {
    "k": (1000, 1024),
    "kb": (1000, 1024),
    "kib": (1024,),
    "m": (10**6, 2**20),
    "mb": (10**6, 2**20),
}


def comment_sizes_value(comment: str, value: float) -> bool:
    """``comment`` gives ``value`` itself as a size in bytes or characters (``MAX_OUTPUT = 16_384  # 16 KB —
    keeps tool results within ~4K tokens``, set 120: operator-ai): the number is that size, and any tokens
    the comment names are what it is worth."""
    for match in _SIZE.finditer(comment or ""):
        number, prefix, unit = float(match.group(1)), (match.group(2) or "").lower(), match.group(3).lower()
        scales = _SCALES.get(prefix) or _SCALES.get(unit) or (1,)
        if any(abs(number * scale - value) <= 0.02 * value for scale in scales):
            return True
    return False
