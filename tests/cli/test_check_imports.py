"""`prompt-budget check` and `prompt-budget baseline` on Claude Code memory files with ``@path``
imports, through its `main` (in-process) on trees in tmp_path.

Trees use ``chars4`` (ceil(chars / 4)): a file of ``"abcd" * N`` is N tokens."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_run import run_cli


def run(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd, env=env)


def tokens(n: int) -> str:
    return "abcd" * n


CONFIG = """\
[tool.prompt_budget]
tokenizer = "chars4"
preset = "claude-code"
context_window = 1000
"""


def make(root: Path, config: str = CONFIG) -> Path:
    (root / "pyproject.toml").write_text(config, encoding="utf-8")
    (root / "docs").mkdir()
    # line 3 imports docs/git.md; line 5 names a file that is not there
    (root / "CLAUDE.md").write_text(
        "# Agent notes\n\n@docs/git.md\n\nAlso @docs/gti.md\n",  # 14 + 1 + 13 + 1 + 18 = 47 chars: 12 tokens
        encoding="utf-8",
    )
    (root / "docs" / "git.md").write_text(tokens(30), encoding="utf-8")
    return root


def test_text_table_has_a_row_naming_the_importer_and_the_total_counts_it(tmp_path: Path) -> None:
    root = make(tmp_path)
    result = run(root, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert "docs/git.md (imported by CLAUDE.md:3)" in result.stdout
    assert rows["docs/git.md"].split()[-5] == "30"
    # must-load total: CLAUDE.md 12 + docs/git.md 30
    total = next(line for line in result.stdout.splitlines() if line.startswith("must-load total"))
    assert total.split()[4] == "42"
    assert (
        "warn: CLAUDE.md:5: @docs/gti.md is not loaded: no such file docs/gti.md "
        "(Claude Code skips it without a word)" in result.stdout
    )
    assert "Traceback" not in result.stderr


def test_json_names_the_importer_and_the_unresolved_import(tmp_path: Path) -> None:
    root = make(tmp_path)
    result = run(root, "check", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    verdicts = {v["id"]: v for v in data["verdicts"]}
    git = verdicts["docs/git.md"]
    assert git["usage"]["tokens"] == 30
    assert git["details"]["imported_by"] == "CLAUDE.md:3"
    assert git["details"]["load"] == "must"
    assert verdicts["must-load"]["usage"]["tokens"] == 42
    assert [f["id"] for f in verdicts["must-load"]["details"]["files"]] == ["CLAUDE.md", "docs/git.md"]
    missing = verdicts["CLAUDE.md:5"]
    assert missing["status"] == "warn"
    assert missing["details"] == {"kind": "import", "file": "CLAUDE.md", "line": 5, "import": "docs/gti.md"}
    assert data["status"] == "warn"


def test_github_format_puts_the_warning_on_the_import_line(tmp_path: Path) -> None:
    root = make(tmp_path)
    result = run(root, "check", "--format", "github")
    assert result.returncode == 0, result.stderr
    assert "docs/git.md (imported by CLAUDE.md:3)" in result.stdout
    warnings = [line for line in result.stdout.splitlines() if line.startswith("::warning")]
    assert warnings == [
        "::warning file=CLAUDE.md,line=5,title=prompt-budget::CLAUDE.md:5: @docs/gti.md is not loaded: "
        "no such file docs/gti.md (Claude Code skips it without a word)"
    ]


def test_a_home_import_is_noted_once_and_not_counted(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "mine.md").write_text(tokens(900), encoding="utf-8")
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    # 20 chars a line, three lines: 60 chars, 15 tokens
    (root / "CLAUDE.md").write_text("@~/.claude/mine.md \n" * 3, encoding="utf-8")
    result = run(root, "check", env={"HOME": str(home)})
    assert result.returncode == 0, result.stdout + result.stderr
    note = "CLAUDE.md: line 1: @~/.claude/mine.md is in the home folder: not counted"
    assert result.stderr.count(note) == 1, result.stderr
    assert result.stderr.count("home folder") == 1
    total = next(line for line in result.stdout.splitlines() if line.startswith("must-load total"))
    assert total.split()[4] == "15"


def test_baseline_records_imported_files_and_gates_their_growth(tmp_path: Path) -> None:
    root = make(tmp_path, CONFIG + '\n[tool.prompt_budget.baseline]\nmax_growth = "10%"\n')
    update = run(root, "baseline", "update")
    assert update.returncode == 0, update.stdout + update.stderr
    stored = json.loads((root / ".prompt-budget" / "baseline.json").read_text(encoding="utf-8"))["entries"]
    assert stored["docs/git.md"]["tokens"] == 30
    assert stored["must-load"]["tokens"] == 42
    (root / "docs" / "git.md").write_text(tokens(40), encoding="utf-8")  # +10 (+33%)
    result = run(root, "check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "FAIL: docs/git.md:" in result.stdout


def write(root: Path, layout: dict[str, str]) -> None:
    for rel, text in layout.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def rows(stdout: str) -> dict[str, list[str]]:
    """Table rows by their first cell (the file), split on runs of two or more spaces."""
    import re

    out: dict[str, list[str]] = {}
    for line in stdout.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) > 3:
            out[cells[0]] = cells
    return out


def must_total(stdout: str) -> str:
    return next(line for line in stdout.splitlines() if line.startswith("must-load total")).split()[4]


def test_a_file_a_must_load_file_imports_is_must_load_when_a_skippable_file_imports_it_sooner(
    tmp_path: Path,
) -> None:
    # packages/api/CLAUDE.md (skippable, imports followed) imports docs/shared.md in one hop;
    # CLAUDE.md reaches it in two (CLAUDE.md -> docs/git.md -> docs/shared.md): it loads at launch
    config = CONFIG + (
        '\n[[tool.prompt_budget.files]]\npath = "packages/*/CLAUDE.md"\nmax_tokens = 500\n'
        'load = "skippable"\nfollow_imports = true\n'
    )
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    write(
        tmp_path,
        {
            "CLAUDE.md": "@docs/git.md\n",  # 13 chars: 4 tokens
            "docs/git.md": "@shared.md\n",  # 11 chars: 3 tokens
            "docs/shared.md": tokens(25),
            "packages/api/CLAUDE.md": "@../../docs/shared.md\n",  # 22 chars: 6 tokens
        },
    )
    result = run(tmp_path, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    table = rows(result.stdout)
    assert table["docs/shared.md (imported by docs/git.md:1)"][5] == "must"
    assert table["packages/api/CLAUDE.md"][5] == "skippable"
    # CLAUDE.md 4 + docs/git.md 3 + docs/shared.md 25
    assert must_total(result.stdout) == "32"


def test_the_preset_checks_nested_claude_md_files_as_skippable_with_their_imports(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    write(
        tmp_path,
        {
            "CLAUDE.md": tokens(10),
            "packages/api/CLAUDE.md": "@notes.md\n" + tokens(7),  # 10 + 28 chars: 10 tokens
            "packages/api/notes.md": tokens(20),
            "packages/web/CLAUDE.local.md": tokens(3),
            "packages/web/.claude/CLAUDE.md": tokens(6000),
        },
    )
    result = run(tmp_path, "check", "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    verdicts = {v["id"]: v for v in json.loads(result.stdout)["verdicts"]}
    api = verdicts["packages/api/CLAUDE.md"]
    assert (api["usage"]["tokens"], api["max_tokens"]) == (10, 5000)
    assert api["details"]["entry"] == "nested-claude-md"
    assert api["details"]["load"] == "skippable"
    notes = verdicts["packages/api/notes.md"]
    assert notes["details"]["imported_by"] == "packages/api/CLAUDE.md:1"
    assert notes["details"]["load"] == "skippable"
    assert verdicts["packages/web/CLAUDE.local.md"]["details"]["load"] == "skippable"
    big = verdicts["packages/web/.claude/CLAUDE.md"]
    assert big["status"] == "fail"
    assert big["message"].startswith(
        "packages/web/.claude/CLAUDE.md is an estimated 6,000 tokens, over its cap of 5,000 by 1,000 (20.0%); "
        "cap set in preset 'claude-code' entry 'nested-claude-md'"
    )
    # the root CLAUDE.md still loads at launch, alone
    assert verdicts["CLAUDE.md"]["details"]["entry"] == "claude-md"
    assert verdicts["must-load"]["usage"]["tokens"] == 10
    assert [f["id"] for f in verdicts["must-load"]["details"]["files"]] == ["CLAUDE.md"]


def test_a_stage_that_loads_a_file_loads_what_it_imports(tmp_path: Path) -> None:
    config = CONFIG + '\n[[tool.prompt_budget.stages]]\nname = "api"\nfiles = ["packages/api/CLAUDE.md"]\n'
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    write(
        tmp_path,
        {
            "CLAUDE.md": "@docs/shared.md\n",  # 16 chars: 4 tokens
            "docs/shared.md": tokens(25),
            # 10 + 22 = 32 chars: 8 tokens; docs/shared.md loads at launch already
            "packages/api/CLAUDE.md": "@notes.md\n@../../docs/shared.md\n",
            "packages/api/notes.md": "@deeper.md\n" + tokens(20),  # 11 + 80 chars: 23 tokens
            "packages/api/deeper.md": tokens(9),
        },
    )
    result = run(tmp_path, "check", "--plan", "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    plan = json.loads(result.stdout)["plan"]
    assert plan["base"] == 29  # CLAUDE.md 4 + docs/shared.md 25
    (stage,) = plan["stages"]
    assert [f["id"] for f in stage["loaded"]] == [
        "packages/api/CLAUDE.md",
        "packages/api/notes.md",
        "packages/api/deeper.md",
    ]
    assert stage["added"] == 8 + 23 + 9
    assert stage["total"] == 29 + 40


def test_an_import_through_a_link_to_a_file_outside_the_project_is_refused_unread(tmp_path: Path) -> None:
    # A link in the project does not make a file outside it part of it: refused as @../ and @~/ are.
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "style.md").write_text("# Private heading\n" + tokens(40), encoding="utf-8")
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    (root / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    (root / "docs" / "style.md").symlink_to(shared / "style.md")
    (root / "CLAUDE.md").write_text("@docs/style.md\n", encoding="utf-8")  # 15 chars: 4 tokens
    result = run(root, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "docs/style.md (imported by CLAUDE.md:1)" not in rows(result.stdout)
    assert must_total(result.stdout) == "4"
    explained = run(root, "check", "--explain", "CLAUDE.md")
    assert (
        "line 1: @docs/style.md leads out of the project through a symbolic link: not read, not counted"
        in explained.stdout
    )
    assert "Private heading" not in explained.stdout + explained.stderr


def test_explain_of_a_file_imported_too_deep_says_why_it_is_not_loaded(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    # CLAUDE.md -> c1 -> ... -> c5 (five hops, loaded) -> c6 (six, not loaded)
    layout = {"CLAUDE.md": "@chain/c1.md\n"}
    layout.update({f"chain/c{i}.md": f"@c{i + 1}.md\n" for i in range(1, 7)})
    write(tmp_path, layout)
    result = run(tmp_path, "check", "--explain", "chain/c6.md")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "chain/c6.md",
        "  not checked: chain/c5.md:1 imports it (@c6.md) but Claude Code does not load it: "
        "more than 5 imports deep from CLAUDE.md",
    ]
