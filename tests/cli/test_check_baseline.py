"""``prompt-budget check`` compares with the baseline and prints GitHub annotations."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from cli_run import run_cli

CONFIG = """\
[tool.prompt_budget]
tokenizer = "chars4"

[[tool.prompt_budget.files]]
path = "docs/*.md"
max_tokens = 1000

[tool.prompt_budget.baseline]
max_growth = "10% or 20"
"""


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("--color", "never", *args, cwd=cwd)


def make_tree(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("x" * 400)  # chars4: 100 tokens
    (tmp_path / "docs" / "faq.md").write_text("y" * 200)  # 50 tokens
    return tmp_path


def test_check_fails_on_growth_past_the_gate_and_shows_the_delta(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    update = run(root, "baseline", "update")
    assert update.returncode == 0, update.stderr
    (root / "docs" / "guide.md").write_text("x" * 600)  # 150 tokens: +50, +50%: past both gates
    result = run(root, "check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "tokens 100 -> 150 (+50, +50.0%), allowed +10% or +20" in result.stdout
    assert "Traceback" not in result.stderr
    # Without the baseline the same tree is within its caps.
    assert run(root, "check", "--no-baseline").returncode == 0


def test_check_passes_growth_within_one_gate(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    assert run(root, "baseline", "update").returncode == 0
    (root / "docs" / "faq.md").write_text("y" * 240)  # 60 tokens: +10 (+20%): percent exceeded, tokens not
    result = run(root, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    # The command-line gate overrides the config's, and failures name it as the CLI spells it.
    strict = run(root, "check", "--max-growth", "5%")
    assert strict.returncode == 1
    assert "allowed +5%" in strict.stdout
    assert "--max-growth" in strict.stdout
    assert "--prompt-budget-max-growth" not in strict.stdout + strict.stderr
    # "0" from the command line means no growth at all.
    assert run(root, "check", "--max-growth", "0").returncode == 1


def test_a_bad_max_growth_names_the_option_and_what_is_expected(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    assert run(root, "baseline", "update").returncode == 0
    bad = run(root, "check", "--max-growth", "abc")
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        'prompt-budget: error: --max-growth: expected a growth such as "5%", 300 or "5% or 300", got \'abc\''
    )


def test_check_github_format_annotates_failing_files(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    (root / "docs" / "guide.md").write_text("x" * 4400)  # 1,100 tokens: over the 1,000 cap
    result = run(root, "check", "--format", "github", "--no-baseline")
    assert result.returncode == 1
    lines = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert lines == [
        "::error file=docs/guide.md,line=1,title=prompt-budget::docs/guide.md is an estimated 1,100 tokens, "
        "over its cap of 1,000 by 100 (10.0%25); cap set in pyproject.toml [tool.prompt_budget.files] #1"
    ]


def test_a_skill_body_over_its_cap_is_annotated_where_the_body_starts(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    skill = root / "docs" / "skill.md"
    # frontmatter on lines 1-4, the body from line 5
    skill.write_text("---\nname: deploy\ndescription: ship it\n---\n" + "x" * 4400)
    result = run(root, "check", "--format", "github", "--no-baseline")
    assert result.returncode == 1
    lines = [line for line in result.stdout.splitlines() if line.startswith("::error")]
    assert lines == [
        "::error file=docs/skill.md,line=5,title=prompt-budget::docs/skill.md body is an estimated 1,100 "
        "tokens, over its cap of 1,000 by 100 (10.0%25); cap set in pyproject.toml [tool.prompt_budget.files] #1"
    ]


def test_github_growth_annotations_point_at_real_files(tmp_path: Path) -> None:
    # the project lives in agent/ of the repository; the runner's folder is the repository top
    root = tmp_path / "agent"
    root.mkdir()
    make_tree(root)
    config = CONFIG.replace('path = "docs/*.md"', 'path = "docs/*.md"\nload = "must"')
    (root / "pyproject.toml").write_text(config)
    assert run(root, "baseline", "update").returncode == 0
    (root / "docs" / "guide.md").write_text("x" * 600)  # 100 -> 150 tokens; the must-load total 150 -> 200
    for args in (
        ["check", "agent", "--format", "github"],
        ["baseline", "compare", "agent", "--format", "github"],
    ):
        result = run(tmp_path, *args)
        assert result.returncode == 1, result.stdout + result.stderr
        heads = sorted(line.split("::")[1] for line in result.stdout.splitlines() if line.startswith("::"))
        # the must-load total is no file: it goes on the config file
        assert heads == [
            "error file=agent/docs/guide.md,line=1,title=prompt-budget growth",
            "error file=agent/pyproject.toml,line=1,title=prompt-budget growth",
        ], args


def test_check_after_a_tokenizer_switch_says_how_to_re_create_the_baseline(tmp_path: Path) -> None:
    # docs/migration.md: "the report says the tokenizer changed and asks for `baseline update`".
    root = make_tree(tmp_path)
    assert run(root, "baseline", "update").returncode == 0
    (root / "pyproject.toml").write_text(CONFIG.replace('"chars4"', '"conservative"'))
    result = run(root, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "tokenizer changed (not compared)" in result.stdout
    assert (
        "2 checks not compared: counted by another tokenizer than in the baseline (conservative now, "
        "chars4 in the baseline); re-create the baseline with `pytest --prompt-budget-update` or `prompt-budget baseline update`"
    ) in result.stdout
    # Once re-created, nothing is left to say.
    assert run(root, "baseline", "update").returncode == 0
    again = run(root, "check")
    assert "not compared" not in again.stdout


def test_no_baseline_file_still_reads_max_growth_and_clears_stale_temporaries(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    # no baseline file: the option is still read (and refused)
    bad = run(root, "check", "--max-growth", "abc")
    assert bad.returncode == 2
    assert "--max-growth: expected a growth" in bad.stderr
    # a temporary file a killed write of the baseline left, long ago: a check still clears it
    folder = root / ".prompt-budget"
    folder.mkdir(exist_ok=True)
    stale = folder / ".baseline.json.1234.tmp"
    stale.write_text("{")
    os.utime(stale, (1_000_000_000, 1_000_000_000))
    assert run(root, "check").returncode == 0
    assert not stale.exists()
    assert not (folder / "baseline.json").exists()
