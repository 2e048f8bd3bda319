"""The pre-check: the cheap textual test that decides whether a file is parsed at all."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def precheck(text: str, rules: Sequence[type[LintRule]], lowered: str | None = None) -> bool:
    """The cheap textual test: could any rule find something in this text? Patterns are matched
    against the lower-cased text (case-insensitive matching in ``re`` is several times slower). Each
    pattern is searched at most once per file, and a pattern made of alternatives that each start with
    a word (``token|ctx|budget``) only once one of those words is in the text (``in`` is many times
    faster than the regular expression that fails on most files). ``lowered``: ``text.lower()``, when the
    caller has it."""
    if lowered is None:
        lowered = text.lower()
    seen: dict[re.Pattern[str], bool] = {}
    # several patterns share guard words (PB105's holds PB101's): each word is looked for once
    held: dict[str, bool] = {}

    def holds(word: str) -> bool:
        hit = held.get(word)
        if hit is None:
            hit = held[word] = word in lowered
        return hit

    def found(pattern: re.Pattern[str]) -> bool:
        hit = seen.get(pattern)
        if hit is None:
            parts = _split(pattern)
            if parts is not None:  # the alternatives that start with a word, then the others
                hit = any(found(part) for part in parts)  # noqa: F821 - bound until the check ends
            else:
                words = _literal_guard(pattern)
                if any(holds(w) for w in _whole_words(pattern)):
                    hit = True  # an alternative that is a plain word is in the text: the pattern matches
                elif words is not None and (anchored := _anchored(pattern)) is not None:
                    # every alternative starts with a word: try each only where its word is written
                    hit = any(holds(w) and _matches_at(lowered, w, alt) for w, alt in anchored)
                else:
                    hit = (words is None or any(holds(w) for w in words)) and bool(pattern.search(lowered))
            seen[pattern] = hit
        return hit

    try:
        return any(all(found(p) for p in rule.PRECHECK) for rule in rules)
    finally:
        del found  # it calls itself: without this every file's lowered text waits for the collector


_GUARDS: dict[re.Pattern[str], tuple[str, ...] | None] = {}
_QUANTIFIERS = frozenset("?*{")
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_- ")


_SPLITS: dict[re.Pattern[str], tuple[re.Pattern[str], re.Pattern[str]] | None] = {}
#: Groups other than ``(?:`` and scoped flags (``(?i:model)``), backreferences: splitting the
#: alternatives could change what they mean (a global flag, ``(?i)``, applies to every alternative).
_UNSPLITTABLE = re.compile(r"\(\?(?![aiLmsux-]*:)|\\[1-9]")


def _split(pattern: re.Pattern[str]) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """``pattern``'s top-level alternatives that start with a word (guarded by ``in``) and the others,
    as two patterns one of which matches where ``pattern`` does; None when every alternative starts with
    a word, none does, or the pattern cannot be split (flags, groups other than ``(?:`` and scoped flags
    such as ``(?i:model)``, backreferences).
    ``'"gpt-4":\\s*\\d|token|budget'`` searched whole tries every ``t`` and ``b`` of a file; the first
    alternative alone only its quotes, and the words are looked for with ``in``."""
    if pattern in _SPLITS:
        return _SPLITS[pattern]
    parts = None
    source = pattern.pattern
    if not (pattern.flags & (re.IGNORECASE | re.VERBOSE) or _UNSPLITTABLE.search(source)):
        alternatives = top_level_alternatives(source)
        guarded = [a for a in alternatives if literal_start(a)]
        rest = [a for a in alternatives if not literal_start(a)]
        if guarded and rest:
            parts = (re.compile("|".join(guarded), pattern.flags), re.compile("|".join(rest), pattern.flags))
    _SPLITS[pattern] = parts
    return parts


def literal_start(alternative: str) -> str:
    """The plain characters an alternative starts with and every match of it holds ("" if none); an
    escaped punctuation mark is itself (``api\\.`` starts ``api.``)."""
    run: list[str] = []
    i = 0
    while i < len(alternative):
        char, step = alternative[i], 1
        if char == "\\" and i + 1 < len(alternative) and not alternative[i + 1].isalnum():
            char, step = alternative[i + 1], 2
        elif char not in _PLAIN:
            break
        if alternative[i + step : i + step + 1] in _QUANTIFIERS:  # the quantified character may be absent
            break
        run.append(char)
        i += step
    return "".join(run)


def _literal_guard(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Words one of which every match of ``pattern`` contains: the literal start of each top-level
    alternative (``context`` for ``context_?(?:window|size)``); None when an alternative starts with
    anything but a literal (a class, a group, an escape) or the pattern has flags that change matching."""
    if pattern in _GUARDS:
        return _GUARDS[pattern]
    guard: tuple[str, ...] | None = None
    if not pattern.flags & (re.IGNORECASE | re.VERBOSE):
        words: list[str] = []
        for alternative in top_level_alternatives(pattern.pattern):
            run = literal_start(alternative)
            if not run:
                words = []
                break
            words.append(run)
        guard = tuple(words) if words else None
    _GUARDS[pattern] = guard
    return guard


_ANCHORED: dict[re.Pattern[str], tuple[tuple[str, re.Pattern[str]], ...] | None] = {}


def _anchored(pattern: re.Pattern[str]) -> tuple[tuple[str, re.Pattern[str]], ...] | None:
    """``pattern``'s top-level alternatives that are not plain words, grouped by the word each starts
    with, as (word, the alternatives compiled alone); None when the pattern cannot be split (flags,
    groups other than ``(?:``, backreferences) or an alternative starts with no word. A match of
    ``pattern`` starts where one of these words is written, so trying the alternatives there alone
    (``match`` at each place the word is found) finds what ``search`` would, without trying every
    position of the text: ``max_(?:completion|response)_len|chunk_(?:size|len)`` is tried at each
    ``max_`` and ``chunk_``, not at each character."""
    if pattern in _ANCHORED:
        return _ANCHORED[pattern]
    found: tuple[tuple[str, re.Pattern[str]], ...] | None = None
    source = pattern.pattern
    if not (pattern.flags & (re.IGNORECASE | re.VERBOSE) or _UNSPLITTABLE.search(source)):
        grouped: dict[str, list[str]] = {}
        for alternative in top_level_alternatives(source):
            start = literal_start(alternative)
            if not start:
                grouped = {}
                break
            if start != alternative:  # a plain word is looked for with ``in`` (``_whole_words``)
                grouped.setdefault(start, []).append(alternative)
        else:
            found = tuple((w, re.compile("|".join(alts), pattern.flags)) for w, alts in grouped.items())
    _ANCHORED[pattern] = found
    return found


def _matches_at(text: str, word: str, alternatives: re.Pattern[str]) -> bool:
    """Whether ``alternatives`` (each starting with ``word``) match where ``word`` is written in ``text``."""
    find, match = text.find, alternatives.match
    at = find(word)
    while at >= 0:
        if match(text, at):
            return True
        at = find(word, at + 1)
    return False


_WHOLE: dict[re.Pattern[str], tuple[str, ...]] = {}


def _whole_words(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """The top-level alternatives of ``pattern`` that are plain words (``token`` in ``token|ctx_?len``):
    one of them in the text is a match, found with ``in`` (a pattern of many alternatives is searched
    at every position of a text until one matches)."""
    found = _WHOLE.get(pattern)
    if found is None:
        found = ()
        if not pattern.flags & (re.IGNORECASE | re.VERBOSE):
            found = tuple(a for a in top_level_alternatives(pattern.pattern) if a and literal_start(a) == a)
        _WHOLE[pattern] = found
    return found


def top_level_alternatives(source: str) -> list[str]:
    """``source`` split at the ``|`` outside groups, classes and escapes."""
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(source):
        char = source[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            i += 1
            i += source[i : i + 1] == "^"
            i += source[i : i + 1] == "]"  # a leading "]" is a member, not the class's end
            continue
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(source[start:i])
            start = i + 1
        i += 1
    parts.append(source[start:])
    return parts
