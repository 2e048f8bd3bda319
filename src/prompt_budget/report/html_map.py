"""The context-window map, drawn as inline SVG from a ``Window`` (``html_model``), and its plain
table.

The map is a slice-and-dice treemap of the usable budget, so that every area is proportional to
tokens: left to right, one column per group (what loads at launch, then each stage), as wide as
the group's tokens; in a column, one row per file, as tall as the file's share of the column; in a
file, one slice per Markdown section, as wide as the section's share of the file (the sections'
own counts are scaled to fill the file: BPE merges across a boundary make their sum differ by a
few tokens). Then the headroom up to the usable budget (a vertical line), the reserved output, and
after a gap, the files the plan shed. Every file is a link to its sections (click-through, and a
stop for the keyboard) whose ``aria-label`` says tokens, cap, percent and path; the page's script
shows that label as a tooltip on hover and focus.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

from prompt_budget.report.html_model import Block, Group, Window
from prompt_budget.text.table import fmt_int, fmt_pct

WIDTH: Final = 1000
#: the map's height: taller when a column holds many files, so that each keeps a visible row
HEIGHT: Final = 260
MAX_HEIGHT: Final = 600
TOP: Final = 20  # the band of group names above the map
BOTTOM: Final = 16  # the band below it, for the usable budget's line
#: a label is written in a cell at least this tall, and about this wide per character
_LABEL_H: Final = 14
_CHAR_W: Final = 6.2


def _n(x: float) -> str:
    """A coordinate, short: ``12.25``, ``3`` (two decimals: a row of a column of a thousand files is
    about half a unit tall)."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def esc(text: str) -> str:
    return escape(text, quote=True)


def describe(block: Block, usable: int | None, where: str) -> str:
    """What hover and focus show: path, tokens, cap and percent, share of the usable budget, load,
    status, growth."""
    bits = [f"{block.label}: {block.tokens:,} tokens"]
    bits.append(f"cap {block.cap:,} ({fmt_pct(block.percent)})" if block.cap else "no cap")
    if usable:
        bits.append(f"{fmt_pct(100.0 * block.tokens / usable)} of usable")
    bits.append(f"{block.load}, {where}")
    if block.status != "pass":
        bits.append(block.status.upper())
    if block.growth:
        bits.append(f"{block.growth:+,} since the baseline")
    return "; ".join(bits)


def _fit(text: str, width: float, *, tail: bool = False) -> str:
    """``text`` cut to what ``width`` holds, with an ellipsis: its end kept for a path (``tail``)."""
    fit = max(int((width - 6) / _CHAR_W), 2)
    if len(text) <= fit:
        return text
    return "…" + text[-(fit - 1) :] if tail else text[: fit - 1] + "…"


_STATUS_CLASS: Final = {"pass": "", "warn": " st-warn", "fail": " st-fail"}


def _cell(block: Block, x: float, y: float, w: float, h: float, cls: str, tip: str) -> list[str]:
    href = f' href="#{block.anchor}"' if block.anchor else ""
    out = [
        f'<a{href} class="b {cls}{_STATUS_CLASS[block.status]}{"" if w >= 3 and h >= 3 else " t"}" data-tokens="{block.tokens}" aria-label="{esc(tip)}">'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"/>',
    ]
    total = sum(p.tokens for p in block.parts)
    if block.parts and total and w >= 6 and h >= 4:
        px = x
        for i, part in enumerate(block.parts):
            pw = w * part.tokens / total
            if i % 2:
                out.append(
                    f'<rect class="p" x="{_n(px)}" y="{_n(y)}" width="{_n(pw)}" height="{_n(h)}" '
                    f'data-tip="{esc(part.label)} ({part.lines}): {part.tokens:,} tokens"/>'
                )
            elif i:
                out.append(f'<path class="sep" d="M{_n(px)} {_n(y)}v{_n(h)}"/>')
            px += pw
    if h >= _LABEL_H and w >= _CHAR_W * 4:
        out.append(f'<text x="{_n(x + 3)}" y="{_n(y + 11)}">{esc(_fit(block.label, w, tail=True))}</text>')
    out.append("</a>")
    return ["".join(out)]


def _column(
    name: str, blocks: Sequence[Block], x: float, w: float, height: int, cls: str, usable: int | None
) -> list[str]:
    """One column of the map: its name above it, then a row per block, as tall as its share."""
    out = []
    if w >= _CHAR_W * 5:
        out.append(f'<text class="g" x="{_n(x + 2)}" y="14">{esc(_fit(name, w))}</text>')
    total = sum(b.tokens for b in blocks)
    y = float(TOP)
    for block in blocks:
        h = height * block.tokens / total
        if block.tokens > 0:
            where = f"shed at stage {block.shed_at}" if block.shed_at else name
            out += _cell(block, x, y, w, h, cls, describe(block, usable, where))
        y += h
    return out


