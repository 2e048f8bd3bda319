"""The console script replays a ``count`` run whose inputs are unchanged (``replay.py``).

Each test gets a project of its own, written once for the module and left 2 seconds to age (files
changed in the last 2 seconds are never trusted by their stat signature, so a run that reads one is
not recorded). A test runs ``count`` twice (the second run must be replayed and print exactly what
the first printed), changes one input, and runs it again: that run must be made in full and print
what a run with replay switched off prints. ``PROMPT_BUDGET_REPLAY=trace`` says on standard error
which it was.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from cli_run import NOT_INHERITED, run_cli, run_in_pty

TRACE = "prompt-budget: replay: "
REPLAYED = TRACE + "replayed the recorded run: every input is unchanged"

FILES = {
    "a.md": "# Alpha\n\nThe first file, with a few words in it.\n",
    "b.md": "# Beta\n\nA second file that is rather longer than the first one, " * 3 + "\n",
    "empty.md": "",
    "sub/c.md": "def f(x):\n    return {'key': [x, x * 2]}\n",
    "sub/deeper/d.txt": "plain text " * 20,
    "build/out.md": "generated " * 50,
    "venvish/pyvenv.cfg": "home = /usr/bin\n",
    "venvish/v.md": "inside a virtual environment " * 10,
    ".gitignore": "build/\n",
}

SCENARIOS = (
    "edit",
    "edit_same_size",
    "add",
    "delete",
    "rename",
    "gitignore_edit",
    "gitignore_new",
    "gitignore_parent",
    "config_parent",
    "ignored_folder_becomes_file",
    "venv_marker_removed",
    "symlink_retargeted",
    "explicit_file",
    "env",
    "arguments",
    "corrupt_record",
    "max_tokens",
    "merged_streams",
    "tty",
    "not_recorded",
    "off",
    "buffered",
    "closed_pipe",
    "dot_dot",
)

#: More files for some scenarios, written with the rest before the projects age.
SETUPS: dict[str, Callable[[Path], None]] = {}


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One project per scenario, each ``PROJECT/.git`` + ``PROJECT/work`` (the folder counted), aged
    2 seconds."""
    base = tmp_path_factory.mktemp("replay")
    for name in SCENARIOS:
        work = base / name / "work"
        (base / name / ".git").mkdir(parents=True)
        for rel, text in FILES.items():
            path = work / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        os.symlink("a.md", work / "link.md")
        if name in SETUPS:
            SETUPS[name](base / name)
    time.sleep(2.1)
    return base


def count(
    work: Path, *args: str, env: Mapping[str, str] | None = None, replay: str = "trace"
) -> subprocess.CompletedProcess[str]:
    return run_cli("count", *(args or (".",)), cwd=work, env={"PROMPT_BUDGET_REPLAY": replay, **(env or {})})


def untraced(stderr: str) -> str:
    return "".join(line for line in stderr.splitlines(keepends=True) if not line.startswith(TRACE))


def trace(res: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in res.stderr.splitlines() if line.startswith(TRACE)]


def same_output(
    a: subprocess.CompletedProcess[str], b: subprocess.CompletedProcess[str]
) -> tuple[int, str, str]:
    assert (a.returncode, a.stdout, untraced(a.stderr)) == (b.returncode, b.stdout, untraced(b.stderr))
    return a.returncode, a.stdout, untraced(a.stderr)


def recorded_then_replayed(work: Path, *args: str, env: Mapping[str, str] | None = None) -> str:
    """Run twice: the first run is recorded, the second replayed with the same output. Returns the
    standard output."""
    first = count(work, *args, env=env)
    assert any(line.startswith(TRACE + "recorded ") for line in trace(first)), first.stderr
    second = count(work, *args, env=env)
    assert trace(second) == [REPLAYED], second.stderr
    same_output(first, second)
    return first.stdout


