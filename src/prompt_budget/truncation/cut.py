"""``truncate``: cut one text to at most a number of tokens, marker included, keeping as much as fits.
Here too: where a cut may go (grapheme clusters, or line starts), the search for the longest fitting
cut, and the checks of the arguments ``truncate`` and ``assemble`` share."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Final, Literal

from prompt_budget.text.graphemes import next_boundary, prev_boundary
from prompt_budget.tokenizers import Tokenizer, get_tokenizer

Mode = Literal["end", "start", "middle"]
MODES: Final = ("end", "start", "middle")

_REPLACEMENT: Final = "\ufffd"


class _Bounds:
    """Cut positions: grapheme cluster boundaries, or line starts with ``lines=True``."""

    def __init__(self, text: str, lines: bool) -> None:
        self.text = text
        self.n = len(text)
        self.lines = lines

    def prev(self, i: int) -> int:
        """The largest boundary <= i."""
        if i >= self.n:
            return self.n
        if i <= 0:
            return 0
        if self.lines:
            return self.text.rfind("\n", 0, i) + 1
        return prev_boundary(self.text, i)

    def next(self, i: int) -> int:
        """The smallest boundary >= i."""
        if i >= self.n:
            return self.n
        if i <= 0:
            return 0
        if self.lines:
            if self.text[i - 1] == "\n":
                return i
            j = self.text.find("\n", i)
            return self.n if j < 0 else j + 1
        return next_boundary(self.text, i)


class _Side:
    """One kept side of the text, measured in kept characters ``k``: the head keeps ``text[:k]``, the
    tail keeps ``text[n - k:]``."""

    def __init__(self, bounds: _Bounds, head: bool) -> None:
        self.b = bounds
        self.head = head

    def snap(self, k: int) -> int:
        n = self.b.n
        k = max(0, min(k, n))
        return self.b.prev(k) if self.head else n - self.b.next(n - k)

    def grow(self, k: int) -> int | None:
        n = self.b.n
        if k >= n:
            return None
        return self.b.next(k + 1) if self.head else n - self.b.prev(n - k - 1)


def _solve(
    side: _Side, k0: int, measure: Callable[[int], int], max_tokens: int, limit: int, cpt: float
) -> int:
    """The largest kept length near ``k0`` whose candidate fits, such that keeping one more boundary
    would not fit (locally maximal). ``k = 0`` must fit. ``cpt`` estimates characters per token, to
    size the first step from how far over or under a candidate is."""
    limit = side.snap(limit)
    k = min(side.snap(k0), limit)
    c = measure(k)
    if c > max_tokens:
        hi = k
        d = max(1, int((c - max_tokens) * cpt))
        while True:
            lo = side.snap(max(0, hi - d))
            if lo <= 0:
                lo = 0
                break
            c = measure(lo)
            if c <= max_tokens:
                break
            hi = lo
            d *= 2
        if lo == 0 and hi == 0:
            return 0
    else:
        lo = k
        d = max(1, int((max_tokens - c) * cpt))
        while True:
            nk = side.snap(min(limit, lo + d))
            if nk <= lo:
                grown = side.grow(lo)
                if grown is None or grown > limit:
                    return lo
                nk = grown
            if measure(nk) <= max_tokens:
                lo = nk
                d *= 2
            else:
                hi = nk
                break
    while True:
        mid = side.snap((lo + hi) // 2)
        if mid <= lo:
            grown = side.grow(lo)
            if grown is None or grown >= hi:
                return lo
            mid = grown
        if measure(mid) <= max_tokens:
            lo = mid
        else:
            hi = mid


def _whole_prefix(piece: str, text: str) -> int:
    """Characters of ``text`` that a decoded token prefix ``piece`` covers whole (a token cut through a
    multi-byte character decodes to U+FFFD)."""
    k = min(len(piece), len(text))
    while k > 0 and piece[k - 1] == _REPLACEMENT and text[k - 1] != _REPLACEMENT:
        k -= 1
    return k


def _whole_suffix(piece: str, text: str) -> int:
    """Characters at the end of ``text`` that a decoded token suffix ``piece`` covers whole."""
    n = len(text)
    k = min(len(piece), n)
    i = len(piece) - k
    while k > 0 and piece[i] == _REPLACEMENT and text[n - k] != _REPLACEMENT:
        k -= 1
        i += 1
    return k


@dataclass(frozen=True)
class Truncation:
    """The result of ``truncate_detailed``: the text, its count, and which spans of the original were
    kept: ``original[:head]`` and ``original[len(original) - tail:]``, with the marker between them when
    ``truncated``. Text that fits is returned whole (``head`` is its length, ``tail`` 0, no marker)."""

    text: str
    tokens: int
    original_tokens: int
    original_chars: int
    head: int
    tail: int
    truncated: bool
    marker: str


def check_text_arg(value: object, key: str, example: str) -> str:
    """A marker or separator: a string (``""`` for none)."""
    if not isinstance(value, str):
        raise TypeError(f"{key}: expected a string such as {example} (or '' for none), got {value!r}")
    return value


def check_names_arg(value: object, key: str) -> list[str]:
    """``pinned`` or ``priorities``: a collection of section names, not one name (a string would be
    read as its letters)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Collection):
        raise TypeError(
            f"{key}: expected a list of section names such as ['system'], got {value!r}"
            + (f"; write [{value!r}] for one section" if isinstance(value, str) else "")
        )
    return list(value)


