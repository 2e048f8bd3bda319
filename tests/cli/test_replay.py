"""The console script replays a ``count`` run whose inputs are unchanged (``replay.py``).

Each test gets a project of its own, written once for the module and left 2 seconds to age (files
changed in the last 2 seconds are never trusted by their stat signature, so a run that reads one is
not recorded). A test runs ``count`` twice (the second run must be replayed and print exactly what
the first printed), changes one input, and runs it again: that run must be made in full and print
what a run with replay switched off prints. ``PROMPT_BUDGET_REPLAY=trace`` says on standard error
which it was.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from cli_run import NOT_INHERITED, run_cli, run_in_pty, run_with_closed_stdout

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
    "broken_link",
    "dot_dot",
    "unreadable_folder",
    "groups",
    "buffered",
    "closed_pipe",
    "shipped_calibration",
    "shipped_models",
    "hf_snapshot",
    "hf_local_folder",
    "calibrated_over_a_plugin",
    "private",
    "evict",
    "interrupted",
    "text_mode",
    "code_edited",
    "full_disk",
    "outline",
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


def test_an_outline_run_is_replayed_until_a_file_changes(projects: Path) -> None:
    work = projects / "outline" / "work"
    before = recorded_then_replayed(work, "--outline", "a.md", "sub")
    assert "# Alpha" in before
    (work / "a.md").write_text("# Alpha\n\n## A new section\n\nwith more words in it.\n", encoding="utf-8")
    after = in_full_and_correct(work, "--outline", "a.md", "sub", said="a.md changed")
    assert "## A new section" in after


def test_the_environment_and_the_arguments_are_part_of_the_key(projects: Path) -> None:
    work = projects / "env" / "work"
    recorded_then_replayed(work)
    # Another value of a variable the output may depend on, and other arguments: no record of that run.
    res = count(work, env={"COLUMNS": "200"})
    assert trace(res)[0] == TRACE + "no record of a run with these arguments here"
    res = count(work, "--json", ".")
    assert trace(res)[0] == TRACE + "no record of a run with these arguments here"
    # Variables that change between shell commands without changing any output do not count.
    res = count(work, env={"OLDPWD": "/somewhere/else", "SHLVL": "7"})
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
    fresh = tmp_path / "fresh.md"
    fresh.write_text("just written\n", encoding="utf-8")
    # Its time is set ahead, so that it is still recent when the run ends however slow the machine
    # (a run taking over 2 s under load left a file written just before it old enough to trust).
    ahead = time.time() + 3600
    os.utime(fresh, (ahead, ahead))
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


# --- inputs found missing by probing the replay ------------------------------------------------------
# `python -m prompt_budget` puts the working folder on sys.path, and so among the recorded inputs: a
# change in `work` itself would be seen through it. These scenarios change what lies elsewhere.


def _broken_link(project: Path) -> None:
    os.symlink("gone.md", project / "work" / "sub" / "broken.md")


SETUPS["broken_link"] = _broken_link


def test_a_broken_link_pointed_elsewhere(projects: Path) -> None:
    """The note about a broken link names its target: pointing it at another missing file changes it."""
    work = projects / "broken_link" / "work"
    recorded_then_replayed(work)
    assert "sub/broken.md: skipped: broken symbolic link (points to gone.md)" in count(work).stderr
    (work / "sub" / "broken.md").unlink()
    os.symlink("lost.md", work / "sub" / "broken.md")
    in_full_and_correct(work, said="broken.md changed")
    assert "sub/broken.md: skipped: broken symbolic link (points to lost.md)" in count(work).stderr


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


def test_unreadable_folder_made_readable(projects: Path) -> None:
    """A folder the walk cannot list is recorded with its permissions: made readable, it is counted."""
    work = projects / "unreadable_folder" / "work"
    prefix = _without_read_rights()
    locked = work / "sub" / "deeper"
    locked.chmod(0)
    try:
        first = run_as(prefix, work, "trace")
        assert TRACE + "recorded " in first.stderr, first.stderr
        assert "d.txt" not in first.stdout  # not listed, so not counted (and not a problem)
        second = run_as(prefix, work, "trace")
        assert REPLAYED in second.stderr
    finally:
        locked.chmod(0o755)
    res = run_as(prefix, work, "trace")
    assert "ran in full: " + str(locked) + " changed" in res.stderr, res.stderr
    same_output(res, run_as(prefix, work, "off"))
    assert "sub/deeper/d.txt" in res.stdout


def test_a_folder_readable_by_a_group_the_user_joins(projects: Path) -> None:
    """A folder only a group may read is skipped by the walk of a user outside that group (as an
    unreadable folder is); in the group (after `newgrp` or under `sg`, with the environment as it was)
    the same command counts its files. The replay printed the count without them."""
    if os.geteuid() != 0:
        pytest.skip("a process's groups are changed by root only")
    prefix = _without_read_rights()
    work = projects / "groups" / "work"
    locked = work / "sub" / "deeper"
    os.chown(locked, 54321, 54321)
    locked.chmod(0o750)
    outside, inside = (*prefix, "--clear-groups"), (*prefix, "--groups=54321")
    try:
        first = run_as(outside, work, "trace")
        assert TRACE + "recorded " in first.stderr, first.stderr
        assert "d.txt" not in first.stdout
        assert REPLAYED in run_as(outside, work, "trace").stderr
        res = run_as(inside, work, "trace")
        assert REPLAYED not in res.stderr
        same_output(res, run_as(inside, work, "off"))
        assert "sub/deeper/d.txt" in res.stdout
    finally:
        os.chown(locked, 0, 0)
        locked.chmod(0o755)


def _without_read_rights() -> tuple[str, ...]:
    """A command prefix under which permissions hold: none for a user, and for root ``setpriv``
    without the capabilities that bypass them (skipped where that cannot be done)."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    prefix = (setpriv or "setpriv", "--bounding-set=-dac_override,-dac_read_search")
    if setpriv is None or subprocess.run([*prefix, "true"], capture_output=True, check=False).returncode:
        pytest.skip("running as root without a way to drop the capabilities that bypass permissions")
    return prefix


