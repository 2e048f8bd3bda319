"""A small table model rendered either with rich (for terminals) or as plain aligned text (pipes,
``NO_COLOR``, logs), so every command shows the same columns either way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Literal

Align = Literal["left", "right"]


def fmt_int(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


def fmt_pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


@dataclass(frozen=True)
class Column:
    header: str
    align: Align = "left"


@dataclass
class Table:
    columns: Sequence[Column]
    rows: list[list[str]] = field(default_factory=list)
    footer: list[str] | None = None
    title: str | None = None
    styles: list[str | None] = field(default_factory=list)

    def add_row(self, *cells: str, style: str | None = None) -> None:
        self.rows.append(list(cells))
        self.styles.append(style)

    def to_text(self) -> str:
        """Plain aligned columns, no colour and no box drawing."""
        body = [[c.header for c in self.columns], *self.rows]
        if self.footer is not None:
            body.append(self.footer)
        n = len(self.columns)
        if all(len(r) == n for r in body):
            # a column at a time, every cell padded and every line joined at C speed (a table of
            # 100,000 files: no Python call per row)
            columns = list(zip(*body, strict=True))
            widths = [max(map(len, cells)) for cells in columns]
            padded: list[Sequence[str]] = [
                list(map(str.rjust if col.align == "right" else str.ljust, cells, repeat(width)))
                for cells, width, col in zip(columns[:-1], widths, self.columns, strict=False)
            ]
            last = self.columns[-1]
            padded.append(
                columns[-1]
                if last.align != "right"
                else list(map(str.rjust, columns[-1], repeat(widths[-1])))
            )
            lines = list(map("  ".join, zip(*padded, strict=True)))
            if any(not cell or cell[-1].isspace() for cell in columns[-1]):  # the rare trailing blank
                lines = [line.rstrip() for line in lines]
        else:
            widths = [max(len(r[i]) if i < len(r) else 0 for r in body) for i in range(n)]
            layout = "  ".join(
                f"{{:{'>' if col.align == 'right' else '<'}{width}}}"
                for width, col in zip(widths, self.columns, strict=False)
            )
            lines = [layout.format(*r, *[""] * (n - len(r))).rstrip() for r in body]
        rule = "  ".join("-" * w for w in widths)
        out = [*([self.title] if self.title else []), lines[0], rule, *lines[1 : len(self.rows) + 1]]
        if self.footer is not None:
            out.append(rule)
            out.append(lines[-1])
        return "\n".join(out) + "\n"

    def to_rich(self) -> object:
        from rich import box
        from rich.table import Table as RichTable

        table = RichTable(title=self.title, box=box.SIMPLE_HEAD, show_footer=self.footer is not None)
        for i, col in enumerate(self.columns):
            table.add_column(
                col.header,
                justify=col.align,
                footer=self.footer[i] if self.footer is not None else "",
            )
        for row, style in zip(self.rows, self.styles, strict=True):
            table.add_row(*row, style=style)
        return table

    def render(self, width: int = 100, color: bool = False) -> str:
        """Render through rich to a string at ``width`` (for pytest's terminal reporter)."""
        return render_rich(self.to_rich(), width, color)


def render_rich(renderable: object, width: int, color: bool) -> str:
    """A rich renderable as a string at ``width`` columns, with ANSI colour or none; markup, emoji and
    highlighting off so that file names and node ids print as they are."""
    import io

    from rich.console import Console

    buf = io.StringIO()
    console = Console(
        file=buf,
        width=width,
        force_terminal=color,
        no_color=not color,
        markup=False,
        highlight=False,
        emoji=False,
        color_system="standard" if color else None,
    )
    console.print(renderable)
    return buf.getvalue()
