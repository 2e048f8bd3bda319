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


def _ranges(spec: str) -> tuple[tuple[int, int], ...]:
    """Code point ranges as Unicode's data files write them (``0600..0605 06DD``), in order."""
    out = []
    for item in spec.split():
        lo, _, hi = item.partition("..")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return tuple(out)


def _code_points(spec: str) -> frozenset[int]:
    return frozenset(cp for lo, hi in _ranges(spec) for cp in range(lo, hi + 1))


_PREPEND: Final = _ranges(
    "0600..0605 06DD 070F 0890..0891 08E2 0D4E 110BD 110CD 111C2..111C3 1193F 11941 11A3A 11A84..11A89 "
    "11D46 11F02"
)
# Spacing marks that Unicode does not treat as SpacingMark, and two that are despite their category.
_NOT_SPACING: Final = _code_points(
    "102B..102C 1038 1062..1064 1067..106D 1083 1087..108C 108F 109A..109C 1A61 1A63..1A64 AA7B AA7D "
    "11720..11721"
)
# Spacing combining marks with Grapheme_Extend=Yes (Other_Grapheme_Extend): Extend, not SpacingMark.
_MC_EXTEND: Final = _code_points(
    "09BE 09D7 0B3E 0B57 0BBE 0BD7 0CC2 0CD5..0CD6 0D3E 0D57 0DCF 0DDF 1B35 302E..302F 1133E 11357 114B0 "
    "114BD 115AF 11930 1D165 1D16E..1D172"
)
_LINKERS: Final = _code_points("094D 09CD 0ACD 0B4D 0C4D 0D4D")
_CONSONANTS: Final = _ranges(
    "0915..0939 0958..095F 0978..097F 0995..09A8 09AA..09B0 09B2 09B6..09B9 09DC..09DD 09DF 09F0..09F1 "
    "0A95..0AA8 0AAA..0AB0 0AB2..0AB3 0AB5..0AB9 0AF9 0B15..0B28 0B2A..0B30 0B32..0B33 0B35..0B39 "
    "0B5C..0B5D 0B5F 0B71 0C15..0C28 0C2A..0C39 0C58..0C5A 0D15..0D3A"
)
# Extended_Pictographic, from emoji-data.txt (ranges merged; unassigned code points reserved for emoji
# are included, as the property does).
_PICTO: Final = _ranges(
    "00A9 00AE 203C 2049 2122 2139 2194..2199 21A9..21AA 231A..231B 2328 2388 23CF 23E9..23F3 23F8..23FA "
    "24C2 25AA..25AB 25B6 25C0 25FB..25FE 2600..2605 2607..2612 2614..2685 2690..2705 2708..2712 2714 "
    "2716 271D 2721 2728 2733..2734 2744 2747 274C 274E 2753..2755 2757 2763..2767 2795..2797 27A1 27B0 "
    "27BF 2934..2935 2B05..2B07 2B1B..2B1C 2B50 2B55 3030 303D 3297 3299 1F000..1F0FF 1F10D..1F10F 1F12F "
    "1F16C..1F171 1F17E..1F17F 1F18E 1F191..1F19A 1F1AD..1F1E5 1F201..1F20F 1F21A 1F22F 1F232..1F23A "
    "1F23C..1F23F 1F249..1F3FA 1F400..1F53D 1F546..1F64F 1F680..1F6FF 1F774..1F77F 1F7D5..1F7FF "
    "1F80C..1F80F 1F848..1F84F 1F85A..1F85F 1F888..1F88F 1F8AE..1F8FF 1F90C..1F93A 1F93C..1F945 "
    "1F947..1FAFF 1FC00..1FFFD"
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
