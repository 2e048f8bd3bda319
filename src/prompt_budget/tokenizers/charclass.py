"""Character-class counts of a text, taken from its UTF-8 bytes at C speed.

The text is encoded once; ``bytes.translate`` maps every byte to a class letter (ASCII bytes by kind,
UTF-8 lead bytes by the Unicode block they start; continuation bytes are deleted in the same pass), and
``bytes.count`` counts each class. The number of class runs (a proxy for the pre-tokenizer's pieces) is
found by XOR-ing the class buffer, read as one big integer, with itself shifted by one byte: a zero byte
marks two equal neighbours. Classes a text cannot hold are skipped (``text.isascii()`` is O(1) in
CPython; a class missing from the buffer is found absent by ``in``, which is ``memchr``).

Feature order is :data:`FEATURES`; a calibration stores its weights in that order, by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["FEATURES", "REGIMES", "SCRIPT_CLASSES", "features", "regime_of", "script_of"]

#: Feature names, in the order :func:`features` returns them. ``one`` is the constant term.
FEATURES: Final = (
    "runs",  # runs of one class (letters, digits, spaces, punctuation, one script...)
    "lower",  # ASCII a-z
    "upper",  # ASCII A-Z
    "digit",  # ASCII 0-9
    "space",  # space and tab
    "newline",  # \n and \r
    "punct",  # other ASCII (punctuation, symbols, control characters)
    "latin",  # U+0080-U+03FF: Latin-1, Latin extended, IPA, combining marks, Greek
    "cyrillic",  # U+0400-U+052F
    "mideast",  # U+0530-U+07FF: Armenian, Hebrew, Arabic, Syriac, Thaana, N'Ko
    "brahmic",  # U+0800-U+1FFF: Indic and South-East Asian scripts, Georgian, Jamo, Latin ext.
    "symbol",  # U+2000-U+2FFF: general punctuation, arrows, maths, box drawing, dingbats
    "kana",  # U+3000-U+3FFF: CJK punctuation, kana, bopomofo, CJK ext. A (start)
    "han",  # U+4000-U+9FFF: CJK unified ideographs
    "hangul",  # U+A000-U+DFFF: Yi, Hangul syllables...
    "fullwidth",  # U+E000-U+FFFF: private use, compatibility, fullwidth forms
    "astral",  # U+10000 and up: emoji, historic scripts, CJK ext. B+
    "punct_pairs",  # adjacent punctuation, counted in non-overlapping pairs ("()", "==", "\",")
    "symbol_pairs",  # adjacent symbols in pairs ("──", "→→"): box drawing and rules merge in BPE
    "one",
)
#: ``punct`` and ``symbol`` count the characters left over after the pairs (so every feature is a
#: count and every weight is non-negative, yet a pair may cost less than two single characters).

# One class letter per feature (runs and one have none).
_LETTERS: Final = {
    "lower": b"a",
    "upper": b"A",
    "digit": b"0",
    "space": b" ",
    "newline": b"\n",
    "punct": b"p",
    "latin": b"l",
    "cyrillic": b"y",
    "mideast": b"r",
    "brahmic": b"i",
    "symbol": b"s",
    "kana": b"k",
    "han": b"H",
    "hangul": b"K",
    "fullwidth": b"f",
    "astral": b"E",
}


def _table() -> bytes:
    t = bytearray(b"p" * 256)

    def fill(lo: int, hi: int, letter: bytes) -> None:
        for i in range(lo, hi + 1):
            t[i] = letter[0]

    fill(ord("a"), ord("z"), b"a")
    fill(ord("A"), ord("Z"), b"A")
    fill(ord("0"), ord("9"), b"0")
    t[ord(" ")] = t[ord("\t")] = ord(" ")
    t[ord("\n")] = t[ord("\r")] = ord("\n")
    fill(0x80, 0xBF, b"c")
    fill(0xC0, 0xCF, b"l")
    fill(0xD0, 0xD4, b"y")
    fill(0xD5, 0xDF, b"r")
    fill(0xE0, 0xE1, b"i")
    t[0xE2] = ord("s")
    t[0xE3] = ord("k")
    fill(0xE4, 0xE9, b"H")
    fill(0xEA, 0xED, b"K")
    fill(0xEE, 0xEF, b"f")
    fill(0xF0, 0xFF, b"E")
    return bytes(t)


_TABLE: Final = _table()
_ASCII_COUNTED: Final = (b"A", b"0", b" ", b"\n", b"p")  # lower case is what is left
_NONASCII: Final = tuple(_LETTERS[name] for name in FEATURES[7:17])
_ZEROS: Final = (0,) * len(_NONASCII)
_SYMBOL: Final = FEATURES[7:17].index("symbol")
_CONTINUATION: Final = bytes(range(0x80, 0xC0))

#: The feature names that name a script (used to tell a document's dominant script).
SCRIPT_CLASSES: Final = FEATURES[7:17]


def features(text: str) -> list[int]:
    """The feature vector of ``text`` (see :data:`FEATURES`)."""
    raw = text.encode("utf-8", "surrogatepass")
    ascii_only = len(raw) == len(text)
    # One class letter per character: continuation bytes are dropped, so a multi-byte character is
    # its lead byte's letter.
    x = raw.translate(_TABLE) if ascii_only else raw.translate(_TABLE, _CONTINUATION)
    n = len(x)
    if n == 0:
        return [0] * len(FEATURES)
    big = int.from_bytes(x, "little")
    # Byte i of the XOR is x[i] ^ x[i+1] (the last byte is x[-1] ^ 0, never zero): zeros are equal
    # neighbours, so n minus the zeros is the number of runs of one class.
    runs = n - (big ^ (big >> 8)).to_bytes(n, "little").count(0)
    upper, digit, space, newline, punct = (x.count(c) for c in _ASCII_COUNTED)
    lower = n - upper - digit - space - newline - punct
    punct_pairs = x.count(b"pp") if punct > 1 else 0
    symbol_pairs = 0
    if ascii_only:
        nonascii: tuple[int, ...] | list[int] = _ZEROS
    else:
        nonascii = [x.count(c) if c in x else 0 for c in _NONASCII]
        lower -= sum(nonascii)
        if nonascii[_SYMBOL] > 1:
            symbol_pairs = x.count(b"ss")
            nonascii[_SYMBOL] -= 2 * symbol_pairs
    punct -= 2 * punct_pairs
    return [runs, lower, upper, digit, space, newline, punct, *nonascii, punct_pairs, symbol_pairs, 1]


_SCRIPT_INDEX: Final = tuple(range(7, 17))
_PUNCT_PAIRS: Final = FEATURES.index("punct_pairs")
_SYMBOL_PAIRS: Final = FEATURES.index("symbol_pairs")


def ascii_chars(vector: Sequence[float]) -> float:
    """The number of ASCII characters a feature vector describes."""
    return sum(vector[1:7]) + 2 * vector[_PUNCT_PAIRS]


def script_chars(vector: Sequence[float], index: int) -> float:
    """The number of characters of the script at ``index`` (symbols include their pairs)."""
    return vector[index] + (2 * vector[_SYMBOL_PAIRS] if FEATURES[index] == "symbol" else 0)


def script_of(vector: Sequence[float]) -> str:
    """The dominant non-ASCII script of a feature vector, or ``"ascii"`` (a script dominates when it
    has at least one character for every eight ASCII characters)."""
    best, best_n = -1, 0.0
    for i in _SCRIPT_INDEX:
        chars = script_chars(vector, i)
        if chars > best_n:
            best, best_n = i, chars
    if best < 0 or best_n * 8 < ascii_chars(vector):
        return "ascii"
    return FEATURES[best]


#: A calibration may hold one weight set per regime, chosen by the text's dominant script.
REGIMES: Final = ("ascii", "cjk", "hangul", "cyrillic", "mideast", "other")
_REGIME_OF_SCRIPT: Final = {
    "ascii": "ascii", "han": "cjk", "kana": "cjk", "hangul": "hangul", "cyrillic": "cyrillic", "mideast": "mideast",
}  # fmt: skip


def regime_of(vector: Sequence[float]) -> str:
    """The regime of a feature vector (see :data:`REGIMES`)."""
    return _REGIME_OF_SCRIPT.get(script_of(vector), "other")