def run_as(prefix: tuple[str, ...], work: Path, replay: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env.update(NO_COLOR="1", PROMPT_BUDGET_REPLAY=replay)
    return subprocess.run(
        [*prefix, sys.executable, "-m", "prompt_budget", "count", "."],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


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
@pytest.mark.parametrize(("limit", "verdict"), [("100k", 0), ("10", 1)], ids=["within", "over"])
def test_a_reader_that_went_away(projects: Path, unbuffered: bool, limit: str, verdict: int) -> None:
    """Standard output a pipe nobody reads (`| head -1` after its line): the run, and its replay, end
    quietly with the verdict's exit code. An over-budget run is never an exit 0 (a CI step with
    `set -o pipefail` must fail), nor a Python error about the pipe (exit 120)."""
    work = projects / "closed_pipe" / "work"
    argv = [sys.executable, "-m", "prompt_budget", "count", "--max-tokens", limit, "."]

    def closed(replay: str) -> tuple[int, str]:
        return run_with_closed_stdout(*argv[3:], cwd=work, env=_stream_env(unbuffered, replay))

    for replay in ("on", "on"):  # recorded, and replayed once to be sure
        subprocess.run(argv, cwd=work, env=_stream_env(unbuffered, replay), capture_output=True, check=False)
    full = closed("off")
    assert full[0] == verdict, full[1]
    assert "Traceback" not in full[1]
    assert "Exception ignored" not in full[1]
    code, err = closed("trace")
    assert REPLAYED in err
    assert (code, untraced(err)) == full


def _copy_of_the_package(project: Path) -> None:
    import prompt_budget

    shutil.copytree(
        Path(prompt_budget.__file__).parent,
        project / "site" / "prompt_budget",
        ignore=shutil.ignore_patterns("__pycache__"),
    )


def _calibrated_claude(project: Path) -> None:
    _copy_of_the_package(project)
    config = 'tokenizer = "calibrated:claude"\n'
    (project / "work" / "prompt_budget.toml").write_text(config, encoding="utf-8")


def _gpt_4o(project: Path) -> None:
    _copy_of_the_package(project)
    (project / "work" / "prompt_budget.toml").write_text('model = "gpt-4o"\n', encoding="utf-8")


SETUPS["shipped_calibration"] = _calibrated_claude
SETUPS["shipped_models"] = _gpt_4o


def _double_the_weights(data: Path) -> None:
    path = data / "calibrations" / "claude.json"
    blob = json.loads(path.read_text(encoding="utf-8"))
    blob["weights"] = {name: weight * 2 for name, weight in blob["weights"].items()}
    path.write_text(json.dumps(blob), encoding="utf-8")


def _gpt_4o_by_cl100k(data: Path) -> None:
    path = data / "models.json"
    blob = json.loads(path.read_text(encoding="utf-8"))
    blob["models"]["gpt-4o"]["encoding"] = "cl100k_base"
    path.write_text(json.dumps(blob), encoding="utf-8")


@pytest.mark.parametrize(
    ("scenario", "change", "said"),
    [
        ("shipped_calibration", _double_the_weights, "claude.json changed"),
        ("shipped_models", _gpt_4o_by_cl100k, "models.json changed"),
    ],
)
def test_the_package_data_files(
    projects: Path, scenario: str, change: Callable[[Path], None], said: str
) -> None:
    """The shipped calibrations and the model table are read like the code: in a checkout (an
    editable install) they are edited like it, and change what is counted."""
    site = projects / scenario / "site"
    env = {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    work = projects / scenario / "work"
    before = recorded_then_replayed(work, env=env)
    change(site / "prompt_budget" / "data")
    after = in_full_and_correct(work, said=said, env=env)
    assert after != before


def _write_tokenizer(path: Path, *, split_punctuation: bool) -> None:
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace, WhitespaceSplit

    tok = Tokenizer(WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
    # Every word is one token ([UNK]): what differs is what a word is ("f(x):" is one or four).
    tok.pre_tokenizer = Whitespace() if split_punctuation else WhitespaceSplit()
    path.parent.mkdir(parents=True, exist_ok=True)
    tok.save(str(path))


def _hub(project: Path) -> None:
    """A Hugging Face cache holding acme/tiny: refs/main names a snapshot whose download has not got
    to tokenizer.json yet, so the older snapshot's is used."""
    try:
        import tokenizers  # noqa: F401
    except ImportError:
        return
    repo = project / "hub" / "models--acme--tiny"
    _write_tokenizer(repo / "snapshots" / "old" / "tokenizer.json", split_punctuation=False)
    (repo / "snapshots" / "new").mkdir()
    (repo / "snapshots" / "new" / "config.json").write_text("{}", encoding="utf-8")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("new", encoding="utf-8")


def _hub_and_a_local_folder(project: Path) -> None:
    _hub(project)
    (project / "work" / "acme" / "tiny").mkdir(parents=True)  # a folder of that name, without one


SETUPS["hf_snapshot"] = _hub
SETUPS["hf_local_folder"] = _hub_and_a_local_folder


@pytest.mark.parametrize(
    ("scenario", "new_file"),
    [
        ("hf_snapshot", "hub/models--acme--tiny/snapshots/new/tokenizer.json"),
        ("hf_local_folder", "work/acme/tiny/tokenizer.json"),
    ],
)
def test_hf_a_tokenizer_json_that_arrives(projects: Path, scenario: str, new_file: str) -> None:
    """`hf:acme/tiny` uses the first tokenizer.json found: one that arrives where it is looked for first
    (the pinned snapshot, a folder of that name) replaces the one in use."""
    pytest.importorskip("tokenizers")
    work = projects / scenario / "work"
    env = {"HF_HUB_CACHE": str(projects / scenario / "hub")}
    args = ("--json", "-t", "hf:acme/tiny", "sub/c.md")
    before = recorded_then_replayed(work, *args, env=env)
    # sub/c.md is "def f(x):\n    return {'key': [x, x * 2]}\n": 8 words between spaces.
    assert '"tokens": 8' in before
    _write_tokenizer(projects / scenario / new_file, split_punctuation=True)
    after = in_full_and_correct(work, *args, said="tokenizer.json changed", env=env)
    # def f ( x ): return {' key ': [ x , x * 2 ]}: 16 words and runs of punctuation.
    assert '"tokens": 16' in after


#: A third-party tokenizer plugin found through its entry point: `acme:words` counts each word as as
#: many tokens as its model file (factor.txt, which no run notes) says.
ACME_WORDS = """
import hashlib, os
from prompt_budget.hookspecs import hookimpl

class Words:
    exact = True
    def __init__(self):
        with open(os.path.join(os.path.dirname(__file__), "factor.txt"), "rb") as fh:
            raw = fh.read()
        self.factor = int(raw)
        self.name = "acme:words"
        self.cache_key = "acme:words@" + hashlib.sha256(raw).hexdigest()[:12]
    def count(self, text): return self.factor * len(text.split())
    def count_many(self, texts): return [self.count(t) for t in texts]
    def encode(self, text): raise NotImplementedError
    def decode(self, tokens): raise NotImplementedError

@hookimpl
def prompt_budget_get_tokenizer(spec):
    return Words() if spec == "acme:words" else None

@hookimpl
def prompt_budget_tokenizer_specs():
    return ["acme:words"]
"""


def _calibrated_over_a_plugin(project: Path) -> None:
    from prompt_budget.calibrate import base_feature_names

    plugin = project / "plugin"
    (plugin / "acme_words-1.0.dist-info").mkdir(parents=True)
    (plugin / "acme_words.py").write_text(ACME_WORDS, encoding="utf-8")
    (plugin / "factor.txt").write_text("1", encoding="utf-8")
    meta = plugin / "acme_words-1.0.dist-info"
    metadata = "Metadata-Version: 2.1\nName: acme-words\nVersion: 1.0\n"
    (meta / "METADATA").write_text(metadata, encoding="utf-8")
    (meta / "entry_points.txt").write_text("[prompt_budget]\nacme_words = acme_words\n", encoding="utf-8")
    weights = {name: 1.0 for name in base_feature_names()}
    weights["one"] = 0.0  # the estimate is the base's count
    calibration = {"format": 1, "kind": "base", "base": "acme:words", "weights": weights}
    (project / "work" / "words.json").write_text(json.dumps(calibration), encoding="utf-8")


SETUPS["calibrated_over_a_plugin"] = _calibrated_over_a_plugin


def test_a_calibration_over_a_tokenizer_that_is_not_local(projects: Path) -> None:
    """A calibration fitted over a base tokenizer counts with that base: over a plugin's, whose files
    no run notes, the run is not recorded, as a run with the plugin's own spec is not. It was, and a
    replay printed the count of the plugin's old model file."""
    project = projects / "calibrated_over_a_plugin"
    work = project / "work"
    env = {"PYTHONPATH": os.pathsep.join([str(project / "plugin"), os.environ.get("PYTHONPATH", "")])}
    args = ("--json", "-t", "calibrated:words.json", "sub/c.md")
    for _ in range(2):
        before = count(work, *args, env=env)
        assert trace(before)[-1] == TRACE + "not recorded: the tokenizer acme:words is not local"
    assert '"total": 8' in before.stdout  # 8 words between spaces, 1 token each
    (project / "plugin" / "factor.txt").write_text("3", encoding="utf-8")
    after = count(work, *args, env=env)
    assert REPLAYED not in after.stderr
    same_output(after, count(work, *args, env=env, replay="off"))
    assert '"total": 24' in after.stdout


def test_records_in_a_folder_others_can_write_to_are_not_used(projects: Path, tmp_path: Path) -> None:
    """A record is output the command will print: one another user could have written is ignored."""
    work = projects / "private" / "work"
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    recorded_then_replayed(work, env=env)
    runs = tmp_path / "cache" / "prompt-budget" / "runs"
    runs.chmod(0o777)
    res = count(work, env=env)
    assert TRACE + f"not replayed: {runs} is not private to this user" in res.stderr
    assert REPLAYED not in res.stderr
    same_output(res, count(work, replay="off"))


def test_the_oldest_records_and_abandoned_temporary_files_are_removed(projects: Path, tmp_path: Path) -> None:
    work = projects / "evict" / "work"
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    runs = tmp_path / "cache" / "prompt-budget" / "runs"
    runs.mkdir(parents=True)
    runs.chmod(0o700)
    long_ago = time.time() - 7200
    for i in range(70):  # records of other runs, the oldest first
        old = runs / f"{i:016x}.run"
        old.write_bytes(b"an older record")
        os.utime(old, (long_ago + i, long_ago + i))
    abandoned = runs / "ffffffffffffffff.run.123.tmp"  # a run killed while writing, two hours ago
    abandoned.write_bytes(b"half a record")
    os.utime(abandoned, (long_ago, long_ago))
    in_progress = runs / "eeeeeeeeeeeeeeee.run.456.tmp"  # another run writing now
    in_progress.write_bytes(b"being written")
    recorded_then_replayed(work, env=env)
    left = sorted(p.name for p in runs.glob("*.run"))
    assert len(left) == 64  # MAX_RECORDS: this run's record and the 63 newest of the others
    assert [f"{i:016x}.run" for i in range(7, 70)] == [n for n in left if n.startswith("0000")]
    assert not abandoned.exists()
    assert in_progress.exists()


def test_ctrl_c_while_a_record_is_checked_is_interrupted(projects: Path, tmp_path: Path) -> None:
    """Ctrl-C before a replay prints (checking a large tree's record takes a while) ends the run as
    Ctrl-C during a full run does: one line and exit 130, no traceback. The record is swapped for a
    FIFO, so the replay waits in reading it for as long as the test needs."""
    work = projects / "interrupted" / "work"
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    recorded_then_replayed(work, env=env)
    (record,) = (tmp_path / "cache" / "prompt-budget" / "runs").glob("*.run")
    record.unlink()
    os.mkfifo(record)
    full_env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    full_env.update(NO_COLOR="1", **env)
    proc = subprocess.Popen(
        [sys.executable, "-m", "prompt_budget", "count", "."],
        cwd=work,
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    writer = None
    try:
        deadline = time.monotonic() + 60
        while writer is None:  # ENXIO until the replay has the FIFO open for reading
            try:
                writer = os.open(record, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                assert proc.poll() is None, "the run ended without reading the record"
                assert time.monotonic() < deadline, "the replay never opened the record"
                time.sleep(0.01)
        proc.send_signal(signal.SIGINT)  # it now waits for the record's bytes
        out, err = proc.communicate(timeout=60)
    finally:
        if writer is not None:
            os.close(writer)
        proc.kill()
    assert (proc.returncode, out, err) == (130, "", "prompt-budget: error: interrupted\n")


#: The console script as on Windows, where a descriptor from ``os.open`` is in text mode unless opened
#: with ``O_BINARY`` and the C runtime writes each newline byte as two: the shim adds the flag's value
#: and, for a record written without it, does to the file what that runtime would have done.
TEXT_MODE_SHIM = """
import os, sys
os.O_BINARY = 0x8000
real_open, real_replace, text_mode = os.open, os.replace, set()
def fake_open(path, flags, mode=0o777, *, dir_fd=None):
    if str(path).endswith('.tmp') and '.run.' in str(path) and not flags & os.O_BINARY:
        text_mode.add(os.fspath(path))
    return real_open(path, flags & ~os.O_BINARY, mode, dir_fd=dir_fd)
def fake_replace(src, dst, **kw):
    if os.fspath(src) in text_mode:
        with open(src, 'rb') as fh:
            data = fh.read()
        with open(src, 'wb') as fh:
            fh.write(data.replace(b'\\n', b'\\r\\n'))
    return real_replace(src, dst, **kw)
os.open, os.replace = fake_open, fake_replace
from prompt_budget.replay import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_record_written_where_descriptors_default_to_text_mode(projects: Path) -> None:
    """On Windows the record is still written byte for byte, and so replayed."""
    work = projects / "text_mode" / "work"
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env.update(NO_COLOR="1", PROMPT_BUDGET_REPLAY="trace")

    def run() -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-c", TEXT_MODE_SHIM, "count", "."]
        return subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, check=False)

    first = run()
    assert any(line.startswith(TRACE + "recorded ") for line in trace(first)), first.stderr
    second = run()
    assert trace(second) == [REPLAYED], second.stderr
    same_output(first, second)


#: The console script, with the package's code edited while the run goes on: once the count is done,
#: cli.py's table title changes, and the run ends more than 2 seconds later (a long count).
EDITED_DURING_THE_RUN = """
import sys, time
from pathlib import Path
from prompt_budget import cli, replay
real_main = cli.main
def main(args):
    code = real_main(args)
    source = Path(cli.__file__)
    source.write_text(source.read_text(encoding='utf-8').replace('"tokens by', '"TOKENS BY'), encoding='utf-8')
    time.sleep(2.1)
    return code
cli.main = main
sys.exit(replay.main(sys.argv[1:]))
"""

SETUPS["code_edited"] = _copy_of_the_package


def test_code_edited_during_the_run_is_not_vouched_for(projects: Path) -> None:
    """A module changed after the run began may have run in its old form: the run is not recorded,
    and the next one prints what the new code prints."""
    work = projects / "code_edited" / "work"
    site = projects / "code_edited" / "site"
    env = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env.update(NO_COLOR="1", PROMPT_BUDGET_REPLAY="trace")
    env["PYTHONPATH"] = os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])
    argv = [sys.executable, "-c", EDITED_DURING_THE_RUN, "count", "."]
    first = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, check=False)
    assert "tokens by o200k_base" in first.stdout, first.stderr
    assert TRACE + f"not recorded: {site / 'prompt_budget' / 'cli.py'} changed during the run" in first.stderr
    second = count(work, env={"PYTHONPATH": env["PYTHONPATH"]})
    assert REPLAYED not in second.stderr
    assert "TOKENS BY o200k_base" in second.stdout


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_output_that_cannot_be_written_is_one_line_and_exit_2(projects: Path) -> None:
    """`prompt-budget count . > /dev/full` (a full disk): one line on stderr, exit code 2, no
    traceback, whether the run is made in full or replayed."""
    work = projects / "full_disk" / "work"
    recorded_then_replayed(work)
    for replay, said in (("off", None), ("trace", REPLAYED)):
        with open("/dev/full", "w") as full:
            proc = subprocess.run(
                [sys.executable, "-m", "prompt_budget", "count", "."],
                cwd=work,
                env={**os.environ, "NO_COLOR": "1", "PROMPT_BUDGET_REPLAY": replay},
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                check=False,
            )
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr
        assert proc.stderr.splitlines()[-1] == (
            "prompt-budget: error: cannot write the output: No space left on device"
        )
        assert said is None or said in proc.stderr
