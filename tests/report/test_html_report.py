"""The HTML report without a browser: what the page holds, escaping, its size on a thousand files, the
plain table behind every picture, and the pytest option. (tests/report/test_html_browser.py renders
it in headless Chromium.)"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_run import run_cli
from html_trees import HOSTILE, big_tree, hostile_tree

AGENT = Path(__file__).parents[2] / "examples" / "agent-repo"


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def find(self, tag: str, **attrs: str) -> list[Node]:
        found = []
        for c in self.children:
            if isinstance(c, Node):
                if c.tag == tag and all(c.attrs.get(k.rstrip("_")) == v for k, v in attrs.items()):
                    found.append(c)
                found += c.find(tag, **attrs)
        return found


class _Tree(HTMLParser):
    VOID = frozenset({"meta", "br", "img", "input", "link", "hr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return
        raise AssertionError(f"</{tag}> closes nothing")

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(text: str) -> Node:
    tree = _Tree()
    tree.feed(text)
    tree.close()
    assert [n.tag for n in tree.stack] == ["#document"], "elements left open"
    return tree.root


def check_html(path: Path, out: Path, *args: str, code: int) -> str:
    result = run_cli("check", str(path), "--format", "html", "-o", str(out), *args, cwd=path.parent)
    assert result.returncode == code, result.stderr
    assert result.stdout == ""
    assert f"report written to {out}" in result.stderr
    return out.read_text(encoding="utf-8")


def test_the_page_holds_the_map_the_files_their_sections_and_the_failures(tmp_path: Path) -> None:
    page = check_html(AGENT / "broken-budget.toml", tmp_path / "r.html", "--no-baseline", code=1)
    doc = parse(page)
    problems = doc.find("ul", class_="problems")[0].find("li")
    # the terminal's messages, failures first; this config only fails
    assert len(problems) == 8
    assert [li.attrs["class"] for li in problems] == ["st-fail"] * 8
    texts = [li.find("pre")[0].text for li in problems]
    assert (
        "CLAUDE.md is 558 tokens, over its cap of 400 by 158 (39.5%); cap set in broken-budget.toml [files] #1\n"
        'largest sections: "## Rules" (lines 24-34) 184 tokens, "## Layout" (lines 7-16) 154 tokens, '
        '"## Commands" (lines 17-23) 94 tokens\n'
        "CLAUDE.md loads in every session: move detail into a skill or a reference doc." in texts
    )
    assert (
        "docs/reference/oncall.md: must-load file is missing (entry 'runbooks', broken-budget.toml [files] #4)"
        in texts
    )
    # the map: what loads at launch, then the stages; the shed files apart
    cells = {
        a.attrs["aria-label"].split(":")[0]: int(a.attrs["data-tokens"])
        for a in doc.find("a")
        if "b" in a.attrs.get("class", "").split()
    }
    assert cells["CLAUDE.md"] == 558
    assert cells["docs/reference/runbook.md"] == 371
    assert cells[".claude/skills/triage-ticket/SKILL.md (frontmatter)"] == 58
    # a file with sections links to them, and the sections table has them
    claude = next(a for a in doc.find("a") if a.attrs.get("aria-label", "").startswith("CLAUDE.md:"))
    target = claude.attrs["href"].lstrip("#")
    body = doc.find("tbody", id=target)[0]
    rows = [[td.text for td in tr.find("td")] for tr in body.find("tr")][1:]
    assert ["## Rules", "lines 24-34", "184"] in rows
    assert ["## Layout", "lines 7-16", "154"] in rows


def test_every_picture_has_a_plain_table(tmp_path: Path) -> None:
    doc = parse(check_html(AGENT / "pyproject.toml", tmp_path / "r.html", "--no-baseline", code=0))
    svg = doc.find("svg")[0]
    drawn = {a.attrs["aria-label"].split(":")[0]: a.attrs["data-tokens"] for a in svg.find("a")}
    # 8 loaded at launch (5 of them frontmatters), 1 + 1 + 2 kept by the stages, 2 shed
    assert len(drawn) == 14
    table = doc.find("details")[0].find("table")[0]
    rows = {
        tr.find("td")[0].text: tr.find("td")[1].text.replace(",", "")
        for tr in table.find("tr")
        if tr.find("td")
    }
    for label, tokens in drawn.items():
        assert rows[label] == tokens, label
    groups = [th.text for th in table.find("th") if th.attrs.get("colspan")]
    assert groups == [
        "always loaded (1,054 tokens)",
        "stage triage (384 tokens)",
        "stage research (550 tokens)",
        "stage fix (666 tokens)",
        "shed at stage fix (983 tokens)",
    ]
    headroom = next(tr for tr in table.find("tr") if tr.find("th") and tr.find("th")[0].text == "headroom")
    assert headroom.find("td")[0].text == "1,346"


def test_every_name_and_text_is_escaped(tmp_path: Path) -> None:
    page = check_html(hostile_tree(tmp_path), tmp_path / "r.html", code=1)
    doc = parse(page)
    tags = {n.tag for n in _walk(doc)}
    assert not tags & {"img", "i", "u"}
    assert len(doc.find("script")) == 1  # the page's own
    text = doc.text
    for name in HOSTILE:
        assert f"notes/{name}" in text
        labels = [
            n.attrs["aria-label"]
            for n in _walk(doc)
            if n.attrs.get("aria-label", "").startswith(f"notes/{name}:")
        ]
        assert labels, name
    assert "</pre><script>alert(2)</script>" in text  # the entry's message, as text
    assert '"Quoted" & <u>under</u>' in text
    # the raw markup never reaches the document: only its escaped form
    assert "<img" not in page
    assert "<script>alert" not in page


def _walk(node: Node) -> list[Node]:
    out = []
    for c in node.children:
        if isinstance(c, Node):
            out.append(c)
            out += _walk(c)
    return out


def test_a_thousand_files_stay_under_a_megabyte(tmp_path: Path) -> None:
    page = check_html(big_tree(tmp_path), tmp_path / "r.html", code=0)
    assert len(page.encode("utf-8")) < 1_000_000
    doc = parse(page)
    text = doc.text
    for i in (0, 1, 2, 500, 998, 999):
        folder = "rules" if i % 10 == 0 else "docs/a" if i % 2 else "docs/b"
        name = f"{folder}/{'rule' if i % 10 == 0 else 'topic'}-{i:04d}.md"
        assert name in text
    assert len(doc.find("svg")[0].find("a")) == 1000
    assert not re.search(r"https?://", page)  # nothing to fetch: no CDN, no font, no image


def test_html_goes_to_standard_output_without_o(tmp_path: Path) -> None:
    result = run_cli("check", str(AGENT), "--format", "html", "--no-baseline", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("<!DOCTYPE html>")
    assert result.stdout.rstrip().endswith("</html>")


def test_an_output_file_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    result = run_cli(
        "check", str(AGENT), "--format", "html", "-o", str(tmp_path / "file" / "r.html"), cwd=tmp_path
    )
    assert result.returncode == 2
    assert "prompt-budget: error: cannot write" in result.stderr


PROMPTS = """
def test_support_prompt(prompt_budget):
    prompt_budget.check(
        {"model": "gpt-4o", "messages": [{"role": "system", "content": "You are a <b>billing</b> agent. " * 20},
         {"role": "user", "content": "Where is my refund?"}],
         "tools": [{"type": "function", "function": {"name": "lookup", "description": "Look up an invoice " * 5,
                    "parameters": {"type": "object", "properties": {}}}}]},
        2000,
        label="support request",
    )

