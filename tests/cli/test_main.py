"""The top-level command line: the command list, each command's options, and the global options before
the command in every spelling argparse accepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import run_cli

# One option of each command, as its --help prints it.
COMMAND_OPTIONS = {
    "count": "--list-tokenizers",
    "check": "--max-growth GROWTH",
    "lint": "--extend-select CODES",
    "calibrate": "--reference SPEC",
    "baseline": "--base REF",
    "init": "--headroom PERCENT",
}


def test_help_lists_every_command_with_its_summary(tmp_path: Path) -> None:
    result = run_cli("--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "count the tokens of files, folders or stdin" in result.stdout
    assert "scan a repository and write a starting" in result.stdout
    for command in COMMAND_OPTIONS:
        assert f"    {command} " in result.stdout


@pytest.mark.parametrize("command", sorted(COMMAND_OPTIONS))
def test_each_command_help_shows_its_own_options(tmp_path: Path, command: str) -> None:
    result = run_cli(command, "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"usage: prompt-budget {command}" in result.stdout
    assert COMMAND_OPTIONS[command] in result.stdout
    # argparse %-formats help strings but prints a description as written: no doubled percent sign
    assert "%%" not in result.stdout


def test_calibrate_help_says_how_much_is_held_out(tmp_path: Path) -> None:
    result = run_cli("calibrate", "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "about 30% are held out" in " ".join(result.stdout.split())


@pytest.mark.parametrize(
    "before",
    [
        ["--color", "never"],
        ["--color=never"],
        ["--colo", "never"],  # an abbreviation
        ["--config", "prompt_budget.toml"],
        ["--config=prompt_budget.toml"],
        ["--conf", "prompt_budget.toml", "--color", "never"],
    ],
)
def test_global_options_before_the_command(tmp_path: Path, before: list[str]) -> None:
    (tmp_path / "prompt_budget.toml").write_text('tokenizer = "chars4"\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("x" * 40, encoding="utf-8")
    result = run_cli(*before, "count", "--json", "--no-cache", "a.md", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"total": 10' in result.stdout


def test_an_option_of_another_command_is_refused(tmp_path: Path) -> None:
    result = run_cli("count", "--headroom", "10%", cwd=tmp_path)
    assert result.returncode == 2
    assert "unrecognized arguments: --headroom" in result.stderr


def test_an_unknown_command_lists_the_commands(tmp_path: Path) -> None:
    result = run_cli("cont", cwd=tmp_path)
    assert result.returncode == 2
    assert "invalid choice: 'cont'" in result.stderr
    assert "'count'" in result.stderr
