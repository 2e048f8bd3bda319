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

__all__ = [
    "FEATURES",
    "LEGACY_FALLBACK",
    "REGIMES",
    "SCRIPT_CLASSES",
    "ascii_regime",
    "features",
    "regime_of",
    "script_of",
    "total_chars",
]

#: Feature names, in the order :func:`features` returns them. ``one`` is the constant term.
FEATURES: Final = (
    "runs",  # runs of one class (letters, digits, spaces, punctuation, one script...)
    "lower",  # ASCII a-z
    "upper",  # ASCII A-Z
    "digit",  # ASCII 0-9
    "space",  # space and tab
    "newline",  # \n and \r
    "punct",  # other ASCII (punctuation, symbols, control characters) but the backslash
    "latin",  # U+0080-U+03FF: Latin-1, Latin extended, IPA, combining marks, Greek
    "cyrillic",  # U+0400-U+040F and U+0430-U+043F: Cyrillic lower case а-п (and Ѐ-Џ)
    "mideast",  # U+0530-U+07FF: Armenian, Hebrew, Arabic, Syriac, Thaana, N'Ko
    "brahmic",  # U+0800-U+1FFF: Indic and South-East Asian scripts, Georgian, Jamo, Latin ext.
    "symbol",  # U+2000-U+2FFF: general punctuation, arrows, maths, box drawing, dingbats
    "kana",  # U+3000-U+3FFF: CJK punctuation, kana, bopomofo, CJK ext. A (start)
    "han",  # U+4000-U+9FFF: CJK unified ideographs
    "hangul",  # U+B000-U+DFFF: Hangul syllables (from 뀀) not next to another one (see hangul_pairs)
    "fullwidth",  # U+E000-U+FFFF: private use, compatibility, fullwidth forms
    "astral",  # U+10000 and up: emoji, historic scripts, CJK ext. B+
    "punct_pairs",  # adjacent punctuation, counted in non-overlapping pairs ("()", "==", "\",")
    "symbol_pairs",  # adjacent symbols in pairs ("──", "→→"): box drawing and rules merge in BPE
    "ext_a",  # U+A000-U+AFFF: Yi, Vai, Cyrillic ext. B, Latin ext. D... and Hangul 가-꿯
    "cyrillic_b",  # U+0440-U+052F: Cyrillic lower case р-я, extended Cyrillic
    "cyrillic_upper",  # U+0410-U+042F: Cyrillic upper case А-Я (costlier than lower case)
    "backslash",  # \ (escapes in JSON strings and regular expressions, troff requests)
    "hangul_pairs",  # adjacent Hangul syllables (U+B000-U+DFFF) in pairs: running Korean text
    "one",
)
#: ``punct``, ``symbol`` and ``hangul`` count the characters left over after the pairs (so every
#: feature is a count and every weight is non-negative, yet a pair may cost less than two single
#: characters).

