"""The heading sections of a Markdown text by line, as CommonMark reads them (no counting here).

``split(text)`` reads the headings with markdown-it-py's ``commonmark`` preset: ATX (``## Title``) and
setext (a paragraph underlined with ``===`` or ``---``) headings at the top level of the document. A
heading inside a block quote or a list item belongs to it, and nothing inside a code block or an HTML
block is a heading. YAML frontmatter (a first line ``---``, closed by ``---`` or ``...``, as file
budgets read it) is the pseudo-section ``(frontmatter)``, and the text before the first heading the
``(preamble)``. Lines end with ``\\n`` or ``\\r\\n``; a lone carriage return is not a line ending.

markdown-it-py is imported on the first ``split``: a plain count never needs it.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from prompt_budget.text.frontmatter import frontmatter_end

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

#: File name suffixes outlined as Markdown (compared without regard to case).
MARKDOWN_SUFFIXES: Final = (".md", ".markdown", ".mdx", ".mdc")
FRONTMATTER: Final = "(frontmatter)"
PREAMBLE: Final = "(preamble)"


def is_markdown(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a Markdown file by its suffix (``MARKDOWN_SUFFIXES``)."""
    return os.fspath(path).lower().endswith(MARKDOWN_SUFFIXES)


@dataclass(frozen=True)
class Span:
    """One section of a Markdown file, by lines (1-based, inclusive). ``level`` is 1 to 6 for a
    heading, 0 for ``(frontmatter)`` and ``(preamble)``. ``end_line`` ends its own text (before the
    next heading of any level); ``total_end_line`` ends it with its subsections (before the next
    heading of the same or a higher level)."""

    heading: str
    level: int
    start_line: int
    end_line: int
    total_end_line: int

    @property
    def label(self) -> str:
        """``## Examples`` (setext headings too), or ``(preamble)`` / ``(frontmatter)``."""
        if self.level == 0:
            return self.heading
        return f"{'#' * self.level} {self.heading}".rstrip()


def _lines(text: str) -> list[str]:
    """The lines of ``text`` without their endings (``\\n``, or ``\\r\\n``); a final line ending
    does not start another line."""
    found = text.split("\n")
    if found[-1] == "":
        found.pop()
    return [line.removesuffix("\r") for line in found]


@functools.cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    # Block structure only: the inline rules (emphasis, links) never change where a heading is.
    return MarkdownIt("commonmark").disable("inline")


def _headings(body: list[str], first: int) -> list[tuple[int, int, str]]:
    """(line index, level, text) of each top-level heading of ``body``, whose first line is line
    index ``first`` of the file."""
    # markdown-it reads a lone "\r" as a line ending; here it is a character of its line
    source = "\n".join(line.replace("\r", " ") for line in body)
    tokens = _parser().parse(source)
    heads = []
    for k, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.level == 0 and tok.map is not None:
            text = " ".join(part.strip(" \t") for part in tokens[k + 1].content.split("\n"))
            heads.append((first + tok.map[0], int(tok.tag[1]), text))
    return heads


def split(text: str) -> list[Span]:
    """The sections of a Markdown text, in document order. An empty text has none; a text without
    headings is one ``(preamble)`` (after its frontmatter, if any). A preamble of blank lines only
    is left out."""
    all_lines = _lines(text)
    n = len(all_lines)
    spans: list[Span] = []
    start = 0
    fm_end = frontmatter_end(all_lines) if all_lines and all_lines[0].rstrip(" ") == "---" else None
    if fm_end is not None:
        spans.append(Span(FRONTMATTER, 0, 1, fm_end + 1, fm_end + 1))
        start = fm_end + 1
    heads = _headings(all_lines[start:], start)
    first = heads[0][0] if heads else n
    if any(line.strip() for line in all_lines[start:first]):
        spans.append(Span(PREAMBLE, 0, start + 1, first, first))
    for k, (i, level, heading) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else n
        total_end = next((j for j, lvl, _ in heads[k + 1 :] if lvl <= level), n)
        spans.append(Span(heading, level, i + 1, end, total_end))
    return spans
