"""Fitting text into a token budget: exact truncation and priority assembly with a receipt.

``truncate(text, max_tokens)`` cuts a text so that it counts at most ``max_tokens`` (marker included)
and is as long as possible, at a grapheme cluster boundary (or a line boundary with ``lines=True``).
With an exact tokenizer it counts the text once, encodes only a window a little larger than what is
kept, cuts that token list, decodes the cut and then fixes the boundary with a few counts of the
(small) result, so truncating a large document costs little more than one count of it. Estimates (``chars4``, ``words``...) have no tokens to cut: they are searched, and the result is
under by the estimator's own count.

``assemble(sections, budget)`` fits named sections into a total budget in priority order: pinned
sections are never cut, each section is truncated to its cap, and the lowest-priority sections are
truncated or dropped first. It returns an ``Assembled`` string carrying a ``Receipt`` (per section:
tokens before and after, what was cut and why) that renders as a table with ``receipt_table``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from prompt_budget.errors import BudgetExceeded
from prompt_budget.tokenizers import Tokenizer, get_tokenizer

__all__ = [
    "DEFAULT_PRIORITIES",
    "Assembled",
    "Receipt",
    "SectionReceipt",
    "Truncation",
    "assemble",
    "receipt_table",
    "truncate",
    "truncate_detailed",
]

Mode = Literal["end", "start", "middle"]
MODES: Final = ("end", "start", "middle")
SECTION_MODES: Final = ("end", "start", "middle", "drop")

#: The order the design documents give for context sections, most important first. Sections not named
#: here rank after these, in the order they are given.
DEFAULT_PRIORITIES: Final = (
    "system",
    "system_prompt",
    "persona",
    "working_memory",
    "stream_buffer",
    "semantic_search",
    "graph",
    "session_archive",
    "meta_memory",
    "tools",
    "tool_definitions",
)

_REPLACEMENT: Final = "\ufffd"


# --- truncate ------------------------------------------------------------------------------------


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

    @property
    def removed_chars(self) -> int:
        return self.original_chars - self.head - self.tail


def _check_text_arg(value: object, key: str, example: str) -> str:
    """A marker or separator: a string (``""`` for none)."""
    if not isinstance(value, str):
        raise TypeError(f"{key}: expected a string such as {example} (or '' for none), got {value!r}")
    return value


def _check_names_arg(value: object, key: str) -> list[str]:
    """``pinned`` or ``priorities``: a collection of section names, not one name (a string would be
    read as its letters)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Collection):
        raise TypeError(
            f"{key}: expected a list of section names such as ['system'], got {value!r}"
            + (f"; write [{value!r}] for one section" if isinstance(value, str) else "")
        )
    return list(value)


def _check_max_tokens(max_tokens: object, key: str = "max_tokens") -> int:
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
        from prompt_budget.text.graphemes import prev_boundary

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
        from prompt_budget.text.graphemes import next_boundary

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


def _strip_partial_end(piece: str, text: str) -> int:
    """Characters of ``text`` that a decoded token prefix ``piece`` covers whole (a token cut through a
    multi-byte character decodes to U+FFFD)."""
    k = min(len(piece), len(text))
    while k > 0 and piece[k - 1] == _REPLACEMENT and text[k - 1] != _REPLACEMENT:
        k -= 1
    return k


