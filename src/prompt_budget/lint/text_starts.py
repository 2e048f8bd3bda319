"""Where a pattern's matches start in a module's text, found without trying every position.

``re`` tries a pattern at every position of a text: over a whole module that costs far more than the
few places a match can start. A pattern whose every match starts with a word (``truncat``,
``max_length\\s*=``) or with one of a few characters (``[<>]=?\\s*[\\w.]*len``) is tried only where
``str.find`` finds one of them, with ``match``: the same starts ``finditer`` gives, several times faster
(the length gates of ``learned_lengths`` over the benchmark corpus: 4.1 s with ``finditer``, 0.6 s).

A pattern whose every match starts with one character that modules write hundreds of times (a quote, a
``-``: ``-\\s*\\(?[\\w.]*tok``), or with one of a class of them (``[\\"'](?:gpt-|o\\d)``, read as one pattern
per character), is left to ``re`` instead: ``re`` looks for a single leading character and tries the
rest there without going back to Python, several times faster than a ``str.find`` and a ``match`` per
place (a quoted model's name: 0.25 s -> 0.04 s over the corpus's parsed modules; for a character as
rare as ``<``, ``str.find`` is faster).
"""

from __future__ import annotations

import re

from prompt_budget.lint.precheck import literal_start, top_level_alternatives
from prompt_budget.lint.walks import kept_per_file

#: A leading class of plain or escaped punctuation characters (``[<>]``, ``[\\"']``): no range, no
#: negation, no class escape (``\\w``), no quantifier after it.
_CLASS = re.compile(r"\[((?:[^\]\\^-]|\\[^\w])(?:[^\]\\-]|\\[^\w])*)\](?![?*{+])")

#: An escaped character of a class (``\\"``: ``"``).
_ESCAPED = re.compile(r"\\(.)")

_FIRSTS: dict[re.Pattern[str], tuple[str, ...] | None] = {}


def match_starts(text: str, pattern: re.Pattern[str]) -> list[int]:
    """The offsets where ``pattern.finditer(text)`` finds its matches, in order."""
    by_char = _by_char(pattern)
    if by_char is not None:
        if len(by_char) == 1:
            return [m.start() for m in by_char[0].finditer(text)]
        spans = sorted((m.start(), m.end()) for one in by_char for m in one.finditer(text))
        # each character's matches are those ``finditer`` gives, unless a match of one started inside a
        # match of another (then ``finditer`` would have gone on from that match's end): tried below
        if all(spans[i - 1][1] <= spans[i][0] for i in range(1, len(spans))):
            return [start for start, _ in spans]
    firsts = _firsts(pattern)
    if firsts is None:
        return [m.start() for m in pattern.finditer(text)]
    if len(firsts) == 1:
        candidates = _occurrences(text, firsts[0])
    else:
        candidates = sorted({at for first in firsts for at in _occurrences(text, first)})
    out: list[int] = []
    end = 0
    match = pattern.match
    for at in candidates:
        if at < end:  # inside the last match: ``finditer`` goes on from its end
            continue
        found = match(text, at)
        if found is not None:
            out.append(at)
            end = max(found.end(), at + 1)
    return out


#: The last text asked about and, for each word looked for in it, its ``_occurrences``: the helpers'
#: patterns share their first words (``tok`` starts five of them, ``>`` three), each found once per module.
_found: list[tuple[str, dict[str, list[int]]]] = kept_per_file([])


def _occurrences(text: str, word: str) -> list[int]:
    """Every offset where ``word`` is written in ``text``, overlapping ones too (kept for the last text:
    read it, never change it)."""
    found = _found
    if found and found[0][0] is text:
        kept = found[0][1]
    else:
        kept = {}
        found[:] = [(text, kept)]
    out = kept.get(word)
    if out is None:
        out = kept[word] = _scan(text, word)
    return out


def _scan(text: str, word: str) -> list[int]:
    out: list[int] = []
    find = text.find
    at = find(word)
    while at >= 0:
        out.append(at)
        at = find(word, at + 1)
    return out


def _firsts(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """What every match of ``pattern`` starts with: the literal start of each top-level alternative, or
    the characters of a leading class; None when that cannot be read from the pattern (a flag changing
    matching, an alternative starting with anything else)."""
    if pattern in _FIRSTS:
        return _FIRSTS[pattern]
    found: tuple[str, ...] | None = None
    source = pattern.pattern
    # a flag written inside the pattern (``(?i)``) is in ``flags`` too; a group or a look-around after an
    # alternative's start changes nothing of where it starts
    if not pattern.flags & (re.IGNORECASE | re.VERBOSE):
        firsts: list[str] = []
        for alternative in top_level_alternatives(source):
            start = literal_start(alternative)
            if start:
                firsts.append(start)
                continue
            chars = _CLASS.match(alternative)
            if chars is None:
                firsts = []
                break
            firsts.extend(_ESCAPED.sub(r"\1", chars.group(1)))
        found = tuple(dict.fromkeys(firsts)) or None
    _FIRSTS[pattern] = found
    return found


_BY_CHAR: dict[re.Pattern[str], tuple[re.Pattern[str], ...] | None] = {}
#: Characters a module writes so often that ``re`` looking for them beats a ``str.find`` per place.
_FREQUENT = frozenset("\"'-")


def _by_char(pattern: re.Pattern[str]) -> tuple[re.Pattern[str], ...] | None:
    """``pattern`` itself when every match of it starts with one character written plainly, or one
    pattern per character of a leading class (``[<>]x``: ``<x`` and ``>x``), for ``re`` to look for each
    character at C speed; None for any other pattern (alternatives, a word, a flag changing matching)."""
    if pattern in _BY_CHAR:
        return _BY_CHAR[pattern]
    found: tuple[re.Pattern[str], ...] | None = None
    source = pattern.pattern
    if not pattern.flags & (re.IGNORECASE | re.VERBOSE) and len(top_level_alternatives(source)) == 1:
        if len(literal_start(source)) == 1 and source[:1] in _FREQUENT:
            found = (pattern,)
        elif (chars := _CLASS.match(source)) is not None:
            rest = source[chars.end() :]
            members = dict.fromkeys(_ESCAPED.sub(r"\1", chars.group(1)))
            if _FREQUENT.issuperset(members):
                found = tuple(re.compile(re.escape(char) + rest, pattern.flags) for char in members)
    _BY_CHAR[pattern] = found
    return found
