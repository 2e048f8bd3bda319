"""The headings ``outline.split`` finds in the shapes CommonMark is subtle about.

Each expected heading is written out by hand from the CommonMark spec (0.31): (level, text, first
line). Only top-level headings are sections: one inside a block quote or a list item belongs to it."""

from __future__ import annotations

import pytest

from prompt_budget.outline import split

Heading = tuple[int, str, int]


def headings(text: str) -> list[Heading]:
    return [(s.level, s.heading, s.start_line) for s in split(text) if s.level]


CASES: dict[str, tuple[str, list[Heading]]] = {
    # ATX
    "atx closing runs": (
        "## Two ##\n# C#\n### x ### b\n# foo#\n## ###\n#\n",
        [(2, "Two", 1), (1, "C#", 2), (3, "x ### b", 3), (1, "foo#", 4), (2, "", 5), (1, "", 6)],
    ),
    "atx needs a space, at most six hashes": ("#hashtag\n#5 bolt\n####### seven\n\\## escaped\n", []),
    "atx indent": (" # one\n   ### three\n    # four is code\n", [(1, "one", 1), (3, "three", 2)]),
    "atx interrupts a paragraph": ("Foo bar\n# baz\nBar foo\n", [(1, "baz", 2)]),
    "atx with a tab after the hashes": ("#\tTabbed\t##\n", [(1, "Tabbed", 1)]),
    # setext
    "setext both levels": ("Foo *bar*\n=========\n\nBaz\n-\n", [(1, "Foo *bar*", 1), (2, "Baz", 4)]),
    "setext over several lines": ("Foo\n  bar\nbaz\n---\n", [(2, "Foo bar baz", 1)]),
    "setext over an indented continuation": ("Foo\n    bar\n===\n", [(1, "Foo bar", 1)]),
    "setext underline indented four is text": ("Foo\n    ---\n", []),
    "setext broken underline": ("Foo\n= =\n\nBar\n--- -\n", []),
    "dashes after a blank line are a break": ("Foo\n\n---\n", []),
    "setext after a reference definition": ('[foo]: /url "t"\nBar\n===\n', [(1, "Bar", 2)]),
    "reference over two lines then an underline": ("[foo]:\n/url\n===\n", []),
    # fences
    "fence": ("```\n# not\n```\n# yes\n", [(1, "yes", 4)]),
    "fence closed only by a run as long": ("~~~~\n# not\n~~~\n# still not\n~~~~~\n# yes\n", [(1, "yes", 6)]),
    "fence never closed": ("# yes\n```\n# not\n", [(1, "yes", 1)]),
    "backtick info string is not a fence": ("``` a`b\n# yes\n", [(1, "yes", 2)]),
    "fence indented four is code": ("    ```\n# yes\n", [(1, "yes", 2)]),
    # HTML blocks
    "html comment": ("<!--\n# not\n\n# not\n-->\n# yes\n", [(1, "yes", 6)]),
    "html block tag runs to a blank line": (
        "<details>\n# not\n</details>\n\n# yes\n",
        [(1, "yes", 5)],
    ),
    "html pre keeps blank lines": ("<pre>\n\nTitle\n=====\n\n</pre>\n# yes\n", [(1, "yes", 7)]),
    "html lone tag cannot interrupt a paragraph": ("Foo\n<span>\n===\n", [(1, "Foo <span>", 1)]),
    # block quotes
    "quote holds its headings": ("> # not\n> Foo\n> ---\n", []),
    "quote ends at a blank line": ("> a\n\n# yes\n", [(1, "yes", 3)]),
    "lazy line stays in the quote": ("> foo\nbar\n===\n", []),
    "dashes under a quote are a break": ("> Foo\n---\n", []),
    # list items
    "list item holds its headings": ("- # not\n1. # not\n- item\n\n  ## not\n", []),
    "list item ends at an unindented heading": ("- a\n# yes\n", [(1, "yes", 2)]),
    "lazy line stays in the list item": ("- a\nlazy\n===\n", []),
    "list numbered 2 cannot interrupt a paragraph": ("Foo\n2. bar\n===\n", [(1, "Foo 2. bar", 1)]),
    # line endings
    "crlf": ("Foo\r\n---\r\n```\r\n# not\r\n```\r\n# yes\r\n", [(2, "Foo", 1), (1, "yes", 6)]),
    "a lone carriage return is not a line ending": ("# A\rB\n", [(1, "A B", 1)]),
    # frontmatter: its lines are not Markdown
    "frontmatter": ("---\nname: x\n---\nFoo\n---\n", [(2, "Foo", 4)]),
    "frontmatter closed by dots": ("--- \nname: x\n... \n# yes\n", [(1, "yes", 4)]),
    "dashes with no closing line are a break": ("---\nFoo\n===\n", [(1, "Foo", 2)]),
}


@pytest.mark.parametrize(("text", "expected"), CASES.values(), ids=CASES.keys())
def test_the_headings_are_commonmarks(text: str, expected: list[Heading]) -> None:
    assert headings(text) == expected
