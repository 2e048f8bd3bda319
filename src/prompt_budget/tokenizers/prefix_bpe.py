"""An upper bound on an OpenAI encoding's count: its byte-pair encoding with only its first N merges.

``calibrated:o200k_base`` and ``calibrated:cl100k_base`` count with this module. Byte-level BPE as
tiktoken runs it cuts the text into pre-tokenizer pieces, then, in each piece not found whole in the
vocabulary, repeatedly merges the adjacent pair of parts with the lowest rank whose concatenation is a
token. Restricted to the tokens of rank below N, the run makes exactly the same merges as the full
vocabulary's for as long as the lowest available rank is below N, and stops where the full run would go
on merging: every piece ends in at least as many tokens, so the count is never below the exact one
(and a piece found whole is one token either way). N is chosen on a fitting corpus by
``benchmarks/prefix_vocab.py``; the measured over-count is in docs/calibration.md.

Pure Python, no dependency: the pre-tokenizer patterns are spelled for the standard library's ``re``
(``\\p{L}``, ``\\p{N}``... as character ranges read from :mod:`unicodedata`, once per process), the
truncated vocabulary ships in ``prompt_budget/data/prefix/`` and the count of each distinct piece is
kept in a bounded cache. Where Python's Unicode tables are older than the encoding's regex engine's, a
character assigned since (a letter of a recent Unicode version) may be cut differently; the bound still
holds for such text in the tests, and it is documented in docs/calibration.md.
"""

from __future__ import annotations

import functools
import gzip
import heapq
import re
import threading
import unicodedata
import zlib
from collections.abc import Callable
from importlib import resources
from itertools import accumulate, repeat
from typing import Final

from prompt_budget.errors import TokenizerUnavailable
from prompt_budget.tokenizers.base import CountOnly

#: The encodings this module bounds, and the pre-tokenizer pattern each uses.
PATTERN_OF: Final = {"o200k_base": "o200k", "cl100k_base": "cl100k"}
#: First line of a shipped vocabulary file: ``MAGIC ENCODING N``.
MAGIC: Final = "prompt-budget-prefix-vocabulary/1"

#: Unicode's White_Space property (what the encodings' ``\s`` means; Python's ``\s`` adds U+001C-U+001F).
_WS: Final = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_CONTRACTIONS: Final = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)"
#: For a character beyond U+FFFF, by its category: a character below U+10000 that the patterns treat
#: alike (not an ASCII letter, so no contraction can start with it). The patterns' classes hold the
#: Basic Multilingual Plane only: :mod:`re` tests a class's characters beyond it one range at a time,
#: which made every piece ten times slower. A text holding such characters is cut with each replaced by
#: its stand-in, and the pieces are taken from the text itself at the same offsets.
_STAND_IN: Final = {
    "Lu": "\u00c0",
    "Lt": "\u01c5",
    "Ll": "\u00e0",
    "Lm": "\u02b0",
    "Lo": "\u00aa",
    "M": "\u0300",
    "N": "\u0660",
}
_OTHER: Final = "\u00a4"  # a symbol: neither letter, mark, number nor white space
#: Pieces longer than this (in bytes) merge through a heap (O(n log n)) instead of the list scan.
_LONG: Final = 192
#: Counts of distinct pieces kept beyond the vocabulary's own, and the longest piece kept.
_CACHE_ENTRIES: Final = 200_000
_CACHE_MAX_CHARS: Final = 64
_NO_RANK: Final = 1 << 62


def _ranges(codes: list[int]) -> str:
    """A character-class body (no brackets) matching exactly ``codes`` (ascending)."""
    out: list[str] = []
    start = prev = -2
    for c in [*codes, -1]:
        if c == prev + 1:
            prev = c
            continue
        if start >= 0:
            first = re.escape(chr(start))
            out.append(first if start == prev else f"{first}-{re.escape(chr(prev))}")
        start = prev = c
    return "".join(out)


@functools.lru_cache(maxsize=1)
def _classes() -> dict[str, str]:
    """Character-class bodies, scanned once per process for both patterns: ``L`` letters, ``N``
    numbers, ``U`` o200k's "upper" set (Lu Lt Lm Lo M) and ``W`` its "lower" set (Ll Lm Lo M), in the
    Basic Multilingual Plane (see :data:`_STAND_IN` for the rest)."""
    sets: dict[str, list[int]] = {"L": [], "N": [], "U": [], "W": []}
    letters, numbers, upper, lower = sets["L"], sets["N"], sets["U"], sets["W"]
    category = unicodedata.category
    for c, cat in enumerate(map(category, map(chr, range(0x10000)))):
        major = cat[0]
        if major == "L":
            letters.append(c)
            if cat != "Ll":
                upper.append(c)
            if cat not in ("Lu", "Lt"):
                lower.append(c)
        elif major == "M":
            upper.append(c)
            lower.append(c)
        elif major == "N":
            numbers.append(c)
    return {k: _ranges(v) for k, v in sets.items()}


