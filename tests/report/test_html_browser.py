"""The HTML report in a real browser: headless Chromium (Debian's ``chromium``; ``.ci/run`` installs
it) loads each page from disk and the tests check that nothing goes wrong (no console error, no
exception, no request leaving the page), that every file and failing item is on the page, that the
map's areas are proportional to tokens, and that the keyboard reaches the map and its tooltip. Each
test saves a screenshot under its tmp path."""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_run import run_cli
from headless import Browser, find_chromium
from html_trees import HOSTILE, big_tree, hostile_tree

AGENT = Path(__file__).parents[2] / "examples" / "agent-repo"
PNG = b"\x89PNG\r\n\x1a\n"

#: every cell of the map (and the headroom, the reserved output): its drawn area and its tokens
CELLS_JS = """
Array.from(document.querySelectorAll('svg.map a.b > rect:first-child, svg.map rect.hr, svg.map rect.res')).map(r => {
  const box = r.getBoundingClientRect();
  const holder = r.matches('a.b > rect') ? r.parentNode : r;
  return {label: holder.getAttribute('aria-label'), tokens: Number(holder.dataset.tokens),
          area: box.width * box.height, side: Math.min(box.width, box.height), shed: holder.classList.contains('shed')};
})
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = find_chromium()
    if executable is None:
        pytest.skip(
            "headless Chromium is not installed and could not be: install Debian's chromium package "
            "(apt-get install chromium), as .ci/run does"
        )
    b = Browser(executable)
    try:
        yield b
    finally:
        b.close()


def check_json(config: Path) -> dict[str, Any]:
    """What the same check says in JSON: the ids and messages the page must show."""
    result = run_cli("check", str(config), "--json", "--no-baseline", cwd=config.parent)
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def render(config: Path, out: Path, *args: str) -> Path:
    result = run_cli("check", str(config), "--format", "html", "-o", str(out), *args, cwd=config.parent)
    assert result.returncode in (0, 1), result.stderr
    return out


def load(browser: Browser, page: Path) -> str:
    browser.open(page.as_uri())
    assert browser.problems() == []
    text: str = browser.evaluate("document.body.textContent")
    return text


def assert_proportional(browser: Browser, loaded: int | None = None) -> list[dict[str, Any]]:
    """Every cell of the map is drawn with the same area per token (within 3%: coordinates are rounded
    to a hundredth of a unit, about a hundredth of a pixel, which counts on a row under a pixel tall), and
    the cells hold ``loaded`` tokens."""
    cells: list[dict[str, Any]] = browser.evaluate(CELLS_JS)
    assert cells
    measurable = [c for c in cells if c["area"] >= 40 and c["side"] >= 0.5 and c["tokens"] > 0]
    ratios = [c["area"] / c["tokens"] for c in measurable]
    middle = statistics.median(ratios)
    for cell, ratio in zip(measurable, ratios, strict=True):
        assert abs(ratio - middle) / middle < 0.03, cell
    if loaded is not None:
        files = [
            c
            for c in cells
            if c["label"] and not c["shed"] and "headroom" not in c["label"] and "reserved" not in c["label"]
        ]
        assert sum(c["tokens"] for c in files) == loaded
    return cells


@pytest.mark.parametrize(
    ("config", "loaded", "failing"),
    [(AGENT / "pyproject.toml", 2_654, 0), (AGENT / "broken-budget.toml", 1_425, 8)],
    ids=["passing", "failing"],
)
def test_the_agent_repo_report(
    browser: Browser, tmp_path: Path, config: Path, loaded: int, failing: int
) -> None:
    page = render(config, tmp_path / "report.html", "--no-baseline")
    text = load(browser, page)
    data = check_json(config)
    files = {
        v["subject"].removesuffix("#frontmatter")
        for v in data["verdicts"]
        if v["details"].get("kind") in ("file", "frontmatter")
    }
    assert len(files) >= 11
    for fid in files:
        assert fid in text, fid
    messages = [v["message"] for v in data["verdicts"] if v["status"] == "fail"]
    assert len(messages) == failing
    shown = browser.evaluate(
        "Array.from(document.querySelectorAll('ul.problems li')).map(li => li.className + ' ' + li.querySelector('pre').textContent)"
    )
    assert shown[:failing] == [f"st-fail {m}" for m in messages]
    assert_proportional(browser, loaded)
    browser.screenshot(tmp_path / f"agent-repo-{config.stem}.png")
    assert (tmp_path / f"agent-repo-{config.stem}.png").read_bytes().startswith(PNG)


def test_the_keyboard_reaches_the_map_and_shows_its_tooltip(browser: Browser, tmp_path: Path) -> None:
    load(browser, render(AGENT / "pyproject.toml", tmp_path / "report.html", "--no-baseline"))
    for _ in range(40):
        browser.press()
        if browser.evaluate("!!document.activeElement.closest('svg.map')"):
            break
    else:
        pytest.fail("Tab never reached the map")
    tip = browser.evaluate(
        "[getComputedStyle(document.getElementById('tip')).display, document.getElementById('tip').textContent]"
    )
    assert tip[0] == "block"
    assert "tokens; cap " in tip[1]
    assert "of usable; must, always loaded" in tip[1]
    href = browser.evaluate("document.activeElement.getAttribute('href')")
    browser.press("Enter", "Enter", 13)
    assert browser.evaluate("location.hash") == href
    assert browser.evaluate(f"document.querySelector('{href}') !== null")
    browser.screenshot(tmp_path / "focused.png")


def test_a_thousand_files(browser: Browser, tmp_path: Path) -> None:
    page = render(big_tree(tmp_path / "tree"), tmp_path / "report.html")
    assert page.stat().st_size < 1_000_000
    text = load(browser, page)
    for i in range(1000):
        folder = "rules" if i % 10 == 0 else "docs/a" if i % 2 else "docs/b"
        assert f"{folder}/{'rule' if i % 10 == 0 else 'topic'}-{i:04d}.md" in text
    cells = assert_proportional(browser)
    assert len([c for c in cells if c["label"] and c["label"].startswith(("rules/", "docs/"))]) == 1000
    browser.screenshot(tmp_path / "thousand-files.png", max_height=1400)


def test_names_with_markup_run_nothing(browser: Browser, tmp_path: Path) -> None:
    text = load(browser, render(hostile_tree(tmp_path / "tree"), tmp_path / "report.html"))
    for name in HOSTILE:
        assert f"notes/{name}" in text
    assert "</pre><script>alert(2)</script>" in text
    assert not [e for e in browser.events if e.get("method") == "Page.javascriptDialogOpening"]
    assert browser.evaluate("document.querySelectorAll('img, script').length") == 1
    browser.screenshot(tmp_path / "markup.png")
