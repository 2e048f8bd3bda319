"""Where the tokens of a Markdown file are: its heading sections, each with its line range and count.

``split(text)`` finds the sections (no counting): ATX headings (``#`` to ``######``, up to three
spaces of indent, a space or the end of the line after the ``#`` run, a closing ``#`` run removed),
setext headings (a paragraph underlined with ``===`` or ``---``), YAML frontmatter at the very top as
the pseudo-section ``(frontmatter)``, and the text before the first heading as ``(preamble)``.
Headings inside fenced code blocks (`````` and ``~~~``, closed by a fence of the same character at
least as long) and HTML comments are not headings, as in CommonMark; container blocks (lists, block
quotes) are only recognised as far as a ``---`` under a list item or quote being a thematic break.

``outline(text, tokenizer)`` counts each section twice: its own text (from its heading to the next
heading of any level) and its total (to the next heading of the same or a higher level, so with its
subsections). Each is the count of that slice of the file; BPE merges across a boundary differ, so
the counts of the parts may add up to a few tokens more or less than the whole file's count.

``breakdown(sections)`` cuts the file into non-overlapping parts for a one-line hint ("largest
sections: ...") under a failing file budget.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from prompt_budget.tokenizers import CachedTokenizer, Tokenizer

__all__ = [
    "FRONTMATTER",
    "MARKDOWN_SUFFIXES",
    "PREAMBLE",
    "Section",
    "Span",
    "breakdown",
    "describe",
    "is_markdown",
    "outline",
    "split",
]

#: File name suffixes outlined as Markdown (compared without regard to case).
MARKDOWN_SUFFIXES: Final = (".md", ".markdown", ".mdx", ".mdc")
FRONTMATTER: Final = "(frontmatter)"
PREAMBLE: Final = "(preamble)"

_ATX = re.compile(r"(#{1,6})(?:[ \t]+(.*))?$")
_ATX_CLOSING = re.compile(r"(?:^|[ \t]+)#+[ \t]*$")
_SETEXT = re.compile(r"(=+|-+)[ \t]*$")
_THEMATIC_BREAK = re.compile(r"([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_FENCE = re.compile(r"(`{3,}|~{3,})(.*)$")
_LIST_OR_QUOTE = re.compile(r"(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|>")
# What starts a list item while a paragraph goes on: a bullet, or an ordered item numbered 1, with text.
_INTERRUPTING_ITEM = re.compile(r"(?:[-+*]|1[.)])[ \t]+\S|>")


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


@dataclass(frozen=True)
class Section(Span):
    """A ``Span`` with its counts: ``tokens`` of its own text, ``total_tokens`` with its subsections."""

    tokens: int
    total_tokens: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _indent(line: str) -> tuple[int, str]:
    """The columns of ``line``'s leading white space (tabs to the next multiple of four) and the rest."""
    rest = line.lstrip(" \t")
    return len(line[: len(line) - len(rest)].expandtabs(4)), rest


def _atx_text(raw: str | None) -> str:
    text = (raw or "").strip(" \t")
    return _ATX_CLOSING.sub("", text).strip(" \t")


#: What ``_Scanner._block`` returns for a line that is a block of its own (a fence, a thematic break,
#: an HTML comment): it ends the open paragraph and starts none.
_OTHER_BLOCK: Final = (-1, 0, "")


class _Scanner:
    """The block structure of a document, as far as headings need it: which lines are inside a fence
    or an HTML comment, and which lines form a paragraph a setext underline can turn into a heading."""

    def __init__(self) -> None:
        self.fence: tuple[str, int] | None = None  # the open fence's character and length
        self.in_comment = False
        self.paragraph: list[tuple[int, str]] = []  # (index, text) of the open paragraph's lines
        self.plain = False  # whether the open paragraph is a plain one (not in a list item or quote)

    def heading(self, i: int, line: str) -> tuple[int, int, str] | None:
        """(first index, level, text) when ``line`` (index ``i``, no line ending) ends a heading."""
        if self.fence is not None:
            self._close_fence(line)
            return None
        if self.in_comment:
            self.in_comment = "-->" not in line
            return None
        cols, rest = _indent(line)
        if not rest:
            self.paragraph = []
            return None
        if cols >= 4:  # indented code, or a paragraph's continuation
            if self.paragraph:
                self.paragraph.append((i, rest))
            return None
        found = self._block(i, rest)
        if found is not None:
            self.paragraph = []
            return None if found is _OTHER_BLOCK else found
        if not self.paragraph or _INTERRUPTING_ITEM.match(rest):
            self.paragraph = [(i, rest)]
            self.plain = not _LIST_OR_QUOTE.match(rest)
        else:
            self.paragraph.append((i, rest))
        return None

    def _close_fence(self, line: str) -> None:
        assert self.fence is not None
        cols, rest = _indent(line)
        char, length = self.fence
        run = len(rest) - len(rest.lstrip(char))
        if cols < 4 and run >= length and not rest[run:].strip(" \t"):
            self.fence = None

    def _block(self, i: int, rest: str) -> tuple[int, int, str] | None:
        """The heading that ``rest`` (line ``i``, indented by at most 3 columns) ends, ``_OTHER_BLOCK``
        for a line that is a block of its own (opening a fence or a comment), or None for paragraph
        text."""
        atx = _ATX.match(rest)
        if atx is not None:
            return i, len(atx.group(1)), _atx_text(atx.group(2))
        if self.paragraph and self.plain and _SETEXT.match(rest):
            text = " ".join(part.strip(" \t") for _, part in self.paragraph)
            return self.paragraph[0][0], 1 if rest[0] == "=" else 2, text
        fence = _FENCE.match(rest)
        if fence is not None and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
            self.fence = (fence.group(1)[0], len(fence.group(1)))
            return _OTHER_BLOCK
        if _THEMATIC_BREAK.match(rest):
            return _OTHER_BLOCK
        if rest.startswith("<!--"):
            self.in_comment = "-->" not in rest[4:]
            return _OTHER_BLOCK
        return None


