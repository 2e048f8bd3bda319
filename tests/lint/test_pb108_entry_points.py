"""PB108 across modules: command-line tools' own defaults are not one budget that drifted."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_tree

_CLI = (
    "import argparse\n\nDEFAULT_MAX_TOKENS = {value}\n\n\ndef main():\n"
    "    parser = argparse.ArgumentParser()\n"
    "    parser.add_argument('--max-tokens', type=int, default=DEFAULT_MAX_TOKENS)\n"
)
_GUARDED = "DEFAULT_MAX_TOKENS = {value}\nprint(DEFAULT_MAX_TOKENS)\n\nif __name__ == '__main__':\n    pass\n"


def _lint(tmp_path: Path, files: dict[str, str]) -> set[str]:
    return {f.path for f in lint_tree(tmp_path, {"pkg/__init__.py": "", **files}, select=("PB108",))}


def test_each_tool_its_own_default(tmp_path: Path) -> None:
    files = {
        "pkg/chat.py": _CLI.format(value=256),
        "pkg/generate.py": _GUARDED.format(value=100),
        "pkg/evaluate.py": _CLI.format(value=8192),
    }
    assert _lint(tmp_path, files) == set()


def test_a_tool_whose_default_is_imported_shares_it(tmp_path: Path) -> None:
    files = {
        "pkg/chat.py": _CLI.format(value=256),
        "pkg/generate.py": _GUARDED.format(value=100),
        "pkg/server.py": "from .chat import DEFAULT_MAX_TOKENS\n",
        "pkg/limits.py": "DEFAULT_MAX_TOKENS = 4096\n",
    }
    assert _lint(tmp_path, files) == {"pkg/chat.py", "pkg/limits.py"}


def test_a_constant_the_tool_never_reads_is_compared(tmp_path: Path) -> None:
    files = {
        "pkg/chat.py": "DEFAULT_MAX_TOKENS = 256\n\nif __name__ == '__main__':\n    pass\n",
        "pkg/limits.py": "DEFAULT_MAX_TOKENS = 4096\n",
    }
    assert _lint(tmp_path, files) == {"pkg/chat.py", "pkg/limits.py"}
