"""Which files ``prompt-budget lint DIR`` lints: the folder is walked by the project's one walker
(``prompt_budget.walk``), so ``lint`` and ``count`` agree on what a folder holds; lint adds its build
folders and ``exclude`` globs, and a file named on the command line is always linted."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from cli_run import run_cli


def _write(root: Path, *files: str) -> None:
    for rel in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("MAX_TOKENS = 4096\n", encoding="utf-8")


def _linted(proc: subprocess.CompletedProcess[str]) -> list[str]:
    assert proc.returncode in (0, 1), proc.stderr
    return sorted({f["path"] for f in json.loads(proc.stdout)})


def _counted(proc: subprocess.CompletedProcess[str]) -> list[str]:
    assert proc.returncode == 0, proc.stderr
    return sorted(f["path"] for f in json.loads(proc.stdout)["files"])


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose top-level .gitignore excludes a generated folder inside src/."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("src/generated/\n*_pb2.py\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    _write(
        tmp_path,
        "src/app/agent.py",
        "src/app/api_pb2.py",
        "src/generated/client.py",
        "src/env/pyvenv.cfg",  # a virtual environment (recognised by this file, not by its name)
        "src/env/settings.py",
        "src/build/out.py",
    )
    return tmp_path


def test_a_gitignore_above_the_linted_folder_applies(repo: Path) -> None:
    # lint used to read only the .gitignore files inside the folder it was given: `lint src` linted
    # src/generated/ and *_pb2.py although the repository's .gitignore excludes them (and
    # `lint .` did not)
    assert _linted(run_cli("lint", "src", "--no-cache", "--format", "json", cwd=repo)) == ["src/app/agent.py"]
    assert _linted(run_cli("lint", ".", "--no-cache", "--format", "json", cwd=repo)) == ["src/app/agent.py"]
    # count walks src/ the same way (build/ is a lint-only exclusion: count keeps it)
    assert _counted(run_cli("count", "src", "--json", "--no-cache", cwd=repo)) == [
        "src/app/agent.py",
        "src/build/out.py",
    ]


def test_a_file_named_on_the_command_line_is_linted_even_if_ignored(repo: Path) -> None:
    proc = run_cli("lint", "src/generated/client.py", "--no-cache", "--format", "json", cwd=repo)
    assert _linted(proc) == ["src/generated/client.py"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_called_py_is_not_read(repo: Path) -> None:
    # lint used to open every name ending in .py: a FIFO blocked the run for ever
    os.mkfifo(repo / "src" / "app" / "pipe.py")
    proc = run_cli("lint", "src", "--no-cache", "--format", "json", cwd=repo, timeout=60)
    assert _linted(proc) == ["src/app/agent.py"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_linked_folder_is_not_followed_by_lint_or_count(
    repo: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    shared = tmp_path_factory.mktemp("shared")
    _write(shared, "tools.py")
    try:
        (repo / "src" / "app" / "shared").symlink_to(shared, target_is_directory=True)
    except OSError:
        pytest.skip("cannot create symbolic links here")
    assert _linted(run_cli("lint", "src", "--no-cache", "--format", "json", cwd=repo)) == ["src/app/agent.py"]
    assert _counted(run_cli("count", "src", "--json", "--no-cache", cwd=repo)) == [
        "src/app/agent.py",
        "src/build/out.py",
    ]
    # named, the linked folder is walked
    assert _linted(run_cli("lint", "src/app/shared", "--no-cache", "--format", "json", cwd=repo)) == [
        "src/app/shared/tools.py"
    ]


def test_exclude_prunes_folders_as_before(repo: Path) -> None:
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.prompt_budget.lint]\nexclude = ["src/app/**"]\n', encoding="utf-8"
    )
    _write(repo, "src/other/mod.py")
    assert _linted(run_cli("lint", "src", "--no-cache", "--format", "json", cwd=repo)) == ["src/other/mod.py"]


def test_a_package_named_build_is_source_not_build_output(repo: Path) -> None:
    # lint skipped every folder named build: a package of the project so named (bot-brain's
    # project_brain/build/, with its __init__.py) was never linted; build output has no __init__.py there
    _write(repo, "src/app/build/__init__.py", "src/app/build/parser.py")
    assert _linted(run_cli("lint", "src", "--no-cache", "--format", "json", cwd=repo)) == [
        "src/app/agent.py",
        "src/app/build/__init__.py",
        "src/app/build/parser.py",
    ]
