"""Fault injection on the baseline file: writers killed midway, writers running at once, files the tool
does not own, files that are not files, and documents no writer of ours produces."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prompt_budget import ConfigError
from prompt_budget.baseline import Baseline, BaselineEntry, load_baseline, save_baseline

SRC = str(Path(__file__).resolve().parents[2] / "src")


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and SIGKILL are POSIX's")


def entry(tokens: int) -> BaselineEntry:
    return BaselineEntry(tokens, "chars4", "file")


def python(code: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], env=env)


@posix_only
def test_a_writer_killed_midway_leaves_a_whole_baseline_and_its_temporaries_are_cleaned(
    tmp_path: Path,
) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(Baseline({"start": entry(1)}), path)
    # The writer says when it is ready; on even rounds it is also stopped just before the rename (the
    # temporary file written, the baseline not yet replaced), on odd ones killed wherever it is.
    writer = f"""
        import os, sys, time
        from prompt_budget.baseline import Baseline, BaselineEntry, save_baseline
        big = {{f"skills/s{{i}}/SKILL.md": BaselineEntry(i, "chars4", "file") for i in range(5_000)}}
        if sys.argv[1] == "stop":
            def replace(src, dst):
                print("in-write", flush=True)
                time.sleep(60)
            os.replace = replace
        print("ready", flush=True)
        n = 0
        while True:
            n += 1
            save_baseline(Baseline({{**big, "n": BaselineEntry(n, "chars4", "file")}}), {str(path)!r})
    """
    env = {**os.environ, "PYTHONPATH": SRC}
    left_behind = 0
    for kill in range(6):
        how = "stop" if kill % 2 == 0 else "run"
        proc = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(writer), how], env=env, stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        if how == "stop":
            assert proc.stdout.readline() == "in-write\n"
        else:
            time.sleep(0.05 * kill)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        left_behind += len(list(tmp_path.glob(".baseline.json.*.tmp")))
        # whatever the moment of the kill, the file is the old baseline or a new one, whole
        stored = load_baseline(path)
        assert stored is not None
        assert set(stored.entries) == {"start"} or len(stored.entries) == 5_001
    assert left_behind >= 3
    save_baseline(Baseline({"after": entry(2)}), path)
    assert list(tmp_path.glob(".baseline.json.*.tmp")) == []  # the next write cleaned them up
    assert sorted(p.name for p in tmp_path.iterdir()) == ["baseline.json"]


def test_two_concurrent_updaters_keep_each_others_entries(tmp_path: Path) -> None:
    """Two runs updating the one baseline at once (two ``-k`` subsets), started together: every entry
    of both is kept. (Reading and saving without the lock, one run's entries are lost here.)"""
    path, go = tmp_path / "baseline.json", tmp_path / "go"
    updater = """
        import os, sys, time
        from prompt_budget.baseline import BaselineEntry, modify_baseline, update
        who, path, go = sys.argv[1:]
        print("ready", flush=True)
        while not os.path.exists(go):
            time.sleep(0.002)
        for i in range(40):
            measured = {f"{who}-{i}": BaselineEntry(i, "chars4", "check")}
            modify_baseline(path, lambda now: update(now, measured)[0])
    """
    env = {**os.environ, "PYTHONPATH": SRC}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(updater), who, str(path), str(go)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for who in ("a", "b")
    ]
    for p in procs:
        assert p.stdout is not None
        assert p.stdout.readline() == "ready\n"
    go.touch()
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    for p in procs:
        assert p.stdout is not None
        p.stdout.close()
    stored = load_baseline(path)
    assert stored is not None
    assert sorted(stored.entries) == sorted(f"{who}-{i}" for who in ("a", "b") for i in range(40))


def test_two_concurrent_pytest_updates_keep_both_runs_entries(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_budgets="""
        import time

        def test_alpha(prompt_budget):
            prompt_budget.check("alpha " * 50, max_tokens=1000)
            time.sleep(0.5)

        def test_beta(prompt_budget):
            prompt_budget.check("beta " * 80, max_tokens=1000)
            time.sleep(0.5)
        """
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    runs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-p",
                "no:xdist",
                "--prompt-budget-update",
                "-k",
                k,
            ],
            cwd=pytester.path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for k in ("alpha", "beta")
    ]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    stored = json.loads((pytester.path / ".prompt-budget" / "baseline.json").read_text(encoding="utf-8"))
    assert sorted(stored["entries"]) == [
        "test_budgets.py::test_alpha::prompt",
        "test_budgets.py::test_beta::prompt",
    ]


