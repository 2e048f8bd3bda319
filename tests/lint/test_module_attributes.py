"""A constant of a module imported whole, read as ``module.CONSTANT`` in a token budget's default
(set 49: openparse's ``min_tokens: int = consts.TOKENIZATION_TOKENIZATION_LOWER_LIMIT``). The importing modules
hold a number (the pre-check skips a file with none, as it does for an imported name's uses)."""

from __future__ import annotations

from pathlib import Path

from prompt_budget.lint.engine import Linter
from prompt_budget.lint.options import LintOptions


def _lint(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, float | int | None]]:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    for name, text in {"__init__.py": "", **files}.items():
        (pkg / name).write_text(text, encoding="utf-8")
    report = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
    return [(f.path, f.line, f.code, f.value) for f in report.findings]


def test_a_constant_read_through_its_module_as_a_budget_default_is_reported(tmp_path: Path) -> None:
    got = _lint(
        tmp_path,
        {
            "consts.py": "TOKENIZATION_LOWER_LIMIT = 256\nTOKENIZATION_UPPER_LIMIT = 1024\nRETRIES = 300\n",
            "ingest.py": (
                "from pkg import consts\nimport pkg.consts as c\n\n"
                "def split(nodes, min_tokens: int = consts.TOKENIZATION_LOWER_LIMIT, max_tokens=c.TOKENIZATION_UPPER_LIMIT,"
                " attempts=consts.RETRIES):\n    return nodes[2:]\n"
            ),
        },
    )
    assert got == [("pkg/consts.py", 1, "PB102", 256), ("pkg/consts.py", 2, "PB102", 1024)]


def test_a_constant_read_through_its_module_elsewhere_is_not(tmp_path: Path) -> None:
    got = _lint(
        tmp_path,
        {
            "consts.py": "TOKENIZATION_LOWER_LIMIT = 256\n",
            "ingest.py": "from pkg import consts\n\ndef split(nodes, min_items=consts.TOKENIZATION_LOWER_LIMIT):\n    return nodes[2:]\n",
        },
    )
    assert got == []