def in_full_and_correct(work: Path, *args: str, said: str = "", env: Mapping[str, str] | None = None) -> str:
    """The first run after a change: made in full (saying what changed), printing what a run with
    replay off prints. (It may be recorded in turn: the change is then part of what it recorded.)"""
    res = count(work, *args, env=env)
    assert [line for line in trace(res) if "ran in full" in line and said in line], res.stderr
    same_output(res, count(work, *args, env=env, replay="off"))
    return res.stdout


EDITS: dict[str, Callable[[Path], str]] = {}


def edit(name: str) -> Callable[[Callable[[Path], str]], Callable[[Path], str]]:
    def register(fn: Callable[[Path], str]) -> Callable[[Path], str]:
        EDITS[name] = fn
        return fn

    return register


@edit("edit")
def _(work: Path) -> str:
    (work / "sub" / "c.md").write_text("def g(y):\n    return y\n", encoding="utf-8")
    return "sub/c.md changed"


@edit("edit_same_size")
def _(work: Path) -> str:
    # Same size, same first and last bytes: only the stat's times (and the content) differ.
    text = (work / "a.md").read_text(encoding="utf-8")
    (work / "a.md").write_text(text.replace("few words", "FEW WORDS"), encoding="utf-8")
    return "a.md changed"


@edit("add")
def _(work: Path) -> str:
    (work / "sub" / "deeper" / "new.md").write_text("a new file " * 30, encoding="utf-8")
    return "the entries of"


@edit("delete")
def _(work: Path) -> str:
    (work / "b.md").unlink()
    return "b.md changed"


@edit("rename")
def _(work: Path) -> str:
    (work / "sub" / "c.md").rename(work / "sub" / "renamed.md")
    return "changed"


@edit("gitignore_edit")
def _(work: Path) -> str:
    (work / ".gitignore").write_text("build/\nb.md\n", encoding="utf-8")
    return ".gitignore changed"


@edit("gitignore_new")
def _(work: Path) -> str:
    (work / "sub" / ".gitignore").write_text("*.md\n", encoding="utf-8")
    return "the entries of"


@edit("gitignore_parent")
def _(work: Path) -> str:
    # Above the counted folder, below the repository's top: honoured, and so watched.
    (work.parent / ".gitignore").write_text("*.txt\n", encoding="utf-8")
    return ".gitignore changed"


@edit("config_parent")
def _(work: Path) -> str:
    (work.parent / "prompt_budget.toml").write_text('tokenizer = "chars4"\n', encoding="utf-8")
    return "prompt_budget.toml changed"


@edit("ignored_folder_becomes_file")
def _(work: Path) -> str:
    # `build/` ignores a folder only: a file of that name is counted.
    shutil.rmtree(work / "build")
    (work / "build").write_text("now a file " * 10, encoding="utf-8")
    return "changed"


@edit("venv_marker_removed")
def _(work: Path) -> str:
    (work / "venvish" / "pyvenv.cfg").unlink()
    return "pyvenv.cfg changed"


@edit("symlink_retargeted")
def _(work: Path) -> str:
    (work / "link.md").unlink()
    os.symlink("b.md", work / "link.md")
    return "link.md changed"


@pytest.mark.parametrize("scenario", sorted(EDITS))
def test_a_changed_input_is_seen(projects: Path, scenario: str) -> None:
    work = projects / scenario / "work"
    before = recorded_then_replayed(work)
    said = EDITS[scenario](work)
    after = in_full_and_correct(work, said=said)
    assert after != before  # each change changes what is counted


def test_a_file_named_on_the_command_line(projects: Path) -> None:
    work = projects / "explicit_file" / "work"
    recorded_then_replayed(work, "a.md", "sub/c.md")
    (work / "a.md").write_text("changed " * 9, encoding="utf-8")
    after = in_full_and_correct(work, "a.md", "sub/c.md", said="a.md changed")
    assert "a.md" in after