#: For a calibration written before a feature existed: the weight it had then, per character, as a
#: multiple of an older feature's weight (the class it was counted in).
LEGACY_FALLBACK: Final = {
    "ext_a": ("hangul", 1.0),
    "cyrillic_b": ("cyrillic", 1.0),
    "cyrillic_upper": ("cyrillic", 1.0),
    "backslash": ("punct", 1.0),
    "hangul_pairs": ("hangul", 2.0),
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
    t[ord("\\")] = ord("b")
    fill(0x80, 0xBF, b"c")
    fill(0xC0, 0xCF, b"l")
    t[0xD0] = ord("y")
    fill(0xD1, 0xD4, b"z")
    fill(0xD5, 0xDF, b"r")
    fill(0xE0, 0xE1, b"i")
    t[0xE2] = ord("s")
    t[0xE3] = ord("k")
    fill(0xE4, 0xE9, b"H")
    t[0xEA] = ord("Q")
    fill(0xEB, 0xED, b"K")
    fill(0xEE, 0xEF, b"f")
    fill(0xF0, 0xFF, b"E")
    return bytes(t)


def _upper_table() -> bytes:
    """Raw UTF-8 bytes to: ``Y`` the lead byte 0xD0, ``U`` a continuation byte 0x90-0xAF; so
    ``YU`` is a Cyrillic capital А-Я (U+0410-U+042F)."""
    t = bytearray(b"." * 256)
    t[0xD0] = ord("Y")
    for i in range(0x90, 0xB0):
        t[i] = ord("U")
    return bytes(t)


_TABLE: Final = _table()
_UPPER_TABLE: Final = _upper_table()
# Non-ASCII classes in FEATURES order: latin .. astral (7-16), ext_a, cyrillic_b (19, 20).
_NONASCII_NAMES: Final = (*FEATURES[7:17], "ext_a", "cyrillic_b")
_LETTERS: Final = {
    "latin": b"l", "cyrillic": b"y", "mideast": b"r", "brahmic": b"i", "symbol": b"s", "kana": b"k",
    "han": b"H", "hangul": b"K", "fullwidth": b"f", "astral": b"E", "ext_a": b"Q", "cyrillic_b": b"z",
}  # fmt: skip
_NONASCII: Final = tuple(_LETTERS[name] for name in _NONASCII_NAMES)
_CONTINUATION: Final = bytes(range(0x80, 0xC0))
_N: Final = len(FEATURES)
_I: Final = {name: i for i, name in enumerate(FEATURES)}
_CYR, _SYM, _HANGUL = _I["cyrillic"], _I["symbol"], _I["hangul"]

#: The feature names that name a script (used to tell a document's dominant script).
SCRIPT_CLASSES: Final = (*FEATURES[7:17], "ext_a", "cyrillic_b", "cyrillic_upper", "hangul_pairs")


def features(text: str) -> list[int]:
    """The feature vector of ``text`` (see :data:`FEATURES`)."""
    raw = text.encode("utf-8", "surrogatepass")
    ascii_only = len(raw) == len(text)
    # One class letter per character: continuation bytes are dropped, so a multi-byte character is
    # its lead byte's letter.
    x = raw.translate(_TABLE) if ascii_only else raw.translate(_TABLE, _CONTINUATION)
    n = len(x)
    if n == 0:
        return [0] * _N
    big = int.from_bytes(x, "little")
    # Byte i of the XOR is x[i] ^ x[i+1] (the last byte is x[-1] ^ 0, never zero): zeros are equal
    # neighbours, so n minus the zeros is the number of runs of one class.
    runs = n - (big ^ (big >> 8)).to_bytes(n, "little").count(0)
    upper = x.count(b"A")
    digit = x.count(b"0")
    space = x.count(b" ")
    newline = x.count(b"\n")
    punct = x.count(b"p")
    backslash = x.count(b"b") if b"b" in x else 0
    lower = n - upper - digit - space - newline - punct - backslash
    punct_pairs = x.count(b"pp") if punct > 1 else 0
    punct -= 2 * punct_pairs
    if ascii_only:
        return [runs, lower, upper, digit, space, newline, punct, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                punct_pairs, 0, 0, 0, 0, backslash, 0, 1]  # fmt: skip
    na = [x.count(c) if c in x else 0 for c in _NONASCII]
    lower -= sum(na)
    out = [runs, lower, upper, digit, space, newline, punct, *na[:10], punct_pairs, 0, na[10], na[11], 0,
           backslash, 0, 1]  # fmt: skip
    if out[_SYM] > 1:
        pairs = x.count(b"ss")
        out[_SYM] -= 2 * pairs
        out[18] = pairs
    if out[_HANGUL] > 1:
        pairs = x.count(b"KK")
        out[_HANGUL] -= 2 * pairs
        out[23] = pairs
    if out[_CYR]:
        cap = raw.translate(_UPPER_TABLE).count(b"YU")
        out[_CYR] -= cap
        out[21] = cap
    return out


_PUNCT_PAIRS: Final = _I["punct_pairs"]
_SYMBOL_PAIRS: Final = _I["symbol_pairs"]
_BACKSLASH: Final = _I["backslash"]
_HANGUL_PAIRS: Final = _I["hangul_pairs"]
_SCRIPT_INDEX: Final = tuple(_I[name] for name in SCRIPT_CLASSES)


def ascii_chars(vector: Sequence[float]) -> float:
    """The number of ASCII characters a feature vector describes."""
    return sum(vector[1:7]) + 2 * vector[_PUNCT_PAIRS] + vector[_BACKSLASH]


def script_chars(vector: Sequence[float], index: int) -> float:
    """The number of characters counted by the feature at ``index`` (symbols include their pairs,
    Hangul pairs are two characters)."""
    if index == _SYM:
        return vector[index] + 2 * vector[_SYMBOL_PAIRS]
    if index == _HANGUL_PAIRS:
        return 2 * vector[index]
    return vector[index]


def total_chars(vector: Sequence[float]) -> float:
    """The number of characters a feature vector describes."""
    return ascii_chars(vector) + sum(script_chars(vector, i) for i in _SCRIPT_INDEX)


def script_of(vector: Sequence[float]) -> str:
    """The script feature with the most characters, or ``"ascii"`` when no script has at least one
    character for every eight ASCII characters."""
    best, best_n = -1, 0.0
    for i in _SCRIPT_INDEX:
        chars = script_chars(vector, i)
        if chars > best_n:
            best, best_n = i, chars
    if best < 0 or best_n * 8 < ascii_chars(vector):
        return "ascii"
    name = FEATURES[best]
    return {"cyrillic_b": "cyrillic", "cyrillic_upper": "cyrillic", "hangul_pairs": "hangul"}.get(name, name)


#: A calibration may hold one weight set per regime, chosen by the text's dominant script group; ASCII
#: text may be split further by how short its runs are (``ascii_cuts`` in the calibration).
REGIMES: Final = (
    "ascii", "ascii-0", "ascii-1", "ascii-2", "ascii-3", "cjk", "hangul", "cyrillic", "mideast", "other",
)  # fmt: skip


def regime_of(vector: Sequence[float], ascii_cuts: Sequence[float] = ()) -> str:
    """The regime of a feature vector (see :data:`REGIMES`): the script group with the most
    characters (CJK: kana, Han, fullwidth; Hangul: syllables in pairs, that is running Korean text,
    not isolated syllables in a table of code points; Cyrillic; Arabic/Hebrew; other: Latin, Indic,
    symbols, astral, U+A000-U+AFFF) when it has at least one character for every eight ASCII
    characters, else ASCII, split by ``ascii_cuts`` on runs per character when given (``ascii-0`` has
    the longest runs)."""
    # Written out index by index: this runs once per estimate.
    v = vector
    asc = v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + 2 * v[17] + v[22]
    cjk = v[12] + v[13] + v[15]
    hangul = 2 * v[23]
    cyrillic = v[8] + v[20] + v[21]
    mideast = v[9]
    other = v[7] + v[10] + v[11] + 2 * v[18] + v[16] + v[19]
    best, best_n = "ascii", 0.0
    if cjk > best_n:
        best, best_n = "cjk", cjk
    if hangul > best_n:
        best, best_n = "hangul", hangul
    if cyrillic > best_n:
        best, best_n = "cyrillic", cyrillic
    if mideast > best_n:
        best, best_n = "mideast", mideast
    if other > best_n:
        best, best_n = "other", other
    if best_n and best_n * 8 >= asc:
        return best
    if not ascii_cuts:
        return "ascii"
    total = asc + cjk + hangul + cyrillic + mideast + other + v[14]
    return ascii_regime(v[0] / total if total else 0.0, ascii_cuts)


def ascii_regime(density: float, ascii_cuts: Sequence[float]) -> str:
    """The ASCII regime of a text with ``density`` runs per character."""
    k = 0
    for cut in ascii_cuts:
        if density >= cut:
            k += 1
    return _ASCII_REGIMES[k]


_ASCII_REGIMES: Final = ("ascii-0", "ascii-1", "ascii-2", "ascii-3")
assert FEATURES[17] == "punct_pairs"
assert FEATURES[22] == "backslash"
assert FEATURES[23] == "hangul_pairs"
