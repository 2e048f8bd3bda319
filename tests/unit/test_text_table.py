"""The plain-text table: columns aligned as declared, trailing blanks trimmed, short rows padded."""

from __future__ import annotations

from prompt_budget.text.table import Column, Table


def test_columns_align_as_declared_and_lines_carry_no_trailing_blanks() -> None:
    table = Table([Column("file"), Column("tokens", "right"), Column("status")], title="budgets")
    table.add_row("a.md", "1,234", "ok")
    table.add_row("longer/b.md", "7", "")
    table.footer = ["total", "1,241", "fail"]
    assert table.to_text().splitlines() == [
        "budgets",
        "file         tokens  status",
        "-----------  ------  ------",
        "a.md          1,234  ok",
        "longer/b.md       7",
        "-----------  ------  ------",
        "total         1,241  fail",
    ]


def test_a_right_aligned_last_column_is_padded_on_the_left() -> None:
    table = Table([Column("name"), Column("n", "right")])
    table.add_row("x", "5")
    table.add_row("y", "500")
    assert table.to_text().splitlines() == ["name    n", "----  ---", "x       5", "y     500"]


def test_a_short_row_and_a_short_footer_are_padded_with_blank_cells() -> None:
    table = Table([Column("a"), Column("b", "right"), Column("c")])
    table.add_row("x")
    table.add_row("yy", "2", "z")
    table.footer = ["tot"]
    assert table.to_text().splitlines() == ["a    b  c", "---  -  -", "x", "yy   2  z", "---  -  -", "tot"]
