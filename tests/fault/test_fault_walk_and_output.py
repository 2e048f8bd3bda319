"""Fault injection on the files a run walks and on what it prints: folders it cannot read, folders
named like environments, trees deeper than the recursion limit, file names that carry a line break or a
workflow command, and input nested deeper than any real one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_run import run_cli

from prompt_budget import count
from prompt_budget.walk import iter_files

SRC = str(Path(__file__).resolve().parents[2] / "src")
CONFIG = 'tokenizer = "chars4"\n[[files]]\npath = "**/*.md"\nmax_tokens = 1000\nload = "must"\n'


def _unprivileged_prefix() -> list[str] | None:
    """How to run a command that file permissions apply to: nothing when the tests run as a user;
    as root, root without the capabilities that bypass them (``setpriv``); None when neither works."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]
    probe = Path(tempfile.mkdtemp())
    try:
        (probe / "locked").mkdir(mode=0o000)
        done = subprocess.run([*prefix, "ls", str(probe / "locked")], capture_output=True, check=False)
        return prefix if done.returncode != 0 else None
    except OSError:
        return None
    finally:
        (probe / "locked").chmod(0o755)
        shutil.rmtree(probe)


@pytest.fixture
def locked_project() -> Iterator[Path]:
    """A project with a folder its user cannot read (``secret/``), in a folder any user may enter."""
    root = Path(tempfile.mkdtemp(prefix="pb-fault-"))
    root.chmod(0o755)
    (root / "prompt_budget.toml").write_text(CONFIG, encoding="utf-8")
    (root / "CLAUDE.md").write_text("hello\n", encoding="utf-8")
    (root / "secret").mkdir()
    (root / "secret" / "AGENTS.md").write_text("must load\n", encoding="utf-8")
    (root / "secret" / "tools.py").write_text("MAX_TOKENS = 8000\n", encoding="utf-8")
    (root / "secret").chmod(0o000)
    try:
        yield root
    finally:
        (root / "secret").chmod(0o755)
        shutil.rmtree(root)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
