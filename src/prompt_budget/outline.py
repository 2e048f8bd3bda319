"""Where the tokens of a Markdown file are: its heading sections (found by
:func:`prompt_budget.text.markdown.split`), each with its line range and counts.

Each section's own text and its total (with its subsections) are counted as that slice of the file:
BPE merges across a boundary differ, so the parts may add up to a few tokens more or less than the
whole file's count.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from prompt_budget.text.markdown import FRONTMATTER, MARKDOWN_SUFFIXES, PREAMBLE, Span, is_markdown, split
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


@dataclass(frozen=True)
class Section(Span):
    """A ``Span`` with its counts: ``tokens`` of its own text, ``total_tokens`` with its subsections."""

    tokens: int
    total_tokens: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def outline(text: str, tokenizer: Tokenizer | CachedTokenizer) -> list[Section]:
    """The sections of ``text`` (see ``split``) with the tokens of each one's own text and of its
    total, each counted as that slice of ``text`` by ``tokenizer``."""
    spans = split(text)
    at = [0, *(m.end() for m in re.finditer("\n", text))]  # each line's start, then the end of the text
    if at[-1] != len(text):
        at.append(len(text))
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
