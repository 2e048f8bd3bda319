"""``assemble``: fit named sections into a total budget in priority order, with a receipt of what was
done to each section (``Receipt``, its plain-text table, and the ``Assembled`` string that carries it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NoReturn

from prompt_budget.errors import BudgetExceeded
from prompt_budget.text.table import Column, Table, fmt_int
from prompt_budget.tokenizers import Tokenizer, get_tokenizer
from prompt_budget.truncation.cut import (
    Mode,
    check_max_tokens,
    check_names_arg,
    check_text_arg,
    truncate_detailed,
)

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
        return dataclasses.asdict(self)


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

    Each section is first cut to its own ``caps``; then, most important first (``priorities``, default
    ``DEFAULT_PRIORITIES``, then the sections it does not name), each is kept whole if it fits in what
    is left, else cut by its ``modes`` entry (``"end"``, ``"start"``, ``"middle"`` or ``"drop"``, with
    ``":lines"`` to cut between lines), so the lowest priorities are cut first. ``pinned`` sections are
    never cut: ``BudgetExceeded`` when they do not fit. The result counts at most ``budget`` tokens as a
    whole; its ``receipt`` says what happened to each section (see docs/truncation.md)."""
    if not isinstance(sections, Mapping):
        raise TypeError(f"assemble() takes a mapping of section name -> text, got {type(sections).__name__}")
    for name, text in sections.items():
        if not isinstance(text, str):
            raise TypeError(f"sections[{name!r}]: expected a string, got {type(text).__name__}")
    total_budget = check_max_tokens(budget, "budget")
    separator = check_text_arg(separator, "separator", "'\\n\\n'")
    marker = check_text_arg(marker, "marker", "'…' or '[...]'")
    modes = dict(modes or {})
    caps_in = dict(caps or {})
    pinned_set = set(check_names_arg(pinned, "pinned"))
    _check_names("modes", modes, sections)
    _check_names("caps", caps_in, sections)
    _check_names("pinned", pinned_set, sections)
    parsed_modes = {name: _parse_mode(name, modes.get(name, "end")) for name in sections}
    cap_of = {name: check_max_tokens(v, f"caps[{name!r}]") for name, v in caps_in.items()}
    tok = get_tokenizer(tokenizer)

    order = check_names_arg(priorities, "priorities") if priorities is not None else list(DEFAULT_PRIORITIES)
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
        res = None
        if mode != "drop" and limit > marker_tokens:
            res = truncate_detailed(sections[name], limit, mode, tokenizer=tok, marker=marker, lines=lines)
        # Nothing of the section fits (say its first line, with ":lines"): the marker alone would
        # only spend tokens, and a separator, that a lower-priority section could use.
        if res is None or (res.truncated and not res.head and not res.tail):
            text_of[name], after[name], action[name] = "", 0, "dropped"
            reason[name] = why + ("; mode drop" if mode == "drop" and limit > marker_tokens else "")
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

    def fail(message: str, total: int) -> NoReturn:
        done = receipt(total)
        raise BudgetExceeded(message + "\n" + receipt_table(done), verdict=done)

    # 1. Each section to its own cap.
    for name, cap in cap_of.items():
        if after[name] > cap:
            if name in pinned_set:
                fail(
                    f"pinned section {name!r} has {after[name]:,} tokens, over its cap of {cap:,} by "
                    f"{after[name] - cap:,}; a pinned section is never cut",
                    tok.count(joined()),
                )
            cut(name, cap, f"over its cap of {cap:,}")

    # 2. Pinned sections first, then the rest in priority order.
    kept = [n for n in sections if n in pinned_set and text_of[n]]
    remaining = total_budget - sum(after[n] for n in kept) - sep_tokens * max(0, len(kept) - 1)
    if remaining < 0:
        fail(
            f"pinned sections ({', '.join(kept)}) need {total_budget - remaining:,} tokens, over the budget "
            f"of {total_budget:,} by {-remaining:,}; pinned sections are never cut",
            tok.count(joined()),
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
            fail(
                f"the assembled prompt counts {total:,} tokens, over the budget of {total_budget:,} by "
                f"{total - total_budget:,}, and only pinned sections are left",
                total,
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
