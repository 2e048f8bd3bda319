"""The generated parts of the docs are up to date: the configuration reference (from
``prompt_budget.schema``) and the rule pages (from the rules' own metadata and cases, by
``prompt_budget.lint.docs``). Each test regenerates the page and fails, with the command that refreshes
it, when the committed Markdown differs."""

from __future__ import annotations

import difflib
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

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


# --- the rule reference --------------------------------------------------------------------------------


def _rule_pages() -> list[tuple[Path, str]]:
    from prompt_budget.lint.docs import expected_pages

    return sorted(expected_pages(DOCS).items())


@pytest.mark.parametrize(
    ("page", "expected"), _rule_pages(), ids=lambda v: v.name if isinstance(v, Path) else ""
)
def test_rule_page_is_current(page: Path, expected: str) -> None:
    from prompt_budget.lint.docs import COMMAND

    _assert_current(page, expected, COMMAND)


def _rules() -> list[Any]:
    from prompt_budget.lint.rules import BUILTIN_RULES

    return list(BUILTIN_RULES)


@pytest.mark.parametrize("rule", _rules(), ids=lambda r: r.CODE)
def test_rule_page_shows_every_case_of_the_rule(rule: Any) -> None:
    """Counted from the rule's own lists, not from the generator: every VALID and INVALID case is a
    `python no-run` block of the generated part (plus the before/after of the fix example)."""
    from prompt_budget.schema import generated_part

    text = (DOCS / "rules" / f"{rule.CODE}.md").read_text(encoding="utf-8")
    part = generated_part(text, "rule-reference")
    assert part is not None, f"docs/rules/{rule.CODE}.md has no generated part"
    assert part.lstrip().startswith(f"# {rule.CODE} {rule.NAME}\n")
    assert rule.SUMMARY.rstrip(".") in part
    fix_cases = [c for c in rule.INVALID if c.fixed is not None][:1]
    extra = sum(1 if c is rule.INVALID[0] else 2 for c in fix_cases)
    blocks = re.findall(r"^```python no-run\n", part, re.M)
    assert len(blocks) == len(rule.VALID) + len(rule.INVALID) + extra
    for case in rule.VALID:
        assert textwrap.dedent(case.code).strip("\n") in part
    assert f"`min-value` (default `{rule.DEFAULT_MIN_VALUE}`)" in part
    if fix_cases:
        assert fix_cases[0].fixed.strip("\n") in part
        assert "```toml\n[tool.prompt_budget.values" in part


def test_rule_page_keeps_hand_written_prose() -> None:
    from prompt_budget.lint.docs import rule_page
    from prompt_budget.lint.rules import BUILTIN_RULES

    rule = BUILTIN_RULES[0]
    # a marker no rule's page can hold by chance (a bare "old" is in "threshold")
    page = "<!-- BEGIN GENERATED: rule-reference -->\nSTALE-GENERATED-TEXT\n<!-- END GENERATED -->\n\nA note by hand.\n"
    new = rule_page(page, rule)
    assert new.endswith("<!-- END GENERATED -->\n\nA note by hand.\n")
    assert "STALE-GENERATED-TEXT" not in new
    assert f"# {rule.CODE} {rule.NAME}" in new
    assert rule_page(new, rule) == new
    fresh = rule_page("", rule)
    assert fresh.startswith("<!-- BEGIN GENERATED: rule-reference")


def test_hand_written_notes_survive_on_the_committed_pages() -> None:
    text = (DOCS / "rules" / "PB104.md").read_text(encoding="utf-8")
    after = text.split("<!-- END GENERATED -->", 1)[1]
    assert "calibrated:o200k_base" in after


def test_lint_docs_check_command(tmp_path: Path) -> None:
    """``--check`` on an empty docs folder fails naming the refresh command; ``--write`` creates the pages
    and ``--check`` then passes."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "prompt_budget.lint.docs", "--docs", str(tmp_path), *args],
            capture_output=True,
            text=True,
            check=False,
        )

    (tmp_path / "rules").mkdir()
    stale = run("--check")
    assert stale.returncode == 1
    assert "python -m prompt_budget.lint.docs --write" in stale.stderr
    assert run("--write").returncode == 0
    assert run("--check").returncode == 0
    assert (tmp_path / "rules" / "PB101.md").read_text(encoding="utf-8").count("```python no-run") > 10
    assert "| [PB109](PB109.md) |" in (tmp_path / "rules" / "index.md").read_text(encoding="utf-8")


def test_generators_are_not_imported_with_the_package() -> None:
    code = (
        "import sys, prompt_budget, prompt_budget.schema, prompt_budget.lint.docs\n"
        "heavy = sorted(m for m in ('libcst', 'rich') if m in sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
