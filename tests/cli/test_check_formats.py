"""``prompt-budget check --format github|sarif`` through its `main` (in-process), on trees in tmp_path.

Trees use ``chars4`` (ceil(chars / 4)): a file of ``"abcd" * N`` is N tokens. Line numbers in the
expectations are counted by hand in the configs below."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from cli_run import run_cli

SCHEMA = Path(__file__).resolve().parents[1] / "lint" / "data" / "sarif-2.1.0-rtm.5.json"


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("--color", "never", *args, cwd=cwd)


def tokens(n: int) -> str:
    return "abcd" * n


# --- a project whose rules are about no one file, each on its own line of the config ---------------

#: line 15: the missing must-load file's entry; 24: the empty glob's; 7: the usable budget; 27 and 31:
#: the stages. The [tool.other] table and the multi-line message are decoys for the line search.
SETS = """\
[tool.other]
usable_fraction = 0.5

[tool.prompt_budget]
tokenizer = "chars4"
context_window = 1000
usable_fraction = "10%"

[[tool.prompt_budget.files]]
name = "core"
path = "CLAUDE.md"
max_tokens = 150
load = "must"

[[tool.prompt_budget.files]]
name = "rules"
path = "RULES.md"
load = "must"
message = \"\"\"
[[tool.prompt_budget.files]]
usable_fraction = 1
\"\"\"

[[tool.prompt_budget.files]]
path = "notes/*.md"

[[tool.prompt_budget.stages]]
name = "read"
files = ["nothing-here"]

[[tool.prompt_budget.stages]]
name = "all"
files = ["core"]
"""


def make_sets(root: Path) -> Path:
    (root / "pyproject.toml").write_text(SETS, encoding="utf-8")
    (root / "CLAUDE.md").write_text(tokens(200), encoding="utf-8")  # over its cap of 150
    return root


def heads(stdout: str) -> list[str]:
    """The workflow commands' ``::level props`` parts."""
    return [line.split("::")[1] for line in stdout.splitlines() if line.startswith("::")]


