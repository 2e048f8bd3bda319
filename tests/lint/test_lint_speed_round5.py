"""Lint speed, round 5: the helpers made cheaper give what the code they replace gave."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from prompt_budget.lint.module_constants import ModuleConstants, attribute_heads

TEXTS = [
    "from pkg import llm_util\nx = llm_util.SAFETY_MARGIN - llm_util.MAX_TOKENS\n",
    "a.B\n.C\n x.Y_2 z.y.W self.A obj.Ab obj.AB1c q.A_",
    "llm_util.X.Y llm_util..Z (llm_util.AB)[llm_util.CD] 1llm_util.EF _u.GH",
    "é.AB ñame.CD x_é.EF 名前.GH ٣x.IJ",  # words with letters and digits that are not ASCII
    "m.ABé m.AB_ m.A m.A1 m.a m.AB.CD",
    ".AB\nx .CD x. EF",
    "",
]


def _reference(text: str) -> dict[str, list[str]]:
    """What ``ModuleConstants`` read before: one pattern per word over the whole text."""
    words = {m.group(0) for m in re.finditer(r"\w+", text)}
    out = {}
    for word in sorted(words):
        found = [m.group(1) for m in re.finditer(rf"(?<![\w.]){re.escape(word)}\.([A-Z][A-Z0-9_]*)\b", text)]
        if found:
            out[word] = found
    return out


@pytest.mark.parametrize("text", TEXTS)
def test_attribute_heads_are_what_a_pattern_per_word_finds(text: str) -> None:
    assert attribute_heads(text) == _reference(text)


def test_attribute_heads_over_this_repositorys_code() -> None:
    import prompt_budget.lint.module_attributes as attributes
    import prompt_budget.lint.module_constants as constants

    for module in (attributes, constants):
        assert module.__file__ is not None
        with open(module.__file__, encoding="utf-8") as f:
            text = f.read()
        assert attribute_heads(text) == _reference(text)


@pytest.mark.parametrize("local", ["llm_util", "a\u00b7b"])  # the second spelled with a non-``\w`` character
def test_module_constants_reads_through_a_relatively_imported_module(local: str, tmp_path: Path) -> None:
    text = f"from . import {local}\nfrom . import other\nx = {local}.SAFETY_MARGIN + {local}.B + other.CAP\n"
    reads = ModuleConstants(ast.parse(text), text, tmp_path).reads
    assert reads == {"SAFETY_MARGIN": (local, {local}), "CAP": ("other", {"other"})}


def test_nothing_of_a_linted_file_is_kept_once_it_is_done() -> None:
    from lint_helpers import lint_snippet

    from prompt_budget.lint import kernel_launch, module_attributes, walks

    code = "import triton\nfrom . import limits\n\n@triton.jit\ndef k(max_tokens=limits.MAX_TOKENS):\n    return 4096\n"
    lint_snippet(code)
    assert not module_attributes._kept
    assert not kernel_launch._LAST
    assert all(not kept for kept in walks._per_file)
    assert walks.kept_per_file([]) in walks._per_file
    walks._per_file.pop()


@pytest.mark.parametrize(
    "text",
    [
        "MAX_TOKENS = 4096\n",
        "MAX_TOKENS = 4096",
        "MAX_TOKENS = 4096\n\n",
        "\nmax_tokens = 8000\n# x\n",
        "token\n",
    ],
)
def test_the_text_the_engine_keeps_for_the_helpers_is_the_lines_joined(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lint_helpers import lint_snippet

    from prompt_budget.lint import engine, walks

    kept: list[tuple[str, str]] = []

    def keep(lines: list[str], joined: str, lowered: str) -> None:
        kept.append((joined, lowered))
        assert joined == "\n".join(lines)
        assert lowered == joined.lower()
        walks.keep_source(lines, joined, lowered)

    monkeypatch.setattr(engine, "keep_source", keep)
    lint_snippet(text)
    assert kept
