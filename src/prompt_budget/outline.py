"""Where the tokens of a Markdown file are: its heading sections, each with its line range and count.

``split(text)`` finds the sections (no counting): the headings of the document as CommonMark reads
them, YAML frontmatter (a first line ``---``, closed by ``---`` or ``...``, as Jekyll and file budgets
read it) as the pseudo-section ``(frontmatter)``, and the text before the first heading as
``(preamble)``. A heading is ATX (``#`` to ``######``, up to three spaces of
indent, a space or the end of the line after the ``#`` run, a closing ``#`` run removed) or setext (a
paragraph underlined with ``===`` or ``---``). Only top-level headings make sections: one inside a
block quote or a list item belongs to it. Nothing inside a fenced code block, an indented code block
or an HTML block (all seven kinds: ``<!-- -->``, ``<pre>``/``<script>``/``<style>``/``<textarea>``,
``<?``, ``<!X``, CDATA, a block-level tag, a lone tag on its line) is a heading, and a link reference
definition is not paragraph text a setext underline could make a heading. The block structure follows
CommonMark's: lazy continuation lines, list items by their content column, tabs as stops of four
columns.

``tests/unit/test_outline_commonmark.py`` proves this against markdown-it-py. Where markdown-it
departs from cmark (CommonMark's reference implementation) on a lazy line indented four or more
columns, this follows cmark. Two gaps, against both: a link reference definition whose label,
destination or title runs over lines (a title alone on the next line aside) is read as paragraph
text, so a setext underline right under it makes a heading; and a lone carriage return is not a line
ending (CommonMark's are LF, CRLF and CR). Definitions are read where markdown-it reads them, at the
start of a block; cmark reads one as paragraph text until the paragraph ends, so there a lazy line
after a definition in a quote or list item stays in it.

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
    "largest_sections",
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
_FENCE_CLOSING = re.compile(r"(`{3,}|~{3,}) *$")
_SPACES = re.compile(" *")
# A list item's marker: a bullet, or a number of at most nine digits and "." or ")", then a space or
# the end of the line (the scanner reads lines with their tabs expanded).
_LIST_MARKER = re.compile(r"(?:[-+*]|(\d{1,9})[.)])(?= |$)")
# A link reference definition on one line: "[label]: destination 'title'" (the title optional, on this
# line or alone on the next). A destination is <...> or has no spaces, its parentheses balanced.
_TITLE = r"""(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))"""
_DESTINATION_CHAR = r"(?:[^ ()\\\x00-\x1f\x7f]|\\[^ ])"
_DESTINATION = rf"(?:<(?:[^<>\\]|\\.)*>|(?!<)(?:{_DESTINATION_CHAR}|\((?:{_DESTINATION_CHAR}|\({_DESTINATION_CHAR}*\))*\))+)"
_REFERENCE = re.compile(rf"\[((?:[^\\\[\]]|\\.)*)\]: *{_DESTINATION}(?: +({_TITLE}))? *$")
_TITLE_LINE = re.compile(_TITLE + " *$")

# The seven kinds of HTML block, as CommonMark (and markdown-it) list them: how one starts (at its
# line's first non-blank character), how it ends ("^$": at a blank line, which is not part of it), and
# whether it may interrupt a paragraph (the seventh, any lone tag, may not).
_BLOCK_TAGS = (
    "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|"
    "dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|"
    "hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|"
    "section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul"
)
_ATTRIBUTE = r"""(?:\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\s*=\s*(?:[^"'=<>`\x00-\x20]+|'[^']*'|"[^"]*"))?)"""
_LONE_TAG = rf"^(?:<[A-Za-z][A-Za-z0-9\-]*{_ATTRIBUTE}*\s*\/?>|<\/[A-Za-z][A-Za-z0-9\-]*\s*>)\s*$"
_HTML_BLOCKS: Final = (
    (
        re.compile(r"^<(?a:script|pre|style|textarea)(?=\s|>|$)", re.IGNORECASE),
        re.compile(r"</(?a:script|pre|style|textarea)>", re.IGNORECASE),
        True,
    ),
    (re.compile("^<!--"), re.compile("-->"), True),
    (re.compile(r"^<\?"), re.compile(r"\?>"), True),
    (re.compile("^<![A-Za-z]"), re.compile(">"), True),
    (re.compile(r"^<!\[CDATA\["), re.compile(r"\]\]>"), True),
    (re.compile(rf"^</?(?a:{_BLOCK_TAGS})(?=\s|/?>|$)", re.IGNORECASE), re.compile("^$"), True),
    (re.compile(_LONE_TAG), re.compile("^$"), False),
)


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


def _atx_text(raw: str) -> str:
    """An ATX heading's text from what follows its ``#`` run: without a closing ``#`` run."""
    text = raw.strip(" \t")
    return _ATX_CLOSING.sub("", text).strip(" \t")


def _text_start(s: str, pos: int) -> int:
    """The index of the first character of ``s`` from ``pos`` on that is not a space, or ``len(s)``."""
    spaces = _SPACES.match(s, pos)
    return spaces.end() if spaces else pos


def _html_block(rest: str, interrupting: bool) -> re.Pattern[str] | None:
    """The end of the HTML block that ``rest`` (a line from its first non-blank character) starts, or
    None. A paragraph (``interrupting``) goes on over a lone tag."""
    for begin, end, interrupts in _HTML_BLOCKS:
        if begin.search(rest):
            return end if interrupts or not interrupting else None
    return None


def _list_item(s: str, p: int, interrupting: bool) -> tuple[int, bool] | None:
    """(content column, whether the item has no text on this line) of the list item that starts at
    ``p``, or None. An item that would interrupt a paragraph needs text, and a number 1."""
    marker = _LIST_MARKER.match(s, p)
    if marker is None:
        return None
    end = marker.end()
    text = _text_start(s, end)
    blank = text == len(s)
    if interrupting and (blank or (marker.group(1) is not None and int(marker.group(1)) != 1)):
        return None
    # Five or more spaces after the marker: the item's text is one space on, and starts with code.
    return (end + 1 if blank or text - end > 4 else text), blank


#: An entry of ``_Scanner.containers`` for a block quote; a list item's entry is its content column.
_QUOTE: Final = -1


class _Scanner:
    """The block structure of a document as CommonMark reads it, as far as top-level headings need it:
    the open containers (block quotes, list items), and the open leaf block of the innermost one (a
    paragraph a setext underline can make a heading, a fence, an HTML block). Lines are read with tabs
    expanded to stops of four columns, which is how CommonMark measures indentation."""

    def __init__(self) -> None:
        self.containers: list[int] = []  # _QUOTE, or a list item's content column; outermost first
        self.paragraph: list[tuple[int, str]] = []  # (index, line) of the open paragraph's lines
        self.fence: tuple[str, int] | None = None  # the open fence's character and length
        self.html_end: re.Pattern[str] | None = None  # what ends the open HTML block
        self.title_may_follow = False  # the last line was a link reference definition with no title
        self.empty_item = False  # the last line opened a list item with no text

    def heading(self, i: int, line: str) -> tuple[int, int, str] | None:
        """(first index, level, text) when ``line`` (index ``i``, no line ending) ends a top-level
        heading: one in no block quote or list item."""
        s = line.expandtabs(4) if "\t" in line else line
        empty_item, self.empty_item = self.empty_item, False
        title_may_follow, self.title_may_follow = self.title_may_follow, False
        depth, pos = self._match(s, empty_item)
        p = _text_start(s, pos)
        if depth == len(self.containers) and (self.fence is not None or self.html_end is not None):
            self._continue_leaf(p - pos, s[p:])
            return None
        if title_may_follow and p < len(s) and _TITLE_LINE.match(s, p):
            return None  # the title of the definition on the line before
        return self._open(i, line, s, depth, pos, p)

    def _match(self, s: str, empty_item: bool) -> tuple[int, int]:
        """How many open containers ``s`` continues, and where the text inside them starts."""
        pos = 0
        for depth, column in enumerate(self.containers):
            p = _text_start(s, pos)
            if column == _QUOTE:
                if p - pos > 3 or p == len(s) or s[p] != ">":
                    return depth, pos
                pos = p + 1 + s.startswith(" ", p + 1)
            elif p == len(s):
                # a blank line stays in a list item, unless the item began with one
                if empty_item and depth == len(self.containers) - 1:
                    return depth, pos
                pos = p
            elif p >= column:
                pos = column
            else:
                return depth, pos
        return len(self.containers), pos

    def _continue_leaf(self, indent: int, rest: str) -> None:
        """A line inside an open fence or HTML block: whether it closes it."""
        if self.fence is not None:
            char, length = self.fence
            run = _FENCE_CLOSING.match(rest)
            if indent < 4 and run is not None and run.group(1)[0] == char and len(run.group(1)) >= length:
                self.fence = None
        elif self.html_end is not None and self.html_end.search(rest):
            self.html_end = None

    def _close(self, depth: int) -> None:
        """Close the containers past the first ``depth`` (and so the leaf block of the innermost)."""
        if len(self.containers) > depth:
            del self.containers[depth:]
            self.fence = self.html_end = None
        self.paragraph = []

    def _open(self, i: int, line: str, s: str, depth: int, pos: int, p: int) -> tuple[int, int, str] | None:
        """The containers that ``s`` opens after the ``depth`` it continues (their text starts at
        ``pos``, its first non-blank character at ``p``), then its leaf block."""
        while True:
            if p == len(s):  # a blank line ends a paragraph, and the containers it does not go on with
                self._close(depth)
                return None
            if p - pos >= 4:  # indented code, or a paragraph's continuation (lazy too)
                if self.paragraph:
                    self.paragraph.append((i, line))
                else:
                    self._close(depth)
                return None
            char = s[p]
            if char == ">":
                self._close(depth)
                self.containers.append(_QUOTE)
                pos = p + 1 + s.startswith(" ", p + 1)
            elif char in "-+*0123456789":
                # a setext underline, then a thematic break, comes before a list item ("---", "* * *")
                interrupting = bool(self.paragraph) and depth == len(self.containers)
                if (interrupting and _SETEXT.match(s, p)) or _THEMATIC_BREAK.match(s, p):
                    break
                item = _list_item(s, p, interrupting)
                if item is None:
                    break
                self._close(depth)
                self.containers.append(item[0])
                self.empty_item = item[1]
                pos = len(s) if item[1] else item[0]
            else:
                break
            depth += 1
            p = _text_start(s, pos)
        return self._leaf(i, line, s, depth, p)

    def _leaf(self, i: int, line: str, s: str, depth: int, p: int) -> tuple[int, int, str] | None:
        """The leaf block that ``s`` starts at ``p`` (indented by at most 3 columns in the ``depth``
        containers it is in), or the paragraph it goes on with; the heading it ends, if top-level."""
        char = s[p]
        if char in "=-" and self.paragraph and depth == len(self.containers) and _SETEXT.match(s, p):
            return self._setext(char)
        if char == "#" and _ATX.match(s, p):
            self._close(depth)
            if self.containers:
                return None
            text = line.lstrip(" \t")  # the heading's own line: tabs in its text kept
            level = len(text) - len(text.lstrip("#"))
            return i, level, _atx_text(text[level:])
        if char in "`~":
            fence = _FENCE.match(s, p)
            if fence is not None and not (char == "`" and "`" in fence.group(2)):
                self._close(depth)
                self.fence = (char, len(fence.group(1)))
                return None
        if char in "-*_" and _THEMATIC_BREAK.match(s, p):
            self._close(depth)
            return None
        if char == "<":
            end = _html_block(s[p:], interrupting=bool(self.paragraph))
            if end is not None:
                self._close(depth)
                self.html_end = None if end.search(s[p:]) else end
                return None
        if char == "[" and not self.paragraph:
            reference = _REFERENCE.match(s, p)
            if reference is not None and reference.group(1).strip():
                self._close(depth)
                self.title_may_follow = reference.group(2) is None
                return None
        if not self.paragraph:  # a paragraph starts; else it goes on, lazily when depth is short
            self._close(depth)
        self.paragraph.append((i, line))
        return None

    def _setext(self, char: str) -> tuple[int, int, str] | None:
        """The heading that a setext underline of ``char`` makes of the open paragraph, if top-level."""
        lines, self.paragraph = self.paragraph, []
        if self.containers:
            return None
        text = " ".join(line.strip(" \t") for _, line in lines)
        return lines[0][0], 1 if char == "=" else 2, text


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
    from prompt_budget.text.frontmatter import frontmatter_end

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


def largest_sections(
    text: str,
    tokenizer: Tokenizer | CachedTokenizer,
    scale: Callable[[int], int] | None = None,
    *,
    frontmatter: bool = True,
) -> str:
    """``describe`` of ``text``'s ``breakdown``: its three largest parts, for the line under a file or
    prompt over its cap; ``frontmatter=False`` leaves out a frontmatter counted apart (a skill's).
    Empty when fewer than two parts hold tokens."""
    parts = breakdown(outline(text, tokenizer))
    if not frontmatter:
        parts = [p for p in parts if p[0].heading != FRONTMATTER]
    return describe(parts, scale)