def _strip_partial_start(piece: str, text: str) -> int:
    n = len(text)
    k = min(len(piece), n)
    i = len(piece) - k
    while k > 0 and piece[i] == _REPLACEMENT and text[n - k] != _REPLACEMENT:
        k -= 1
        i += 1
    return k


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
    marker = _check_text_arg(marker, "marker", "'…' or '[...]'")
    budget = _check_max_tokens(max_tokens)
    tok = get_tokenizer(tokenizer)
    n = len(text)

    # One full count decides whether anything must go; the guesses below then encode only a window
    # of the text a little larger than what is kept, cut its token list and decode the cut.
    total = tok.count(text)
    if total <= budget:
        return Truncation(text, total, total, n, n, 0, False, "")
    can_encode = tok.exact
    if marker and tok.count(marker) > budget:
        marker = ""  # the marker alone does not fit: cut without it
    body_budget = budget - (tok.count(marker) if marker else 0)
    bounds = _Bounds(text, lines)
    head_side = _Side(bounds, head=True)
    tail_side = _Side(bounds, head=False)
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

    def guess_head(b: int) -> int:
        if b <= 0:
            return 0
        toks = window(b, head=True) if can_encode else None
        if toks is None:
            return int(b * cpt)
        return _strip_partial_end(tok.decode(toks[:b]), text)

    def guess_tail(b: int) -> int:
        if b <= 0:
            return 0
        toks = window(b, head=False) if can_encode else None
        if toks is None:
            return int(b * cpt)
        return _strip_partial_start(tok.decode(toks[len(toks) - b :]), text)

    count = tok.count
    if mode == "end":
        h = _solve(head_side, guess_head(body_budget), lambda k: count(text[:k] + marker), budget, n, cpt)
        t = 0
    elif mode == "start":
        t = _solve(
            tail_side, guess_tail(body_budget), lambda k: count(marker + text[n - k :]), budget, n, cpt
        )
        h = 0
    else:
        h = head_side.snap(guess_head((body_budget + 1) // 2))
        t = tail_side.snap(guess_tail(body_budget // 2))
        if h + t > n:
            t = tail_side.snap(n - h)

        def mid(hh: int, tt: int) -> int:
            return count(text[:hh] + marker + text[n - tt :])

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
    if mode == "end":
        out = text[:h] + marker
    elif mode == "start":
        out = marker + text[n - t :]
    else:
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


# --- assemble -------------------------------------------------------------------------------------

Action = Literal["kept", "truncated", "dropped"]


@dataclass(frozen=True)
class SectionReceipt:
    """What ``assemble`` did to one section."""

    name: str
    rank: int
    pinned: bool
    mode: str
    cap: int | None
    tokens_before: int
    tokens_after: int
    action: Action
    reason: str
    chars_before: int
    chars_after: int

    @property
    def tokens_cut(self) -> int:
        return self.tokens_before - self.tokens_after

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rank": self.rank,
            "pinned": self.pinned,
            "mode": self.mode,
            "cap": self.cap,
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "action": self.action,
            "reason": self.reason,
            "chars_before": self.chars_before,
            "chars_after": self.chars_after,
        }


@dataclass(frozen=True)
class Receipt:
    """Per section, tokens before and after and what was cut and why, plus the total as counted whole.

    ``total`` is the count of the assembled text; ``join_tokens`` is what the separators (and any
    merging of tokens across them) add to the sections' own counts, so
    ``sum(s.tokens_after for s in sections) + join_tokens == total``."""

    budget: int
    tokenizer: str
    exact: bool
    separator: str
    sections: tuple[SectionReceipt, ...]
    total: int

    @property
    def tokens_before(self) -> int:
        return sum(s.tokens_before for s in self.sections)

    @property
    def tokens_after(self) -> int:
        return sum(s.tokens_after for s in self.sections)

    @property
    def join_tokens(self) -> int:
        return self.total - self.tokens_after

    def section(self, name: str) -> SectionReceipt:
        for s in self.sections:
            if s.name == name:
                return s
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "budget": self.budget,
            "tokenizer": self.tokenizer,
            "exact": self.exact,
            "total": self.total,
            "join_tokens": self.join_tokens,
            "sections": [s.to_dict() for s in self.sections],
        }

    def __str__(self) -> str:
        return receipt_table(self)


def receipt_table(receipt: Receipt) -> str:
    """The receipt as a plain-text table (no colour, no box drawing), for failure messages and
    reports: one row per section in prompt order, then the total against the budget."""
    from prompt_budget.text.table import Column, Table, fmt_int

    table = Table(
        [
            Column("section"),
            Column("priority", "right"),
            Column("mode"),
            Column("before", "right"),
            Column("after", "right"),
            Column("cut", "right"),
            Column("action"),
            Column("why"),
        ],
        title=(
            f"assembled under a budget of {receipt.budget:,} tokens ({receipt.tokenizer}"
            f"{'' if receipt.exact else ', estimated'})"
        ),
    )
    for s in receipt.sections:
        table.add_row(
            s.name,
            "pinned" if s.pinned else str(s.rank),
            s.mode,
            fmt_int(s.tokens_before),
            fmt_int(s.tokens_after),
            fmt_int(s.tokens_cut) if s.tokens_cut else "",
            s.action,
            s.reason,
        )
    if receipt.sections:
        table.add_row("(separators)", "", "", "", fmt_int(receipt.join_tokens), "", "", "")
    table.footer = [
        "total",
        "",
        "",
        fmt_int(receipt.tokens_before),
        fmt_int(receipt.total),
        fmt_int(receipt.tokens_before - receipt.tokens_after) if receipt.tokens_before else "",
        f"budget {receipt.budget:,}",
        "",
    ]
    return table.to_text()


class Assembled(str):
    """The assembled prompt: a ``str`` carrying its ``receipt`` and the final text of each section
    (``parts``). ``prompt_budget.check`` shows the receipt when an assembled prompt fails."""

    receipt: Receipt
    parts: dict[str, str]

    def __new__(cls, text: str, receipt: Receipt, parts: Mapping[str, str]) -> Assembled:
        obj = super().__new__(cls, text)
        obj.receipt = receipt
        obj.parts = dict(parts)
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (Assembled, (str(self), self.receipt, self.parts))


def _parse_mode(name: str, value: object) -> tuple[Mode | Literal["drop"], bool]:
    if not isinstance(value, str):
        raise ValueError(f"modes[{name!r}]: expected a string such as 'end' or 'start:lines', got {value!r}")
    base, _, suffix = value.partition(":")
    if base not in SECTION_MODES or suffix not in ("", "lines"):
        raise ValueError(
            f"modes[{name!r}]: expected one of {', '.join(SECTION_MODES)}, optionally with ':lines' "
            f"(e.g. 'start:lines'), got {value!r}"
        )
    return base, suffix == "lines"  # type: ignore[return-value]


def _check_names(arg: str, names: Collection[str], sections: Mapping[str, str]) -> None:
    for name in names:
        if name not in sections:
            known = ", ".join(repr(s) for s in sections) or "none"
            raise ValueError(f"{arg}: no section named {name!r}; the sections are {known}")


def assemble(
    sections: Mapping[str, str],
    budget: int | str,
    priorities: Sequence[str] | None = None,
    modes: Mapping[str, str] | None = None,
    *,
    pinned: Collection[str] = (),
    caps: Mapping[str, int | str] | None = None,
    tokenizer: str | Tokenizer | None = None,
    separator: str = "\n\n",
    marker: str = "…",
) -> Assembled:
    """Fit named sections into ``budget`` tokens and join them (in the order given) with ``separator``.

    ``priorities`` names sections most important first (default: ``DEFAULT_PRIORITIES``, the design
    documents' order; sections it does not name come after, in the order given). ``modes`` says how a
    section is cut: ``"end"`` (default: keep its start), ``"start"`` (keep its end, as for a stream
    buffer), ``"middle"``, or ``"drop"`` (kept whole or not at all); add ``":lines"`` to cut between
    lines. ``caps`` gives a section its own cap. ``pinned`` sections are never cut: if they do not fit,
    ``BudgetExceeded`` is raised with the receipt.

    Each section is first cut to its cap; then sections are taken in priority order, each kept whole
    if it fits in what is left, else truncated to what is left (or dropped when that is nothing, or its
    mode is ``"drop"``), so the lowest priorities are cut first. The result counts at most ``budget``
    tokens as a whole; its ``receipt`` says what happened to each section."""
    if not isinstance(sections, Mapping):
        raise TypeError(f"assemble() takes a mapping of section name -> text, got {type(sections).__name__}")
    for name, text in sections.items():
        if not isinstance(text, str):
            raise TypeError(f"sections[{name!r}]: expected a string, got {type(text).__name__}")
    total_budget = _check_max_tokens(budget, "budget")
    separator = _check_text_arg(separator, "separator", "'\\n\\n'")
    marker = _check_text_arg(marker, "marker", "'…' or '[...]'")
    modes = dict(modes or {})
    caps_in = dict(caps or {})
    pinned_set = set(_check_names_arg(pinned, "pinned"))
    _check_names("modes", modes, sections)
    _check_names("caps", caps_in, sections)
    _check_names("pinned", pinned_set, sections)
    parsed_modes = {name: _parse_mode(name, modes.get(name, "end")) for name in sections}
    cap_of = {name: _check_max_tokens(v, f"caps[{name!r}]") for name, v in caps_in.items()}
    tok = get_tokenizer(tokenizer)

    order = _check_names_arg(priorities, "priorities") if priorities is not None else list(DEFAULT_PRIORITIES)
    ranked = [n for n in order if n in sections]
    ranked = list(dict.fromkeys(ranked)) + [n for n in sections if n not in ranked]
    rank = {name: i + 1 for i, name in enumerate(ranked)}

    text_of = dict(sections)
    before = {name: tok.count(t) for name, t in sections.items()}
    after = dict(before)
    action: dict[str, Action] = dict.fromkeys(sections, "kept")
    reason = {name: "pinned" if name in pinned_set else "fits" for name in sections}
    sep_tokens = tok.count(separator) if separator else 0
    marker_tokens = tok.count(marker) if marker else 0

    def cut(name: str, limit: int, why: str) -> None:
        mode, lines = parsed_modes[name]
        if mode == "drop" or limit <= marker_tokens:
            text_of[name] = ""
            after[name] = 0
            action[name] = "dropped"
            reason[name] = why + ("; mode drop" if mode == "drop" and limit > marker_tokens else "")
            return
        res = truncate_detailed(sections[name], limit, mode, tokenizer=tok, marker=marker, lines=lines)
        if res.truncated and not res.head and not res.tail:
            # Nothing of the section fits (say its first line, with ":lines"): the marker alone would
            # only spend tokens, and a separator, that a lower-priority section could use.
            text_of[name] = ""
            after[name] = 0
            action[name] = "dropped"
            reason[name] = why
            return
        text_of[name] = res.text
        after[name] = tok.count(res.text)
        if res.truncated:
            action[name] = "truncated"
            reason[name] = why

    def receipt(total: int) -> Receipt:
        rows = tuple(
            SectionReceipt(
                name=name,
                rank=rank[name],
                pinned=name in pinned_set,
                mode=modes.get(name, "end"),
                cap=cap_of.get(name),
                tokens_before=before[name],
                tokens_after=after[name],
                action=action[name],
                reason=reason[name],
                chars_before=len(sections[name]),
                chars_after=len(text_of[name]),
            )
            for name in sections
        )
        return Receipt(total_budget, tok.name, tok.exact, separator, rows, total)

    def joined() -> str:
        return separator.join(text_of[n] for n in sections if text_of[n])

    # 1. Each section to its own cap.
    for name, cap in cap_of.items():
        if after[name] > cap:
            if name in pinned_set:
                raise BudgetExceeded(
                    f"pinned section {name!r} has {after[name]:,} tokens, over its cap of {cap:,} by "
                    f"{after[name] - cap:,}; a pinned section is never cut\n"
                    + receipt_table(receipt(tok.count(joined()))),
                    verdict=receipt(tok.count(joined())),
                )
            cut(name, cap, f"over its cap of {cap:,}")

    # 2. Pinned sections first, then the rest in priority order.
    kept = [n for n in sections if n in pinned_set and text_of[n]]
    remaining = total_budget - sum(after[n] for n in kept) - sep_tokens * max(0, len(kept) - 1)
    if remaining < 0:
        total = tok.count(joined())
        raise BudgetExceeded(
            f"pinned sections ({', '.join(kept)}) need {total_budget - remaining:,} tokens, over the budget "
            f"of {total_budget:,} by {-remaining:,}; pinned sections are never cut\n"
            + receipt_table(receipt(total)),
            verdict=receipt(total),
        )
    for name in ranked:
        if name in pinned_set or not text_of[name]:
            continue
        join = sep_tokens if kept else 0
        avail = remaining - join
        if after[name] > avail:
            why = (
                f"{max(avail, 0):,} tokens left after higher-priority sections"
                if avail > 0
                else "no budget left after higher-priority sections"
            )
            cut(name, max(avail, 0), why)
        if text_of[name]:
            kept.append(name)
            remaining -= after[name] + join

    # 3. The whole may count more than its parts (tokens merge across joins): trim the lowest priority.
    text = joined()
    total = tok.count(text)
    guard = 0
    while total > total_budget:
        guard += 1
        victims = [n for n in reversed(ranked) if n not in pinned_set and text_of[n]]
        if not victims or guard > 4 * len(sections) + 8:
            raise BudgetExceeded(
                f"the assembled prompt counts {total:,} tokens, over the budget of {total_budget:,} by "
                f"{total - total_budget:,}, and only pinned sections are left\n"
                + receipt_table(receipt(total)),
                verdict=receipt(total),
            )
        victim = victims[0]
        cut(
            victim,
            after[victim] - (total - total_budget),
            reason[victim] if action[victim] != "kept" else "trimmed so the whole fits",
        )
        text = joined()
        total = tok.count(text)
    return Assembled(text, receipt(total), text_of)
