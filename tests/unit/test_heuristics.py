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
    ("", 0),  # 0 words, 0 chars: max(0, 0) = 0
    ("hello world", 3),  # 2 words, no punctuation; chars/4 = 11/4 = 2.75 wins; ceil = 3
    ("a b c d e f", 6),  # 6 words; chars/4 = 11/4 = 2.75; max = 6
    ("Hi, you!", 3),  # 8 chars, 2 words, punct "," "!" = 2 -> 2 + 1 = 3; chars/4 = 2; max = 3
    ("a; b", 3),  # 2 words; ";" is punct (0.5) and code (0.5): 2 + 0.5 + 0.5 = 3; chars/4 = 1
    ("(x)", 2),  # 1 word; "(" ")" punct = 2 -> 1 + 1 = 2; no code chars; chars/4 = 0.75
    ("x.", 2),  # 1 word + 0.5 (".") = 1.5, ceil = 2; chars/4 = 0.5
    ("x<y", 2),  # 1 word + 0.5 ("<" is code, not punct) = 1.5, ceil = 2
    ("a = 1", 4),  # 3 words ("a", "=", "1") + 0.5 ("=" code) = 3.5, ceil = 4; chars/4 = 1.25
    # "x = {a: [1, 2]};" is 16 chars; words "x" "=" "{a:" "[1," "2]};" = 5;
    # punct: { [ , ] } ; = 6 -> 3; code: = { [ ] } ; = 6 -> 3; 5 + 3 + 3 = 11; chars/4 = 4
    ("x = {a: [1, 2]};", 11),
    # "It's a well-known fact." is 23 chars; 4 words; punct ' - . = 3 -> 1.5; 5.5 vs 5.75 -> 5.75; ceil = 6
    ("It's a well-known fact.", 6),
    ("a" * 40, 10),  # 1 word vs chars/4 = 10: 10
    ("a" * 41, 11),  # 1 word vs 41/4 = 10.25: ceil = 11
    (" \n\t  \n", 2),  # 0 words; 6 chars: 1.5, ceil = 2
    ("日本語のテキスト", 2),  # 1 word (no spaces) vs 8/4 = 2: 2
    # "<|endoftext|>" is 13 chars, 1 word; "<" ">" are code (not punct) -> 1 + 1 = 2; chars/4 = 3.25 wins
    ("<|endoftext|>", 4),
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