@posix_only
def test_a_baseline_that_is_a_named_pipe_is_refused_without_opening(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text(
        '[[files]]\npath = "*.md"\nmax_tokens = 100\n', encoding="utf-8"
    )
    (tmp_path / "a.md").write_text("hello", encoding="utf-8")
    (tmp_path / ".prompt-budget").mkdir()
    os.mkfifo(tmp_path / ".prompt-budget" / "baseline.json")
    for action in ("compare", "update"):
        # a subprocess with a timeout: a regression would block on opening the pipe
        done = run_cli("baseline", action, cwd=tmp_path, in_process=False, timeout=30)
        assert done.returncode == 2
        assert (
            "baseline.json: is a named pipe (FIFO), not a baseline JSON file; it is not opened" in done.stderr
        )
    with pytest.raises(ConfigError, match="is a named pipe"):
        save_baseline(Baseline({"a": entry(1)}), tmp_path / ".prompt-budget" / "baseline.json")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{\n<<<<<<< HEAD\n  "entries": {},\n=======\n  "entries": {"a": 1},\n>>>>>>> branch\n}\n',
            "it holds git conflict markers",
        ),
        (
            '{"schema": "prompt-budget-baseline", "version": 99, "entries": {}}',
            "written by a newer prompt-budget",
        ),
        ('{"schema": "another-tool", "version": 1}', "not a prompt-budget baseline"),
    ],
)
def test_a_baseline_the_tool_does_not_own_is_never_overwritten(
    tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "prompt_budget.toml").write_text(
        '[[files]]\npath = "*.md"\nmax_tokens = 100\n', encoding="utf-8"
    )
    (tmp_path / "a.md").write_text("hello", encoding="utf-8")
    baseline = tmp_path / ".prompt-budget" / "baseline.json"
    baseline.parent.mkdir()
    baseline.write_text(text, encoding="utf-8")
    done = run_cli("baseline", "update", cwd=tmp_path)
    assert done.returncode == 2
    assert message in done.stderr
    assert baseline.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("depth", [150, 100_000])
def test_a_baseline_nested_too_deeply_is_an_error_not_a_recursion_error(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "baseline.json"
    path.write_text('{"entries": {"a": ' + "[" * depth + "]" * depth + "}}", encoding="utf-8")
    with pytest.raises(ConfigError, match="nested more than 100 levels deep"):
        load_baseline(path)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
entries = st.dictionaries(
    st.text(max_size=8),
    st.fixed_dictionaries(
        {},
        optional={
            "tokens": json_values | st.integers(min_value=-5, max_value=10**20),
            "tokenizer": json_values,
            "kind": json_values,
        },
    )
    | json_values,
    max_size=3,
)
documents = st.fixed_dictionaries(
    {},
    optional={
        "schema": st.sampled_from(["prompt-budget-baseline", "x"]) | json_values,
        "version": st.sampled_from([0, 1, 2]) | json_values,
        "entries": entries | json_values,
        "tokenizer": json_values,
        "tokens": json_values,
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=documents | json_values)
def test_a_baseline_document_is_read_whole_or_refused(tmp_path: Path, doc: object) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    files: list[str | None] = []
    try:
        stored = load_baseline(path)
    except ConfigError as exc:
        files.append(exc.file)
    if files:
        assert files == [str(path)]
        return
    assert stored is not None
    for cid, e in stored.entries.items():
        assert isinstance(cid, str)
        assert isinstance(e.tokens, int)
        assert not isinstance(e.tokens, bool)
        assert e.tokens >= 0
        assert isinstance(e.tokenizer, str)
        assert e.tokenizer


def test_a_run_that_only_reads_removes_stale_temporaries_but_not_a_live_writers(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(Baseline({"a": entry(1)}), path)
    stale, live = tmp_path / ".baseline.json.killed.tmp", tmp_path / ".baseline.json.live.tmp"
    stale.write_text("{", encoding="utf-8")
    live.write_text("{", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    assert load_baseline(path) == Baseline({"a": entry(1)})
    assert sorted(p.name for p in tmp_path.iterdir()) == [".baseline.json.live.tmp", "baseline.json"]