def map_svg(window: Window, index: int = 0) -> str:
    """The map of ``window`` (see the module docstring) as an ``<svg>`` element."""
    usable = window.usable or 0
    total = window.total
    shed = sum(b.tokens for b in window.shed)
    base = max(usable, total) + window.reserved
    gap = base * 0.03 if shed else 0.0
    extent = max(base + gap + shed, 1)
    sx = WIDTH / extent
    rows = max((len(g.blocks) for g in (*window.groups, Group("", window.shed))), default=0)
    height = min(MAX_HEIGHT, max(HEIGHT, int(1.2 * rows)))
    out = [
        f'<svg class="map" viewBox="0 0 {WIDTH} {height + TOP + BOTTOM}" role="group" '
        f'aria-labelledby="map{index}-title"><title id="map{index}-title">{esc(window.name)}: '
        f"{total:,} tokens loaded" + (f" of a usable {usable:,}" if usable else "") + "</title>"
    ]
    x = 0.0
    for gi, group in enumerate(window.groups):
        gt = group.tokens
        if gt <= 0:
            continue
        w = gt * sx
        out += _column(group.name, group.blocks, x, w, height, f"g{gi % 6}", window.usable)
        out.append(f'<path class="gsep" d="M{_n(x + w)} {TOP}v{height}"/>')
        x += w
    if usable:
        ux = usable * sx
        if total < usable:
            out.append(
                f'<rect class="hr" x="{_n(x)}" y="{TOP}" width="{_n(ux - x)}" height="{height}" '
                f'data-tokens="{usable - total}" tabindex="0" '
                f'aria-label="headroom: {usable - total:,} tokens of the usable {usable:,} left"/>'
            )
        elif total > usable:
            out.append(
                f'<rect class="over" x="{_n(ux)}" y="{TOP}" width="{_n(x - ux)}" height="{height}" '
                f'tabindex="0" aria-label="over the usable budget by {total - usable:,} tokens"/>'
            )
        out.append(f'<path class="limit" d="M{_n(ux)} 2v{height + TOP + 2}"/>')
        anchor = "end" if ux > WIDTH / 2 else "start"
        tx = ux - 3 if anchor == "end" else ux + 3
        out.append(
            f'<text class="g" x="{_n(tx)}" y="{TOP + height + 13}" text-anchor="{anchor}">usable budget {usable:,}</text>'
        )
    rx = max(usable, total) * sx
    if window.reserved:
        out.append(
            f'<rect class="res" x="{_n(rx)}" y="{TOP}" width="{_n(window.reserved * sx)}" height="{height}" '
            f'data-tokens="{window.reserved}" tabindex="0" aria-label="reserved output: {window.reserved:,} tokens"/>'
        )
    if shed:
        sx0 = rx + window.reserved * sx + gap * sx
        out += _column("shed", window.shed, sx0, shed * sx, height, "shed", window.usable)
    out.append("</svg>")
    return "\n".join(out)


def map_table(window: Window) -> str:
    """The map as a plain table: every group's files in the map's order, the headroom, the reserved
    output and the shed files, with tokens and share of the usable budget."""
    usable = window.usable

    def share(n: int) -> str:
        return fmt_pct(100.0 * n / usable) if usable else "-"

    groups = [(g.name, g.blocks) for g in window.groups if g.blocks]
    for stage in dict.fromkeys(b.shed_at for b in window.shed):
        groups.append((f"shed at stage {stage}", tuple(b for b in window.shed if b.shed_at == stage)))
    out = [
        '<table class="num"><thead><tr><th>file</th><th>tokens</th><th>cap</th><th>of usable</th>'
        "<th>status</th></tr></thead>"
    ]
    for name, blocks in groups:
        out.append(
            f"<tbody><tr><th colspan=5>{esc(name)} ({sum(b.tokens for b in blocks):,} tokens)</th></tr>"
        )
        for b in blocks:
            link = f'<a href="#{b.anchor}">{esc(b.label)}</a>' if b.anchor else esc(b.label)
            out.append(
                f"<tr><td>{link}</td><td>{b.tokens:,}</td><td>{fmt_int(b.cap)}</td>"
                f"<td>{share(b.tokens)}</td><td class=st-{b.status}>{b.status}</td></tr>"
            )
        out.append("</tbody>")
    out.append("<tbody>")
    if window.headroom is not None:
        label = "headroom" if window.headroom >= 0 else "over the usable budget by"
        out.append(
            f"<tr><th>{label}</th><td>{abs(window.headroom):,}</td><td></td><td>{share(abs(window.headroom))}</td><td></td></tr>"
        )
    if window.reserved:
        out.append(
            f"<tr><th>reserved output</th><td>{window.reserved:,}</td><td></td><td></td><td></td></tr>"
        )
    out.append("</tbody></table>")
    return "\n".join(out)
