"""``prompt-budget count --outline``: where the tokens of a Markdown file are, section by section.

Counts use ``chars4`` (ceil(chars / 4)); each expected count is worked out from the slice of the file
the section covers, by line numbers written down by hand, never from the command's own numbers."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from cli_run import run_cli

SKILL = (
    "---\n"  # 1
    "name: review\n"  # 2
    "description: Review code.\n"  # 3
    "---\n"  # 4
    "Read the diff first.\n"  # 5
    "# Review\n"  # 6
    "Steps to follow.\n"  # 7
    "## Checklist\n"  # 8
    "- tests pass\n"  # 9
    "- docs updated\n"  # 10
    "### Security\n"  # 11
    "```\n"  # 12
    "# a comment in code, not a heading\n"  # 13
    "```\n"  # 14
    "## Examples\n"  # 15
    "An example review.\n"  # 16
)

#: (label as shown, first line, own last line, total last line)
SECTIONS = [
    ("(frontmatter)", 1, 4, 4),
    ("(preamble)", 5, 5, 5),
    ("# Review", 6, 7, 16),
    ("  ## Checklist", 8, 10, 14),
    ("    ### Security", 11, 14, 14),
    ("  ## Examples", 15, 16, 16),
]


def chars4(first: int, last: int, text: str = SKILL) -> int:
    return math.ceil(len("".join(text.splitlines(keepends=True)[first - 1 : last])) / 4)


def outline(cwd: Path, *args: str) -> tuple[int, str, str]:
    res = run_cli("count", "--outline", "-t", "chars4", *args, cwd=cwd)
    assert "Traceback" not in res.stderr, res.stderr
    return res.returncode, res.stdout, res.stderr


ROW = re.compile(r"^(.*?\S)\s{2,}(\d+(?:-\d+)?)\s+([\d,]+)\s+([\d,]+)\s+(\S+)$")


def table_rows(stdout: str) -> list[tuple[str, str, int, int, str]]:
    rows = []
    for line in stdout.splitlines():
        m = ROW.match(line)
        if m:
            label, lines, own, total, pct = m.groups()
            rows.append((label, lines, int(own.replace(",", "")), int(total.replace(",", "")), pct))
    return rows


def test_the_sections_of_a_skill_in_document_order_with_their_nesting(tmp_path: Path) -> None:
    (tmp_path / "SKILL.md").write_text(SKILL, encoding="utf-8")
    code, stdout, stderr = outline(tmp_path, "SKILL.md")
    assert (code, stderr) == (0, "")
    whole = math.ceil(len(SKILL) / 4)
    assert stdout.splitlines()[:2] == [
        f"SKILL.md: {whole} tokens by chars4 (estimated)",
        "section           lines  own  total  % of file",  # as wide as "    ### Security"
    ]
    assert table_rows(stdout) == [
        (
            label,
            f"{first}-{total_end}" if total_end != first else str(first),
            chars4(first, end),
            chars4(first, total_end),
            f"{100 * chars4(first, total_end) / whole:.1f}%",
        )
        for label, first, end, total_end in SECTIONS
    ]


def test_json_gives_each_section_with_its_lines_and_counts(tmp_path: Path) -> None:
    (tmp_path / "SKILL.md").write_text(SKILL, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("# not outlined\n", encoding="utf-8")  # 15 chars: 4 tokens
    code, stdout, stderr = outline(tmp_path, "--json", "SKILL.md", "notes.txt")
    assert code == 0
    assert (
        stderr
        == "prompt-budget: notes.txt: not Markdown (.md, .markdown, .mdx, .mdc), no outline; 4 tokens\n"
    )
    data = json.loads(stdout)
    assert data["files"][1] == {"path": "notes.txt", "tokens": 4, "chars": 15, "notes": [], "sections": None}
    skill = data["files"][0]
    assert (skill["path"], skill["tokens"]) == ("SKILL.md", math.ceil(len(SKILL) / 4))
    assert skill["sections"][3] == {
        "heading": "Checklist",
        "level": 2,
        "start_line": 8,
        "end_line": 10,
        "total_end_line": 14,
        "tokens": chars4(8, 10),
        "total_tokens": chars4(8, 14),
    }
    assert [(s["heading"], s["level"]) for s in skill["sections"]] == [
        ("(frontmatter)", 0),
        ("(preamble)", 0),
        ("Review", 1),
        ("Checklist", 2),
        ("Security", 3),
        ("Examples", 2),
    ]
    assert [(s["start_line"], s["end_line"], s["total_end_line"]) for s in skill["sections"]] == [
        row[1:] for row in SECTIONS
    ]
    assert data["total"] == skill["tokens"] + 4


def test_a_file_that_is_not_markdown_gets_a_one_line_note(tmp_path: Path) -> None:
    (tmp_path / "prompt.txt").write_text("# a heading in a text file\n", encoding="utf-8")  # 27 chars
    code, stdout, stderr = outline(tmp_path, "prompt.txt")
    assert (code, stdout) == (0, "")
    assert (
        stderr
        == "prompt-budget: prompt.txt: not Markdown (.md, .markdown, .mdx, .mdc), no outline; 7 tokens\n"
    )


def test_a_folder_outlines_its_markdown_files_only(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\ntext\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("# B\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.markdown").write_text("# C\n## D\n", encoding="utf-8")
    code, stdout, stderr = outline(tmp_path, ".")
    assert (code, stderr) == (0, "")
    titles = [line for line in stdout.splitlines() if "tokens by" in line]
    assert titles == [
        "a.md: 3 tokens by chars4 (estimated)",
        "sub/c.markdown: 3 tokens by chars4 (estimated)",
    ]
    assert "b.txt" not in stdout
    assert [row[0] for row in table_rows(stdout)] == ["# A", "# C", "  ## D"]


def test_a_folder_without_markdown_files_says_so(tmp_path: Path) -> None:
    # not a silent exit 0 that looks as if --outline did nothing
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "b.txt").write_text("# B\n", encoding="utf-8")
    code, stdout, stderr = outline(tmp_path, "prompts")
    assert (code, stdout) == (0, "")
    assert stderr == "prompt-budget: prompts: no Markdown files (.md, .markdown, .mdx, .mdc) to outline\n"


def test_an_empty_file_and_standard_input(tmp_path: Path) -> None:
    (tmp_path / "empty.md").write_text("", encoding="utf-8")
    code, stdout, stderr = outline(tmp_path, "empty.md")
    assert code == 0
    assert stdout == "empty.md: 0 tokens by chars4 (estimated), no sections\n"
    assert stderr == "prompt-budget: empty.md: empty file\n"
    res = run_cli("count", "--outline", "-t", "chars4", "-", cwd=tmp_path, env={}, input="# From a pipe\nx\n")
    assert res.returncode == 0, res.stderr
    assert table_rows(res.stdout) == [("# From a pipe", "1-2", 4, 4, "100.0%")]  # 16 chars