def _lines(text: str) -> list[str]:
    """The lines of ``text`` without their endings (``\\n``, or ``\\r\\n``); a final line ending
    does not start another line."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def _frontmatter_end(lines: Sequence[str]) -> int | None:
    """The index of the line closing a frontmatter the first line opens, as file budgets read it."""
    if not lines or lines[0].rstrip("\r ") != "---":
        return None
    from prompt_budget.files import frontmatter_end

    return frontmatter_end(lines)


def split(text: str) -> list[Span]:
    """The sections of a Markdown text, in document order. An empty text has none; a text without
    headings is one ``(preamble)`` (after its frontmatter, if any). A preamble of blank lines only
    is left out."""
    lines = _lines(text)
    n = len(lines)
    spans: list[Span] = []
    start = 0
    fm_end = _frontmatter_end(lines)
    if fm_end is not None:
        spans.append(Span(FRONTMATTER, 0, 1, fm_end + 1, fm_end + 1))
        start = fm_end + 1
    scanner = _Scanner()
    heads: list[tuple[int, int, str]] = []
    for i in range(start, n):
        found = scanner.heading(i, lines[i])
        if found is not None:
            heads.append(found)
    first = heads[0][0] if heads else n
    if any(line.strip() for line in lines[start:first]):
        spans.append(Span(PREAMBLE, 0, start + 1, first, first))
    for k, (i, level, heading) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else n
        total_end = next((j for j, lvl, _ in heads[k + 1 :] if lvl <= level), n)
        spans.append(Span(heading, level, i + 1, end, total_end))
    return spans


def _offsets(text: str) -> list[int]:
    """The offset of each line's start in ``text``, and the length of ``text`` last."""
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    if starts[-1] != len(text):
        starts.append(len(text))
    return starts


def outline(text: str, tokenizer: Tokenizer | CachedTokenizer) -> list[Section]:
    """The sections of ``text`` (see ``split``) with the tokens of each one's own text and of its
    total, each counted as that slice of ``text`` by ``tokenizer``."""
    spans = split(text)
    at = _offsets(text)
    slices: dict[tuple[int, int], int] = {}  # (first line, last line) -> index in `texts`
    texts: list[str] = []
    for s in spans:
        for key in ((s.start_line, s.end_line), (s.start_line, s.total_end_line)):
            if key not in slices:
                slices[key] = len(texts)
                texts.append(text[at[key[0] - 1] : at[key[1]]])
    counts = getattr(tokenizer, "inner", tokenizer).count_many(texts)
    return [
        Section(
            **asdict(s),
            tokens=counts[slices[s.start_line, s.end_line]],
            total_tokens=counts[slices[s.start_line, s.total_end_line]],
        )
        for s in spans
    ]


def breakdown(sections: Iterable[Section]) -> list[tuple[Section, int, int]]:
    """The file cut into parts that do not overlap, each ``(section, last line, tokens)``: the
    sections of the first heading level that has two or more headings, with their subsections; the
    own text of each heading above that level; the frontmatter and preamble. (A file that is one
    ``# Title`` over ``##`` sections is cut into the title's own text and the ``##`` sections.)"""
    sections = list(sections)
    levels = Counter(s.level for s in sections if s.level)
    split_level = min((level for level, n in levels.items() if n >= 2), default=7)
    parts: list[tuple[Section, int, int]] = []
    covered = 0
    for s in sections:
        if s.start_line <= covered:
            continue
        if s.level and s.level >= split_level:
            parts.append((s, s.total_end_line, s.total_tokens))
            covered = s.total_end_line
        else:
            parts.append((s, s.end_line, s.tokens))
    return parts


def describe(
    parts: Sequence[tuple[Section, int, int]], scale: Callable[[int], int] | None = None, most: int = 3
) -> str:
    """``"## Examples" (lines 40-118) 612 tokens, ...``: the ``most`` largest of ``parts`` (see
    ``breakdown``), largest first; ``scale`` maps a count to the one shown (a safety multiplier).
    Empty when fewer than two parts hold any tokens."""
    counted = [p for p in parts if p[2] > 0]
    if len(counted) < 2:
        return ""
    ranked = sorted(enumerate(counted), key=lambda ip: (-ip[1][2], ip[0]))[:most]
    shown = []
    for _, (s, last, tokens) in ranked:
        label = s.label if s.level == 0 else f'"{s.label}"'
        lines = f"line {s.start_line}" if last == s.start_line else f"lines {s.start_line}-{last}"
        shown.append(f"{label} ({lines}) {scale(tokens) if scale else tokens:,} tokens")
    return ", ".join(shown)