def test_the_environment_and_the_arguments_are_part_of_the_key(projects: Path) -> None:
    work = projects / "env" / "work"
    recorded_then_replayed(work)
    # Another value of a variable the output may depend on, and other arguments: no record of that run.
    res = count(work, env={"COLUMNS": "200"})
    assert trace(res)[0] == TRACE + "no record of a run with these arguments here"
    res = count(work, "--json", ".")
    assert trace(res)[0] == TRACE + "no record of a run with these arguments here"
    # Variables that change between shell commands without changing any output do not count.
    res = count(work, env={"OLDPWD": "/somewhere/else"})
    assert trace(res) == [REPLAYED]


def test_json_output_and_a_tokenizer_option_replay(projects: Path) -> None:
    work = projects / "arguments" / "work"
    out = recorded_then_replayed(work, "--json", "-t", "chars4", ".")
    assert '"tokenizer": "chars4"' in out


def test_a_corrupt_record_is_a_full_run_and_is_rewritten(projects: Path, user_cache: Path) -> None:
    work = projects / "corrupt_record" / "work"
    recorded_then_replayed(work)
    runs = user_cache / "prompt-budget" / "runs"
    newest = max(runs.glob("*.run"), key=lambda p: p.stat().st_mtime_ns)
    newest.write_bytes(b"\x00not a record")
    res = count(work)
    assert any("unreadable record" in line for line in trace(res)), res.stderr
    same_output(res, count(work, replay="off"))
    assert trace(count(work)) == [REPLAYED]


def test_exit_code_1_and_its_message_replay(projects: Path) -> None:
    work = projects / "max_tokens" / "work"
    first = count(work, "--max-tokens", "10", ".")
    assert first.returncode == 1
    assert "exceeds --max-tokens 10" in first.stderr
    second = count(work, "--max-tokens", "10", ".")
    assert trace(second) == [REPLAYED]
    same_output(first, second)


def test_output_and_notes_replay_in_their_order(projects: Path) -> None:
    """With standard error sent to standard output, the replay interleaves them as the run did."""
    work = projects / "merged_streams" / "work"
    argv = [sys.executable, "-m", "prompt_budget", "count", "."]
    env = {**os.environ, "NO_COLOR": "1", "PROMPT_BUDGET_REPLAY": "off"}

    def merged(replay: str) -> str:
        proc = subprocess.run(
            argv,
            cwd=work,
            env={**env, "PROMPT_BUDGET_REPLAY": replay},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=True,
        )
        return proc.stdout

    full = merged("off")
    assert "empty file" in full
    assert merged("on") == full  # recorded
    # Now replayed (trace shows it), and still the same bytes in the same order.
    replayed = merged("trace")
    assert REPLAYED in replayed
    assert replayed.replace(REPLAYED + "\n", "") == full


def test_a_terminal_run_replays_its_colours(projects: Path) -> None:
    work = projects / "tty" / "work"
    first = run_in_pty(work, "count", ".", env={})
    second = run_in_pty(work, "count", ".", env={"PROMPT_BUDGET_REPLAY": "trace"})
    assert "\x1b[" in first
    assert REPLAYED in second
    assert second.replace(REPLAYED + "\r\n", "") == first


@pytest.mark.parametrize(
    ("args", "stdin", "reason"),
    [
        (("--no-cache", "."), None, "--no-cache"),
        (("-",), "from standard input", "read standard input"),
        (("missing.md",), None, "exit code 2"),
    ],
)
def test_runs_that_are_never_recorded(
    projects: Path, args: tuple[str, ...], stdin: str | None, reason: str
) -> None:
    work = projects / "not_recorded" / "work"
    for _ in range(2):
        res = subprocess.run(
            [sys.executable, "-m", "prompt_budget", "count", *args],
            cwd=work,
            env={**os.environ, "NO_COLOR": "1", "PROMPT_BUDGET_REPLAY": "trace"},
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
        )
        assert REPLAYED not in res.stderr
        assert TRACE + f"not recorded: {reason}" in res.stderr


