"""A class field another module reads as the cap a token budget is clamped to with ``min()`` (``field_read_forms``;
set 267: autotinker's ``ModelSpec.max_output``), and the rows that give the field other values."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, reported_lines

PROVIDERS = """\
from dataclasses import dataclass


@dataclass(frozen=True)
class ModelSpec:
    model_id: str
    max_output: int = 8192


MODELS = {"code": ModelSpec("gpt-oss", max_output=65536)}
"""
ROUTER = """\
def plan(c, max_tokens: int):
    return min({first}, {second})
"""


def test_a_field_clamping_a_token_budget_is_reported_with_its_rows(tmp_path: Path) -> None:
    files = {
        "providers.py": PROVIDERS,
        "router.py": ROUTER.format(first="max_tokens", second="c.model.max_output"),
    }
    findings = lint_package(tmp_path, files)
    assert reported_lines(findings, "PB102") == [("pkg/providers.py", 7)]
    assert reported_lines(findings, "PB101") == [("pkg/providers.py", 10)]
    (field,) = [f for f in findings if f.code == "PB102"]
    assert (
        "into the cap the token budget `max_tokens` is clamped to with min() at pkg/router.py:2"
        in field.message
    )


def test_a_field_clamping_anything_else_is_not(tmp_path: Path) -> None:
    files = {
        "providers.py": PROVIDERS,
        "router.py": ROUTER.format(first="c.model.max_output", second="max_items"),
    }
    findings = lint_package(tmp_path, files)
    assert reported_lines(findings, "PB102") == []
    assert reported_lines(findings, "PB101") == []
