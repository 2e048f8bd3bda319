"""The generated parts of the docs are up to date: the configuration reference (from
``prompt_budget.schema``) and the rule pages (from the rules' own metadata and cases, by
``prompt_budget.lint.docs``). Each test regenerates the page and fails, with the command that refreshes
it, when the committed Markdown differs."""

from __future__ import annotations

import difflib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _assert_current(path: Path, expected: str, command: str) -> None:
    actual = path.read_text(encoding="utf-8") if path.is_file() else ""
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                actual.splitlines(keepends=True),
                expected.splitlines(keepends=True),
                f"{path.relative_to(ROOT)} (committed)",
                f"{path.relative_to(ROOT)} (generated)",
                n=1,
            )
        )
        pytest.fail(
            f"{path.relative_to(ROOT)} is out of date with the code; refresh it with:\n    {command}\n"
            + diff[:4000],
            pytrace=False,
        )


def test_configuration_reference_is_current() -> None:
    from prompt_budget import schema

    page = DOCS / "configuration.md"
    _assert_current(page, schema.expected_page(page), schema.COMMAND)


def test_configuration_page_keeps_its_hand_written_parts() -> None:
    from prompt_budget import schema

    text = (DOCS / "configuration.md").read_text(encoding="utf-8")
    generated = schema.generated_part(text, schema.NAME)
    assert generated is not None, "docs/configuration.md lost its generated-reference markers"
    outside = text.replace(generated, "")
    for heading in ("## Where it is read from", "## Value forms", "## Errors and warnings", "## From Python"):
        assert heading in outside


def test_schema_check_command_fails_on_a_stale_page(tmp_path: Path) -> None:
    """``--check`` exits 1 and names the command when the page is stale, 0 once ``--write`` ran."""
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "configuration.md"
    page.write_text(
        "# Configuration\n\n<!-- BEGIN GENERATED: config-reference -->\nstale\n<!-- END GENERATED -->\n\nmore\n",
        encoding="utf-8",
    )

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "prompt_budget.schema", "--docs", str(docs), *args],
            capture_output=True,
            text=True,
            check=False,
        )

    stale = run("--check")
    assert stale.returncode == 1
    assert "python -m prompt_budget.schema --write" in stale.stderr
    assert run("--write").returncode == 0
    assert run("--check").returncode == 0
    text = page.read_text(encoding="utf-8")
    assert "stale" not in text
    assert text.startswith("# Configuration\n")
    assert text.endswith("\nmore\n")
    assert "`frontmatter_max_tokens`" in text
