"""A first run's serial work overlapped: a long walk finishes in a child process while this one loads
the vocabulary (``count_pool.drain_beside``), with the same paths, in the same order, and the same
errors as a walk done here."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from prompt_budget import count_pool
from prompt_budget.counting import DiskCache, count_files
from prompt_budget.errors import ConfigError
from prompt_budget.walk import iter_paths

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs fork")


@pytest.fixture(autouse=True)
def short_walks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(count_pool, "HAND_OFF_AFTER", 5)
    # a thread another test left running would make the walk stay here (the child only walks)
    monkeypatch.setattr(count_pool, "can_fork", lambda: True)


def _tree(root: Path, files: int) -> None:
    for i in range(files):
        sub = root / f"d{i % 3}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"f{i:03d}.md").write_text(f"file {i} " * (i + 1), encoding="utf-8")


def _pids(paths: Iterator[str], log: Path) -> Iterator[str]:
    """``paths``, noting the process that walks each one."""
    for path in paths:
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()}\n")
        yield path


def test_the_rest_of_a_long_walk_comes_from_a_child_while_this_process_loads(tmp_path: Path) -> None:
    _tree(tmp_path / "t", 20)
    if sys.platform != "win32":  # a name that is not UTF-8 comes back as it was walked
        (tmp_path / "t" / "d2" / os.fsdecode(b"z\xff.md")).write_bytes(b"odd name")
    expected = list(iter_paths(tmp_path / "t"))
    loaded: list[int] = []
    log = tmp_path / "pids"
    got = count_pool.drain_beside(_pids(iter_paths(tmp_path / "t"), log), lambda: loaded.append(os.getpid()))
    assert got == expected
    assert loaded == [os.getpid()]
    pids = log.read_text(encoding="utf-8").split()
    assert len(pids) == len(expected) == 21
    assert set(pids[:5]) == {str(os.getpid())}
    assert len(set(pids[5:])) == 1
    assert pids[5] != str(os.getpid())


def test_a_short_walk_stays_here_and_loads_nothing(tmp_path: Path) -> None:
    _tree(tmp_path / "t", 4)
    loaded: list[int] = []
    got = count_pool.drain_beside(iter_paths(tmp_path / "t"), lambda: loaded.append(1))
    assert got == list(iter_paths(tmp_path / "t"))
    assert loaded == []


def test_a_walk_that_fails_in_the_child_raises_here_as_it_would_have(tmp_path: Path) -> None:
    def walk() -> Iterator[str]:
        for i in range(12):
            yield f"/x/{i}"
        raise ConfigError("cannot open the folder: permission denied", file="/x/locked")

    with pytest.raises(ConfigError, match="permission denied"):
        count_pool.drain_beside(walk(), lambda: None)


def test_a_failing_preparation_is_left_to_the_real_use(tmp_path: Path) -> None:
    _tree(tmp_path / "t", 12)

    def broken() -> None:
        raise RuntimeError("no vocabulary here")

    assert count_pool.drain_beside(iter_paths(tmp_path / "t"), broken) == list(iter_paths(tmp_path / "t"))


def test_a_first_count_with_the_walk_handed_off_is_a_serial_count(tmp_path: Path) -> None:
    _tree(tmp_path / "t", 30)
    (tmp_path / "t" / "d0" / "binary.md").write_bytes(b"\x00\x01")
    serial = count_files([str(tmp_path / "t")], "o200k_base", None, jobs=1)
    handed = count_files([str(tmp_path / "t")], "o200k_base", DiskCache(tmp_path / "c"), jobs=2)
    assert handed.rows == serial.rows
    assert handed.said == serial.said
    assert len(serial.rows) == 30


def test_a_task_beside_the_body_is_done_by_a_child_before_the_block_is_left(tmp_path: Path) -> None:
    done = tmp_path / "done"
    printed: list[int] = []
    with count_pool.beside(lambda: done.write_text(str(os.getpid()), encoding="utf-8")):
        printed.append(os.getpid())
    assert printed == [os.getpid()]
    assert done.read_text(encoding="utf-8") not in ("", str(os.getpid()))  # written, by another process


def test_a_task_that_fails_in_the_child_is_run_here(tmp_path: Path) -> None:
    runs: list[int] = []

    def task() -> None:
        runs.append(os.getpid())
        if len(runs) == 1 and os.getpid() != here:
            raise OSError("the child could not write")

    here = os.getpid()
    with count_pool.beside(task):
        pass
    assert runs == [here]  # the child's attempt is not in this process's list; this one ran


def test_a_large_first_count_writes_its_cache_beside_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_budget.cli import count as count_command
    from prompt_budget.cli import main

    _tree(tmp_path / "t", 12)
    monkeypatch.setattr(count_command, "SAVE_BESIDE", 10)
    monkeypatch.chdir(tmp_path / "t")
    forks: list[bool] = []
    real = count_pool.beside

    def spy(task, fork=True):  # type: ignore[no-untyped-def]
        forks.append(fork)
        return real(task, fork)

    monkeypatch.setattr(count_pool, "beside", spy)
    assert main(["count", "--json", "--jobs", "1"]) == 0
    assert forks == [True]
    cold = capsys.readouterr().out
    cache = json.loads((tmp_path / "t" / ".prompt-budget" / "cache" / "counts-v1.json").read_text("utf-8"))
    assert len(cache["entries"]) == 12
    assert main(["count", "--json", "--jobs", "1"]) == 0
    assert capsys.readouterr().out == cold
