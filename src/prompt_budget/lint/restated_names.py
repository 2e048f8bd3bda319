"""A comment or help text that only restates a setting's name (``context_max_length = 4000  #
Maximum context length``) says nothing of its unit: the words matching a unit's pattern must say more
than the name does. Kept apart from ``window_lengths`` so the judgement stays small."""

from __future__ import annotations

import re

from prompt_budget.lint.names import words


def says_beyond_name(pattern: re.Pattern[str], said: str, name_words: tuple[str, ...]) -> bool:
    """``pattern`` matches ``said`` somewhere with a word the name does not hold: ``"Maximum length of
    the tokenized sequence"`` says more of ``max_length``, ``"Maximum context length"`` says nothing more
    of ``context_max_length`` (set 72: fennec-rag)."""
    own = set(name_words)
    return any(not set(words(m.group(0))) <= own for m in pattern.finditer(said))
