"""``prompt-budget check`` with ``harnesses = [...]``, and plans that cannot lie: the must-load table per
harness and folder, a stage that sheds its own file, a file past the warning threshold, plan tables
cut to the terminal width (the JSON keeps everything), and the same checks as pytest items.

Counts use ``chars4`` (ceil(chars / 4)): ``tokens(n)`` is exactly n tokens."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_run import run_cli

pytest_plugins = ["pytester"]


def tokens(n: int) -> str:
    return "abcd" * n


def write(root: Path, toml: str, layout: dict[str, str]) -> None:
    (root / "prompt_budget.toml").write_text('tokenizer = "chars4"\n' + toml, encoding="utf-8")
    for rel, text in layout.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_check_shows_the_must_load_table_and_names_harness_and_folder(tmp_path: Path) -> None:
    write(
        tmp_path,
        'context_window = 1000\nharnesses = ["claude-code", "codex"]\n',
        {"CLAUDE.md": tokens(300), "src/AGENTS.md": tokens(950), "AGENTS.md": tokens(100)},
    )
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 1
    table = result.stdout.split("must-load per harness", 1)[1]
    rows = [line.split() for line in table.splitlines()[3:7]]
    assert rows[:3] == [
        ["claude-code", ".", "1", "300", "1,000", "30.0%", "ok"],
        ["codex", ".", "1", "100", "1,000", "10.0%", "ok"],
        ["codex", "src", "2", "1,050", "1,000", "105.0%", "FAIL"],
    ]
    assert (
        "FAIL: Codex must-load total in src/ is an estimated 1,050 tokens, over its budget of 1,000 by 50"
        in result.stdout
    )
    assert "largest: src/AGENTS.md 950, AGENTS.md 100" in result.stdout


def test_a_symlinked_agents_md_counts_once(tmp_path: Path) -> None:
    write(
        tmp_path,
        'context_window = 1000\n[[files]]\npath = ["CLAUDE.md", "AGENTS.md"]\nload = "must"\n',
        {"CLAUDE.md": tokens(600)},
    )
    os.symlink("CLAUDE.md", tmp_path / "AGENTS.md")
    result = run_cli("check", "--format", "json", cwd=tmp_path)
    must = next(v for v in json.loads(result.stdout)["verdicts"] if v["id"] == "must-load")
    assert (must["usage"]["tokens"], must["status"]) == (600, "pass")
    assert must["details"]["aliases"] == {"AGENTS.md": "CLAUDE.md"}
    assert result.returncode == 0
    assert (
        "AGENTS.md is CLAUDE.md (a link): counted once in each total" in run_cli("check", cwd=tmp_path).stdout
    )


STAGED = """\
context_window = 1000
[[files]]
path = "CLAUDE.md"
load = "must"
[[files]]
name = "docs"
path = "docs/*.md"
[[stages]]
name = "big"
files = ["docs/big.md"]
"""


def test_a_stage_that_sheds_its_own_file_fails_naming_it(tmp_path: Path) -> None:
    # 200 + 700 = 900 > 800 (80% of 1,000): shedding docs/big.md, the stage's own file, is no fit
    write(tmp_path, STAGED, {"CLAUDE.md": tokens(200), "docs/big.md": tokens(700)})
    result = run_cli("check", "--plan", cwd=tmp_path)
    assert result.returncode == 1
    assert (
        "FAIL: stage 'big' sheds docs/big.md (700 tokens), which the stage itself loads: it needs an "
        "estimated 900 tokens with them, past the threshold of 800 (80% of the usable 1,000)"
    ) in result.stdout
    assert "docs/big.md (-700, its own)" in result.stdout


def test_a_file_at_91_percent_of_its_cap_warns(tmp_path: Path) -> None:
    write(tmp_path, '[[files]]\npath = "docs/a.md"\nmax_tokens = 100\n', {"docs/a.md": tokens(91)})
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 0
    row = next(line for line in result.stdout.splitlines() if line.startswith("docs/a.md"))
    assert row.split()[-1] == "warn"
    assert (
        "warn: docs/a.md is an estimated 91 tokens, 91% of its cap of 100, past the 80% threshold; cap set "
        "in prompt_budget.toml [files] #1"
    ) in result.stdout


def test_wide_plan_tables_fit_the_terminal_and_json_keeps_every_file(tmp_path: Path) -> None:
    layout = {f"docs/skill-number-{i:03}.md": tokens(1) for i in range(60)}
    layout["CLAUDE.md"] = tokens(1)
    toml = STAGED.replace('files = ["docs/big.md"]', 'files = ["docs"]')
    write(tmp_path, toml, layout)
    result = run_cli("check", "--plan", cwd=tmp_path, env={"COLUMNS": "100"})
    plan = result.stdout.split("load plan", 1)[1]
    assert max(len(line) for line in plan.splitlines()) <= 100
    assert "more" in plan.split("+", 1)[1]
    data = json.loads(run_cli("check", "--plan", "--format", "json", cwd=tmp_path).stdout)
    assert len(data["plan"]["stages"][0]["loaded"]) == 60


def test_harness_checks_run_as_pytest_items(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".toml",
        pyproject='[tool.prompt_budget]\ntokenizer = "chars4"\nharnesses = ["codex"]\n',
    )
    (pytester.path / "AGENTS.md").write_text("a" * 20_000, encoding="utf-8")
    (pytester.path / "src").mkdir()
    (pytester.path / "src" / "AGENTS.md").write_text("b" * 13_000, encoding="utf-8")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*the AGENTS.md + src/AGENTS.md chain loaded in src/ is 33,002 bytes, over Codex's agents-chain limit*"
        ]
    )
