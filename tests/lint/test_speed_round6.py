"""Lint speed, round 6: each faster helper gives what an independent reference gives (``re.finditer``,
``ast.walk``, the character-by-character scan it replaced)."""

from __future__ import annotations

import ast
import re

import pytest

from prompt_budget.lint.text_starts import match_starts
from prompt_budget.lint.walks import forget, lines_at, merge_lines, non_ascii_at, non_ascii_lines, walk

#: Patterns ``match_starts`` leaves to ``re`` (a leading quote or ``-``, a class of quotes), and one whose
#: matches may hold the other quote (the per-quote matches overlap: read as before).
BY_CHAR = [
    r"""["'](?:gpt-|chatgpt|o\d|text-)""",
    r"""[\"'](?:[\w.-]+/)*(?:gpt-|claude|llama)""",
    r"-\s*\(?[\w.]*tok",
    r"""["'][^\n]*""",
    r"""['"]\w*['"]""",
    r"'x",
]
TEXTS = [
    "",
    "model = 'gpt-4o' if x else \"claude-3\"",
    "m = ['o1', \"o3-mini\", 'text-embedding-3', 'anthropic/claude-3', \"meta/llama-3\"]",
    '"a \'b" \'c "d\' "gpt-4" \'x',
    "n = total - (self.max_tokens) - num_tok - -tok",
    "'''gpt-4''' \"\"\"claude\"\"\" ''x",
    "s = 'é' + \"o٣\" + 'o3'",
    '""\'"\'x\'"',
]


@pytest.mark.parametrize("pattern", BY_CHAR)
def test_match_starts_by_character_are_where_finditer_finds(pattern: str) -> None:
    compiled = re.compile(pattern)
    for text in TEXTS:
        expected = [m.start() for m in compiled.finditer(text)]
        assert match_starts(text, compiled) == expected, (pattern, text)


NON_ASCII = [
    "",
    "a\nb\n",
    "é",
    "x = 1\n# 注释 注释\ny = 'ü'\n\n\nK\nz",
    "\n\nα\n",
    "ascii only\nline two",
]


@pytest.mark.parametrize("text", NON_ASCII)
def test_non_ascii_lines_are_the_lines_of_each_character(text: str) -> None:
    assert non_ascii_lines(text) == lines_at(text, non_ascii_at(text))
    forget()


def test_merge_lines_is_the_lines_of_both_sets_of_places() -> None:
    text = "a\nb é\nc\nd\né\n"
    places = [0, 4, 6]
    assert merge_lines(lines_at(text, places), non_ascii_lines(text)) == lines_at(
        text, [*places, *non_ascii_at(text)]
    )
    forget()


CODE = """\
def f(a, *, b, c=1, **kw):
    d = {**kw, "x": [1, 2, (3, 4)], None: a if b else c}
    return [g(y) for y in d if y] + list(lambda: (yield))

class K(Base, metaclass=M):
    x: int = 1
    async def m(self):
        async with a as (b, c):
            match b:
                case {"k": 1, **rest}:
                    pass
                case [1, *others] | None:
                    pass
        global z
        return f"{a!r:>{w}}"
"""


def test_walk_lists_ast_walk_s_nodes_but_contexts_and_operators() -> None:
    tree = ast.parse(CODE)
    leaves = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)
    for node in (n for n in ast.walk(tree) if not isinstance(n, leaves)):
        expected = [n for n in ast.walk(node) if not isinstance(n, leaves)]
        assert walk(node) == expected
    forget()


#: Texts each holding a pre-check word, a part of some (``max_``, ``_len``, ``0k``) or neither.
PRECHECK_TEXTS = [
    "x = 1",
    "max_ = 2",
    "y = max_seq",
    "model_max_length = 3",
    "cutoff_len _len",
    "query_max_len",
    "p50k r50k",
    "0k",
    "o200k_base",
    "flagreranker reranker",
    "prefill_step n_batch ubatch",
    "encoding_for_model",
    "for_model",
    "truncation",
    'd = {"gpt-4": 8192}',
    "per_token per_char",
    "ratio = n / 4",
    "api.deepseek.com",
]


def test_precheck_agrees_with_every_rule_s_patterns() -> None:
    from prompt_budget.lint.engine import all_rules
    from prompt_budget.lint.precheck import precheck

    for rule in all_rules():
        for text in PRECHECK_TEXTS:
            expected = all(p.search(text.lower()) for p in rule.PRECHECK)
            assert precheck(text, [rule]) == expected, (rule.CODE, text)


@pytest.mark.parametrize(
    "path",
    [
        "a.py",
        "pkg/__init__.py",
        "__init__.py",
        "./__init__.py",
        "/__init__.py",
        "//x/__init__.py",
        "a/b/c.pyi",
        "a//b/./c.py",
        "a/../b.py",
        ".hidden",
        "a/.py",
        "a/b.",
        "a/b.tar.gz",
        "a/__init__.pyi",
        "a/__init__",
        "pkg/./__init__.py",
        "x/",
        "",
        "/",
        ".",
        "..",
        "a\\b.py",
    ],
)
def test_module_name_is_what_pathlib_reads(path: str) -> None:
    from pathlib import Path

    from prompt_budget.lint.cache import module_name

    p = Path(path)
    assert module_name(path) == (p.parent.name if p.stem == "__init__" else p.stem)
