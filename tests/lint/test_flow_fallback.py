"""A name read as the fallback of an ``or`` (``max_tokens=n or LIMIT``) is judged by what the ``or`` is
given to, as the branches of a conditional are (``prompt_budget.lint.flow.Uses``; set 23)."""

from __future__ import annotations

from pathlib import Path

from prompt_budget.lint.engine import Linter
from prompt_budget.lint.options import LintOptions


def _codes(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    (tmp_path / "mod.py").write_text(text, encoding="utf-8")
    report = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
    return [(f.line, f.code) for f in report.findings]


def test_a_constant_given_as_the_fallback_of_a_budget_keyword_is_reported(tmp_path: Path) -> None:
    text = "LIMIT = 700\n\ndef ask(client, prompt, n=None):\n    return client.complete(prompt, max_tokens=n or LIMIT)\n"
    assert _codes(tmp_path, text) == [(1, "PB102")]


def test_a_constant_given_as_the_fallback_of_another_keyword_is_not(tmp_path: Path) -> None:
    text = "LIMIT = 700\n\ndef ask(client, prompt, n=None):\n    return client.complete(prompt, retries=n or LIMIT)\n"
    assert _codes(tmp_path, text) == []
