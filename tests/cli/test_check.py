"""`prompt-budget check` through its `main` (in-process, `cli_run`), on trees in tmp_path and on examples/agent-repo.

Trees use ``chars4`` (ceil(chars / 4)): a file of ``"abcd" * N`` is N tokens."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from cli_run import run_cli, run_with_closed_stdout

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "agent-repo"


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd)


def tokens(n: int) -> str:
    return "abcd" * n


CONFIG = """\
[tool.prompt_budget]
tokenizer = "chars4"
context_window = 1000
threshold = 0.8

[[tool.prompt_budget.files]]
name = "core"
path = "CLAUDE.md"
max_tokens = 300
load = "must"

[[tool.prompt_budget.files]]
name = "docs"
path = "docs/*.md"
max_tokens = 50
message = "Split long docs by topic."

[[tool.prompt_budget.stages]]
name = "read"
files = ["docs"]
"""


def make(root: Path, doc: int = 10, config: str = CONFIG) -> Path:
    (root / "pyproject.toml").write_text(config, encoding="utf-8")
    (root / "docs").mkdir(exist_ok=True)
    (root / "CLAUDE.md").write_text(tokens(100), encoding="utf-8")
    (root / "docs" / "a.md").write_text(tokens(doc), encoding="utf-8")
    return root


def test_passing_tree_exits_0_with_table(tmp_path: Path) -> None:
    make(tmp_path)
    result = run(tmp_path, "check", "--no-cache")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "file budgets, tokens by chars4 (estimated)"
    assert lines[1].split() == ["file", "entry", "tokens", "cap", "%", "load", "status"]
    rows = {line.split()[0]: line.split() for line in lines[3:] if line and not line.startswith("-")}
    assert rows["CLAUDE.md"] == ["CLAUDE.md", "core", "100", "300", "33.3%", "must", "ok"]
    assert rows["docs/a.md"] == ["docs/a.md", "docs", "10", "50", "20.0%", "skippable", "ok"]
    footer = next(line for line in lines if line.startswith("must-load total"))
    assert footer.split()[-5:] == ["100", "1,000", "10.0%", "must", "ok"]


def test_broken_file_exits_1_and_says_what_by_how_much_and_where(tmp_path: Path) -> None:
    make(tmp_path, doc=60)
    result = run(tmp_path, "check", "--no-cache")
    assert result.returncode == 1
    assert (
        "FAIL: docs/a.md is an estimated 60 tokens, over its cap of 50 by 10 (20.0%); cap set in pyproject.toml "
        "[tool.prompt_budget.files] #2" in result.stdout
    )
    assert "      Split long docs by topic." in result.stdout
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("doc", "verdict"), [(10, 0), (60, 1)], ids=["passing", "broken"])
def test_a_reader_that_went_away_leaves_the_verdict(tmp_path: Path, doc: int, verdict: int) -> None:
    """`prompt-budget check | head -1` under `set -o pipefail`: a broken budget still exits 1, a
    passing one 0, and neither says anything about the pipe."""
    make(tmp_path, doc=doc)
    code, err = run_with_closed_stdout(
        "check", "--no-cache", cwd=tmp_path, env={**os.environ, "NO_COLOR": "1"}
    )
    assert code == verdict, err
    assert err == ""


def test_bad_frontmatter_value_names_the_file_once(tmp_path: Path) -> None:
    make(tmp_path)
    (tmp_path / "docs" / "a.md").write_text(
        "---\nprompt_budget: {max_tokens: -5}\n---\nbody", encoding="utf-8"
    )
    result = run(tmp_path, "check", "--no-cache")
    assert result.returncode == 1
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL:")]
    assert fails == [
        "FAIL: docs/a.md: frontmatter prompt_budget.max_tokens: a token amount must be positive, got -5"
    ]
    # the file was still counted: 44 characters, 11 tokens; no cap applies
    row = next(line.split() for line in result.stdout.splitlines() if line.startswith("docs/a.md "))
    assert row[:4] == ["docs/a.md", "docs", "11", "-"]  # the entry is named "docs"


def test_must_load_file_with_unreadable_frontmatter_still_counts_in_the_total(tmp_path: Path) -> None:
    make(tmp_path)
    # "---\nname: x\n" (12 chars, 3 tokens) opens a frontmatter that never closes; the file still loads
    (tmp_path / "CLAUDE.md").write_text("---\nname: x\n" + tokens(1200), encoding="utf-8")
    result = run(tmp_path, "check", "--no-cache", "--json")
    assert result.returncode == 1
    verdicts = {v["id"]: v for v in json.loads(result.stdout)["verdicts"]}
    assert verdicts["CLAUDE.md"]["status"] == "fail"
    assert "opening '---' has no closing '---' line" in verdicts["CLAUDE.md"]["message"]
    assert verdicts["must-load"]["usage"]["tokens"] == 1203
    assert verdicts["must-load"]["status"] == "fail"
    # the load plan starts from it too: shedding docs/a.md (10) still leaves 1,203 over the 1,000
    assert verdicts["plan:read"]["status"] == "fail"
    assert (
        "it still needs an estimated 1,203 tokens, over the usable budget of 1,000 by 203"
        in verdicts["plan:read"]["message"]
    )


def test_path_argument_and_hide_passed(tmp_path: Path) -> None:
    (tmp_path / "project").mkdir()
    project = make(tmp_path / "project", doc=60)
    result = run(tmp_path, "check", str(project), "--no-cache", "--hide-passed")
    assert result.returncode == 1
    assert "docs/a.md" in result.stdout
    assert "CLAUDE.md  " not in result.stdout


def test_json_output(tmp_path: Path) -> None:
    make(tmp_path, doc=60)
    result = run(tmp_path, "check", "--json", "--no-cache")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["version"] == 1
    assert data["status"] == "fail"
    assert data["tokenizer"] == "chars4"
    assert data["exact"] is False
    assert data["usable_budget"] == 1000
    verdicts = {v["id"]: v for v in data["verdicts"]}
    assert set(verdicts) == {"CLAUDE.md", "docs/a.md", "must-load", "plan:read"}
    assert verdicts["docs/a.md"]["status"] == "fail"
    assert verdicts["docs/a.md"]["usage"]["tokens"] == 60
    assert verdicts["docs/a.md"]["max_tokens"] == 50
    assert verdicts["must-load"]["usage"]["tokens"] == 100
    assert data["plan"]["stages"][0]["total"] == 160


def test_plan_table_shows_shed_files(tmp_path: Path) -> None:
    # usable 1000, shed past 800: CLAUDE.md 100 must; the read stage loads 60 + 760 = 820 -> 920 > 800:
    # shed docs/a.md first (same priority, sorted by name within the stage), then 860 > 800: docs/b.md
    make(tmp_path, doc=60)
    (tmp_path / "docs" / "b.md").write_text(tokens(760))
    config = CONFIG.replace("max_tokens = 50", "max_tokens = 800")
    (tmp_path / "pyproject.toml").write_text(config)
    result = run_cli("check", "--plan", "--no-cache", cwd=tmp_path, env={"COLUMNS": "250"})
    # both are the read stage's own files: a stage that sheds what it loads fails (issue 18)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "load plan: usable 1,000 tokens, shedding past 800 (80%)" in result.stdout
    row = next(line for line in result.stdout.splitlines() if line.startswith("read "))
    assert "docs/a.md (-60, its own), docs/b.md (-760, its own)" in row
    assert row.split()[-3:] == ["100", "900", "FAIL"]


def test_explain(tmp_path: Path) -> None:
    config = (
        CONFIG + '\n[[tool.prompt_budget.files]]\nname = "everything"\npath = "**/*.md"\nmax_tokens = 9\n'
    )
    make(tmp_path, config=config)
    result = run(tmp_path, "check", "--explain", "docs/a.md", "--no-cache")
    # the winner's cap (50) applies, not the broader entry's 9: the file passes
    assert result.returncode == 0, result.stdout
    lines = result.stdout.splitlines()
    assert lines[0] == "docs/a.md"
    assert lines[1].startswith("  applies    entry 'docs' via 'docs/*.md' (glob (*))")
    assert lines[2].startswith("  overridden entry 'everything' via '**/*.md' (recursive glob (**))")
    assert (
        "  why: most specific pattern wins: a glob (*) is more specific than a recursive glob (**)" in lines
    )


def test_explain_unmatched_file(tmp_path: Path) -> None:
    make(tmp_path)
    (tmp_path / "notes.txt").write_text("x")
    result = run(tmp_path, "check", "--explain", "notes.txt", "--no-cache")
    assert result.returncode == 0
    assert result.stdout.splitlines() == ["notes.txt", "  not checked: no entry's path matches it"]


def test_no_file_entries_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.prompt_budget]\ntokenizer = "chars4"\n')
    result = run(tmp_path, "check")
    assert result.returncode == 2
    assert result.stderr.startswith("prompt-budget: error: nothing to check: no [[tool.prompt_budget.files]]")
    assert len(result.stderr.splitlines()) == 1


def test_bad_config_is_one_line_naming_file_and_key(tmp_path: Path) -> None:
    make(tmp_path, config=CONFIG.replace('load = "must"', 'load = "always"'))
    result = run(tmp_path, "check")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"prompt-budget: error: {tmp_path / 'pyproject.toml'}: tool.prompt_budget.files[0].load: "
        'expected "must" or "skippable", got \'always\''
    ]


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = run(tmp_path, "check", "nope")
    assert result.returncode == 2
    assert result.stderr == "prompt-budget: error: nope: no such file or folder\n"


# --- the usable budget and the threshold: every message says where they are set ----------------------

USABLE_SET_IN = (
    "usable budget = context_window * usable_fraction - reserved_output, set in pyproject.toml "
    "[tool.prompt_budget] context_window (or model), usable_fraction, reserved_output"
)


def test_a_stage_that_cannot_fit_says_where_the_usable_budget_is_set(tmp_path: Path) -> None:
    # usable 1,000 (context_window 1000); CLAUDE.md, must-load, is 1,100: the read stage sheds docs/a.md
    # and still needs 1,100
    make(tmp_path, config=CONFIG.replace("max_tokens = 300", "max_tokens = 2000"))
    (tmp_path / "CLAUDE.md").write_text(tokens(1100), encoding="utf-8")
    result = run(tmp_path, "check", "--no-cache")
    assert result.returncode == 1, result.stderr
    fails = [line for line in result.stdout.splitlines() if line.startswith("FAIL: ")]
    assert fails == [
        "FAIL: must-load total is an estimated 1,100 tokens (1 files and frontmatters), over the usable "
        f"budget of 1,000 by 100; {USABLE_SET_IN}",
        "FAIL: stage 'read' cannot fit: after shedding every skippable file it still needs an estimated "
        f"1,100 tokens, over the usable budget of 1,000 by 100; {USABLE_SET_IN}; it sheds docs/a.md (10 "
        "tokens), which the stage itself loads",
    ]


def test_a_stage_and_the_total_past_the_threshold_say_where_it_is_set(tmp_path: Path) -> None:
    # threshold 0.8 of 1,000: 800; CLAUDE.md is 850, the read stage sheds docs/a.md and stays at 850
    make(tmp_path, config=CONFIG.replace("max_tokens = 300", "max_tokens = 2000"))
    (tmp_path / "CLAUDE.md").write_text(tokens(850), encoding="utf-8")
    result = run(tmp_path, "check", "--no-cache")
    # the read stage sheds its own docs/a.md to stay at 850: it fails, naming the file (issue 18)
    assert result.returncode == 1, result.stdout + result.stderr
    warns = [line for line in result.stdout.splitlines() if line.startswith(("warn: ", "FAIL: "))]
    assert warns == [
        "warn: must-load total is an estimated 850 tokens, over the threshold of 800 (80% of the usable "
        "1,000); 150 tokens of headroom left; threshold set in pyproject.toml [tool.prompt_budget] threshold",
        "FAIL: stage 'read' sheds docs/a.md (10 tokens), which the stage itself loads: it needs an estimated "
        "860 tokens with them, past the threshold of 800 (80% of the usable 1,000); set in pyproject.toml "
        "[tool.prompt_budget] context_window (or model), usable_fraction, reserved_output and pyproject.toml "
        "[tool.prompt_budget] threshold",
    ]


# --- the example repository ---------------------------------------------------------------------


@pytest.fixture
def o200k_available() -> None:
    try:
        from prompt_budget.tokenizers import get_tokenizer

        get_tokenizer("o200k_base").count("x")
    except Exception as exc:  # pragma: no cover - depends on the installed extras
        pytest.skip(f"o200k_base unavailable: {exc}")


@pytest.mark.usefixtures("o200k_available")
def test_readme_main_command_passes_on_the_example() -> None:
    # wide enough for the plan table's lists of files whole (narrower, they end in "+N more")
    result = run_cli("check", "examples/agent-repo", "--plan", "--no-cache", cwd=REPO, env={"COLUMNS": "300"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "CLAUDE.md" in result.stdout
    fix = next(line for line in result.stdout.splitlines() if line.startswith("fix "))
    # stage 3 sheds the skill reference (priority 0) before the reference docs (priority 1)
    assert fix.index("severity-matrix.md") < fix.index("docs/reference/dunning.md")
    assert fix.split()[-1] == "ok"


@pytest.mark.usefixtures("o200k_available")
def test_broken_example_fails_every_way_it_should() -> None:
    result = run(REPO, "check", "examples/agent-repo/broken-budget.toml", "--json", "--no-cache")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    failed = {v["id"] for v in data["verdicts"] if v["status"] == "fail"}
    assert {
        "CLAUDE.md",
        ".claude/skills/triage-ticket/SKILL.md#frontmatter",
        "docs/reference/oncall.md",
        "must-load",
        "plan:fix",
    } <= failed


# --- folders reached through symbolic links ------------------------------------------------------------

LINKED_CONFIG = """\
[tool.prompt_budget]
tokenizer = "chars4"

