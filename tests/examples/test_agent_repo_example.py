"""examples/agent-repo, the complete example of docs/example.md: its own test suite passes in a copy of
it (plugin file items, the prompt_budget and turn_budget fixtures, the history helpers, the baseline;
requests in the OpenAI chat, OpenAI Responses and Anthropic shapes), its JSON report holds what those
tests checked, `prompt-budget lint` finds exactly the one budget left in its code on purpose, and
`prompt-budget lint --fix` moves it into config without breaking the suite."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "agent-repo"


@pytest.fixture
def example(tmp_path: Path, tiktoken_offline: Path) -> Path:
    copy = tmp_path / "agent-repo"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns("__pycache__", "cache", ".benchmarks"))
    return copy


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PROMPT_BUDGET_"))}
    env["NO_COLOR"] = "1"
    return env


def _run(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=300, check=False)


def _pytest(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _run(cwd, sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:xdist", *args)


def test_the_example_suite_passes_against_its_baseline(example: Path) -> None:
    proc = _pytest(example, "-rA")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    for test in (
        "tests/test_prompts.py::test_system_prompt_fits_its_budget",
        "tests/test_prompts.py::test_every_section_fits_its_cap_before_assembly",
        "tests/test_loop.py::test_double_charge_ticket_within_its_turns",
        "tests/test_loop.py::test_loop_stops_at_its_turn_cap",
        "tests/test_history.py::test_reducer_fits_and_keeps_tool_calls_with_results",
        "tests/test_responses.py::test_double_charge_ticket_on_the_responses_api",
        "tests/test_responses.py::test_the_transcript_counts_the_same_turns_and_calls",
        "tests/test_responses.py::test_a_model_that_keeps_searching_is_stopped_at_its_turn_cap",
        "tests/test_responses.py::test_the_answer_schema_is_counted_in_the_prompt",
        "tests/test_responses.py::test_a_screenshot_costs_its_tiles_not_its_base64",
        "tests/test_claude.py::test_the_largest_claude_request_fits",
        "tests/test_claude.py::test_claude_tools_cost_the_tool_use_system_prompt",
        "tests/test_claude.py::test_the_claude_transcript_counts_its_turns_and_calls",
        "tests/test_tools.py::test_a_long_result_is_cut_to_its_budget_at_a_line_break",
        "CLAUDE.md::prompt-budget",
        "docs/pull-requests.md::prompt-budget",  # imported by CLAUDE.md
        "pyproject.toml::prompt-budget-plan",
    ):
        assert f"PASSED {test}" in out, test
    assert re.search(r"\b34 passed\b", out), out[-2000:]
    assert "0 over their growth gate" in out
    assert "0 new" in out  # every check it makes is in the committed baseline
    assert "PromptBudgetWarning" not in out


def test_the_example_fails_when_a_section_outgrows_its_cap(example: Path) -> None:
    claude = example / "CLAUDE.md"
    claude.write_text(claude.read_text(encoding="utf-8") + "\n- Prefer small pull requests.\n" * 60)
    proc = _pytest(example, "tests/test_prompts.py")
    assert proc.returncode == 1, proc.stdout
    assert "section 'project' is" in proc.stdout
    assert "cap set in pyproject.toml [tool.prompt_budget.sections] project" in proc.stdout


def test_lint_finds_the_one_budget_left_in_code(example: Path) -> None:
    proc = _run(example, sys.executable, "-m", "prompt_budget", "lint", ".", "--format", "json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    data = json.loads(proc.stdout)
    findings = data["findings"] if isinstance(data, dict) else data
    assert [(f["path"], f["code"]) for f in findings] == [("agent/history.py", "PB102")]
    assert "MAX_CONTEXT_TOKENS" in findings[0]["message"]
    text = _run(example, sys.executable, "-m", "prompt_budget", "lint", ".")
    assert "suggestion: [tool.prompt_budget.values] max_context_tokens = 128000" in text.stdout


def test_the_json_report_shows_the_agent_checks(example: Path) -> None:
    proc = _pytest(example, "tests/test_responses.py", "--prompt-budget-report=report.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    checks = json.loads((example / "report.json").read_text(encoding="utf-8"))["checks"]
    by_label = {(c["nodeid"].split("::")[-1], c["label"]): c for c in checks}
    shot = by_label[("test_a_screenshot_costs_its_tiles_not_its_base64", "first request with a screenshot")]
    assert shot["kind"] == "request"
    assert shot["parts"]["images"] == 765  # 1024 x 768, detail high: 85 + 170 x 2 x 2 tiles
    assert shot["max_tokens"] == 4_000  # 200,000 (claude-sonnet-4) x usable_fraction 2 %
    turns = by_label[("test_double_charge_ticket_on_the_responses_api", "turn_budget turns")]
    calls = by_label[("test_double_charge_ticket_on_the_responses_api", "turn_budget calls")]
    assert (turns["used"], turns["allocated"]) == (3, 4)
    assert (calls["used"], calls["allocated"]) == (3, 4)
    assert calls["by_tool"] == {"list_payments": 1, "lookup_invoice": 1, "search_docs": 1}


def test_lint_fix_moves_the_budget_into_config_and_the_suite_still_passes(example: Path) -> None:
    fixed = _run(example, sys.executable, "-m", "prompt_budget", "lint", ".", "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    history = (example / "agent" / "history.py").read_text(encoding="utf-8")
    assert 'MAX_CONTEXT_TOKENS = prompt_budget.value("max_context_tokens", 128_000)' in history
    pyproject = (example / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"(?m)^max_context_tokens = 128_?000$", pyproject), pyproject
    again = _run(example, sys.executable, "-m", "prompt_budget", "lint", ".")
    assert again.returncode == 0, again.stdout
    suite = _pytest(example)
    assert suite.returncode == 0, suite.stdout[-3000:]
    assert re.search(r"\b34 passed\b", suite.stdout), suite.stdout[-2000:]


def test_the_readme_commands_measure_the_example(tmp_path: Path) -> None:
    """The README's "Commands" block, run as written with bash from the top of a git repository holding
    the example: each command finds the example's configuration (a command run where there is none
    only says that it measured nothing)."""
    readme = (EXAMPLE.parents[1] / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Commands\n\n```bash\n(.*?)^```", readme, re.S | re.M)
    assert block, "README.md: no ## Commands block"
    commands = [line for line in block.group(1).splitlines() if line.strip()]
    repo = tmp_path / "repo"
    shutil.copytree(EXAMPLE, repo / "examples" / "agent-repo", ignore=shutil.ignore_patterns("__pycache__"))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "prompt-budget"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m prompt_budget "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
    for message in ("first", "second"):
        (repo / "NOTES.md").write_text(message, encoding="utf-8")
        for argv in (["init", "-q"], ["add", "-A"], ["commit", "-qm", message]):
            assert _run(repo, *git, *argv).returncode == 0
    env = {**_env(), "PATH": os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])}
    for command in commands:
        proc = subprocess.run(
            ["bash", "-c", command],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        out = proc.stdout + proc.stderr
        assert proc.returncode in (0, 1), f"{command}: exit {proc.returncode}\n{out}"
        assert "no files to measure" not in out, f"{command}:\n{out}"
        assert "nothing measured" not in out, f"{command}:\n{out}"
