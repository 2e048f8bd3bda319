"""[tool.prompt_budget.lint] validation: errors name file and key; options change what is reported."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from lint_helpers import lint_snippet

from prompt_budget.errors import ConfigError
from prompt_budget.lint.engine import known_codes
from prompt_budget.lint.options import LintConfigWarning, glob_match, parse_lint_options

FILE = Path("/proj/pyproject.toml")


def parse(raw: dict[str, object]) -> object:
    return parse_lint_options(raw, root=Path("/proj"), config_file=FILE, known_codes=known_codes())


@pytest.mark.parametrize(
    ("raw", "key", "expected"),
    [
        ({"select": "PB1O1"}, "tool.prompt_budget.lint.select", "rule codes"),
        ({"ignore": ["PB177"]}, "tool.prompt_budget.lint.ignore", "unknown rule 'PB177'"),
        ({"min-value": "lots"}, "tool.prompt_budget.lint.min-value", "token amount"),
        ({"allowed-values": ["x"]}, "tool.prompt_budget.lint.allowed-values", "list of numbers"),
        ({"per-file-ignores": ["tests"]}, "tool.prompt_budget.lint.per-file-ignores", "table of glob"),
        ({"PB103": {"min-value": True}}, "tool.prompt_budget.lint.PB103.min-value", "whole number"),
        ({"PB150": {}}, "tool.prompt_budget.lint.PB150", "unknown rule"),
        ({"report-tests": "yes"}, "tool.prompt_budget.lint.report-tests", "expected true or false"),
        ({"budget-names": "max_len"}, None, None),
    ],
)
def test_errors_name_file_and_key(raw: dict[str, object], key: str | None, expected: str | None) -> None:
    if key is None:
        parse(raw)
        return
    with pytest.raises(ConfigError) as info:
        parse(raw)
    assert info.value.key == key
    assert info.value.file == str(FILE)
    assert expected in info.value.message


def test_unknown_keys_warn() -> None:
    with pytest.warns(LintConfigWarning, match=r"tool\.prompt_budget\.lint\.selct"):
        parse({"selct": ["PB1"]})
    with pytest.warns(LintConfigWarning, match=r"PB101\.min-valu"):
        parse({"PB101": {"min-valu": 3}})


def test_token_amounts_accept_k() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        opts = parse({"min-value": "2k", "inline-budget": {"min-value": 100}})
    assert opts.options_for("PB102", "budget-constant", 16).min_value == 2000  # type: ignore[attr-defined]
    assert opts.options_for("PB101", "inline-budget", 16).min_value == 100  # type: ignore[attr-defined]


def test_options_change_findings() -> None:
    code = "f(max_tokens=100)\nCHUNK_SIZE = 1024\nf(max_tokens=8000)\n"
    assert [f.line for f in lint_snippet(code)] == [1, 3]
    opts = parse({"min-value": 500, "budget-names": ["chunk_size"], "allowed-values": [8000]})
    assert [f.line for f in lint_snippet(code, options=opts)] == [2]  # type: ignore[arg-type]
    opts = parse({"ignore-names": ["max_tokens"]})
    assert [f.line for f in lint_snippet(code, options=opts)] == []  # type: ignore[arg-type]


def test_small_output_caps_follow_the_least_value() -> None:
    """A request's own output cap is reported from 2 while ``min-value`` is not set, never in a test."""
    code = "def grade(client, messages):\n    return client.create(messages=messages, max_tokens=10)\n"
    assert [(f.line, f.value) for f in lint_snippet(code)] == [(2, 10)]
    assert lint_snippet(code, path="tests/test_grade.py") == []
    opts = parse({"min-value": 100})
    assert lint_snippet(code, options=opts) == []  # type: ignore[arg-type]
    opts = parse({"PB101": {"min-value": 12}})
    assert lint_snippet(code, options=opts) == []  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("path", "pattern", "matches"),
    [
        ("tests/test_a.py", "tests/**", True),
        ("src/tests/test_a.py", "tests/**", False),
        ("src/tests/test_a.py", "**/tests/**", True),
        ("src/pkg/conftest.py", "conftest.py", True),
        ("src/pkg/a.py", "*.py", True),
        ("src/pkg/a.py", "src/pkg", True),
        ("src/pkgx/a.py", "src/pkg", False),
    ],
)
def test_glob_match(path: str, pattern: str, matches: bool) -> None:
    assert glob_match(path, pattern) is matches