@pytest.mark.parametrize("command", [["check"], ["count", "."], ["lint", "."]])
def test_a_folder_the_run_cannot_read_fails_it_naming_the_folder(
    locked_project: Path, command: list[str]
) -> None:
    prefix = _unprivileged_prefix()
    if prefix is None:
        pytest.skip("running as root, and setpriv cannot drop the capabilities that bypass file permissions")
    env = {**os.environ, "PYTHONPATH": SRC, "NO_COLOR": "1"}
    done = subprocess.run(
        [*prefix, sys.executable, "-m", "prompt_budget", *command, "--no-cache"],
        cwd=locked_project,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == (
        f"prompt-budget: error: {locked_project / 'secret'}: cannot open the folder: Permission denied; "
        "its files were not checked: make it readable, or exclude it (.gitignore)\n"
    )


def test_a_folder_the_walk_cannot_read_goes_to_on_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.md").write_text("x", encoding="utf-8")
    (tmp_path / "b.md").write_text("b", encoding="utf-8")
    real_scandir = os.scandir

    def scandir(path: str) -> object:
        if os.path.basename(path) == "a":
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    seen: list[tuple[str, str]] = []
    found = [p.name for p in iter_files(tmp_path, on_error=lambda path, why: seen.append((path, why)))]
    assert found == ["b.md"]
    assert seen == [(str(tmp_path.resolve() / "a"), "cannot open the folder: Permission denied")]


def test_environments_are_known_by_what_they_hold_not_by_their_name(tmp_path: Path) -> None:
    files = {
        "env/__init__.py": "",  # a real package named env
        "src/venv/tools.py": "",  # and one named venv
        ".venv/pyvenv.cfg": "",
        ".venv/lib/python3.12/site-packages/pkg/mod.py": "",
        "anything/pyvenv.cfg": "",
        "anything/lib/mod.py": "",
        "conda/conda-meta/history": "",
        "conda/lib/mod.py": "",
        "prefix/lib/python3.11/site-packages/pkg/mod.py": "",
        "prefix/bin/tool.py": "",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    walked = sorted(p.relative_to(tmp_path.resolve()).as_posix() for p in iter_files(tmp_path))
    assert walked == ["env/__init__.py", "src/venv/tools.py"]


def test_a_tree_deeper_than_the_recursion_limit_is_walked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    depth = sys.getrecursionlimit() + 200
    monkeypatch.chdir(tmp_path)  # relative mkdirs keep each path short
    for _ in range(depth):
        os.mkdir("d")
        os.chdir("d")
    Path("deep.md").write_text("deep", encoding="utf-8")
    folder = Path(os.getcwd())
    try:
        assert list(iter_files(tmp_path)) == [folder / "deep.md"]
    finally:
        # removed bottom up here: a recursive removal (pytest's own) would not get through it
        os.unlink("deep.md")
        for _ in range(depth):
            os.chdir("..")
            os.rmdir("d")


INJECTED = "note\n::error file=x.md,line=1::injected"


@pytest.mark.skipif(sys.platform == "win32", reason="Windows file names hold no line break or ':'")
def test_a_file_name_cannot_inject_a_github_workflow_command(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text(
        'tokenizer = "chars4"\n[[files]]\npath = "**/*.md"\nmax_tokens = 1\n', encoding="utf-8"
    )
    (tmp_path / f"{INJECTED}.md").write_text("one two three four five six seven", encoding="utf-8")
    (tmp_path / "::warning::plain.md").write_text("one two three four five six seven", encoding="utf-8")
    for fmt in ("github", "text", "markdown"):
        done = run_cli("check", "--format", fmt, "--no-cache", cwd=tmp_path)
        assert done.returncode == 1, done.stderr
        lines = (done.stdout + done.stderr).splitlines()
        commands = [line for line in lines if line.lstrip().startswith("::")]
        # the only workflow commands are the tool's own annotations, one line each, their values escaped
        assert all(line.startswith("::error file=") for line in commands), commands
        assert len(commands) == (2 if fmt == "github" else 0)  # one for each file over its cap
        assert not any(line.lstrip().startswith(("::error file=x.md", "::warning::plain")) for line in lines)
    done = run_cli("check", "--format", "github", "--no-cache", cwd=tmp_path)
    assert "::error file=note%0A%3A%3Aerror file=x.md%2Cline=1%3A%3Ainjected.md,line=1," in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="Windows file names hold no line break or '|'")
def test_a_label_with_line_breaks_and_pipes_stays_in_its_markdown_table_row(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text(
        'tokenizer = "chars4"\n[[files]]\npath = "**/*.md"\nmax_tokens = 100\nname = "two\\nlines | and a pipe"\n',
        encoding="utf-8",
    )
    (tmp_path / "a\r\nb|c.md").write_text("hello", encoding="utf-8")
    done = run_cli("check", "--format", "markdown", "--no-cache", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    table = [line for line in done.stdout.splitlines() if "hello" in line or "two" in line or "b\\|c" in line]
    assert table, done.stdout
    for line in table:
        assert line.startswith("| ")
        assert line.endswith(" |")
    # every row of the file table has as many cells as its header
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    cells = {len(line.replace("\\|", "").split("|")) for line in rows[:3]}
    assert len(cells) == 1


def test_frontmatter_nested_too_deeply_is_a_finding_not_a_recursion_error(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text(CONFIG, encoding="utf-8")
    deep = "[" * 2000 + "]" * 2000
    (tmp_path / "SKILL.md").write_text(f"---\nname: s\ndescription: {deep}\n---\nbody\n", encoding="utf-8")
    done = run_cli("check", "--no-cache", cwd=tmp_path)
    assert "RecursionError" not in done.stdout + done.stderr
    assert "frontmatter line 2: nested more than 100 levels deep" in done.stdout + done.stderr


@pytest.mark.parametrize("depth", [150, 5000])
def test_messages_nested_too_deeply_are_a_value_error(depth: int) -> None:
    inner: list[object] = []
    messages = [{"role": "user", "content": inner}]
    for _ in range(depth):
        block: dict[str, object] = {"type": "tool_result", "content": []}
        inner.append(block)
        inner = block["content"]  # type: ignore[assignment]
    with pytest.raises(ValueError, match="nest more than 100 levels deep"):
        count(messages, tokenizer="chars4")
