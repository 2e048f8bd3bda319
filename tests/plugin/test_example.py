"""examples/test_prompts_example.py is a file users copy: it must pass in a fresh project."""

from __future__ import annotations

from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "test_prompts_example.py"


def test_example_file_passes_when_copied(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_prompts_example=EXAMPLE.read_text(encoding="utf-8"))
    result = pytester.runpytest_subprocess("-v")
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(["*- prompt budget -*", "*test_prompts_example.py::test_sections*sections*"])
