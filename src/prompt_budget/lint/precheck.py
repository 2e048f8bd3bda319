"""The pre-check: the cheap textual test that decides whether a file is parsed at all."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from prompt_budget.lint.crypto_tokens import chain_tokens_only

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def precheck(text: str, rules: Sequence[type[LintRule]], lowered: str | None = None) -> bool:
    """The cheap textual test: could any rule find something in this text? Patterns are matched
    against the lower-cased text (case-insensitive matching in ``re`` is several times slower). Each
    pattern is searched at most once per file, and a pattern made of alternatives that each start with
    a word (``token|ctx|budget``) only once one of those words is in the text (``in`` is many times
    faster than the regular expression that fails on most files). A module about a blockchain's tokens and no
    model's fails it (``crypto_tokens``). ``lowered``: ``text.lower()``, when the caller has it."""
    if lowered is None:
        lowered = text.lower()
    seen: dict[re.Pattern[str], bool] = {}
    # several patterns share guard words (PB105's holds PB101's): each word is looked for once
    held: dict[str, bool] = {}
    for rule in rules:
        for pattern in rule.PRECHECK:
            hit = seen.get(pattern)
            if hit is None:
                hit = seen[pattern] = _found(pattern, lowered, seen, held)
            if not hit:
                break
        else:
            return not chain_tokens_only(lowered)  # a blockchain's tokens, no model's (``crypto_tokens``)
    return False


#: How a pattern is tested (``_plan``): split in two, by its words (each alternative starts with one),
#: or searched (after its guard words, when it has some).
_BY_SPLIT, _BY_WORDS, _BY_SEARCH = 0, 1, 2
_Plan = tuple[int, tuple[Any, ...], Any]
_PLANS: dict[re.Pattern[str], _Plan] = {}


def _plan(pattern: re.Pattern[str]) -> _Plan:
    """How ``_found`` tests ``pattern``: (``_BY_SPLIT``, its two patterns, None); (``_BY_WORDS``, its plain
    words, its other alternatives by their word); (``_BY_SEARCH``, its plain words, its guard words or
    None). Made once per pattern."""
    parts = _split(pattern)
    if parts is not None:
        found: _Plan = (_BY_SPLIT, parts, None)
    else:
        words = _literal_guard(pattern)
        anchored = _anchored(pattern) if words is not None else None
        if anchored is not None:
            found = (_BY_WORDS, _whole_words(pattern), anchored)
        else:
            found = (_BY_SEARCH, _whole_words(pattern), words)
    _PLANS[pattern] = found
    return found


def _found(
    pattern: re.Pattern[str], lowered: str, seen: dict[re.Pattern[str], bool], held: dict[str, bool]
) -> bool:
    """Whether ``pattern`` matches the lower-cased text (``seen``: the patterns tested so far; ``held``:
    the words looked for so far): the alternatives that start with a word, then the others; a plain
    word alternative in the text is a match; alternatives that each start with a word are tried only
    where their word is written; any other pattern is searched when one of its guard words is in the
    text."""
    kind, first, second = _PLANS.get(pattern) or _plan(pattern)
    if kind == _BY_SPLIT:
        for part in first:
            hit = seen.get(part)
            if hit is None:
                hit = seen[part] = _found(part, lowered, seen, held)
            if hit:
                return True
        return False
    for word in first:  # an alternative that is a plain word is in the text: the pattern matches
        hit = held.get(word)
        if hit is None:
            hit = _holds(word, lowered, held)
        if hit:
            return True
    if kind == _BY_WORDS:  # every alternative starts with a word: try each only where its word is written
        for word, alternatives, key in second:
            hit = held.get(word)
            if hit is None:
                hit = _holds(word, lowered, held)
            if hit:
                # the rules' patterns share their groups (``context_?(?:window|...)`` is in seven of
                # them): each group is tried once per text, its answer kept under its own key
                found = held.get(key)
                if found is None:
                    found = held[key] = _matches_at(lowered, word, alternatives)
                if found:
                    return True
        return False
    if second is not None and not any(
        (hit if (hit := held.get(word)) is not None else _holds(word, lowered, held)) for word in second
    ):
        return False
    return bool(pattern.search(lowered))


def _holds(word: str, lowered: str, held: dict[str, bool]) -> bool:
    """Whether ``word`` is in the lower-cased text, kept in ``held``; a word holding a part of
    ``_PARTS`` (``max_`` in ``max_seq``) is not in a text without that part."""
    part = _PART[word] if word in _PART else _part_of(word)
    if part is not None:
        hit = held.get(part)
        if hit is None:
            hit = _holds(part, lowered, held)
        if not hit:
            held[word] = False
            return False
    hit = held[word] = word in lowered
    return hit


#: Parts of the rules' pre-check words that several of them share and most files failing the check do
#: not hold (``max_`` of ``max_seq``, ``max_req_``, ``model_max_length``...; ``_len`` of ``cutoff_len``...):
#: a word holding one is looked for only in a text holding the part, so such a file is scanned once for
#: the part instead of once per word. A word's part is the first of these it holds.
_PARTS = (
    *("max_", "_len", "0k", "per_", "prefill", "batch", "predict", "reranker", "for_model", "truncat"),
    *("maxlen", "chunk_"),
)
_PART: dict[str, str | None] = {}


def _part_of(word: str) -> str | None:
    """The part of ``_PARTS`` a pre-check word holds (not the word itself), else None."""
    found = _PART[word] = next((part for part in _PARTS if part != word and part in word), None)
    return found


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


_ANCHORED: dict[re.Pattern[str], tuple[tuple[str, re.Pattern[str], str], ...] | None] = {}


def _anchored(pattern: re.Pattern[str]) -> tuple[tuple[str, re.Pattern[str], str], ...] | None:
    """``pattern``'s top-level alternatives that are not plain words, grouped by the word each starts
    with, as (word, the alternatives compiled alone, the key ``_found`` keeps their answer under: no
    word, the same for the same alternatives in any pattern); None when the pattern cannot be split (flags,
    groups other than ``(?:``, backreferences) or an alternative starts with no word. A match of
    ``pattern`` starts where one of these words is written, so trying the alternatives there alone
    (``match`` at each place the word is found) finds what ``search`` would, without trying every
    position of the text: ``max_(?:completion|response)_len|chunk_(?:size|len)`` is tried at each
    ``max_`` and ``chunk_``, not at each character."""
    if pattern in _ANCHORED:
        return _ANCHORED[pattern]
    found: tuple[tuple[str, re.Pattern[str], str], ...] | None = None
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
            found = tuple(
                (w, re.compile("|".join(alts), pattern.flags), f"\0{pattern.flags}\0{'|'.join(alts)}")
                for w, alts in grouped.items()
            )
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
