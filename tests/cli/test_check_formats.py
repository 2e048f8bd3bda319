"""``prompt-budget check --format github`` through a real subprocess, on trees in tmp_path.

Trees use ``chars4`` (ceil(chars / 4)): a file of ``"abcd" * N`` is N tokens. Line numbers in the
expectations are counted by hand in the configs below."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cli_run import run_cli


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
