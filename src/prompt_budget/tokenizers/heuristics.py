"""Character-based estimates, exactly as the design documents specify them.

- ``chars4``: ceil(chars / 4)
- ``conservative``: (chars * 3) // 8 in integer arithmetic (chars / 4 with a 1.5 safety multiplier)
- ``words``: max(words + 0.5 * punctuation + 0.5 * code characters, chars / 4), rounded up, where words
  are runs of non-space characters, punctuation is any of ``.,;!?'"-(){}[]`` and code characters any of
  ``{}[];=<>`` (a bracket is in both sets and so counts 1).

"chars" is the number of Unicode code points (``len(text)``). These are estimates: ``exact`` is False
and reports say so.
"""

from __future__ import annotations

import re
from typing import Final

from prompt_budget.tokenizers.base import CountOnly

PUNCTUATION: Final = frozenset(".,;!?'\"-(){}[]")
CODE_CHARS: Final = frozenset("{}[];=<>")
_WORD = re.compile(r"\S+")
_PUNCT_TABLE: Final = {ord(c): None for c in PUNCTUATION}
_CODE_TABLE: Final = {ord(c): None for c in CODE_CHARS}


class Heuristic(CountOnly):
    """Base for the character-based estimates."""

    exact: bool = False
    lru_min_chars: int = 64

    @property
    def cache_key(self) -> str:
        return f"{self.name}@1"

    def __repr__(self) -> str:
        return f"<tokenizer {self.name} (estimate)>"


class Chars4(Heuristic):
    name = "chars4"
    lru_min_chars = 1 << 62  # O(1): never worth caching

    def count(self, text: str) -> int:
        return -(-len(text) // 4)


class Conservative(Heuristic):
    name = "conservative"
    lru_min_chars = 1 << 62  # O(1): never worth caching

    def count(self, text: str) -> int:
        return (len(text) * 3) // 8


class Words(Heuristic):
    name = "words"

    def count(self, text: str) -> int:
        n = len(text)
        words = len(_WORD.findall(text))
        punct = n - len(text.translate(_PUNCT_TABLE))
        code = n - len(text.translate(_CODE_TABLE))
        # In quarter tokens, to stay in integers: 4 * (w + p/2 + c/2) vs 4 * (n / 4).
        quarters = max(4 * words + 2 * punct + 2 * code, n)
        return -(-quarters // 4)


HEURISTICS: Final[dict[str, type[Heuristic]]] = {cls.name: cls for cls in (Chars4, Conservative, Words)}
