"""The CI wiring shipped in the repository: the composite GitHub Action (``action.yml``), whose shell
steps run here as scripts against the example repository with a fake ``$GITHUB_STEP_SUMMARY`` and
``$GITHUB_OUTPUT``, and the pre-commit hooks (``.pre-commit-hooks.yaml``), validated against
pre-commit's own manifest schema."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_run import run_cli

ROOT = Path(__file__).parents[2]
AGENT = ROOT / "examples" / "agent-repo"


def action() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    return data


def step(name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in action()["runs"]["steps"] if s.get("name") == name)
    return found


def test_the_action_is_composite_and_passes_inputs_through_the_environment() -> None:
    data = action()
    assert data["runs"]["using"] == "composite"
    inputs = set(data["inputs"])
    for s in data["runs"]["steps"]:
        if "run" in s:
            assert s["shell"] == "bash"
            # an input pasted into a script is a script injection; they come in as variables
            assert "${{" not in s["run"], s["name"]
        for value in [*s.get("env", {}).values(), *s.get("with", {}).values(), s.get("if", "")]:
            for used in re.findall(r"inputs\.([\w-]+)", str(value)):
                assert used in inputs, f"{s.get('name')}: inputs.{used} is not declared"
    uses = [s["uses"] for s in data["runs"]["steps"] if "uses" in s]
    assert uses == [
        "actions/setup-python@v5",
        "actions/upload-artifact@v4",
        "github/codeql-action/upload-sarif@v3",
    ]


def run_step(name: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """One ``run:`` step of the action, as the runner runs it (``bash -e {0}``), with ``prompt-budget``
    on the PATH being this checkout's."""
    bin_dir = cwd / "bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "prompt-budget"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m prompt_budget "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    python = bin_dir / "python"
    if not python.exists():
        python.symlink_to(sys.executable)
    script = cwd / "step.sh"
    script.write_text(step(name)["run"], encoding="utf-8")
    full = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "PB_"))}
    full.update(NO_COLOR="1", PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", **env)
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-e", "-o", "pipefail", str(script)],
        cwd=cwd,
        env=full,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def check_step(
    tmp_path: Path, config: Path, **inputs: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    summary, output = tmp_path / "summary.md", tmp_path / "output.txt"
    defaults = {k: str(v.get("default", "")) for k, v in action()["inputs"].items()}
    values = {**defaults, "path": str(config), **inputs}
    env = {
        "PB_PATH": values["path"],
        "PB_ARGS": values["args"],
        "PB_LINT": values["lint"],
        "PB_REPORT_DIR": values["report-dir"],
        "PB_ARTIFACT": values["artifact-name"],
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_OUTPUT": str(output),
    }
    assert set(step("Check the prompt budgets")["env"]) == {k for k in env if k.startswith("PB_")}
    result = run_step("Check the prompt budgets", env, tmp_path)
    outputs = dict(line.split("=", 1) for line in output.read_text(encoding="utf-8").splitlines())
    return result, outputs


def fail_step(
    tmp_path: Path, outputs: dict[str, str], fail: str = "true"
) -> subprocess.CompletedProcess[str]:
    env = {"PB_STATUS": outputs["status"], "PB_LINT_STATUS": outputs["lint-status"], "PB_FAIL": fail}
    return run_step("Fail on a broken budget", env, tmp_path)


def test_the_action_on_the_example(tmp_path: Path) -> None:
    result, outputs = check_step(tmp_path, AGENT, lint=str(AGENT / "agent"), args="--max-growth '10% or 50'")
    assert result.returncode == 0, result.stderr
    assert outputs == {"status": "0", "lint-status": "1", "report": "prompt-budget-report/prompt-budget.html"}
    # the log: the file table, the plan, and lint's one finding as an annotation
    assert "must-load total (with frontmatter)" in result.stdout
    assert "load plan: usable 4,000 tokens" in result.stdout
    assert re.search(r"^::warning file=.*history\.py,line=\d+.*PB10\d", result.stdout, re.M), result.stdout
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert summary.startswith(
        "## Prompt budget: file budgets\n\n✅ pass: 21 checks, 21 passed, 0 warned, 0 failed."
    )
    assert "artifact `prompt-budget`" in summary
    reports = tmp_path / "prompt-budget-report"
    assert sorted(p.name for p in reports.iterdir()) == [
        "prompt-budget.html",
        "prompt-budget.md",
        "prompt-budget.sarif",
    ]
    assert (reports / "prompt-budget.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert json.loads((reports / "prompt-budget.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"
    # the lint finding fails the job; without fail, it only reports
    failed = fail_step(tmp_path, outputs)
    assert failed.returncode == 1
    assert "::error title=prompt-budget::prompt-budget lint found" in failed.stdout
    assert fail_step(tmp_path, outputs, fail="false").returncode == 0


def test_the_action_fails_the_job_on_a_broken_budget(tmp_path: Path) -> None:
    result, outputs = check_step(tmp_path, AGENT / "broken-budget.toml", args="--no-baseline")
    assert result.returncode == 0, result.stderr  # the reports are written, the last step fails
    assert outputs["status"] == "1"
    assert outputs["lint-status"] == ""
    assert "::error file=" in result.stdout
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert summary.startswith("## Prompt budget: file budgets\n\n❌ fail: ")
    assert "CLAUDE.md is 558 tokens, over its cap of 400 by 158" in summary
    html = (tmp_path / "prompt-budget-report" / "prompt-budget.html").read_text(encoding="utf-8")
    assert "CLAUDE.md is 558 tokens, over its cap of 400 by 158" in html
    failed = fail_step(tmp_path, outputs)
    assert failed.returncode == 1
    assert "::error title=prompt-budget::prompt-budget check exited 1" in failed.stdout


def test_the_action_fails_on_a_config_error_without_writing_reports(tmp_path: Path) -> None:
    bad = tmp_path / "project" / "prompt_budget.toml"
    bad.parent.mkdir()
    bad.write_text('threshold = "lots"\n', encoding="utf-8")
    result, outputs = check_step(tmp_path, bad)
    assert result.returncode == 0
    assert outputs["status"] == "2"
    assert "prompt-budget: error:" in result.stderr
    assert not (tmp_path / "summary.md").exists()
    assert fail_step(tmp_path, outputs, fail="false").returncode == 1  # a broken config always fails


def hooks() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return data


#: the keys of a hook in a pre-commit manifest, and their types (pre-commit's MANIFEST_HOOK_DICT)
MANIFEST_KEYS: dict[str, type | tuple[type, ...]] = {
    **dict.fromkeys(("id", "name", "entry", "language", "alias", "files", "exclude", "description"), str),
    **dict.fromkeys(("language_version", "log_file", "minimum_pre_commit_version"), str),
    **dict.fromkeys(
        ("types", "types_or", "exclude_types", "additional_dependencies", "args", "stages"), list
    ),
    **dict.fromkeys(("always_run", "fail_fast", "pass_filenames", "require_serial", "verbose"), bool),
}


def test_the_hooks_run_check_and_lint(tmp_path: Path) -> None:
    by_id = {h["id"]: h for h in hooks()}
    assert set(by_id) == {"prompt-budget-check", "prompt-budget-lint", "prompt-budget-lint-fix"}
    for hook in by_id.values():
        assert {"id", "name", "entry", "language"} <= set(hook)
        assert set(hook) <= set(MANIFEST_KEYS), sorted(set(hook) - set(MANIFEST_KEYS))
        for key, value in hook.items():
            assert isinstance(value, MANIFEST_KEYS[key]), (hook["id"], key)
        re.compile(hook.get("files", ""))
        assert hook["language"] == "python"
        argv = hook["entry"].split()
        assert argv[0] == "prompt-budget"
        # the entry is a real command: --help parses through the CLI's own parser
        assert run_cli(*argv[1:], "--help", cwd=tmp_path).returncode == 0
    check = by_id["prompt-budget-check"]
    assert check["pass_filenames"] is False  # it checks the project, found from the working folder
    files = re.compile(check["files"])
    for name in (
        "CLAUDE.md",
        ".claude/skills/x/SKILL.md",
        "pyproject.toml",
        "prompt_budget.toml",
        "a/rules.mdc",
    ):
        assert files.search(name), name
    for name in ("src/app.py", "poetry.lock", "my_pyproject.toml.bak"):
        assert not files.search(name), name
    assert by_id["prompt-budget-lint"]["types"] == ["python"]


def _pre_commit() -> list[str] | None:
    try:
        import pre_commit  # noqa: F401
    except ImportError:
        found = shutil.which("pre-commit")
        return [found] if found else None
    return [sys.executable, "-m", "pre_commit"]


def test_the_hooks_are_a_valid_pre_commit_manifest(tmp_path: Path) -> None:
    command = _pre_commit()
    if command is None:
        pytest.skip(
            "pre-commit is not installed, so its own manifest schema cannot be applied "
            "(test_the_hooks_run_check_and_lint checks the manifest's structure): pip install pre-commit"
        )
    result = subprocess.run(
        [*command, "validate-manifest", str(ROOT / ".pre-commit-hooks.yaml")],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # and the validator does reject a broken manifest, so the pass above means something
    broken = tmp_path / "hooks.yaml"
    broken.write_text(yaml.safe_dump([{**hooks()[0], "language": "pythonn"}]), encoding="utf-8")
    rejected = subprocess.run(
        [*command, "validate-manifest", str(broken)], capture_output=True, text=True, check=False, timeout=120
    )
    assert rejected.returncode == 1
    assert "pythonn" in rejected.stdout


def _uses_of_the_action() -> list[tuple[str, dict[str, Any]]]:
    """Every step that uses this repository's action in the docs and examples, with its inputs."""
    found = []
    for path in [*sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "examples").rglob("*.yml"))]:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(
            r"^( *)- uses: pytest-prompt-budget/pytest-prompt-budget@\S+.*\n((?:\1  .*\n)*)", text, re.M
        ):
            step_ = yaml.safe_load(textwrap.dedent(match.group(0)))[0]
            found.append((path.relative_to(ROOT).as_posix(), step_.get("with") or {}))
    return found


def test_the_docs_and_examples_use_the_action_with_inputs_it_has() -> None:
    uses = _uses_of_the_action()
    wheres = {w for w, _ in uses}
    assert {"docs/recipes.md", "examples/github-actions/prompt-budget-action.yml"} <= wheres, wheres
    inputs = set(action()["inputs"])
    for where, given in uses:
        assert set(given) <= inputs, f"{where}: unknown inputs {sorted(set(given) - inputs)}"
