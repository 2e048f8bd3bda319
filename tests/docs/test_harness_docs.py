"""Each built-in harness has a page under docs/harnesses/ that says what the harness data says: every
rule by name with its path globs, every limit with its amount, the harness's documentation address,
and an entry in the overview and in the site navigation. Read from the data file itself, so a rule
added to the data without its docs fails here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "prompt_budget" / "data" / "harnesses.json"
PAGES = ROOT / "docs" / "harnesses"


def _harnesses() -> list[tuple[str, dict[str, Any]]]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return sorted(data["harnesses"].items())


@pytest.mark.parametrize(("name", "harness"), _harnesses(), ids=lambda v: v if isinstance(v, str) else "")
def test_harness_page_says_what_the_data_says(name: str, harness: dict[str, Any]) -> None:
    page = PAGES / f"{name}.md"
    assert page.is_file(), f"docs/harnesses/{name}.md is missing"
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"# {harness['title']}\n")
    assert harness["docs"] in text
    assert f'harnesses = ["{name}"]' in text
    for rule in harness["rules"]:
        row = next((ln for ln in text.splitlines() if ln.startswith(f"| `{rule['name']}` |")), None)
        assert row is not None, f"rule {rule['name']!r} has no row in docs/harnesses/{name}.md"
        for glob in rule["path"]:
            assert f"`{glob}`" in row, f"{name} rule {rule['name']}: {glob} not in its row"
        if rule.get("max_tokens"):
            assert f"{rule['max_tokens']:,}" in row
        assert rule["source"].split(" ", 1)[0] in row
    for limit_name, limit in harness.get("limits", {}).items():
        row = next((ln for ln in text.splitlines() if ln.startswith(f"| `{limit_name}` |")), None)
        assert row is not None, f"limit {limit_name!r} has no row in docs/harnesses/{name}.md"
        assert f"{limit['amount']:,}" in row
        assert f"| {limit['unit']} |" in row


def test_every_harness_is_in_the_overview_and_the_navigation() -> None:
    overview = (PAGES / "index.md").read_text(encoding="utf-8")
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for name, _ in _harnesses():
        assert f"({name}.md)" in overview
        assert f"`{name}`" in overview
        assert f"harnesses/{name}.md" in nav