def test_a_file_changed_in_the_last_two_seconds_is_not_trusted(tmp_path: Path) -> None:
    (tmp_path / "fresh.md").write_text("just written\n", encoding="utf-8")
    for _ in range(2):
        res = count(tmp_path)
        assert res.returncode == 0
        assert any("not recorded:" in line and "changed in the last 2 seconds" in line for line in trace(res))


def test_replay_off(projects: Path) -> None:
    work = projects / "off" / "work"
    count(work, replay="off")
    res = count(work, replay="off")
    assert res.stderr.count(TRACE) == 0
    # Switched off, nothing was recorded: the first traced run has no record.
    assert trace(count(work))[0] == TRACE + "no record of a run with these arguments here"


def _stream_env(unbuffered: bool, replay: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (*NOT_INHERITED, "PYTHONUNBUFFERED")}
    env.update(NO_COLOR="1", PROMPT_BUDGET_REPLAY=replay)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_both_streams_in_one_file_as_buffering_orders_them(projects: Path, unbuffered: bool) -> None:
    """`count ... > log 2>&1`: with standard output buffered (a pipe or a file, the usual case in CI),
    the error line comes out before the table, which waits in the buffer; the replay must do the same."""
    work = projects / "buffered" / "work"
    argv = [sys.executable, "-m", "prompt_budget", "count", "--max-tokens", "10", "."]

    def merged(replay: str) -> tuple[int, str]:
        proc = subprocess.run(
            argv,
            cwd=work,
            env=_stream_env(unbuffered, replay),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        return proc.returncode, proc.stdout

    full = merged("off")
    assert full[0] == 1
    table = full[1].index("tokens by o200k_base")
    error = full[1].index("prompt-budget: error: total")
    assert (error < table) == (not unbuffered)
    assert merged("on") == full  # recorded
    code, replayed = merged("trace")
    assert REPLAYED in replayed
    assert (code, replayed.replace(REPLAYED + "\n", "")) == full


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_a_reader_that_went_away(projects: Path, unbuffered: bool) -> None:
    """Standard output a pipe nobody reads (`| head -1` after its line): the replay ends as a full run
    does, with no traceback."""
    work = projects / "closed_pipe" / "work"
    argv = [sys.executable, "-m", "prompt_budget", "count", "."]

    def closed(replay: str) -> tuple[int, str]:
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            proc = subprocess.run(
                argv,
                cwd=work,
                env=_stream_env(unbuffered, replay),
                stdout=write_end,
                stderr=subprocess.PIPE,
                text=True,
                check=False,
            )
        finally:
            os.close(write_end)
        return proc.returncode, proc.stderr

    for replay in ("on", "on"):  # recorded, and replayed once to be sure
        subprocess.run(argv, cwd=work, env=_stream_env(unbuffered, replay), capture_output=True, check=True)
    full = closed("off")
    assert "Traceback" not in full[1]
    code, err = closed("trace")
    assert REPLAYED in err
    assert (code, untraced(err)) == full


def _dot_dot(project: Path) -> None:
    # work/up/.. is `elsewhere`, not `work`: the link points into elsewhere/inner.
    (project / "elsewhere" / "inner").mkdir(parents=True)
    (project / "elsewhere" / "x.md").write_text("far away " * 10, encoding="utf-8")
    (project / "work" / "x.md").write_text("near\n", encoding="utf-8")
    os.symlink("../elsewhere/inner", project / "work" / "up")


SETUPS["dot_dot"] = _dot_dot


def test_a_path_through_a_link_and_up(projects: Path) -> None:
    """`up/../x.md` is the x.md above the link's target, as the system reads it, not work/x.md."""
    work = projects / "dot_dot" / "work"
    before = recorded_then_replayed(work, "--json", "up/../x.md")
    assert '"chars": 90' in before  # "far away " * 10, the file read
    (projects / "dot_dot" / "elsewhere" / "x.md").write_text("changed", encoding="utf-8")
    after = in_full_and_correct(work, "--json", "up/../x.md", said="x.md changed")
    assert '"chars": 7' in after
