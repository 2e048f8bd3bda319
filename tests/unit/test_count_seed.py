"""A first run's counting started before its paths are known (``count_seed.Seed``): the vocabulary is
loaded in a child at once, the paths are counted there (in a pool forked from it, or by itself) and the
results come back in order; a child that fails, or is not needed, costs nothing but its own work."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from prompt_budget import count_pool
from prompt_budget.count_seed import Seed

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs fork")


class FakeTokenizer:
    """A tokenizer with a vocabulary to load: ``load`` notes the process it ran in (and sleeps, or
    fails in a child, when told to)."""

    parallel = True

    def __init__(self, log: Path, sleep: float = 0.0, fail_in_child: bool = False) -> None:
        self.log, self.sleep, self.fail_in_child = log, sleep, fail_in_child
        self.parent = os.getpid()

    def load(self) -> None:
        with open(self.log, "a", encoding="utf-8") as fh:
            fh.write(f"load {os.getpid()}\n")
        time.sleep(self.sleep)
        if self.fail_in_child and os.getpid() != self.parent:
            raise RuntimeError("no vocabulary here")

    def count(self, text: str) -> int:
        return len(text.split())


def words(path: str) -> tuple[str, int, int]:
    """What a worker makes of one file: its name, its words (by the pool's tokenizer) and the process."""
    tokenizer, payload = count_pool.worker_state()
    text = Path(path).read_text(encoding="utf-8")
    return os.path.basename(path), tokenizer.count(text) + payload, os.getpid()


@pytest.fixture(autouse=True)
def forkable(monkeypatch: pytest.MonkeyPatch) -> None:
    # a thread another test left running would keep the seed from forking
    monkeypatch.setattr(count_pool, "can_fork", lambda: True)


def _files(root: Path, n: int) -> list[str]:
    paths = []
    for i in range(n):
        path = root / f"f{i:03d}.md"
        path.write_text("word " * (i % 17 + 1), encoding="utf-8")
        paths.append(str(path))
    return paths


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_seed_loads_in_a_child_and_gives_what_a_serial_run_gives_in_order(tmp_path: Path) -> None:
    paths = _files(tmp_path, 60)
    tok = FakeTokenizer(tmp_path / "log")
    seed = Seed.start(words, 2, tok, 100)
    assert seed is not None
    results = list(seed.send(paths))
    assert [(name, n) for name, n, _ in results] == [
        (os.path.basename(p), len(Path(p).read_text("utf-8").split()) + 100) for p in paths
    ]
    loaded = (tmp_path / "log").read_text("utf-8").split()
    assert loaded[0] == "load"
    assert loaded[1] != str(os.getpid())  # loaded in the child, not here
    counted_in = {pid for _, _, pid in results}
    assert os.getpid() not in counted_in
    assert int(loaded[1]) not in counted_in  # by the workers the child forked, not by the child


def test_a_seed_whose_child_fails_leaves_the_counting_to_this_process(tmp_path: Path) -> None:
    paths = _files(tmp_path, 20)
    seed = Seed.start(words, 2, FakeTokenizer(tmp_path / "log", fail_in_child=True), 0)
    assert seed is not None
    results = list(seed.send(paths))
    assert [n for _, n, _ in results] == [len(Path(p).read_text("utf-8").split()) for p in paths]
    assert {pid for _, _, pid in results} == {os.getpid()}


def test_a_seed_not_needed_is_stopped_at_once_while_it_still_loads(tmp_path: Path) -> None:
    seed = Seed.start(words, 2, FakeTokenizer(tmp_path / "log", sleep=30), 0)
    assert seed is not None
    pid = seed._pid
    assert pid is not None
    start = time.monotonic()
    seed.close()
    assert time.monotonic() - start < 5  # not waited for: the child is stopped
    assert _gone(pid)  # and reaped: no zombie left
    seed.close()  # twice is harmless


def test_results_not_taken_stop_the_child_and_its_workers(tmp_path: Path) -> None:
    paths = _files(tmp_path, 200)
    seed = Seed.start(words, 2, FakeTokenizer(tmp_path / "log"), 0)
    assert seed is not None
    pid = seed._pid
    assert pid is not None
    results = seed.send(paths)
    first = next(results)
    assert first[0] == "f000.md"
    results.close()
    assert _gone(pid)


def test_no_seed_on_one_core_without_a_vocabulary_or_where_forking_is_unsafe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tok = FakeTokenizer(tmp_path / "log")
    assert Seed.start(words, 1, tok) is None

    class Heuristic:
        parallel = True

        def count(self, text: str) -> int:
            return len(text) // 4

    assert Seed.start(words, 2, Heuristic()) is None
    monkeypatch.setattr(count_pool, "can_fork", lambda: False)
    assert Seed.start(words, 2, tok) is None
    assert not (tmp_path / "log").exists()  # nothing was started


def dies_in_a_worker(path: str) -> str:
    """A worker that dies on one file (killed, say): the payload is the pid of the test's process."""
    _, parent = count_pool.worker_state()
    if os.getpid() != parent and path.endswith("f007.md"):
        os._exit(3)
    return os.path.basename(path)


def test_the_chunks_a_dead_worker_took_are_counted_here_in_their_place(tmp_path: Path) -> None:
    paths = _files(tmp_path, 120)
    seed = Seed.start(dies_in_a_worker, 2, FakeTokenizer(tmp_path / "log"), os.getpid())
    assert seed is not None
    assert list(seed.send(paths)) == [os.path.basename(p) for p in paths]


def test_a_first_count_and_check_of_a_tree_counted_by_the_seed_give_what_a_serial_run_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prompt_budget import files
    from prompt_budget.config import load_config
    from prompt_budget.counting import DiskCache, count_files
    from prompt_budget.tokenizers.bpe import load_bpe

    monkeypatch.setattr(count_pool, "MIN_BYTES", 0)  # any amount of work is worth a pool
    monkeypatch.setattr(count_pool, "MIN_FILES", 1)
    sent: list[int] = []
    real_send = Seed.send

    def spy(self, paths):  # type: ignore[no-untyped-def]
        sent.append(len(paths))
        return real_send(self, paths)

    monkeypatch.setattr(Seed, "send", spy)
    tree = tmp_path / "tree"
    tree.mkdir()
    _files(tree, 40)
    (tree / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "o200k_base"\n[[tool.prompt_budget.files]]\npath = "*.md"\n',
        encoding="utf-8",
    )
    serial = count_files([str(tree)], "o200k_base", None, jobs=1)
    fresh = load_bpe("o200k_base")  # not loaded in this process: a first run loads it in the seed
    assert not fresh.loaded
    seeded = count_files([str(tree)], fresh, DiskCache(tmp_path / "c1"), jobs=2)
    assert sent == [41]  # the forty files and the config, counted by the seed's workers
    assert seeded.rows == serial.rows
    assert not fresh.loaded  # this process never needed it

    config = load_config(None, start=tree)
    by_one = files.check(files.resolve(config), "o200k_base", DiskCache(tmp_path / "c2"), jobs=1)
    fresh = load_bpe("o200k_base")
    head = files.HeadStart(config, DiskCache(tmp_path / "c3"), 2, fresh)
    try:
        fs = files.resolve(config, meanwhile=head.beside_the_walk(), found=head.found)
        by_seed = files.check(fs, fresh, DiskCache(tmp_path / "c3"), jobs=2, ahead=head.ahead)
    finally:
        head.close()
    assert sent == [41, 40]
    assert [(v.subject, v.status, v.usage.tokens) for v in by_seed.verdicts] == [
        (v.subject, v.status, v.usage.tokens) for v in by_one.verdicts
    ]