@functools.lru_cache(maxsize=2)
def pattern(name: str) -> re.Pattern[str]:
    """The pre-tokenizer of ``cl100k`` or ``o200k`` for :mod:`re`: the official pattern (in
    ``tiktoken_ext.openai_public``) with its Unicode classes spelled out and its possessive quantifiers
    as greedy ones (the same matches: nothing after them could match what backtracking gives back)."""
    k = _classes()
    letter, num, ws = k["L"], k["N"], _WS
    if name == "cl100k":
        source = (
            rf"'(?i:[sdmt]|ll|ve|re)|[^\r\n{letter}{num}]?[{letter}]+|[{num}]{{1,3}}"
            rf"| ?[^{ws}{letter}{num}]+[\r\n]*|[{ws}]+\Z|[{ws}]*[\r\n]|[{ws}]+(?![^{ws}])|[{ws}]"
        )
    elif name == "o200k":
        upper, lower = k["U"], k["W"]
        source = (
            rf"[^\r\n{letter}{num}]?[{upper}]*[{lower}]+{_CONTRACTIONS}?"
            rf"|[^\r\n{letter}{num}]?[{upper}]+[{lower}]*{_CONTRACTIONS}?"
            rf"|[{num}]{{1,3}}| ?[^{ws}{letter}{num}]+[\r\n/]*|[{ws}]*[\r\n]+|[{ws}]+(?![^{ws}])|[{ws}]+"
        )
    else:
        raise ValueError(f"unknown pre-tokenizer pattern {name!r}; known: cl100k, o200k")
    return re.compile(source)


def _stand_in(char: str) -> str:
    cat = unicodedata.category(char)
    return _STAND_IN.get(cat, _STAND_IN.get(cat[0], _OTHER))


def _pieces(findall: Callable[[str], list[str]], text: str) -> list[str]:
    """``findall(text)``, for a text with characters beyond U+FFFF too (see :data:`_STAND_IN`)."""
    if text.isascii() or max(text) < "\U00010000":
        return findall(text)
    table = {ord(c): _stand_in(c) for c in set(text) if c >= "\U00010000"}
    ends = list(accumulate(map(len, findall(text.translate(table))), initial=0))
    return list(map(text.__getitem__, map(slice, ends, ends[1:])))


def split(text: str, encoding: str) -> list[str]:
    """The pre-tokenizer pieces of ``text`` under ``encoding``'s pattern (they add up to the text)."""
    return _pieces(pattern(PATTERN_OF[encoding]).findall, text)


def data_file(encoding: str) -> str:
    return f"prompt_budget/data/prefix/{encoding}.bin.gz"


@functools.lru_cache(maxsize=2)
def load_ranks(encoding: str) -> dict[bytes, int]:
    """The shipped truncated vocabulary of ``encoding``: token bytes -> rank, ranks 0 to N-1.

    The file (written by ``benchmarks/prefix_vocab.py --write``) is gzipped: a line ``MAGIC ENCODING
    N``, then N bytes (each token's length, in rank order), then the tokens' bytes one after another."""
    where = data_file(encoding)
    res = resources.files("prompt_budget").joinpath(f"data/prefix/{encoding}.bin.gz")
    try:
        blob = gzip.decompress(res.read_bytes())
    except FileNotFoundError:
        raise TokenizerUnavailable(
            f"calibrated:{encoding}: the vocabulary file {where} is missing from this install; "
            "reinstall pytest-prompt-budget"
        ) from None
    except (OSError, EOFError, zlib.error) as exc:
        raise TokenizerUnavailable(
            f"calibrated:{encoding}: the vocabulary file {where} is damaged ({exc}); reinstall "
            "pytest-prompt-budget"
        ) from None
    head, sep, body = blob.partition(b"\n")
    fields = head.decode("ascii", "replace").split()
    n = int(fields[2]) if len(fields) == 3 and fields[2].isdigit() else -1
    ranks: dict[bytes, int] = {}
    if sep and fields[:2] == [MAGIC, encoding] and n >= 256 and len(body) == n + sum(body[:n]):
        ends = list(accumulate(body[:n], initial=n))
        tokens = map(body.__getitem__, map(slice, ends, ends[1:]))
        ranks = dict(zip(tokens, range(n), strict=True))
    # every token distinct, and every byte a token (so any text can be encoded)
    if len(ranks) != n or not all(bytes((b,)) in ranks for b in range(256)):
        raise TokenizerUnavailable(
            f"calibrated:{encoding}: the vocabulary file {where} is not a {MAGIC} file for {encoding} "
            "(damaged?); reinstall pytest-prompt-budget"
        )
    return ranks


