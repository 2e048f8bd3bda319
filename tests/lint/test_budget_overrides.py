"""Literals passed for a parameter whose default is a token budget (``prompt_budget.lint.budget_overrides``;
set 52: loopgpt's ``summarizer._chunk_text(page_text, chunk_size=60)``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, lint_snippet, lint_tree, rows

from prompt_budget.lint.rules.pb102_budget_constant import BudgetConstant

SUMMARIZER = (
    "class Summarizer:\n    def _chunk_text(self, text, chunk_size=900):\n        count = 0\n"
    "        for p in text.split('\\n'):\n            new_token_count = count + self._count_tokens(p)\n"
    "            if new_token_count < chunk_size:\n                count = new_token_count\n"
)
PDF = (
    "from pkg.summarizer import Summarizer\n\n"
    "def read(pages):\n    summarizer = Summarizer()\n"
    "    return [list(summarizer._chunk_text(p, chunk_size=60)) for p in pages]\n"
)


def test_a_literal_passed_in_another_module_is_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"summarizer.py": SUMMARIZER, "pdf.py": PDF})
    assert rows(found) == [
        ("pdf.py", 5, "PB102", 60),
        ("summarizer.py", 2, "PB102", 900),
    ]
    passed = next(f for f in found if f.value == 60)
    assert "passed to `Summarizer._chunk_text`" in passed.message
    assert "pkg/summarizer.py:2" in passed.message


def test_small_literals_and_unresolved_calls_are_not_reported() -> None:
    code = SUMMARIZER + (
        "\ndef read(page_text, other):\n    summarizer = Summarizer()\n"
        "    a = summarizer._chunk_text(page_text, chunk_size=8)\n"
        "    return a, other._chunk_text(page_text, chunk_size=60)\n"
    )
    assert [f.line for f in lint_snippet(code, [BudgetConstant])] == [2]


def test_two_functions_of_one_key_are_not_joined(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/summarizer.py": SUMMARIZER,
        "pkg/more/__init__.py": "",
        "pkg/more/summarizer.py": SUMMARIZER.replace("900", "800"),
        "pkg/pdf.py": PDF,
    }
    found = lint_tree(tmp_path, files)
    assert sorted(f.value for f in found) == [800, 900]
