"""Grapheme cluster boundaries: a small approximation of Unicode's extended grapheme clusters (UAX #29).

Truncation must never leave half of a user-perceived character: an accent without its letter, half of a
family emoji, one regional indicator of a flag, a Hangul syllable spelt in jamo cut in two, or CR
without its LF. This module implements the UAX #29 rules that matter for that (GB3-GB13 with GB9c, the
Indic conjunct rule) from ``unicodedata`` categories and a few code point ranges, with no dependency.

It is an approximation in two places: ``Extended_Pictographic`` is a range table (close to the emoji
data file), and the property tables follow the Python build's Unicode version. A mistake there can only
keep a cluster together that Unicode would split, or split after a rarely used pictograph; tests compare
it with the ``regex`` module's ``\\X`` on multilingual text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from typing import Final

# Break properties (a subset of Grapheme_Cluster_Break plus the two Indic conjunct classes).
OTHER: Final = 0
CR: Final = 1
LF: Final = 2
CONTROL: Final = 3
EXTEND: Final = 4
ZWJ: Final = 5
RI: Final = 6
PREPEND: Final = 7
SPACING_MARK: Final = 8
L: Final = 9
V: Final = 10
T: Final = 11
LV: Final = 12
LVT: Final = 13
PICTO: Final = 14  # Extended_Pictographic (its own GCB is Other)
LINKER: Final = 15  # InCB=Linker (a virama; its GCB is Extend)
CONSONANT: Final = 16  # InCB=Consonant (its GCB is Other)

_PREPEND: Final = (
    (0x0600, 0x0605),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x0D4E, 0x0D4E),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x111C2, 0x111C3),
    (0x1193F, 0x1193F),
    (0x11941, 0x11941),
    (0x11A3A, 0x11A3A),
    (0x11A84, 0x11A89),
    (0x11D46, 0x11D46),
    (0x11F02, 0x11F02),
)
# Spacing marks that Unicode does not treat as SpacingMark, and two that are despite their category.
_NOT_SPACING: Final = frozenset(
    [
        0x102B,
        0x102C,
        0x1038,
        0x1083,
        0x108F,
        0x1A61,
        0x1A63,
        0x1A64,
        0xAA7B,
        0xAA7D,
        0x11720,
        0x11721,
        *range(0x1062, 0x1065),
        *range(0x1067, 0x106E),
        *range(0x1087, 0x108D),
        *range(0x109A, 0x109D),
    ]
)
# Spacing combining marks with Grapheme_Extend=Yes (Other_Grapheme_Extend): Extend, not SpacingMark.
_MC_EXTEND: Final = frozenset(
    [
        0x09BE,
        0x09D7,
        0x0B3E,
        0x0B57,
        0x0BBE,
        0x0BD7,
        0x0CC2,
        0x0CD5,
        0x0CD6,
        0x0D3E,
        0x0D57,
        0x0DCF,
        0x0DDF,
        0x1B35,
        0x302E,
        0x302F,
        0x1133E,
        0x11357,
        0x114B0,
        0x114BD,
        0x115AF,
        0x11930,
        0x1D165,
        0x1D16E,
        *range(0x1D16F, 0x1D173),
    ]
)
_LINKERS: Final = frozenset([0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D])
_CONSONANTS: Final = (
    (0x0915, 0x0939),
    (0x0958, 0x095F),
    (0x0978, 0x097F),
    (0x0995, 0x09A8),
    (0x09AA, 0x09B0),
    (0x09B2, 0x09B2),
    (0x09B6, 0x09B9),
    (0x09DC, 0x09DD),
    (0x09DF, 0x09DF),
    (0x09F0, 0x09F1),
    (0x0A95, 0x0AA8),
    (0x0AAA, 0x0AB0),
    (0x0AB2, 0x0AB3),
    (0x0AB5, 0x0AB9),
    (0x0AF9, 0x0AF9),
    (0x0B15, 0x0B28),
    (0x0B2A, 0x0B30),
    (0x0B32, 0x0B33),
    (0x0B35, 0x0B39),
    (0x0B5C, 0x0B5D),
    (0x0B5F, 0x0B5F),
    (0x0B71, 0x0B71),
    (0x0C15, 0x0C28),
    (0x0C2A, 0x0C39),
    (0x0C58, 0x0C5A),
    (0x0D15, 0x0D3A),
)
# Extended_Pictographic, from emoji-data.txt (ranges merged; unassigned code points reserved for emoji
# are included, as the property does).
_PICTO: Final = (
    (0x00A9, 0x00A9),
    (0x00AE, 0x00AE),
    (0x203C, 0x203C),
    (0x2049, 0x2049),
    (0x2122, 0x2122),
    (0x2139, 0x2139),
    (0x2194, 0x2199),
    (0x21A9, 0x21AA),
    (0x231A, 0x231B),
    (0x2328, 0x2328),
    (0x2388, 0x2388),
    (0x23CF, 0x23CF),
    (0x23E9, 0x23F3),
    (0x23F8, 0x23FA),
    (0x24C2, 0x24C2),
    (0x25AA, 0x25AB),
    (0x25B6, 0x25B6),
    (0x25C0, 0x25C0),
    (0x25FB, 0x25FE),
    (0x2600, 0x2605),
    (0x2607, 0x2612),
    (0x2614, 0x2685),
    (0x2690, 0x2705),
    (0x2708, 0x2712),
    (0x2714, 0x2714),
    (0x2716, 0x2716),
    (0x271D, 0x271D),
    (0x2721, 0x2721),
    (0x2728, 0x2728),
    (0x2733, 0x2734),
    (0x2744, 0x2744),
    (0x2747, 0x2747),
    (0x274C, 0x274C),
    (0x274E, 0x274E),
    (0x2753, 0x2755),
    (0x2757, 0x2757),
    (0x2763, 0x2767),
    (0x2795, 0x2797),
    (0x27A1, 0x27A1),
    (0x27B0, 0x27B0),
    (0x27BF, 0x27BF),
    (0x2934, 0x2935),
    (0x2B05, 0x2B07),
    (0x2B1B, 0x2B1C),
    (0x2B50, 0x2B50),
    (0x2B55, 0x2B55),
    (0x3030, 0x3030),
    (0x303D, 0x303D),
    (0x3297, 0x3297),
    (0x3299, 0x3299),
    (0x1F000, 0x1F0FF),
    (0x1F10D, 0x1F10F),
    (0x1F12F, 0x1F12F),
    (0x1F16C, 0x1F171),
    (0x1F17E, 0x1F17F),
    (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A),
    (0x1F1AD, 0x1F1E5),
    (0x1F201, 0x1F20F),
    (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F),
    (0x1F232, 0x1F23A),
    (0x1F23C, 0x1F23F),
    (0x1F249, 0x1F3FA),
    (0x1F400, 0x1F53D),
    (0x1F546, 0x1F64F),
    (0x1F680, 0x1F6FF),
    (0x1F774, 0x1F77F),
    (0x1F7D5, 0x1F7FF),
    (0x1F80C, 0x1F80F),
    (0x1F848, 0x1F84F),
    (0x1F85A, 0x1F85F),
    (0x1F888, 0x1F88F),
    (0x1F8AE, 0x1F8FF),
    (0x1F90C, 0x1F93A),
    (0x1F93C, 0x1F945),
    (0x1F947, 0x1FAFF),
    (0x1FC00, 0x1FFFD),
)


def _in(cp: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    lo, hi = 0, len(ranges)
    while lo < hi:
        mid = (lo + hi) // 2
        a, b = ranges[mid]
        if cp < a:
            hi = mid
        elif cp > b:
            lo = mid + 1
        else:
            return True
    return False


@lru_cache(maxsize=4096)
def _prop(ch: str) -> int:
    cp = ord(ch)
    if cp < 0x7F:  # ASCII fast path
        if cp == 0x0D:
            return CR
        if cp == 0x0A:
            return LF
        return CONTROL if cp < 0x20 else OTHER
    if cp == 0x200D:
        return ZWJ
    if 0x1F1E6 <= cp <= 0x1F1FF:
        return RI
    if 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F or cp in (0x200C, 0xFF9E, 0xFF9F):
        return EXTEND  # emoji modifiers, tags, ZWNJ, halfwidth sound marks
    if cp in _LINKERS:
        return LINKER
    if 0x1100 <= cp <= 0x115F or 0xA960 <= cp <= 0xA97C:
        return L
    if 0x1160 <= cp <= 0x11A7 or 0xD7B0 <= cp <= 0xD7C6:
        return V
    if 0x11A8 <= cp <= 0x11FF or 0xD7CB <= cp <= 0xD7FB:
        return T
    if 0xAC00 <= cp <= 0xD7A3:
        return LV if (cp - 0xAC00) % 28 == 0 else LVT
    if _in(cp, _PREPEND):
        return PREPEND
    cat = unicodedata.category(ch)
    if cat in ("Mn", "Me") or cp in _MC_EXTEND:
        return EXTEND
    if cat == "Mc" or cp in (0x0E33, 0x0EB3):
        return OTHER if cp in _NOT_SPACING else SPACING_MARK
    if cat in ("Cc", "Zl", "Zp", "Cf"):
        return CONTROL
    if _in(cp, _PICTO):
        return PICTO
    if _in(cp, _CONSONANTS):
        return CONSONANT
    return OTHER


_EXTENDING: Final = frozenset([EXTEND, ZWJ, SPACING_MARK, LINKER])


def is_boundary(text: str, i: int) -> bool:
    """True when a grapheme cluster boundary lies before ``text[i]`` (0 and ``len(text)`` always are)."""
    if i <= 0 or i >= len(text):
        return True
    a = _prop(text[i - 1])
    b = _prop(text[i])
    if a == CR:
        return b != LF  # GB3, GB4
    if a in (LF, CONTROL) or b in (CR, LF, CONTROL):
        return True  # GB4, GB5
    if a == L:
        if b in (L, V, LV, LVT):
            return False  # GB6
    elif a in (LV, V):
        if b in (V, T):
            return False  # GB7
    elif a in (LVT, T) and b == T:
        return False  # GB8
    if b in _EXTENDING:
        return False  # GB9, GB9a (a linker is Extend)
    if a == PREPEND:
        return False  # GB9b
    if b == CONSONANT and a in (LINKER, EXTEND, ZWJ):
        # GB9c: Consonant [Extend Linker]* Linker [Extend Linker]* x Consonant. Like the regex module,
        # the leading consonant is not required (a text cut just after it still keeps the conjunct).
        j = i - 1
        while j >= 0:
            p = _prop(text[j])
            if p == LINKER:
                return False
            if p not in (EXTEND, ZWJ) or text[j] == "\u200c":  # ZWNJ is not InCB=Extend
                break
            j -= 1
    if a == ZWJ and b == PICTO:
        # GB11: ExtPict Extend* ZWJ x ExtPict
        j = i - 2
        while j >= 0 and _prop(text[j]) in (EXTEND, LINKER):
            j -= 1
        if j >= 0 and _prop(text[j]) == PICTO:
            return False
    if a == RI and b == RI:
        # GB12, GB13: pairs of regional indicators
        j = i - 1
        while j >= 0 and _prop(text[j]) == RI:
            j -= 1
        return (i - 1 - j) % 2 == 0
    return True


def prev_boundary(text: str, i: int) -> int:
    """The largest boundary ``<= i``."""
    i = max(0, min(i, len(text)))
    while not is_boundary(text, i):
        i -= 1
    return i


def next_boundary(text: str, i: int) -> int:
    """The smallest boundary ``>= i``."""
    i = max(0, min(i, len(text)))
    while not is_boundary(text, i):
        i += 1
    return i


def iter_graphemes(text: str) -> Iterator[str]:
    """The grapheme clusters of ``text``, in order."""
    start = 0
    for i in range(1, len(text) + 1):
        if is_boundary(text, i):
            yield text[start:i]
            start = i