def test_github_puts_rules_about_no_one_file_on_their_config_line(tmp_path: Path) -> None:
    result = run(make_sets(tmp_path), "check", "--format", "github", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert heads(result.stdout) == [
        "error file=CLAUDE.md,line=1,title=prompt-budget",
        "error file=pyproject.toml,line=15,title=prompt-budget",  # RULES.md is missing
        "warning file=pyproject.toml,line=24,title=prompt-budget",  # notes/*.md matches nothing
        "error file=pyproject.toml,line=7,title=prompt-budget",  # the must-load total: usable_fraction
        "error file=pyproject.toml,line=27,title=prompt-budget",  # stage 'read' names nothing
        "error file=pyproject.toml,line=31,title=prompt-budget",  # stage 'all' cannot fit
    ]
    messages = [line.split("::", 2)[2] for line in result.stdout.splitlines() if line.startswith("::")]
    assert messages[1].startswith("RULES.md: must-load file is missing (entry 'rules'")
    assert messages[4].startswith("stage 'read': 'nothing-here' names no entry")
    assert messages[5].startswith("stage 'all' cannot fit")


def test_github_in_a_standalone_config_points_at_threshold_and_falls_back_to_line_1(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text(
        "# the keys at the top level\n"
        'tokenizer = "chars4"\n'
        "context_window = 1000\n"
        'threshold = "50%"\n'
        'files = [{ path = "CLAUDE.md", load = "must" }, { path = "GONE.md", load = "must" }]\n',
        encoding="utf-8",
    )
    (tmp_path / "CLAUDE.md").write_text(tokens(600), encoding="utf-8")  # over 500, the threshold
    result = run(tmp_path, "check", "--format", "github", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert heads(result.stdout) == [
        # an entry in an inline array has no line of its own
        "error file=prompt_budget.toml,line=1,title=prompt-budget",
        # a must-load total over the threshold (a warning): on the threshold
        "warning file=prompt_budget.toml,line=4,title=prompt-budget",
    ]


#: Decoys for the line search: each of lines 4, 8, 12 and 13 holds an odd number of triple quotes
#: that neither opens nor closes a multi-line string (text in a literal string, escaped in a basic
#: one, in a comment, in a one-line string); lines 5, 6, 9 and 10 look like an entry and a key, and
#: are text. The key is on line 14, the missing file's entry on line 16.
TRIPLE_QUOTES = "\n".join(
    [
        'tokenizer = "chars4"',
        "context_window = 1000",
        "note = '''",
        'a literal string may hold """ as text',
        "[[files]]",
        "usable_fraction = 0.9",
        "'''",
        'more = """ an escaped \\""" is text',
        "[[files]]",
        "usable_fraction = 0.9",
        '"""',
        '# a comment may say """ too',
        'quote = \'"""\'',
        'usable_fraction = "10%"',
        "",
        "[[files]]",
        'path = "GONE.md"',
        'load = "must"',
        "",
    ]
)


def test_github_is_not_fooled_by_triple_quotes_inside_a_string_or_a_comment(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text(TRIPLE_QUOTES, encoding="utf-8")
    (tmp_path / "CLAUDE.md").write_text(tokens(200), encoding="utf-8")
    result = run(tmp_path, "check", "--format", "github", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert heads(result.stdout) == ["error file=prompt_budget.toml,line=16,title=prompt-budget"]
    (tmp_path / "GONE.md").write_text(tokens(200), encoding="utf-8")  # the total is now over 100
    result = run(tmp_path, "check", "--format", "github", "--no-cache")
    assert heads(result.stdout) == ["error file=prompt_budget.toml,line=14,title=prompt-budget"]


# --- SARIF ------------------------------------------------------------------------------------------


def sarif_of(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    import jsonschema

    data: dict[str, Any] = json.loads(result.stdout)
    jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(data)
    return data


def where(location: dict[str, Any]) -> tuple[str, int]:
    physical = location["physicalLocation"]
    return physical["artifactLocation"]["uri"], physical["region"]["startLine"]


def test_sarif_has_a_result_per_broken_rule_at_its_file_or_config_line(tmp_path: Path) -> None:
    result = run(make_sets(tmp_path), "check", "--format", "sarif", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert result.stderr == ""
    sarif = sarif_of(result)
    assert sarif["version"] == "2.1.0"
    [run_] = sarif["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "prompt-budget"
    rule_ids = [r["id"] for r in driver["rules"]]
    assert rule_ids == [
        "file-over-cap",
        "frontmatter-over-cap",
        "file-error",
        "must-load-missing",
        "entry-matches-nothing",
        "import-not-loaded",
        "must-load-total",
        "stage-cannot-fit",
        "stage-names-nothing",
        "baseline-growth",
        "baseline-tokenizer-changed",
    ]
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"
    results = run_["results"]
    assert [(r["ruleId"], r["level"], *where(r["locations"][0])) for r in results] == [
        ("file-over-cap", "error", "CLAUDE.md", 1),
        ("must-load-missing", "error", "pyproject.toml", 15),
        ("entry-matches-nothing", "warning", "pyproject.toml", 24),
        ("must-load-total", "error", "pyproject.toml", 7),
        ("stage-names-nothing", "error", "pyproject.toml", 27),
        ("stage-cannot-fit", "error", "pyproject.toml", 31),
    ]
    for r in results:
        assert driver["rules"][r["ruleIndex"]]["id"] == r["ruleId"]
        assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    over = results[0]
    assert over["message"]["text"] == (
        "CLAUDE.md is an estimated 200 tokens, over its cap of 150 by 50 (33.3%); "
        "cap set in pyproject.toml [tool.prompt_budget.files] #1"
    )
    # the entry that set the cap, as a related location
    [related] = over["relatedLocations"]
    assert where(related) == ("pyproject.toml", 9)
    assert related["message"]["text"] == "cap set in pyproject.toml [tool.prompt_budget.files] #1"
    assert all("relatedLocations" not in r for r in results[1:])
    fingerprints = [r["partialFingerprints"]["promptBudgetCheck/v1"] for r in results]
    assert len(set(fingerprints)) == len(results)


def test_sarif_fingerprints_follow_the_check_not_its_count(tmp_path: Path) -> None:
    root = make_sets(tmp_path)
    before = sarif_of(run(root, "check", "--format", "sarif", "--no-cache"))
    (root / "CLAUDE.md").write_text(tokens(260), encoding="utf-8")
    after = sarif_of(run(root, "check", "--format", "sarif", "--no-cache"))
    [b, a] = [s["runs"][0]["results"][0] for s in (before, after)]
    assert b["message"]["text"] != a["message"]["text"]
    assert b["partialFingerprints"] == a["partialFingerprints"]


def test_sarif_paths_are_relative_to_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "agent").mkdir()
    make_sets(tmp_path / "agent")
    result = run(tmp_path, "check", "agent", "--format", "sarif", "--no-cache")
    assert result.returncode == 1, result.stderr
    results = sarif_of(result)["runs"][0]["results"]
    uris = [where(r["locations"][0])[0] for r in results]
    assert uris == ["agent/CLAUDE.md"] + ["agent/pyproject.toml"] * 5
    assert where(results[0]["relatedLocations"][0]) == ("agent/pyproject.toml", 9)


def test_sarif_reports_growth_over_the_baseline_on_the_file_and_the_config(tmp_path: Path) -> None:
    root = make_sets(tmp_path)
    assert run(root, "baseline", "update").returncode == 0
    (root / "CLAUDE.md").write_text(tokens(230), encoding="utf-8")  # 200 -> 230: +15%
    result = run(root, "check", "--format", "sarif", "--max-growth", "10%", "--no-cache")
    assert result.returncode == 1, result.stderr
    results = sarif_of(result)["runs"][0]["results"]
    growth = [(r["level"], *where(r["locations"][0])) for r in results if r["ruleId"] == "baseline-growth"]
    # the file on the file; the must-load total and the stage that loads it, no file, on the config
    assert sorted(growth) == [
        ("error", "CLAUDE.md", 1),
        ("error", "pyproject.toml", 1),
        ("error", "pyproject.toml", 1),
    ]
    messages = sorted(r["message"]["text"] for r in results if r["ruleId"] == "baseline-growth")
    assert messages[0].startswith("CLAUDE.md: tokens 200 -> 230 (+30, +15.0%), allowed +10%")


# --- options that do not go together -----------------------------------------------------------------


def test_json_with_another_format_is_a_usage_error(tmp_path: Path) -> None:
    # a SARIF upload of what --json printed fails on GitHub, not here
    result = run(make_sets(tmp_path), "check", "--json", "--format", "sarif", "--no-cache")
    assert (result.returncode, result.stdout) == (2, "")
    assert (
        result.stderr
        == "prompt-budget: error: --json means --format json; it cannot go with --format sarif\n"
    )
    same = run(tmp_path, "check", "--json", "--format", "json", "--no-cache")
    assert same.returncode == 1, same.stderr
    assert json.loads(same.stdout)["status"] == "fail"


def test_explain_in_a_ci_format_is_a_usage_error(tmp_path: Path) -> None:
    for fmt in ("markdown", "sarif", "github"):
        result = run(make_sets(tmp_path), "check", "--format", fmt, "--explain", "CLAUDE.md", "--no-cache")
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"prompt-budget: error: --explain prints text or JSON, not --format {fmt}\n"


def test_explain_with_format_json_is_json(tmp_path: Path) -> None:
    result = run(make_sets(tmp_path), "check", "--format", "json", "--explain", "CLAUDE.md", "--no-cache")
    assert result.returncode == 1, result.stderr
    assert result.stdout == run(tmp_path, "check", "--json", "--explain", "CLAUDE.md", "--no-cache").stdout
    assert json.loads(result.stdout)["id"] == "CLAUDE.md"


def test_help_says_what_each_format_prints_and_the_exit_codes(tmp_path: Path) -> None:
    result = run(tmp_path, "check", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())  # as argparse wraps it at any width
    assert "Exit 0 when every rule holds (a warning too), 1 when one is broken" in text
    assert "2 on a usage or config error" in text
    assert "an ::error or ::warning workflow command per broken or warned rule" in text
    assert "--config FILE" in text
    assert "(text, or JSON with --json)" in text


def test_config_may_follow_the_command(tmp_path: Path) -> None:
    # as a user writes it: `check --config FILE`, not only `--config FILE check`
    make_sets(tmp_path)
    (tmp_path / "strict.toml").write_text(
        'tokenizer = "chars4"\n[[files]]\npath = "CLAUDE.md"\nmax_tokens = 300\n', encoding="utf-8"
    )
    after = run(tmp_path, "check", "--config", "strict.toml", "--no-cache", "--no-baseline")
    before = run(tmp_path, "--config", "strict.toml", "check", "--no-cache", "--no-baseline")
    assert (after.returncode, after.stderr) == (0, "")
    assert after.stdout == before.stdout
    assert "CLAUDE.md" in after.stdout
    # without it, the pyproject.toml's cap of 150 breaks
    assert run(tmp_path, "check", "--no-cache", "--no-baseline").returncode == 1


# --- paths from the repository top, wherever the step runs -------------------------------------------


def make_monorepo(root: Path) -> Path:
    """A repository (``.git`` at ``root``) holding the project in ``agent/``, with a ``docs/`` folder."""
    (root / ".git").mkdir()
    (root / "agent").mkdir()
    make_sets(root / "agent")
    (root / "agent" / "docs").mkdir()
    return root / "agent"


def test_sarif_and_annotations_from_a_subfolder_are_relative_to_the_repository_top(tmp_path: Path) -> None:
    # GitHub reads a relative path from the repository top: a step with `working-directory: agent`
    # must still say agent/CLAUDE.md, or the alert lands on the top-level CLAUDE.md
    agent = make_monorepo(tmp_path)
    for cwd in (agent, agent / "docs"):  # the project's folder; below it, the config found upwards
        result = run(cwd, "check", "--format", "sarif", "--no-cache")
        assert result.returncode == 1, result.stderr
        [run_] = sarif_of(result)["runs"]
        assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"
        locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run_["results"]]
        assert (
            locations
            == [{"uri": "agent/CLAUDE.md", "uriBaseId": "%SRCROOT%"}]
            + [{"uri": "agent/pyproject.toml", "uriBaseId": "%SRCROOT%"}] * 5
        )
        assert where(run_["results"][0]["relatedLocations"][0]) == ("agent/pyproject.toml", 9)
        github = run(cwd, "check", "--format", "github", "--no-cache")
        assert heads(github.stdout)[:2] == [
            "error file=agent/CLAUDE.md,line=1,title=prompt-budget",
            "error file=agent/pyproject.toml,line=15,title=prompt-budget",
        ]


def test_a_project_checked_from_outside_its_repository_is_relative_to_its_own_top(tmp_path: Path) -> None:
    # `prompt-budget check repo/agent` run from a folder outside the repository: paths are still the
    # repository's own (agent/CLAUDE.md), not absolute nor relative to where the command ran
    repo = tmp_path / "repo"
    repo.mkdir()
    make_monorepo(repo)
    (tmp_path / "elsewhere").mkdir()
    result = run(tmp_path / "elsewhere", "check", "../repo/agent", "--format", "sarif", "--no-cache")
    assert result.returncode == 1, result.stderr
    [run_] = sarif_of(result)["runs"]
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    assert where(run_["results"][0]["locations"][0]) == ("agent/CLAUDE.md", 1)
    github = run(tmp_path / "elsewhere", "check", "../repo/agent", "--format", "github", "--no-cache")
    assert heads(github.stdout)[:2] == [
        "error file=agent/CLAUDE.md,line=1,title=prompt-budget",
        "error file=agent/pyproject.toml,line=15,title=prompt-budget",
    ]


def test_growth_annotations_from_a_subfolder_are_relative_to_the_repository_top(tmp_path: Path) -> None:
    agent = make_monorepo(tmp_path)
    assert run(agent, "baseline", "update").returncode == 0
    (agent / "CLAUDE.md").write_text(tokens(230), encoding="utf-8")  # 200 -> 230: +15%
    result = run(agent / "docs", "check", "--format", "github", "--max-growth", "10%", "--no-cache")
    assert result.returncode == 1, result.stderr
    growth = [h for h in heads(result.stdout) if h.endswith("title=prompt-budget growth")]
    assert sorted(growth) == [
        "error file=agent/CLAUDE.md,line=1,title=prompt-budget growth",
        "error file=agent/pyproject.toml,line=1,title=prompt-budget growth",
        "error file=agent/pyproject.toml,line=1,title=prompt-budget growth",
    ]


def test_sarif_growth_from_a_subfolder_is_relative_to_the_repository_top(tmp_path: Path) -> None:
    # as the github annotations above: agent/CLAUDE.md, not agent/agent/CLAUDE.md
    agent = make_monorepo(tmp_path)
    assert run(agent, "baseline", "update").returncode == 0
    (agent / "CLAUDE.md").write_text(tokens(230), encoding="utf-8")  # 200 -> 230: +15%
    for cwd in (agent, agent / "docs"):
        result = run(cwd, "check", "--format", "sarif", "--max-growth", "10%", "--no-cache")
        assert result.returncode == 1, result.stderr
        results = sarif_of(result)["runs"][0]["results"]
        growth = sorted(where(r["locations"][0]) for r in results if r["ruleId"] == "baseline-growth")
        assert growth == [("agent/CLAUDE.md", 1), ("agent/pyproject.toml", 1), ("agent/pyproject.toml", 1)]


def test_a_file_with_a_hash_or_spaces_in_its_path_is_annotated_on_that_file(tmp_path: Path) -> None:
    # "#" ends a check's id only in "...#frontmatter": "C# notes/" is a folder, not "C" and a suffix.
    (tmp_path / ".git").mkdir()
    skill = tmp_path / "C# notes" / "SKILL 100%.md"
    skill.parent.mkdir()
    skill.write_text(f"---\nname: c\ndescription: {tokens(20)}\n---\n{tokens(50)}\n", encoding="utf-8")
    (tmp_path / "prompt_budget.toml").write_text(
        'tokenizer = "chars4"\n\n[[files]]\npath = "C# notes/*.md"\nmax_tokens = 10\n'
        "frontmatter_max_tokens = 5\n",
        encoding="utf-8",
    )
    github = run(tmp_path, "check", "--format", "github", "--no-cache")
    assert github.returncode == 1, github.stderr
    assert heads(github.stdout) == [
        "error file=C# notes/SKILL 100%25.md,line=5,title=prompt-budget",
        "error file=C# notes/SKILL 100%25.md,line=1,title=prompt-budget",
    ]
    results = sarif_of(run(tmp_path, "check", "--format", "sarif", "--no-cache"))["runs"][0]["results"]
    assert [where(r["locations"][0]) for r in results] == [
        ("C%23%20notes/SKILL%20100%25.md", 5),
        ("C%23%20notes/SKILL%20100%25.md", 1),
    ]
