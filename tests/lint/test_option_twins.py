"""A command-line option declared again in another parser of the package without the help text that made
it a budget (``prompt_budget.lint.option_twins``; set 101: tagword-codeagent's ``--budget`` in an older
entry point)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, rows

MAIN = (
    "import argparse\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
    "    parser.add_argument('--budget', type=int, default=3000, help='Token budget')\n"
    "    return parser.parse_args()\n"
)


def _entry(line: str) -> str:
    return f"import argparse\n\ndef main():\n    parser = argparse.ArgumentParser()\n    {line}\n    return parser\n"


def _pb102(found: list) -> list[tuple[str, int, str, object]]:
    return [r for r in rows(found) if r[2] == "PB102"]


def test_the_same_option_without_help_in_another_module_is_reported(tmp_path: Path) -> None:
    entry = _entry("parser.add_argument('--budget', type=int, default=3000)")
    found = lint_package(tmp_path, {"main.py": MAIN, "entry.py": entry})
    assert _pb102(found) == [("entry.py", 5, "PB102", 3000), ("main.py", 5, "PB102", 3000)]
    twin = next(f for f in found if f.path.endswith("entry.py"))
    assert "the same option as the one at" in twin.message
    assert "main.py:5" in twin.message


def test_another_default_a_help_saying_another_unit_or_one_module_are_left(tmp_path: Path) -> None:
    for i, line in enumerate(
        (
            "parser.add_argument('--budget', type=int, default=2500)",
            "parser.add_argument('--budget', type=int, default=3000, help='Budget in USD cents')",
            "parser.add_argument('--budget', type=int, default=3000, help='Budget in lines')",
            "parser.add_argument('--limit', type=int, default=3000)",
        )
    ):
        (tmp_path / str(i)).mkdir()
        found = lint_package(tmp_path / str(i), {"main.py": MAIN, "entry.py": _entry(line)})
        assert _pb102(found) == [("main.py", 5, "PB102", 3000)], line
    one = MAIN.replace(
        "    return", "    parser.add_argument('--other-budget', type=int, default=3000)\n    return"
    )
    (tmp_path / "one").mkdir()
    assert _pb102(lint_package(tmp_path / "one", {"main.py": one})) == [("main.py", 5, "PB102", 3000)]


def test_a_test_module_declaring_the_option_again_is_left(tmp_path: Path) -> None:
    test = _entry("parser.add_argument('--budget', type=int, default=3000)")
    found = lint_package(tmp_path, {"main.py": MAIN, "test_entry.py": test})
    assert _pb102(found) == [("main.py", 5, "PB102", 3000)]