[[tool.prompt_budget.files]]
path = ".claude/skills/*/SKILL.md"
max_tokens = 50

[[tool.prompt_budget.files]]
path = "docs/**/*.md"
max_tokens = 50
"""


def checked(result: subprocess.CompletedProcess[str]) -> dict[str, int]:
    """The files checked, with their counts (not the patterns that matched nothing)."""
    data = json.loads(result.stdout)
    return {v["id"]: v["usage"]["tokens"] for v in data["verdicts"] if "*" not in v["id"]}


def test_a_skill_linked_in_from_outside_the_project_is_checked_under_its_link(tmp_path: Path) -> None:
    # Shared skills are often symbolic links into .claude/skills: they load in every session, so they
    # are checked, under the path the agent loads them from.
    shared = tmp_path / "shared" / "review"
    shared.mkdir(parents=True)
    (shared / "SKILL.md").write_text(tokens(70), encoding="utf-8")
    project = tmp_path / "project"
    (project / ".claude" / "skills" / "local").mkdir(parents=True)
    (project / "pyproject.toml").write_text(LINKED_CONFIG, encoding="utf-8")
    (project / ".claude" / "skills" / "local" / "SKILL.md").write_text(tokens(10), encoding="utf-8")
    (project / ".claude" / "skills" / "review").symlink_to(shared, target_is_directory=True)
    result = run(project, "check", "--json", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert checked(result) == {".claude/skills/local/SKILL.md": 10, ".claude/skills/review/SKILL.md": 70}
    table = run(project, "check", "--no-cache")
    assert ".claude/skills/review/SKILL.md" in table.stdout
    assert (
        "FAIL: .claude/skills/review/SKILL.md is an estimated 70 tokens, over its cap of 50" in table.stdout
    )


def test_a_linked_skills_folder_is_walked_under_its_own_path(tmp_path: Path) -> None:
    elsewhere = tmp_path / "dotfiles" / "skills" / "plan"
    elsewhere.mkdir(parents=True)
    (elsewhere / "SKILL.md").write_text(tokens(20), encoding="utf-8")
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    (project / "pyproject.toml").write_text(LINKED_CONFIG, encoding="utf-8")
    (project / ".claude" / "skills").symlink_to(elsewhere.parent, target_is_directory=True)
    result = run(project, "check", "--json", "--no-cache")
    assert result.returncode == 0, result.stderr
    assert checked(result) == {".claude/skills/plan/SKILL.md": 20}


def test_links_inside_the_project_and_loops_count_each_file_once(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(LINKED_CONFIG, encoding="utf-8")
    (tmp_path / "docs" / "guide").mkdir(parents=True)
    (tmp_path / "docs" / "guide" / "a.md").write_text(tokens(5), encoding="utf-8")
    (tmp_path / "docs" / "mirror").symlink_to(tmp_path / "docs" / "guide", target_is_directory=True)
    (tmp_path / "docs" / "guide" / "loop").symlink_to(tmp_path / "docs", target_is_directory=True)
    result = run(tmp_path, "check", "--json", "--no-cache")
    assert result.returncode == 0, result.stderr
    assert checked(result) == {"docs/guide/a.md": 5}


def test_safety_multiplier_applies_to_estimated_file_counts(tmp_path: Path) -> None:
    # configuration.md: counts are multiplied by safety_multiplier before they are compared with caps
    make(tmp_path)
    cfg = tmp_path / "pyproject.toml"
    cfg.write_text(cfg.read_text().replace("threshold = 0.8\n", "threshold = 0.8\nsafety_multiplier = 1.5\n"))
    (tmp_path / "CLAUDE.md").write_text(tokens(250), encoding="utf-8")  # 250 by chars4, x1.5 = 375 > 300
    result = run(tmp_path, "check", "--no-cache", "--json")
    assert result.returncode == 1, result.stderr
    verdicts = {v["id"]: v for v in json.loads(result.stdout)["verdicts"]}
    assert verdicts["CLAUDE.md"]["usage"]["tokens"] == 375
    assert verdicts["CLAUDE.md"]["message"].startswith(
        "CLAUDE.md is an estimated 375 tokens (x1.5 safety multiplier), over its cap of 300 by 75 (25.0%)"
    )
    assert verdicts["docs/a.md"]["usage"]["tokens"] == 15  # 10 x 1.5
    assert verdicts["must-load"]["usage"]["tokens"] == 375
    # `count` reports the raw count: it compares nothing with a cap
    counted = run(tmp_path, "count", "--no-cache", "--json", "CLAUDE.md")
    assert json.loads(counted.stdout)["total"] == 250


def test_safety_multiplier_leaves_exact_file_counts_alone(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "o200k_base"\nsafety_multiplier = 2.0\n\n'
        '[[tool.prompt_budget.files]]\npath = "a.md"\nmax_tokens = 3\n',
        encoding="utf-8",
    )
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")  # o200k: "hello", " world"
    result = run(tmp_path, "check", "--no-cache", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["verdicts"][0]["usage"]["tokens"] == 2


def test_a_claude_model_checks_files_with_its_multiplied_estimate(tmp_path: Path) -> None:
    # model = "claude-sonnet-4-5" with no tokenizer counts with calibrated:claude-3, an estimate, so
    # safety_multiplier applies: the check's count is the raw count (`count`) doubled.
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\nmodel = "claude-sonnet-4-5"\nsafety_multiplier = 2.0\n\n'
        '[[tool.prompt_budget.files]]\npath = "a.md"\nmax_tokens = "1k"\n',
        encoding="utf-8",
    )
    (tmp_path / "a.md").write_text("The quick brown fox jumps over the lazy dog.\n" * 20, encoding="utf-8")
    counted = run(tmp_path, "count", "--no-cache", "--json", "a.md")
    assert counted.returncode == 0, counted.stderr
    raw = json.loads(counted.stdout)
    result = run(tmp_path, "check", "--no-cache", "--json")
    data = json.loads(result.stdout)
    assert (data["tokenizer"], data["exact"]) == ("calibrated:claude-3", False)
    file_tokens = data["verdicts"][0]["usage"]["tokens"]
    assert file_tokens == 2 * raw["total"], (raw, file_tokens)


# --- --format markdown (and a passing --format sarif) on the tree above -------------------------------


def make_names(root: Path, over: int = 60) -> Path:
    """The tree above with two more docs whose names Markdown would read as markup: ``a|b.md`` (20
    tokens) and ``<x>.md`` (``over`` tokens, over the cap of 50 by default)."""
    make(root)
    (root / "docs" / "a|b.md").write_text(tokens(20), encoding="utf-8")
    (root / "docs" / "<x>.md").write_text(tokens(over), encoding="utf-8")
    return root


def test_markdown_of_a_failing_project_lists_failures_first_with_escaped_names(tmp_path: Path) -> None:
    make_names(tmp_path)
    result = run(tmp_path, "check", "--format", "markdown", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert result.stdout == (
        "## Prompt budget: file budgets\n"
        "\n"
        "❌ fail: 6 checks, 5 passed, 0 warned, 1 failed. Must-load total (with frontmatter): **100** "
        "tokens of the usable 1,000 (10.0%).\n"
        "\n"
        "### Failures\n"
        "\n"
        "- ❌ fail: docs/\\<x\\>.md is an estimated 60 tokens, over its cap of 50 by 10 (20.0%); cap set in "
        "pyproject.toml \\[tool.prompt_budget.files\\] #2\\\n"
        "  Split long docs by topic.\n"
        "\n"
        "### File budgets, tokens by chars4 (estimated)\n"
        "\n"
        "| file | entry | tokens | cap | % | load | status |\n"
        "| --- | --- | ---: | ---: | ---: | --- | --- |\n"
        "| docs/\\<x\\>.md | docs | 60 | 50 | 120.0% | skippable | ❌ fail |\n"
        "| CLAUDE.md | core | 100 | 300 | 33.3% | must | ✅ pass |\n"
        "| docs/a.md | docs | 10 | 50 | 20.0% | skippable | ✅ pass |\n"
        "| docs/a\\|b.md | docs | 20 | 50 | 40.0% | skippable | ✅ pass |\n"
        "| **must-load total (with frontmatter)** |  | **100** | **1,000** | **10.0%** | **must** | **✅ pass** |\n"
    )


def test_markdown_of_a_passing_project_with_its_plan_and_hidden_passes(tmp_path: Path) -> None:
    make_names(tmp_path, over=40)
    result = run(tmp_path, "check", "--format", "markdown", "--plan", "--no-cache")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[2] == (
        "✅ pass: 6 checks, 6 passed, 0 warned, 0 failed. Must-load total (with frontmatter): **100** "
        "tokens of the usable 1,000 (10.0%)."
    )
    assert "### Failures" not in result.stdout
    plan = lines[lines.index("### Load plan: usable 1,000 tokens, shedding past 800 (80%)") :]
    assert plan[2:6] == [
        "| stage | loads | +tokens | shed | total | headroom | status |",
        "| --- | --- | ---: | --- | ---: | ---: | --- |",
        "| (always loaded) | 1 files/frontmatters | 100 |  | 100 | 900 | ✅ pass |",
        "| read | docs/\\<x\\>.md, docs/a.md, docs/a\\|b.md | 70 | - | 170 | 830 | ✅ pass |",
    ]
    hidden = run(tmp_path, "check", "--format", "markdown", "--hide-passed", "--no-cache")
    assert hidden.returncode == 0
    table = hidden.stdout[hidden.stdout.index("| file |") :].splitlines()
    # no row but the must-load total
    assert table[2:] == [
        "| **must-load total (with frontmatter)** |  | **100** | **1,000** | **10.0%** | **must** | **✅ pass** |"
    ]
    sarif = run(tmp_path, "check", "--format", "sarif", "--no-cache")
    assert sarif.returncode == 0, sarif.stderr
    assert json.loads(sarif.stdout)["runs"][0]["results"] == []


def test_markdown_shows_growth_over_the_baseline_and_fails_on_it(tmp_path: Path) -> None:
    make_names(tmp_path, over=40)
    assert run(tmp_path, "baseline", "update").returncode == 0
    (tmp_path / "docs" / "a.md").write_text(tokens(15), encoding="utf-8")  # 10 -> 15
    result = run(tmp_path, "check", "--format", "markdown", "--max-growth", "10%", "--no-cache")
    assert result.returncode == 1, result.stderr
    out = result.stdout
    # every file is within its cap; the growth fails the run
    assert out.splitlines()[2].startswith("❌ fail: 6 checks, 6 passed, 0 warned, 0 failed.")
    growth = out[out.index("## Prompt budget: growth over the baseline") :].splitlines()
    # docs/a.md +50%; the stage that loads it, 170 -> 175 (+2.9%), is within the gate
    assert growth[2].startswith("❌ **1 over their growth gate**.")
    assert "| `docs/a.md` | 10 | 15 | +5 | +50.0% | **FAIL** | +10% (--max-growth) |" in out


def test_markdown_of_a_single_check_says_1_check(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "chars4"\n[[tool.prompt_budget.files]]\npath = "a.md"\nmax_tokens = 50\n',
        encoding="utf-8",
    )
    (tmp_path / "a.md").write_text(tokens(10), encoding="utf-8")
    result = run(tmp_path, "check", "--format", "markdown", "--no-cache")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[2] == "✅ pass: 1 check, 1 passed, 0 warned, 0 failed."


@pytest.mark.parametrize("fmt", ["markdown", "sarif"])
def test_a_config_error_in_a_ci_format_is_exit_2_and_nothing_on_stdout(tmp_path: Path, fmt: str) -> None:
    make(tmp_path, config=CONFIG.replace("max_tokens = 50", "max_tokens = -1"))
    result = run(tmp_path, "check", "--format", fmt)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "max_tokens" in result.stderr


# --- the largest sections of a file over its cap ----------------------------------------------------

#: Four sections; chars4 counts each slice: "# Guide\n" 8 chars (2 tokens), lines 2-3 88 chars (22),
#: lines 4-5 173 chars (44), lines 6-7 18 chars (5). The file: 287 chars, 72 tokens.
GUIDE = "# Guide\n## API\n" + tokens(20) + "\n## Examples\n" + tokens(40) + "\n## Notes\n" + tokens(2) + "\n"


def test_a_markdown_file_over_its_cap_names_its_largest_sections(tmp_path: Path) -> None:
    make(tmp_path)
    (tmp_path / "docs" / "a.md").write_text(GUIDE, encoding="utf-8")
    result = run(tmp_path, "check", "--no-cache")
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    first = lines.index(
        "FAIL: docs/a.md is an estimated 72 tokens, over its cap of 50 by 22 (44.0%); cap set in pyproject.toml "
        "[tool.prompt_budget.files] #2"
    )
    assert lines[first + 1 : first + 3] == [
        '      largest sections: "## Examples" (lines 4-5) 44 tokens, "## API" (lines 2-3) 22 tokens, '
        '"## Notes" (lines 6-7) 5 tokens',
        "      Split long docs by topic.",
    ]


def test_no_sections_hint_for_a_passing_file_or_one_of_a_single_section(tmp_path: Path) -> None:
    make(tmp_path)
    (tmp_path / "docs" / "a.md").write_text(GUIDE.replace(tokens(40), tokens(10)), encoding="utf-8")  # 42
    (tmp_path / "CLAUDE.md").write_text("# Only one heading\n" + tokens(400), encoding="utf-8")
    result = run(tmp_path, "check", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert "FAIL: CLAUDE.md is an estimated 405 tokens, over its cap of 300" in result.stdout
    assert "docs/a.md" in result.stdout
    assert "largest sections" not in result.stdout


def test_a_large_count_cache_is_written_beside_the_report_and_a_warm_run_reports_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import prompt_budget.cli.check as check_cli
    from prompt_budget import count_cache
    from prompt_budget.counting import DiskCache

    monkeypatch.setattr(count_cache, "_RACY_NS", 0)  # files just written: trust their stat signature
    make(tmp_path, doc=60)
    monkeypatch.setattr(check_cli, "SAVE_BESIDE", 1)  # every cache counts as large: a child writes it
    cold = run(tmp_path, "check", "--json")
    cache = DiskCache(tmp_path / ".prompt-budget" / "cache")
    assert cache.has_files()  # written, by the time the command returned
    warm = run(tmp_path, "check", "--json")
    assert (cold.returncode, warm.returncode) == (1, 1)
    assert warm.stdout == cold.stdout
    assert json.loads(warm.stdout)["status"] == "fail"
