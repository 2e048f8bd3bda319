"""Markdown files cut into heading sections (``prompt_budget.outline``).

Every line range below is worked out by hand from the numbered text; every count is checked against
the tokenizer counting that slice of the file directly, never against the outline's own numbers."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from prompt_budget import get_tokenizer
from prompt_budget.outline import Section, breakdown, describe, is_markdown, outline, split


def md(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def ranges(text: str) -> list[tuple[str, int, int, int, int]]:
    """(label, level, start line, end line, total end line) of each section."""
    return [(s.label, s.level, s.start_line, s.end_line, s.total_end_line) for s in split(text)]


def lines_of(text: str, first: int, last: int) -> str:
    """Lines ``first`` to ``last`` (1-based, inclusive) of ``text`` with their line endings."""
    return "".join(text.splitlines(keepends=True)[first - 1 : last])


# --- ATX headings -----------------------------------------------------------------------------------

ATX = md(
    """
    # One
    text
    ## Two ##
    #hashtag is not a heading
    #5 is not one either
    ####### seven is too many
    \\# escaped
       ### Three, indented three spaces
        # four spaces: code, not a heading
    ##
    # C#
    ###### Six ### and # more ###
    """
)


def test_atx_headings_by_the_commonmark_rules() -> None:
    assert ranges(ATX) == [
        ("# One", 1, 1, 2, 10),
        ("## Two", 2, 3, 7, 9),
        ("### Three, indented three spaces", 3, 8, 9, 9),
        ("##", 2, 10, 10, 10),  # an empty heading
        ("# C#", 1, 11, 11, 12),
        ("###### Six ### and # more", 6, 12, 12, 12),
    ]
    # a closing run needs white space before it ("C#" keeps its "#"); inner "#" runs are text
    assert [s.heading for s in split(ATX)][-2:] == ["C#", "Six ### and # more"]


def test_tabs_after_the_hashes_and_before_them() -> None:
    # a tab after the run separates the text; a tab before it is four columns of indent (code)
    assert ranges("#\tTabbed\n\t# code\n") == [("# Tabbed", 1, 1, 2, 2)]


def test_an_atx_heading_interrupts_a_paragraph() -> None:
    assert ranges("para\n# H\nmore\n") == [("(preamble)", 0, 1, 1, 1), ("# H", 1, 2, 3, 3)]


# --- fences and comments ----------------------------------------------------------------------------

FENCES = md(
    """
    # Real
    ```markdown
    # not a heading
    ```
    ## Second
    ````
    ```
    # still in the four-backtick fence
    ````
    ~~~ text
    ## inside tildes
    ```
    ~~~~~
    ### Third
    <!--
    # commented out
    -->
    ``` a `backtick` info string: not a fence
    # Fourth
    ```
    # never closed
    """
)


def test_headings_inside_fences_and_comments_are_not_headings() -> None:
    assert ranges(FENCES) == [
        ("# Real", 1, 1, 4, 18),
        ("## Second", 2, 5, 13, 18),  # ``` does not close ````; ~~~~~ closes ~~~
        ("### Third", 3, 14, 18, 18),  # the comment ends on line 17; line 18 is text
        ("# Fourth", 1, 19, 21, 21),  # the fence opened on line 20 runs to the end
    ]


def test_an_indented_fence_is_code_not_a_fence() -> None:
    text = "    ```\n# H\n"
    assert ranges(text) == [("(preamble)", 0, 1, 1, 1), ("# H", 1, 2, 2, 2)]


# --- frontmatter and preamble -----------------------------------------------------------------------

SKILL = md(
    """
    ---
    name: review
    description: Review a pull request.
    ---

    Use this skill for reviews.

    # Review
    Steps.
    """
)


def test_frontmatter_and_preamble_are_sections_of_their_own() -> None:
    assert ranges(SKILL) == [
        ("(frontmatter)", 0, 1, 4, 4),
        ("(preamble)", 0, 5, 7, 7),
        ("# Review", 1, 8, 9, 9),
    ]


def test_a_preamble_of_blank_lines_is_left_out() -> None:
    text = "---\nname: x\n---\n\n# H\n"
    assert ranges(text) == [("(frontmatter)", 0, 1, 3, 3), ("# H", 1, 5, 5, 5)]


def test_dashes_at_the_top_with_no_closing_line_are_not_frontmatter() -> None:
    # a thematic break, then text
    text = "---\nnot: frontmatter\n\n# H\n"
    assert ranges(text) == [("(preamble)", 0, 1, 3, 3), ("# H", 1, 4, 4, 4)]


def test_a_file_without_headings_is_one_preamble() -> None:
    assert ranges("just text\n\nmore text") == [("(preamble)", 0, 1, 3, 3)]


@pytest.mark.parametrize("text", ["", "\n", "  \n\n"])
def test_an_empty_file_has_no_sections(text: str) -> None:
    assert split(text) == []


# --- setext headings --------------------------------------------------------------------------------

SETEXT = md(
    """
    Title
    =====
    intro

    Part one
    spans two lines
    ---
    body

    ---
    a break above, then
    - a list item
    ---
    > a quote
    ---
    text
    """
)


def test_setext_headings_and_what_is_not_one() -> None:
    assert ranges(SETEXT) == [
        ("# Title", 1, 1, 4, 16),
        # "---" after a blank line, a list item or a quote is a thematic break
        ("## Part one spans two lines", 2, 5, 16, 16),
    ]


# --- nesting ----------------------------------------------------------------------------------------

NESTED = md(
    """
    # Guide
    intro
    ## Install
    pip install it
    ### From source
    clone it
    ## Use
    run it
    # Appendix
    notes
    """
)


def test_total_ranges_run_to_the_next_heading_of_the_same_or_a_higher_level() -> None:
    assert ranges(NESTED) == [
        ("# Guide", 1, 1, 2, 8),
        ("## Install", 2, 3, 4, 6),
        ("### From source", 3, 5, 6, 6),
        ("## Use", 2, 7, 8, 8),
        ("# Appendix", 1, 9, 10, 10),
    ]


def test_crlf_line_endings_give_the_same_ranges() -> None:
    assert ranges(NESTED.replace("\n", "\r\n")) == ranges(NESTED)
    assert [s.heading for s in split("# A\r\nx\r\n")] == ["A"]


# --- counts -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["o200k_base", "chars4"])
@pytest.mark.parametrize(
    "text",
    [SKILL, NESTED, NESTED.replace("\n", "\r\n"), FENCES, SETEXT, "no final newline\n# H\nend"],
    ids=["skill", "nested", "crlf", "fences", "setext", "no-final-newline"],
)
def test_each_count_is_the_count_of_its_slice(spec: str, text: str) -> None:
    tok = get_tokenizer(spec)
    sections = outline(text, tok)
    assert [(s.heading, s.start_line, s.end_line) for s in sections] == [
        (s.heading, s.start_line, s.end_line) for s in split(text)
    ]
    for s in sections:
        assert s.tokens == tok.count(lines_of(text, s.start_line, s.end_line)), s
        assert s.total_tokens == tok.count(lines_of(text, s.start_line, s.total_end_line)), s


def test_the_counts_by_hand() -> None:
    # chars4 is ceil(chars / 4): "# A\n" + "abcdefgh\n" is 13 chars, 4 tokens; "## B\n" is 5, 2 tokens
    sections = outline("# A\nabcdefgh\n## B\n", get_tokenizer("chars4"))
    assert [(s.label, s.tokens, s.total_tokens) for s in sections] == [("# A", 4, 5), ("## B", 2, 2)]
    assert sections[0].to_dict() == {
        "heading": "A",
        "level": 1,
        "start_line": 1,
        "end_line": 2,
        "total_end_line": 3,
        "tokens": 4,
        "total_tokens": 5,
    }


# --- the hint: largest parts ------------------------------------------------------------------------


def section(label: str, start: int, end: int, total_end: int, tokens: int, total: int) -> Section:
    hashes, _, heading = label.partition(" ")
    level = len(hashes) if hashes.startswith("#") else 0
    return Section(heading if level else label, level, start, end, total_end, tokens, total)


def test_breakdown_cuts_at_the_first_level_with_two_headings() -> None:
    sections = [
        section("(frontmatter)", 1, 3, 3, 20, 20),
        section("# Title", 4, 6, 30, 10, 300),
        section("## API", 7, 12, 20, 50, 200),
        section("### get", 13, 20, 20, 150, 150),
        section("## Examples", 21, 30, 30, 90, 90),
    ]
    parts = [(s.label, last, tokens) for s, last, tokens in breakdown(sections)]
    assert parts == [
        ("(frontmatter)", 3, 20),
        ("# Title", 6, 10),
        ("## API", 20, 200),
        ("## Examples", 30, 90),
    ]
    assert describe(breakdown(sections)) == (
        '"## API" (lines 7-20) 200 tokens, "## Examples" (lines 21-30) 90 tokens, '
        "(frontmatter) (lines 1-3) 20 tokens"
    )
    assert describe(breakdown(sections), scale=lambda n: n * 2, most=1) == '"## API" (lines 7-20) 400 tokens'


def test_breakdown_with_no_level_of_two_headings_takes_each_own_text() -> None:
    sections = [
        section("# A", 1, 1, 3, 5, 30),
        section("## B", 2, 2, 3, 5, 25),
        section("### C", 3, 3, 3, 20, 20),
    ]
    assert [(s.label, last, n) for s, last, n in breakdown(sections)] == [
        ("# A", 1, 5),
        ("## B", 2, 5),
        ("### C", 3, 20),
    ]
    assert describe(breakdown(sections)).startswith('"### C" (line 3) 20 tokens, "# A" (line 1) 5 tokens')


def test_no_hint_for_fewer_than_two_parts_with_tokens() -> None:
    assert describe(breakdown([section("# Only", 1, 9, 9, 80, 80)])) == ""
    assert describe(breakdown([section("# A", 1, 1, 1, 0, 0), section("# B", 2, 2, 2, 9, 9)])) == ""


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("SKILL.md", True),
        ("x.MARKDOWN", True),
        ("a.mdx", True),
        (".cursor/rules/r.mdc", True),
        ("a.txt", False),
    ],
)
def test_is_markdown_by_suffix(path: str, expected: bool) -> None:
    assert is_markdown(path) is expected


def test_markdown_it_is_imported_for_an_outline_only() -> None:
    code = (
        "import sys, prompt_budget\n"
        "from prompt_budget.outline import is_markdown\n"
        "assert is_markdown('a.md') and prompt_budget.count('# A', 'chars4') == 1\n"
        "assert 'markdown_it' not in sys.modules, 'imported by a plain count'\n"
        "prompt_budget.outline.split('# A')\n"
        "assert 'markdown_it' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