def test_too_long(prompt_budget):
    prompt_budget.check("word " * 300, 100, label="summary prompt")
"""


def test_pytest_writes_every_checked_prompt_with_its_parts(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_p=PROMPTS)
    result = pytester.runpytest("--prompt-budget-report=out/r.html")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*prompt-budget report written to *r.html*"])
    doc = parse((pytester.path / "out" / "r.html").read_text(encoding="utf-8"))
    problems = doc.find("ul", class_="problems")[0].find("li")
    assert len(problems) == 1
    assert problems[0].text.count("test_p.py::test_too_long: ") == 1
    assert "exceeds its cap of 100 tokens by 201" in problems[0].text
    link = next(a for a in doc.find("a") if a.text == "support request")
    section = doc.find("h3", id=link.attrs["href"].lstrip("#"))[0]
    assert section.text == "test_p.py::test_support_prompt: support request"
    table = next(t for t in doc.find("table") if t.find("th") and t.find("th")[0].text == "part")
    parts = [[td.text for td in tr.find("td")] for tr in table.find("tr") if tr.find("td")]
    assert [p[0] for p in parts] == ["system", "messages", "tools", "overhead"]
    assert all(int(p[1].replace(",", "")) > 0 for p in parts)
    total = [th.text for th in table.find("th")][-2:]
    assert total == ["total", str(sum(int(p[1].replace(",", "")) for p in parts))]


def test_growth_against_the_baseline_is_shown_and_fails_first(tmp_path: Path) -> None:
    project = tmp_path / "agent-repo"
    shutil.copytree(AGENT, project, ignore=shutil.ignore_patterns("cache"))
    claude = project / "CLAUDE.md"
    claude.write_text(
        claude.read_text(encoding="utf-8") + "\n## More rules\n\n" + "Always be careful. " * 40,
        encoding="utf-8",
    )
    doc = parse(check_html(project / "pyproject.toml", tmp_path / "r.html", code=1))
    first = doc.find("ul", class_="problems")[0].find("li")[0]
    assert first.attrs["class"] == "st-fail"
    assert re.fullmatch(
        r"CLAUDE\.md: tokens 558 -> ([\d,]+) \(\+([\d,]+), \+[\d.]+%\), allowed \+10% \(gate: pyproject\.toml "
        r"\[tool\.prompt_budget\.baseline\] max_growth\)",
        first.find("pre")[0].text,
    ), first.find("pre")[0].text
    growth = doc.find("h2", id="growth")[0]
    assert growth.text == "Growth against the baseline"
    table = next(
        t
        for t in doc.find("table")
        if t.find("caption") and "growth over the baseline" in t.find("caption")[0].text
    )
    rows = [[td.text for td in tr.find("td")] for tr in table.find("tr") if tr.find("td")]
    claude_row = next(r for r in rows if r[0] == "CLAUDE.md")
    assert claude_row[1] == "558"
    assert claude_row[5] == "FAIL"
    grown = int(claude_row[3].replace(",", ""))
    assert grown > 56  # more than the 10% gate
    files = doc.find("table", class_="files")[0]
    row = next(tr for tr in files.find("tr") if tr.find("td") and tr.find("td")[0].text == "CLAUDE.md")
    assert row.find("td")[-1].text == f"+{grown:,}"
    cell = next(a for a in doc.find("a") if a.attrs.get("aria-label", "").startswith("CLAUDE.md:"))
    assert cell.attrs["aria-label"].endswith(f"; +{grown:,} since the baseline")


def test_a_harness_total_is_a_window_of_its_own() -> None:
    """The must-load total of a harness (the verdict ``must-load:NAME`` with the files it loads up
    front in its details) is drawn as a window: its files grouped by how they load, against its
    budget."""
    from prompt_budget.model import Usage, Verdict
    from prompt_budget.report.html import page
    from prompt_budget.report.html_model import harness_windows

    files = [
        {"id": "AGENTS.md", "tokens": 900, "what": "always", "alias_of": None},
        {"id": "CLAUDE.md", "tokens": 0, "what": "always", "alias_of": "AGENTS.md"},
        {"id": "docs/style.md", "tokens": 300, "what": "import", "alias_of": None},
        {"id": ".claude/skills/a/SKILL.md#frontmatter", "tokens": 40, "what": "listing", "alias_of": None},
    ]
    verdicts = [
        Verdict(
            "must-load:claude-code",
            Usage(1240, "o200k_base", True),
            max_tokens=2000,
            status="pass",
            details={
                "kind": "must-load",
                "harness": "claude-code",
                "folder": ".",
                "files": files,
                "threshold_tokens": 1500,
            },
        ),
        Verdict(  # a folder's total adds to the root's: not a window of its own
            "must-load:claude-code:src",
            Usage(1300, "o200k_base", True),
            max_tokens=2000,
            details={"kind": "must-load", "harness": "claude-code", "folder": "src", "files": []},
        ),
        Verdict("must-load", Usage(5, "o200k_base", True)),
    ]
    windows = harness_windows(verdicts)
    assert [w.name for w in windows] == ["harness claude-code"]
    doc = parse(page("Prompt budget", "pass", "", [], windows))
    assert [g.text for g in doc.find("th") if g.attrs.get("colspan")] == [
        "always loaded (900 tokens)",
        "imported (300 tokens)",
        "names and descriptions (40 tokens)",
    ]
    cells = {
        a.attrs["aria-label"].split(":")[0]: a.attrs["data-tokens"] for a in doc.find("svg")[0].find("a")
    }
    assert cells == {
        "AGENTS.md": "900",
        "docs/style.md": "300",
        ".claude/skills/a/SKILL.md (frontmatter)": "40",
    }
    headroom = next(r for r in doc.find("rect") if r.attrs.get("class") == "hr")
    assert headroom.attrs["data-tokens"] == "760"
