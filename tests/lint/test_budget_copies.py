"""Sets 77 and 79 (zil-ai, janito4): a budget a function writes again, beside the one a rule reports;
the copy is found whichever rule reported the first (PB101's window-table fallback here)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_tree, rows

_AUDIT = (
    '_CONTEXT_WINDOWS: dict[str, int] = {"gemini": 1_000_000, "anthropic": 200_000, "openai": 128_000}\n\n'
    "def _detect_model_context(path):\n"
    "    if not path.is_file():\n        return 128_000  # Conservative default\n"
    "    try:\n        provider = load(path).get('provider', '')\n"
    "        return _CONTEXT_WINDOWS.get(provider, 128_000)\n"
    "    except Exception:\n        return 128_000\n\n"
    "def page(path):\n    return 128_000\n"
)


def test_a_window_returned_again_beside_a_reported_table_fallback(tmp_path: Path) -> None:
    got = [r for r in rows(lint_tree(tmp_path, {"audit.py": _AUDIT})) if r[2] in {"PB101", "PB102"}]
    assert got == [
        ("audit.py", 5, "PB102", 128000),
        ("audit.py", 8, "PB101", 128000),
        ("audit.py", 10, "PB102", 128000),
    ]


def test_only_the_rules_selected_report(tmp_path: Path) -> None:
    """PB102 alone has no first report to copy: it stays quiet."""
    assert lint_tree(tmp_path, {"audit.py": _AUDIT}, select=("PB102",)) == []
