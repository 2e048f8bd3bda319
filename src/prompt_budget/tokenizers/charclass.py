"""Character-class counts of a text, taken from its UTF-8 bytes at C speed.

The text is encoded once; ``bytes.translate`` maps every byte to a class code (ASCII bytes by kind,
UTF-8 lead bytes by the Unicode block they start; continuation bytes are deleted in the same pass). The
ASCII codes are one bit each, so the class buffer read as one big integer gives each ASCII class count
as the set bits under a mask (``int.bit_count``), and the number of class runs (a proxy for the
pre-tokenizer's pieces) as the length minus the set bits of ``big & (big >> 8)`` (equal neighbours);
text with non-ASCII characters finds its runs as the nonzero bytes of ``big ^ (big >> 8)``. The
non-ASCII classes and the character pairs are counted with ``bytes.count``, only when present (``in`` is
``memchr``) and only until every non-ASCII character is accounted for. No regular expression, no Python
loop over characters.

Feature order is :data:`FEATURES`; a calibration stores its weights in that order, by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

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
    "space_runs",  # runs of two or more spaces and tabs (indentation, padded table columns)
    "digit_runs",  # runs of ASCII digits (numbers: BPE splits them in groups of up to three)
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


# Class codes. The ASCII classes are one bit each, so the count of a class is the number of set bits of
# the class buffer (read as one big integer) under a mask of that bit in every byte, and two equal
# neighbours in ASCII text are a nonzero byte of ``big & (big >> 8)``. Non-ASCII classes are 0x80 plus a
# combination of the other bits (see :data:`_CODE`).
_C_LOWER, _C_UPPER, _C_DIGIT, _C_SPACE, _C_NEWLINE, _C_PUNCT, _C_BACKSLASH, _C_HIGH = 1, 2, 4, 8, 16, 32, 64, 128  # fmt: skip
#: Non-ASCII classes, most common first (counting stops once every non-ASCII character is accounted for).
_NONASCII_ORDER: Final = (
    "han", "kana", "symbol", "ext_a", "hangul", "cyrillic_b", "cyrillic", "fullwidth", "latin", "mideast",
    "brahmic", "astral",
)  # fmt: skip
#: Non-ASCII codes: 0x80 plus a nonzero combination of the bits of lower case, newlines, punctuation
#: and the backslash (so the planes of upper case, digits and spaces stay clean; the newline and
#: punctuation counts subtract the non-ASCII characters counted in them).
_NONASCII_LOW: Final = tuple(k for k in range(1, 128) if not k & (_C_UPPER | _C_DIGIT | _C_SPACE))
_CODE: Final = {name: _C_HIGH | k for name, k in zip(_NONASCII_ORDER, _NONASCII_LOW, strict=False)}


def _table() -> bytes:
    t = bytearray([_C_PUNCT] * 256)

    def fill(lo: int, hi: int, code: int) -> None:
        for i in range(lo, hi + 1):
            t[i] = code

    fill(ord("a"), ord("z"), _C_LOWER)
    fill(ord("A"), ord("Z"), _C_UPPER)
    fill(ord("0"), ord("9"), _C_DIGIT)
    t[ord(" ")] = t[ord("\t")] = _C_SPACE
    t[ord("\n")] = t[ord("\r")] = _C_NEWLINE
    t[ord("\\")] = _C_BACKSLASH
    # UTF-8 lead bytes by the Unicode block they start (continuation bytes 0x80-0xBF are deleted).
    fill(0xC0, 0xCF, _CODE["latin"])
    t[0xD0] = _CODE["cyrillic"]
    fill(0xD1, 0xD4, _CODE["cyrillic_b"])
    fill(0xD5, 0xDF, _CODE["mideast"])
    fill(0xE0, 0xE1, _CODE["brahmic"])
    t[0xE2] = _CODE["symbol"]
    t[0xE3] = _CODE["kana"]
    fill(0xE4, 0xE9, _CODE["han"])
    t[0xEA] = _CODE["ext_a"]
    fill(0xEB, 0xED, _CODE["hangul"])
    fill(0xEE, 0xEF, _CODE["fullwidth"])
    fill(0xF0, 0xFF, _CODE["astral"])
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
_CONTINUATION: Final = bytes(range(0x80, 0xC0))
_N: Final = len(FEATURES)
_I: Final = {name: i for i, name in enumerate(FEATURES)}
_CYR, _SYM, _HANGUL = _I["cyrillic"], _I["symbol"], _I["hangul"]
#: (feature index, code, code & 0x7F) of each non-ASCII class, in :data:`_NONASCII_ORDER`.
_NONASCII: Final = tuple((_I[name], bytes([_CODE[name]]), _CODE[name] & 0x7F) for name in _NONASCII_ORDER)
_PP: Final = bytes([_C_PUNCT, _C_PUNCT])
_SS: Final = bytes([_CODE["symbol"]] * 2)
_KK: Final = bytes([_CODE["hangul"]] * 2)
_BS: Final = bytes([_C_BACKSLASH])
_DB: Final = bytes([_C_DIGIT])
_UB: Final = bytes([_C_UPPER])

#: The class buffer is read as big integers of at most this many bytes (longer texts in chunks), so the
#: masks below stay small.
_CHUNK: Final = 1 << 15
_PLANE_CODES: Final = (_C_UPPER, _C_DIGIT, _C_SPACE, _C_NEWLINE, _C_PUNCT, _C_HIGH)


def _repeat(byte: int, size: int) -> int:
    return int.from_bytes(bytes([byte]) * size, "little")


#: Masks of one bit in every byte, :data:`_CHUNK` bytes long (``a & mask`` costs the shorter operand).
_PLANES: Final = tuple(_repeat(b, _CHUNK) for b in _PLANE_CODES)
#: 0x7F in every byte, by power-of-two size (an addition costs the longer operand).
_LOW7: Final = {1 << k: _repeat(0x7F, 1 << k) for k in range(8, _CHUNK.bit_length())}


_Bits = tuple[int, int, int, int, int, int, int, int, int]


def _bits(x: bytes, ascii_only: bool) -> _Bits:
    """Of a class buffer of at most :data:`_CHUNK` bytes: (runs, upper-case bits, digit bits, space
    bits, newline bits, punctuation bits, non-ASCII characters, runs of two or more spaces, digits
    followed by a digit). The newline and punctuation bits still hold the non-ASCII codes that have
    those bits."""
    mu, md, ms, mn, mp, mh = _PLANES
    big = int.from_bytes(x, "little")
    shifted = big >> 8
    # Where a bit is set in a character and the next: for the one-hot ASCII codes, equal neighbours.
    equal = big & shifted
    if ascii_only:
        runs = len(x) - equal.bit_count()
        high = 0
    else:
        # Byte i of v is x[i] ^ x[i+1] (the last byte is x[-1] ^ 0, never zero); a byte is nonzero
        # when its low seven bits plus 0x7F carry into bit 7 or bit 7 is set: one per run.
        v = big ^ shifted
        low = _LOW7[max(256, 1 << (len(x) - 1).bit_length())]
        runs = (((v & low) + low | v) & mh).bit_count()
        high = (big & mh).bit_count()
    pairs = equal & ms  # a space followed by a space: a run of them ends where the next is not one
    # Digits and upper case are often absent (memchr says so before a popcount).
    digit = (big & md).bit_count() if _DB in x else 0
    return (
        runs,
        (big & mu).bit_count() if _UB in x else 0,
        digit,
        (big & ms).bit_count(),
        (big & mn).bit_count(),
        (big & mp).bit_count(),
        high,
        (pairs ^ (pairs & (pairs >> 8))).bit_count() if pairs else 0,
        (equal & md).bit_count() if digit > 1 else 0,
    )


def _bits_chunked(x: bytes, ascii_only: bool) -> _Bits:
    """:func:`_bits` of a buffer longer than :data:`_CHUNK`, chunk by chunk."""
    total = [0] * 9
    space = bytes([_C_SPACE])
    for start in range(0, len(x), _CHUNK):
        part = _bits(x[start : start + _CHUNK], ascii_only)
        for k in range(9):
            total[k] += part[k]
        if start and x[start - 1] == x[start]:
            code = x[start]
            total[0] -= 1  # one run across the cut
            if code == _C_SPACE:
                # A run of spaces across the cut: each side counted its part if two or more long.
                left = x[start - _CHUNK : start]
                right = x[start : start + _CHUNK]
                n_left = len(left) - len(left.rstrip(space))
                n_right = len(right) - len(right.lstrip(space))
                total[7] += 1 - (n_left >= 2) - (n_right >= 2)
            elif code == _C_DIGIT:
                total[8] += 1
    return cast(_Bits, tuple(total))


#: The feature names that name a script (used to tell a document's dominant script).
SCRIPT_CLASSES: Final = (*FEATURES[7:17], "ext_a", "cyrillic_b", "cyrillic_upper", "hangul_pairs")


#: The features an ASCII text can have, in :data:`FEATURES` order (the others are zero).
ASCII_INDEX: Final = (0, 1, 2, 3, 4, 5, 6, 17, 22, 24, 25, 26)


def ascii_features(text: str) -> list[int]:
    """The features of an ASCII text (``text.isascii()``) at :data:`ASCII_INDEX`: the same numbers as
    :func:`features`, without the zeros."""
    x = text.encode("ascii").translate(_TABLE)
    n = len(x)
    if n == 0:
        return [0] * len(ASCII_INDEX)
    bits = _bits(x, True) if n <= _CHUNK else _bits_chunked(x, True)
    runs, upper, digit, space, newline, punct, _, space_runs, digit_adj = bits
    backslash = x.count(_BS) if _BS in x else 0
    punct_pairs = x.count(_PP) if punct > 1 else 0
    lower = n - upper - digit - space - newline - punct - backslash
    return [runs, lower, upper, digit, space, newline, punct - 2 * punct_pairs, punct_pairs, backslash,
            space_runs, digit - digit_adj, 1]  # fmt: skip


def features(text: str) -> list[int]:
    """The feature vector of ``text`` (see :data:`FEATURES`)."""
    if text.isascii():
        a = ascii_features(text)
        return [a[0], a[1], a[2], a[3], a[4], a[5], a[6], 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, a[7], 0, 0, 0, 0,
                a[8], 0, a[9], a[10], a[11]]  # fmt: skip
    raw = text.encode("utf-8", "surrogatepass")
    # One class code per character: continuation bytes are dropped, so a multi-byte character is its
    # lead byte's code.
    x = raw.translate(_TABLE, _CONTINUATION)
    n = len(x)
    bits = _bits(x, False) if n <= _CHUNK else _bits_chunked(x, False)
    runs, upper, digit, space, newline, punct, rest, space_runs, digit_adj = bits
    backslash = x.count(_BS) if _BS in x else 0
    out = [0] * _N
    lower = n - rest
    # Count the non-ASCII classes until every non-ASCII character is accounted for; a code's low bits
    # were counted in the newline and punctuation planes.
    for i, code, low in _NONASCII:
        if not rest:
            break
        if code in x:
            c = x.count(code)
            out[i] = c
            rest -= c
            if low & _C_NEWLINE:
                newline -= c
            if low & _C_PUNCT:
                punct -= c
    punct_pairs = x.count(_PP) if punct > 1 else 0
    out[0] = runs
    out[1] = lower - upper - digit - space - newline - punct - backslash
    out[2], out[3], out[4], out[5] = upper, digit, space, newline
    out[6] = punct - 2 * punct_pairs
    out[17] = punct_pairs
    out[22] = backslash
    out[24] = space_runs
    out[25] = digit - digit_adj
    out[26] = 1
    if out[_SYM] > 1:
        pairs = x.count(_SS)
        out[_SYM] -= 2 * pairs
        out[18] = pairs
    if out[_HANGUL] > 1:
        pairs = x.count(_KK)
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
assert FEATURES[24] == "space_runs"
assert FEATURES[25] == "digit_runs"
assert (
    tuple(FEATURES.index(n) for n in ("punct_pairs", "backslash", "space_runs", "digit_runs", "one"))
    == (ASCII_INDEX[7:])
)
