"""A small table model rendered either with rich (for terminals) or as plain aligned text (pipes,
``NO_COLOR``, logs), so every command shows the same columns either way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
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
        full = all(len(r) == n for r in body)
        if full:  # a column at a time at C speed (a table of thousands of files)
            widths = [max(map(len, cells)) for cells in zip(*body, strict=True)]
        else:
            widths = [max(len(r[i]) for r in body) for i in range(n)]

        # One format string for every row: a long table (thousands of files) renders at C speed.
        layout = "  ".join(
            f"{{:{'>' if col.align == 'right' else '<'}{width}}}"
            for width, col in zip(widths, self.columns, strict=False)
        )

        def line(cells: Sequence[str]) -> str:
            return layout.format(*cells, *[""] * (len(self.columns) - len(cells))).rstrip()

        out = []
        if self.title:
            out.append(self.title)
        out.append(line(body[0]))
        out.append("  ".join("-" * w for w in widths))
        if full:
            fmt = layout.format
            out.extend([fmt(*r).rstrip() for r in self.rows])
        else:
            out.extend(line(r) for r in self.rows)
        if self.footer is not None:
            out.append("  ".join("-" * w for w in widths))
            out.append(line(self.footer))
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
