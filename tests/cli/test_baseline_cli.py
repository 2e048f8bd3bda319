"""`prompt-budget baseline update|compare [--base REF]` through a real subprocess on real trees.

Counts use the ``chars4`` tokenizer (ceil(chars / 4)) so every expected number is computed by hand:
a file of ``"abcd" * N`` is N tokens."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_run import run_cli

CONFIG = """\
[tool.prompt_budget]
tokenizer = "chars4"
[tool.prompt_budget.baseline]
max_growth = "10% or 20"
[[tool.prompt_budget.files]]
path = "skills/*/SKILL.md"
max_tokens = 5000
[[tool.prompt_budget.files]]
path = "docs/*.md"
max_tokens = 5000
"""


def run(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd, env=env)


def write(root: Path, rel: str, tokens: int) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("abcd" * tokens, encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    write(tmp_path, "skills/a/SKILL.md", 100)
    write(tmp_path, "skills/b/SKILL.md", 300)
    write(tmp_path, "docs/ref.md", 50)
    return tmp_path


def stored(root: Path) -> dict[str, int]:
    doc = json.loads((root / ".prompt-budget" / "baseline.json").read_text(encoding="utf-8"))
    assert doc["version"] == 1
    return {cid: e["tokens"] for cid, e in doc["entries"].items()}


@pytest.mark.parametrize(("gate", "before", "after"), [("5.6%", 1375, 1452), ("4.35%", 6000, 6261)])
def test_growth_of_exactly_a_decimal_percent_gate_passes(
    tmp_path: Path, gate: str, before: int, after: int
) -> None:
    # 5.6% of 1,375 is 77 and 4.35% of 6,000 is 261 exactly; in floats both products land just below
    config = CONFIG.replace('max_growth = "10% or 20"', f'max_growth = "{gate}"')
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    write(tmp_path, "docs/ref.md", before)
    assert run(tmp_path, "baseline", "update").returncode == 0
    write(tmp_path, "docs/ref.md", after)
    done = run(tmp_path, "baseline", "compare")
    assert done.returncode == 0, done.stdout
    write(tmp_path, "docs/ref.md", after + 1)
    done = run(tmp_path, "baseline", "compare")
    assert done.returncode == 1, done.stdout
    assert f"FAILED docs/ref.md: tokens {before:,} -> {after + 1:,}" in done.stdout


def test_a_schema_0_baseline_compares_its_file_entries(project: Path) -> None:
    # schema 0 did not record kinds: its file entries must still be compared by the CLI, not shown as new
    (project / ".prompt-budget").mkdir()
    (project / ".prompt-budget" / "baseline.json").write_text(
        json.dumps(
            {
                "version": 0,
                "tokenizer": "chars4",
                "tokens": {"skills/a/SKILL.md": 50, "docs/ref.md": 50, "tests/test_a.py::test_x::sys": 7},
            }
        ),
        encoding="utf-8",
    )
    done = run(project, "baseline", "compare", "--format", "json")
    assert done.returncode == 1, done.stdout
    items = {i["id"]: (i["status"], i["baseline"], i["now"]) for i in json.loads(done.stdout)["items"]}
    assert items == {
        "skills/a/SKILL.md": ("fail", 50, 100),
        "docs/ref.md": ("pass", 50, 50),
        "skills/b/SKILL.md": ("new", None, 300),
    }
    done = run(project, "check", "--no-cache")
    assert done.returncode == 1, done.stdout
    assert "FAIL: skills/a/SKILL.md: tokens 50 -> 100 (+50, +100.0%)" in done.stdout


def test_missing_baseline_says_what_would_be_written(project: Path) -> None:
    done = run(project, "baseline", "compare")
    assert done.returncode == 0, done.stderr
    assert (
        "no baseline at .prompt-budget/baseline.json: 3 checks measured would be written; create it with "
        "`pytest --prompt-budget-update` or `prompt-budget baseline update`"
    ) in done.stdout
    assert not (project / ".prompt-budget" / "baseline.json").exists()


def test_update_then_compare_pass_then_fail(project: Path) -> None:
    done = run(project, "baseline", "update")
    assert done.returncode == 0, done.stderr
    assert done.stdout == ".prompt-budget/baseline.json: written (3 added, 0 changed, 0 unchanged)\n"
    assert stored(project) == {"docs/ref.md": 50, "skills/a/SKILL.md": 100, "skills/b/SKILL.md": 300}
    text = (project / ".prompt-budget" / "baseline.json").read_text(encoding="utf-8")
    assert text.endswith("}\n")
    assert list(json.loads(text)["entries"]) == sorted(json.loads(text)["entries"])

    again = run(project, "baseline", "update")
    assert again.stdout == ".prompt-budget/baseline.json: up to date (0 added, 0 changed, 3 unchanged)\n"

    write(project, "skills/b/SKILL.md", 315)  # +15, +5%: within "10% or 20"
    done = run(project, "baseline", "compare")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (
        "compared with .prompt-budget/baseline.json: 3 checks, tokens 450 -> 465 (+15, +3.3%)" in done.stdout
    )

    write(project, "skills/a/SKILL.md", 125)  # +25, +25%: over both
    done = run(project, "baseline", "compare")
    assert done.returncode == 1
    assert (
        "FAILED skills/a/SKILL.md: tokens 100 -> 125 (+25, +25.0%), allowed +10% or +20 "
        "(gate: pyproject.toml [tool.prompt_budget.baseline] max_growth)"
    ) in done.stdout
    assert stored(project)["skills/a/SKILL.md"] == 100  # compare never accepts growth


def test_max_growth_on_the_command_line(project: Path) -> None:
    run(project, "baseline", "update")
    write(project, "skills/b/SKILL.md", 330)  # +30, +10%
    assert run(project, "baseline", "compare").returncode == 0  # +30 > 20, but +10% is not over 10%
    done = run(project, "baseline", "compare", "--max-growth", "50")
    assert done.returncode == 0, done.stdout
    done = run(project, "baseline", "compare", "--max-growth", "5%")
    assert done.returncode == 1
    assert "allowed +5% (gate: --max-growth)" in done.stdout
    done = run(project, "baseline", "compare", "--max-growth", "five")
    assert done.returncode == 2
    assert done.stderr.startswith("prompt-budget: error: --max-growth: expected a ")


def test_update_keeps_entries_it_does_not_measure_and_prune(project: Path) -> None:
    path = project / ".prompt-budget" / "baseline.json"
    path.parent.mkdir()
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "entries": {
                    "tests/test_p.py::test_x": {"tokens": 9, "tokenizer": "chars4", "kind": "check"},
                    "docs/gone.md": {"tokens": 7, "tokenizer": "chars4", "kind": "file"},
                },
            }
        ),
        encoding="utf-8",
    )
    done = run(project, "baseline", "update")
    assert done.stdout == (
        ".prompt-budget/baseline.json: written (3 added, 0 changed, 0 unchanged, 2 kept (not measured this run))\n"
    )
    assert stored(project) == {
        "docs/gone.md": 7,
        "docs/ref.md": 50,
        "skills/a/SKILL.md": 100,
        "skills/b/SKILL.md": 300,
        "tests/test_p.py::test_x": 9,
    }
    done = run(project, "baseline", "update", "--prune")
    assert "1 pruned" in done.stdout
    assert "docs/gone.md" not in stored(project)
    assert stored(project)["tests/test_p.py::test_x"] == 9  # the CLI never prunes pytest checks


def test_corrupted_baseline_is_a_one_line_error(project: Path) -> None:
    path = project / ".prompt-budget" / "baseline.json"
    path.parent.mkdir()
    path.write_text(
        '{"version": 1, "entries": {"a": {"tokens": "many", "tokenizer": "chars4"}}}', encoding="utf-8"
    )
    for action in ("compare", "update"):
        done = run(project, "baseline", action)
        assert done.returncode == 2
        assert done.stderr.splitlines() == [
            f"prompt-budget: error: {path.resolve()}: entries[\"a\"].tokens: expected a whole number >= 0, got 'many'"
        ]
        assert "Traceback" not in done.stderr


def test_tokenizer_mismatch_is_reported_not_compared(project: Path) -> None:
    run(project, "baseline", "update")
    write(project, "skills/a/SKILL.md", 1000)
    done = run(project, "baseline", "compare", "--tokenizer", "conservative")
    assert done.returncode == 0, done.stdout
    assert "tokenizer changed (not compared)" in done.stdout
    assert (
        "3 checks not compared: counted by another tokenizer than in the baseline (conservative now, "
        "chars4 in the baseline); re-create" in done.stdout
    )


def test_ratchet_follows_a_shrinking_file_down(project: Path) -> None:
    config = CONFIG.replace('path = "docs/*.md"\n', 'path = "docs/*.md"\nratchet = true\n')
    (project / "pyproject.toml").write_text(config, encoding="utf-8")
    run(project, "baseline", "update")
    write(project, "docs/ref.md", 40)
    write(project, "skills/a/SKILL.md", 90)  # shrank too, but its entry has no ratchet
    done = run(project, "baseline", "compare")
    assert done.returncode == 0
    assert "ratcheted down 1 entry that shrank: docs/ref.md" in done.stderr
    assert stored(project) == {"docs/ref.md": 40, "skills/a/SKILL.md": 100, "skills/b/SKILL.md": 300}
    write(project, "docs/ref.md", 50)  # back to the old size: +10, +25% over the new low
    done = run(project, "baseline", "compare")
    assert done.returncode == 0  # +10 is within "or 20"
    write(project, "docs/ref.md", 70)
    assert run(project, "baseline", "compare").returncode == 1


def test_formats_report_and_step_summary(project: Path) -> None:
    run(project, "baseline", "update")
    write(project, "skills/a/SKILL.md", 150)
    summary = project / "summary.md"
    summary.write_text("before\n", encoding="utf-8")
    done = run(
        project, "baseline", "compare", "--format", "github", "--report", "pr.md",
        env={"GITHUB_STEP_SUMMARY": str(summary)},
    )  # fmt: skip
    assert done.returncode == 1
    assert (
        "::error file=skills/a/SKILL.md,line=1,title=prompt-budget growth::skills/a/SKILL.md: tokens 100 -> 150 "
        "(+50, +50.0%25), allowed +10%25 or +20 (gate: pyproject.toml [tool.prompt_budget.baseline] max_growth)"
    ) in done.stdout.splitlines()
    md = (project / "pr.md").read_text(encoding="utf-8")
    assert md.startswith("## Prompt budget: growth over the baseline\n\n❌ **1 over their growth gate**.")
    assert summary.read_text(encoding="utf-8") == "before\n" + md
    data = json.loads(run(project, "baseline", "compare", "--format", "json").stdout)
    assert data["counts"]["failed"] == 1
    assert data["items"][0]["id"] == "skills/a/SKILL.md"
    assert data["items"][0]["delta"] == 50


def test_markdown_summary_uses_literal_emoji(project: Path) -> None:
    # as every other Markdown prompt-budget writes: a shortcode (:x:) shows as text outside GitHub
    run(project, "baseline", "update")
    same = run(project, "baseline", "compare", "--format", "markdown", "--report", "same.md")
    assert same.returncode == 0, same.stderr
    assert same.stdout.splitlines()[2].startswith("✅ all within their gates. Total **450 -> 450** tokens")
    assert (project / "same.md").read_text(encoding="utf-8") == same.stdout
    write(project, "skills/a/SKILL.md", 150)
    grew = run(project, "baseline", "compare", "--format", "markdown")
    assert grew.returncode == 1
    assert grew.stdout.splitlines()[2].startswith(
        "❌ **1 over their growth gate**. Total **450 -> 500** tokens"
    )


def test_report_to_the_step_summary_itself_writes_it_once(project: Path) -> None:
    # the recipe's `--report "$GITHUB_STEP_SUMMARY"`: the summary is written there, not appended again
    run(project, "baseline", "update")
    write(project, "skills/a/SKILL.md", 150)
    summary = project / "step" / "summary.md"
    summary.parent.mkdir()
    for report in (str(summary), "step/../step/summary.md"):
        summary.write_text("", encoding="utf-8")
        done = run(
            project, "baseline", "compare", "--report", report, env={"GITHUB_STEP_SUMMARY": str(summary)}
        )
        assert done.returncode == 1, done.stderr
        text = summary.read_text(encoding="utf-8")
        assert text.count("## Prompt budget: growth over the baseline") == 1
        assert text.startswith(
            "## Prompt budget: growth over the baseline\n\n❌ **1 over their growth gate**."
        )


# --- compare --base REF in a real git repository --------------------------------------------------

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(root: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_SYSTEM": os.devnull,
    }
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, env=env, check=True)
    return done.stdout


@needs_git
def test_compare_with_base_ref(project: Path) -> None:
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "one")
    write(project, "skills/a/SKILL.md", 200)  # +100, +100%
    write(project, "skills/c/SKILL.md", 10)  # new
    (project / "docs" / "ref.md").unlink()  # removed
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "two")
    write(project, "skills/b/SKILL.md", 310)  # uncommitted: +10, counted as the working tree

    done = run(project, "baseline", "compare", "--base", "HEAD~1", "--all")
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "compared with git ref HEAD~1: 2 checks, tokens 400 -> 510 (+110, +27.5%)" in out
    assert "FAILED skills/a/SKILL.md: tokens 100 -> 200 (+100, +100.0%), allowed +10% or +20" in out
    lines = [line.split() for line in out.splitlines()]
    assert ["skills/b/SKILL.md", "300", "310", "+10", "+3.3%", "ok"] in lines
    assert ["skills/c/SKILL.md", "10", "chars4"] in lines
    assert ["docs/ref.md", "50"] in lines
    # no baseline file was needed or written, and the temporary worktree is gone
    assert not (project / ".prompt-budget" / "baseline.json").exists()
    assert len(git(project, "worktree", "list").splitlines()) == 1

    done = run(project, "baseline", "compare", "--base", "HEAD")
    assert done.returncode == 0  # only the +10 of the working tree
    assert "compared with git ref HEAD: 3 checks, tokens 510 -> 520 (+10, +2.0%)" in done.stdout


@needs_git
def test_compare_with_base_errors(project: Path) -> None:
    done = run(project, "baseline", "compare", "--base", "HEAD~1")
    assert done.returncode == 2
    assert "is not inside a git repository; --base needs one" in done.stderr
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "one")
    done = run(project, "baseline", "compare", "--base", "no-such-ref")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"prompt-budget: error: --base: unknown git ref 'no-such-ref' (not a commit in {project.resolve()})"
    )


@needs_git
def test_compare_with_base_cleans_up_on_error(project: Path) -> None:
    git(project, "init", "-q", "-b", "main")
    (project / "pyproject.toml").write_text(CONFIG + "bogus_number = [\n", encoding="utf-8")  # broken TOML
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "broken config")
    (project / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    done = run(project, "baseline", "compare", "--base", "HEAD")
    assert done.returncode == 2
    assert "invalid TOML" in done.stderr
    assert len(git(project, "worktree", "list").splitlines()) == 1
    # the file is named as it is in the repository at that ref, not by the removed temporary worktree
    assert done.stderr.startswith("prompt-budget: error: pyproject.toml at git ref HEAD: invalid TOML"), (
        done.stderr
    )
    assert "prompt-budget-base-" not in done.stderr


@needs_git
def test_compare_with_a_base_that_had_no_config_says_so(project: Path) -> None:
    git(project, "init", "-q", "-b", "main")
    (project / "README.md").write_text("before prompt-budget\n", encoding="utf-8")
    git(project, "add", "README.md")
    git(project, "commit", "-q", "-m", "before")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "add prompt-budget")
    done = run(project, "baseline", "compare", "--base", "HEAD~1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == (
        "prompt-budget: nothing measured at git ref HEAD~1: pyproject.toml does not exist there; "
        "every file counts as new\n"
    )
    done = run(project, "baseline", "compare", "--base", "HEAD")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ""


def test_update_with_nothing_configured_writes_nothing(tmp_path: Path) -> None:
    done = run(tmp_path, "baseline", "update")
    assert done.returncode == 0
    # Its hint and pytest's ("create it with `pytest --prompt-budget-update` or `prompt-budget baseline
    # update`") lead here from a project whose checks are all in tests: say which command writes those.
    assert done.stdout == (
        ".prompt-budget/baseline.json: not written: no files measured "
        "(the checks of pytest tests are written by `pytest --prompt-budget-update`)\n"
    )
    assert "no [[tool.prompt_budget.files]] entries and no preset" in done.stderr
    assert not (tmp_path / ".prompt-budget").exists()


def test_a_baseline_counted_with_a_calibration_file_compares_in_another_checkout(tmp_path: Path) -> None:
    # tokenizer = "calibrated:cal.json" is anchored to the config's folder; the tokenizer's name, which
    # the committed baseline records, must be the same in every checkout (CI clones elsewhere).
    shipped = Path(__file__).resolve().parents[2] / "src/prompt_budget/data/calibrations/o200k_base.json"
    first = tmp_path / "first"
    (first / "cal").mkdir(parents=True)
    shutil.copy(shipped, first / "cal" / "mine.json")
    (first / "pyproject.toml").write_text(
        CONFIG.replace('tokenizer = "chars4"', 'tokenizer = "calibrated:cal/mine.json"'), encoding="utf-8"
    )
    write(first, "skills/a/SKILL.md", 100)
    assert run(first, "baseline", "update").returncode == 0
    doc = json.loads((first / ".prompt-budget" / "baseline.json").read_text(encoding="utf-8"))
    assert {e["tokenizer"] for e in doc["entries"].values()} == {"calibrated:cal/mine.json"}
    second = tmp_path / "elsewhere" / "second"
    shutil.copytree(first, second)
    done = run(second, "baseline", "compare")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "another tokenizer" not in done.stdout + done.stderr
    assert "compared with" in done.stdout


# --- compare --base REF names the sections of a failing Markdown file that grew most ----------------


def markdown(*sections: tuple[str, int]) -> str:
    """A Markdown text whose ``(heading, tokens)`` sections are exactly that many chars4 tokens each:
    the heading line and one line of filler, 4 * tokens characters in all."""
    out = []
    for heading, tokens in sections:
        head = f"{heading}\n"
        out.append(head + "a" * (4 * tokens - len(head) - 1) + "\n")
    return "".join(out)


SECTIONS_CONFIG = CONFIG + '[[tool.prompt_budget.files]]\npath = "prompts/*.txt"\nmax_tokens = 5000\n'


@pytest.fixture
def grown(tmp_path: Path) -> Path:
    """A repository whose HEAD~0 commit is the old side; the working tree grew past the gate."""
    (tmp_path / "pyproject.toml").write_text(SECTIONS_CONFIG, encoding="utf-8")
    files = {
        "skills/a/SKILL.md": markdown(("# Alpha", 10), ("## Steps", 30), ("## Examples", 40), ("## Old", 20)),
        "skills/b/SKILL.md": markdown(("# Beta", 10), ("## Usage", 50)),
        "docs/ref.md": markdown(("# Ref", 50), ("## More", 50)),
        "prompts/system.txt": markdown(("# System", 20), ("## Rules", 20)),
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "one")
    grown = {
        # 100 -> 195: Examples +80, a new FAQ +25, Steps +10; Old (-20) is fourth, so not named
        "skills/a/SKILL.md": markdown(
            ("# Alpha", 10), ("## Steps", 40), ("## Examples", 120), ("## FAQ", 25)
        ),
        # 60 -> 100: a renamed section is a new one and a removed one
        "skills/b/SKILL.md": markdown(("# Beta", 10), ("## How to use", 90)),
        # 100 -> 105: within "10% or 20", so no section line
        "docs/ref.md": markdown(("# Ref", 50), ("## More", 55)),
        # 40 -> 100, over its gate, but not a Markdown file
        "prompts/system.txt": markdown(("# System", 20), ("## Rules", 80)),
    }
    for rel, text in grown.items():
        (tmp_path / rel).write_text(text, encoding="utf-8")
    return tmp_path


@needs_git
def test_compare_with_base_names_the_sections_that_grew(grown: Path) -> None:
    done = run(grown, "baseline", "compare", "--base", "HEAD")
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    a = lines.index(
        "FAILED skills/a/SKILL.md: tokens 100 -> 195 (+95, +95.0%), allowed +10% or +20 "
        "(gate: pyproject.toml [tool.prompt_budget.baseline] max_growth)"
    )
    assert (
        lines[a + 1]
        == '  grew most in: "## Examples" +80 (40 -> 120), new "## FAQ" +25, "## Steps" +10 (30 -> 40)'
    )
    b = next(
        i for i, line in enumerate(lines) if line.startswith("FAILED skills/b/SKILL.md: tokens 60 -> 100")
    )
    assert lines[b + 1] == '  grew most in: new "## How to use" +90, removed "## Usage" -50'
    txt = next(
        i for i, line in enumerate(lines) if line.startswith("FAILED prompts/system.txt: tokens 40 -> 100")
    )
    assert not lines[txt + 1].startswith("  grew most in")  # not Markdown
    assert sum("grew most in" in line for line in lines) == 2  # docs/ref.md passed: no line
    assert len(git(grown, "worktree", "list").splitlines()) == 1


@needs_git
def test_compare_with_base_sections_in_json_github_and_markdown(grown: Path) -> None:
    done = run(grown, "baseline", "compare", "--base", "HEAD", "--format", "json")
    assert done.returncode == 1, done.stdout + done.stderr
    items = {i["id"]: i for i in json.loads(done.stdout)["items"]}
    assert items["skills/a/SKILL.md"]["sections"] == [
        {"section": "## Examples", "path": ["# Alpha", "## Examples"], "status": "changed",
         "before": 40, "after": 120, "delta": 80},
        {"section": "## FAQ", "path": ["# Alpha", "## FAQ"], "status": "new",
         "before": None, "after": 25, "delta": 25},
        {"section": "## Steps", "path": ["# Alpha", "## Steps"], "status": "changed",
         "before": 30, "after": 40, "delta": 10},
    ]  # fmt: skip
    assert [(s["section"], s["status"]) for s in items["skills/b/SKILL.md"]["sections"]] == [
        ("## How to use", "new"),
        ("## Usage", "removed"),
    ]
    assert items["docs/ref.md"]["status"] == "pass"
    assert items["docs/ref.md"]["sections"] == []
    assert items["prompts/system.txt"]["status"] == "fail"
    assert items["prompts/system.txt"]["sections"] == []

    done = run(grown, "baseline", "compare", "--base", "HEAD", "--format", "github", "--report", "pr.md")
    assert done.returncode == 1, done.stdout + done.stderr
    annotations = [
        line for line in done.stdout.splitlines() if line.startswith("::error file=skills/a/SKILL.md")
    ]
    assert len(annotations) == 1
    assert annotations[0].endswith(
        'max_growth)%0Agrew most in: "## Examples" +80 (40 -> 120), new "## FAQ" +25, "## Steps" +10 (30 -> 40)'
    )
    summary = (grown / "pr.md").read_text(encoding="utf-8")
    assert '- `skills/b/SKILL.md` grew most in: new "## How to use" +90, removed "## Usage" -50\n' in summary


@needs_git
def test_compare_with_committed_baseline_names_no_sections(grown: Path) -> None:
    # the baseline file records counts only, not the old text: the section line needs --base
    git(grown, "stash", "-q")
    assert run(grown, "baseline", "update").returncode == 0
    git(grown, "stash", "pop", "-q")
    done = run(grown, "baseline", "compare")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAILED skills/a/SKILL.md: tokens 100 -> 195" in done.stdout
    assert "grew most in" not in done.stdout


def test_a_path_with_a_hash_keeps_its_entry_growth_gate_and_its_annotation(tmp_path: Path) -> None:
    # "C# notes" is a folder name, not a check id's "#frontmatter": the entry's own gate (50%) applies,
    # and the annotation goes on the file
    config = (
        CONFIG
        + '[[tool.prompt_budget.files]]\npath = "C# notes/*.md"\nmax_tokens = 5000\nmax_growth = "50%"\n'
    )
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    write(tmp_path, "C# notes/tips.md", 100)
    assert run(tmp_path, "baseline", "update").returncode == 0
    write(tmp_path, "C# notes/tips.md", 140)  # +40%: over the default 10% or 20, within the entry's 50%
    done = run(tmp_path, "baseline", "compare")
    assert done.returncode == 0, done.stdout
    write(tmp_path, "C# notes/tips.md", 160)  # +60%: over the entry's gate
    done = run(tmp_path, "baseline", "compare", "--format", "github")
    assert done.returncode == 1, done.stdout
    assert "::error file=C# notes/tips.md,line=1," in done.stdout