def _merge(piece: bytes, ranks: dict[bytes, int]) -> int:
    """The number of parts byte-pair merging leaves of ``piece`` (at least 2 bytes long): the lowest
    rank first, the leftmost of equal ranks first, as tiktoken does."""
    n = len(piece)
    if n > _LONG:
        return _merge_long(piece, ranks)
    get = ranks.get
    none = _NO_RANK
    starts = list(range(n + 1))
    pair = list(map(get, map(piece.__getitem__, map(slice, range(n - 1), range(2, n + 1))), repeat(none)))
    while pair:
        low = min(pair)
        if low == none:
            break
        i = pair.index(low)
        del starts[i + 1]
        del pair[i]
        if i < len(pair):
            pair[i] = get(piece[starts[i] : starts[i + 2]], none)
        if i:
            pair[i - 1] = get(piece[starts[i - 1] : starts[i + 1]], none)
    return len(starts) - 1


def _merge_long(piece: bytes, ranks: dict[bytes, int]) -> int:
    """:func:`_merge` for a long piece: candidate pairs in a heap ordered by (rank, start), each checked
    still to be a pair of current parts when it comes up."""
    n = len(piece)
    get = ranks.get
    nxt = list(range(1, n + 2))  # the start of the part after the part starting at i
    prv = list(range(-1, n))  # the start of the part before it
    alive = [True] * n
    heap = []
    for i in range(n - 1):
        r = get(piece[i : i + 2])
        if r is not None:
            heap.append((r, i, i + 2))
    heapq.heapify(heap)
    parts = n
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        _, i, end = pop(heap)
        if not alive[i] or nxt[i] >= n or nxt[nxt[i]] != end:
            continue  # no longer a pair of current parts
        alive[nxt[i]] = False
        nxt[i] = end
        if end < n:
            prv[end] = i
        parts -= 1
        before = prv[i]
        if before >= 0 and (r := get(piece[before:end])) is not None:
            push(heap, (r, before, end))
        if end < n and (r := get(piece[i : nxt[end]])) is not None:
            push(heap, (r, i, nxt[end]))
    return parts


class PrefixBPE(CountOnly):
    """``calibrated:o200k_base`` / ``calibrated:cl100k_base``: the encoding's byte-pair encoding with
    its first N merges only, a count never below the exact one (``exact`` is False)."""

    exact: bool = False
    cannot = "is an upper bound, not the encoding"
    #: Reports say "estimated for ..." only for model tokenizers (the Claude generations).
    describes: str | None = None

    def __init__(self, encoding: str, name: str | None = None) -> None:
        if encoding not in PATTERN_OF:
            raise ValueError(f"no prefix vocabulary for {encoding!r}; known: {', '.join(PATTERN_OF)}")
        self.encoding = encoding
        self.name = name or f"calibrated:{encoding}"
        self.ranks = load_ranks(encoding)
        self.merges = len(self.ranks)
        #: What the count is, for reports and ``repr``.
        self.label = f"upper bound: {encoding}'s first {self.merges:,} merges"
        self.reference = encoding
        self.cache_key = f"calibrated:{encoding}@prefix{self.merges}"
        self._findall = pattern(PATTERN_OF[encoding]).findall
        self._seed = _whole_tokens(encoding)
        self._cache = dict(self._seed)
        self._lock = threading.Lock()

    def count(self, text: str) -> int:
        if not text:
            return 0
        pieces = _pieces(self._findall, text)
        counts = list(map(self._cache.get, pieces))
        try:
            return sum(counts)  # type: ignore[arg-type]  # None when a piece is new: counted below
        except TypeError:
            pass
        return sum(c if c is not None else self._piece(p) for p, c in zip(pieces, counts, strict=True))

    def _piece(self, piece: str) -> int:
        data = piece.encode("utf-8")
        # every single byte is a token (``load_ranks`` checks it): a piece not found whole has two or more
        n = 1 if data in self.ranks else _merge(data, self.ranks)
        if len(piece) <= _CACHE_MAX_CHARS:
            cache = self._cache
            if len(cache) >= len(self._seed) + _CACHE_ENTRIES:
                with self._lock:  # start again from the vocabulary's own pieces
                    self._cache = cache = dict(self._seed)
            cache[piece] = n
        return n

    def __repr__(self) -> str:
        return f"<tokenizer {self.name} ({self.label})>"


@functools.lru_cache(maxsize=2)
def _whole_tokens(encoding: str) -> dict[str, int]:
    """Every token of the truncated vocabulary that is whole UTF-8 text, as a piece of one token."""
    out: dict[str, int] = {}
    for token in load_ranks(encoding):
        try:
            out[token.decode("utf-8")] = 1
        except UnicodeDecodeError:
            continue
    return out
