"""The estimates, pinned to the formulas in the design documents on hand-computed cases.

- chars4       = ceil(chars / 4)
- conservative = (chars * 3) // 8, integer arithmetic
- words        = max(words + 0.5 * punctuation + 0.5 * code, chars / 4), rounded up, where words are runs of
  non-space, punctuation is any of .,;!?'"-(){}[] and code any of {}[];=<>

Every expected value below is worked out by hand in the comment next to it; none is computed by the code
under test.
"""

from __future__ import annotations

import pytest

import prompt_budget
from prompt_budget import get_tokenizer

CHARS4 = [
    ("", 0),  # ceil(0 / 4) = 0
    ("a", 1),  # ceil(1 / 4) = ceil(0.25) = 1
    ("abc", 1),  # ceil(3 / 4) = 1
    ("abcd", 1),  # ceil(4 / 4) = 1
    ("abcde", 2),  # ceil(5 / 4) = ceil(1.25) = 2
    ("hello world", 3),  # 11 chars: ceil(2.75) = 3
    ("héllo wörld", 3),  # 11 code points (é, ö are one each): ceil(2.75) = 3
    ("日本語のテキスト", 2),  # 8 code points: ceil(8 / 4) = 2
    ("x" * 400, 100),  # ceil(400 / 4) = 100
    ("x" * 401, 101),  # ceil(100.25) = 101
    ("\n\n\n", 1),  # 3 chars: ceil(0.75) = 1
]

CONSERVATIVE = [
    ("", 0),  # (0 * 3) // 8 = 0
    ("a", 0),  # 3 // 8 = 0
    ("ab", 0),  # 6 // 8 = 0
    ("abc", 1),  # 9 // 8 = 1
    ("abcdefgh", 3),  # 24 // 8 = 3
    ("hello world", 4),  # 11 chars: 33 // 8 = 4
    ("x" * 100, 37),  # 300 // 8 = 37 (37.5 rounds down)
    ("x" * 1000, 375),  # 3000 // 8 = 375
    ("日本語のテキスト", 3),  # 8 chars: 24 // 8 = 3
]

WORDS = [
    ("", 0),
    ("hello world", 2),  # two ASCII words of at most 8 letters: 1 each; a single space is free
    ("a b c d e f", 6),  # six words
    ("Hi, you!", 3),  # Hi 1, "," 0.5, you 1, "!" 0.5 = 3
    ("x = {a: [1, 2]};", 8),  # x 1, = .5, { .5, a 1, : .5, [ .5, 1 1, , .5, 2 1, "]};" 1.5 = 8
    ("It's a well-known fact.", 8),  # It 1 ' .5 s 1 a 1 well 1 - .5 known 1 fact 1 . .5 = 7.5 -> 8
    ("internationalization", 3),  # 20 letters: 1 + 19 // 7 = 3
    ("a" * 40, 6),  # 1 + 39 // 7 = 6
    ("12345678", 3),  # digits: ceil(8 / 3) = 3
    ("snake_case_name", 4),  # snake 1 _ .5 case 1 _ .5 name 1 = 4
    ("line one\nline two\n", 5),  # four words 4, two newlines 0.5 each
    ("    indented", 3),  # a run of spaces 1, "indented" 1 + 7 // 7 = 2
    (" \n\t  \n", 2),  # a lone space 0, newline .5, a run of tab and spaces 1, newline .5
    ("日本語のテキスト", 8),  # eight CJK characters: 1 each
    ("Съешь же ещё", 4),  # non-ASCII words: 0.3 a letter, at least 1: 1.5 + 1 + 1 = 3.5 -> 4
    ("<|endoftext|>", 4),  # "<|" 1, endoftext 1 + 8 // 7 = 2, "|>" 1
]


@pytest.mark.parametrize(("text", "expected"), CHARS4)
def test_chars4(text: str, expected: int) -> None:
    assert prompt_budget.count(text, tokenizer="chars4") == expected


@pytest.mark.parametrize(("text", "expected"), CONSERVATIVE)
def test_conservative(text: str, expected: int) -> None:
    assert prompt_budget.count(text, tokenizer="conservative") == expected


@pytest.mark.parametrize(("text", "expected"), WORDS)
def test_words(text: str, expected: int) -> None:
    assert prompt_budget.count(text, tokenizer="words") == expected


@pytest.mark.parametrize("spec", ["chars4", "conservative", "words"])
def test_estimates_carry_their_name_and_are_not_exact(spec: str) -> None:
    tok = get_tokenizer(spec)
    assert tok.name == spec
    assert tok.exact is False
    assert "estimate" in repr(tok)


@pytest.mark.parametrize("spec", ["chars4", "conservative", "words"])
def test_estimates_cannot_encode(spec: str) -> None:
    tok = get_tokenizer(spec)
    with pytest.raises(NotImplementedError, match="estimate"):
        tok.encode("hello")
    with pytest.raises(NotImplementedError, match="estimate"):
        tok.decode([1, 2])


def test_count_many_matches_the_formulas() -> None:
    # chars4 of "abcde" = 2, of "" = 0, of "abcd" = 1 (see CHARS4)
    assert get_tokenizer("chars4").count_many(["abcde", "", "abcd"]) == [2, 0, 1]


def test_words_is_not_chars4_on_real_markdown_and_errs_less() -> None:
    pytest.importorskip("quicktok")
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    pages = [p.read_text("utf-8") for p in sorted((root / "docs").glob("*.md"))]
    assert len(pages) >= 15
    words = prompt_budget.get_tokenizer("words")
    chars4 = prompt_budget.get_tokenizer("chars4")
    exact = prompt_budget.get_tokenizer("o200k_base")
    assert sum(words.count(p) == chars4.count(p) for p in pages) == 0

    def mean_error(tok: object) -> float:
        return sum(abs(tok.count(p) - exact.count(p)) / exact.count(p) for p in pages) / len(pages)  # type: ignore[attr-defined]

    assert mean_error(words) < mean_error(chars4)