def check_max_tokens(max_tokens: object, key: str = "max_tokens") -> int:
    """A budget of 0 or more tokens, read as caps are elsewhere (``8000``, ``8000.0``, ``"8k"``); 0
    (or ``"0"``) leaves nothing."""
    if isinstance(max_tokens, float) and max_tokens.is_integer():
        max_tokens = int(max_tokens)
    if isinstance(max_tokens, str) and max_tokens.strip() == "0":
        return 0
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, (int, str)):
        raise ValueError(f'{key}: expected a whole number of tokens such as 8000 or "8k", got {max_tokens!r}')
    if isinstance(max_tokens, str):
        from prompt_budget.config import parse_tokens

        return parse_tokens(max_tokens, key=key)
    if max_tokens < 0:
        raise ValueError(f"{key}: must be 0 or more, got {max_tokens}")
    return max_tokens


def truncate_detailed(
    text: str,
    max_tokens: int | str,
    mode: Mode = "end",
    *,
    tokenizer: str | Tokenizer | None = None,
    marker: str = "…",
    lines: bool = False,
) -> Truncation:
    """Like ``truncate`` but returns a ``Truncation`` with the count and the kept spans."""
    if not isinstance(text, str):
        raise TypeError(f"truncate() takes a string, got {type(text).__name__}")
    if mode not in MODES:
        raise ValueError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    marker = check_text_arg(marker, "marker", "'…' or '[...]'")
    budget = check_max_tokens(max_tokens)
    tok = get_tokenizer(tokenizer)
    count = tok.count
    n = len(text)

    # One full count decides whether anything must go; the guesses below then encode only a window
    # of the text a little larger than what is kept, cut its token list and decode the cut.
    total = count(text)
    if total <= budget:
        return Truncation(text, total, total, n, n, 0, False, "")
    if marker and count(marker) > budget:
        marker = ""  # the marker alone does not fit: cut without it
    body_budget = budget - (count(marker) if marker else 0)
    bounds = _Bounds(text, lines)
    head_side, tail_side = _Side(bounds, head=True), _Side(bounds, head=False)
    cpt = n / total if total else 1.0

    def window(b: int, head: bool) -> list[int] | None:
        size = int(b * cpt * 1.25) + 64
        while True:
            size = min(n, size)
            piece = text[:size] if head else text[n - size :]
            try:
                toks = tok.encode(piece)
            except NotImplementedError:
                return None
            if len(toks) > b or size >= n:
                return toks
            size *= 2

    def guess(b: int, head: bool) -> int:
        """Characters a side of ``b`` tokens keeps, from the encoded window (or characters per token)."""
        if b <= 0:
            return 0
        toks = window(b, head) if tok.exact else None
        if toks is None:
            return int(b * cpt)
        if head:
            return _whole_prefix(tok.decode(toks[:b]), text)
        return _whole_suffix(tok.decode(toks[len(toks) - b :]), text)

    def mid(hh: int, tt: int) -> int:
        return count(text[:hh] + marker + text[n - tt :])

    if mode == "end":
        h, t = _solve(head_side, guess(body_budget, True), lambda k: mid(k, 0), budget, n, cpt), 0
    elif mode == "start":
        h, t = 0, _solve(tail_side, guess(body_budget, False), lambda k: mid(0, k), budget, n, cpt)
    else:
        h = head_side.snap(guess((body_budget + 1) // 2, True))
        t = tail_side.snap(guess(body_budget // 2, False))
        if h + t > n:
            t = tail_side.snap(n - h)
        c = mid(h, t)
        while c > budget and (h or t):
            # Over: shrink both sides in proportion, then solve each side exactly.
            scale = budget / c
            nh, nt = head_side.snap(int(h * scale)), tail_side.snap(int(t * scale))
            h, t = (nh, nt) if (nh, nt) != (h, t) else (0, 0)
            c = mid(h, t)
        for _ in range(8):
            t0 = t
            h2 = _solve(head_side, h, lambda k, t0=t0: mid(k, t0), budget, n - t0, cpt)  # type: ignore[misc]
            t2 = _solve(tail_side, t, lambda k, h2=h2: mid(h2, k), budget, n - h2, cpt)  # type: ignore[misc]
            if (h2, t2) == (h, t):
                break
            h, t = h2, t2
    out = text[:h] + marker + text[n - t :]
    return Truncation(out, count(out), total, n, h, t, True, marker)


def truncate(
    text: str,
    max_tokens: int | str,
    mode: Mode = "end",
    *,
    tokenizer: str | Tokenizer | None = None,
    marker: str = "…",
    lines: bool = False,
) -> str:
    """Cut ``text`` to at most ``max_tokens`` tokens, marker included, keeping as much as fits.

    ``mode`` says what is kept: ``"end"`` keeps the start and cuts the end, ``"start"`` cuts the start
    and keeps the end, ``"middle"`` keeps both ends and cuts the middle. The cut never splits a
    character or a grapheme cluster (an emoji sequence, a letter and its accents, a flag, CR LF);
    ``lines=True`` cuts only between lines. Text that already fits is returned unchanged, without a
    marker; a marker that alone does not fit is left out.

    With an exact tokenizer the result counts at most ``max_tokens`` and one more grapheme (or line)
    would not fit. With an estimate (``chars4``, ``words``...) the result is under by the estimate's
    own count."""
    return truncate_detailed(text, max_tokens, mode, tokenizer=tokenizer, marker=marker, lines=lines).text
