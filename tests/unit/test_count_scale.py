"""Counting at scale: the count cache checked on read and merged under a lock, the in-memory cache
bounded in bytes, many files on every core in the order of a serial run, a progress bar on terminals,
and backends that neither slow down on nor crash on long pieces."""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import pty
import time
from pathlib import Path

import pytest
from test_counting import CountingTokenizer

import prompt_budget
from prompt_budget import count_cache, count_pool, get_tokenizer
from prompt_budget.cli import main
from prompt_budget.cli import progress as progress_module
from prompt_budget.count_seed import Seed
from prompt_budget.counting import CACHE_FILE, DiskCache, count_files, count_path
from prompt_budget.errors import ConfigError, PromptBudgetError
from prompt_budget.tokenizers import CachedTokenizer
from prompt_budget.tokenizers.bpe import BPETokenizer

HELLO = "hello world"
HELLO_TOKENS = 2  # o200k_base: "hello", " world"


# --- the on-disk cache: checked on read, merged under a lock, temporaries cleaned -------------------


def _cached_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, dict[str, object]]:
    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    doc = tmp_path / "a.md"
    doc.write_text(HELLO, encoding="utf-8")
    folder = tmp_path / "cache"
    cache = DiskCache(folder)
    assert count_path(doc, "o200k_base", cache).tokens == HELLO_TOKENS
    cache.save()
    return doc, folder, json.loads((folder / CACHE_FILE).read_text(encoding="utf-8"))


@pytest.mark.parametrize("bad", [-100, "7", True, 2.0, None, [2]])
def test_a_bad_count_in_the_cache_is_dropped_and_recounted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad: object
) -> None:
    doc, folder, blob = _cached_once(tmp_path, monkeypatch)
    entries = blob["entries"]
    assert isinstance(entries, dict)
    (digest,) = entries
    entries[digest]["o200k_base"] = bad
    (folder / CACHE_FILE).write_text(json.dumps(blob), encoding="utf-8")
    cache = DiskCache(folder)
    fc = count_path(doc, "o200k_base", cache)
    assert (fc.tokens, fc.cached) == (HELLO_TOKENS, False)
    cache.save()  # the recount replaces the bad entry
    again = json.loads((folder / CACHE_FILE).read_text(encoding="utf-8"))
    assert again["entries"][digest]["o200k_base"] == HELLO_TOKENS


@pytest.mark.parametrize(
    "entry",
    [
        "not a list",
        [1, 2, 3],
        [1, 2, 3, 4, 5, "digest", -1, []],
        [1, 2, 3, 4, 5, 6, 11, []],
        [1, 2, 3, 4, 5, "digest", 11, "notes"],
        ["1", 2, 3, 4, 5, "digest", 11, []],
    ],
)
def test_a_file_entry_of_the_wrong_shape_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entry: object
) -> None:
    doc, folder, blob = _cached_once(tmp_path, monkeypatch)
    files = blob["files"]
    assert isinstance(files, dict)
    files[str(doc)] = entry
    blob["entries"] = {"digest": "not a mapping"}
    (folder / CACHE_FILE).write_text(json.dumps(blob), encoding="utf-8")
    cache = DiskCache(folder)
    assert count_path(doc, "o200k_base", cache).tokens == HELLO_TOKENS
    cache.save()  # merging with the bad entries on disk does not crash either
    assert count_path(doc, "o200k_base", DiskCache(folder)).tokens == HELLO_TOKENS


def _writer(folder: str, tag: str, rounds: int) -> None:
    for i in range(rounds):
        cache = DiskCache(Path(folder))
        cache.put("k", f"{tag}-{i}", i)
        cache.save()


def test_two_writers_at_once_keep_both_entries(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    context = multiprocessing.get_context("fork")
    procs = [context.Process(target=_writer, args=(str(folder), tag, 25)) for tag in ("a", "b")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    entries = json.loads((folder / CACHE_FILE).read_text(encoding="utf-8"))["entries"]
    assert sorted(entries) == sorted(f"{tag}-{i}" for tag in "ab" for i in range(25))


def test_temporary_files_of_a_killed_writer_are_removed(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    old = folder / ".counts-killed.tmp"
    young = folder / ".counts-writing.tmp"
    for f in (old, young):
        f.write_text("{", encoding="utf-8")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    cache = DiskCache(folder)
    assert cache.get("k", "d") is None  # reading the cache removes what is old
    assert not old.exists()
    assert young.exists()  # perhaps another run's write in progress
    cache.put("k", "d", 1)
    cache.save()  # under the lock, no write is in progress: every temporary goes
    assert not young.exists()
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) == []


# --- the in-memory cache, bounded in bytes -------------------------------------------------------------


def test_the_memory_cache_is_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMPT_BUDGET_MEMORY_CACHE_MB", "1")
    inner = CountingTokenizer()
    tok = CachedTokenizer(inner)
    texts = [chr(ord("a") + i) * 300_000 for i in range(10)]  # 300 KB each: three fit in 1 MB
    for t in texts:
        assert tok.count(t) == 300_000
    assert tok._bytes <= 1 << 20
    inner.calls.clear()
    tok.count(texts[-1])  # kept
    tok.count(texts[0])  # evicted long ago
    assert [len(t) for t in inner.calls] == [300_000]


def test_a_memory_cache_bound_of_zero_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMPT_BUDGET_MEMORY_CACHE_MB", "0")
    inner = CountingTokenizer()
    tok = CachedTokenizer(inner)
    tok.count("x" * 5000)
    tok.count("x" * 5000)
    assert [len(t) for t in inner.calls] == [5000, 5000]


def test_a_bad_memory_cache_bound_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMPT_BUDGET_MEMORY_CACHE_MB", "lots")
    with pytest.raises(ConfigError, match="PROMPT_BUDGET_MEMORY_CACHE_MB='lots': expected a number"):
        CachedTokenizer(CountingTokenizer())


# --- many files on every core ---------------------------------------------------------------------------


def _tree(root: Path, files: int) -> list[str]:
    words = ["alpha", "beta", "gamma", "delta", "context", "window", "budget", "tokens"]
    for i in range(files):
        sub = root / f"d{i % 4}"
        sub.mkdir(parents=True, exist_ok=True)
        text = " ".join(words[(i + j) % len(words)] for j in range(10 + i * 7))
        if i % 5 == 0:
            text = f"---\nname: s{i}\ndescription: skill {i}\n---\n{text}"
        (sub / f"f{i:03d}.md").write_text(text, encoding="utf-8")
    (root / "d0" / "binary.md").write_bytes(b"\x00\x01")
    return sorted(str(p) for p in root.rglob("*.md"))


class Pools:
    """The pools started, each by its number of jobs, from a log (written by the spies of both ways a
    pool starts: ``map_ordered``, and a first run's ``Seed.send``)."""

    def __init__(self, log: Path) -> None:
        self.log = log

    def __call__(self) -> list[int]:
        if not self.log.exists():
            return []
        return [int(line) for line in self.log.read_text("utf-8").split()]


@pytest.fixture
def every_pool(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Pools:
    """Any amount of work is worth a pool; records the size of each pool started."""
    monkeypatch.setattr(count_pool, "MIN_BYTES", 0)
    monkeypatch.setattr(count_pool, "MIN_FILES", 1)
    started = Pools(tmp_path_factory.mktemp("pools") / "started.log")
    real = count_pool.map_ordered

    def spy(fn, paths, jobs, tokenizer, payload=None):  # type: ignore[no-untyped-def]
        with open(started.log, "a", encoding="utf-8") as fh:
            fh.write(f"{jobs}\n")
        return real(fn, paths, jobs, tokenizer, payload)

    monkeypatch.setattr(count_pool, "map_ordered", spy)
    real_send = Seed.send

    def spy_send(self, paths):  # type: ignore[no-untyped-def]
        with open(started.log, "a", encoding="utf-8") as fh:  # a first run's pool, forked from the seed
            fh.write(f"{self._jobs}\n")
        return real_send(self, paths)

    monkeypatch.setattr(Seed, "send", spy_send)
    return started


def test_a_pool_counts_as_a_serial_run_does(tmp_path: Path, every_pool: Pools) -> None:
    _tree(tmp_path / "t", 40)
    serial = count_files([str(tmp_path / "t")], "o200k_base", None, jobs=1)
    assert every_pool() == []
    pooled = count_files([str(tmp_path / "t")], "o200k_base", DiskCache(tmp_path / "c"), jobs=2)
    assert every_pool() == [2]
    assert pooled.rows == serial.rows
    assert pooled.said == serial.said
    assert any("binary" in message for _, message in pooled.said)
    # what the workers counted is in the cache: a second run counts nothing
    again = count_files([str(tmp_path / "t")], "o200k_base", DiskCache(tmp_path / "c"), jobs=2)
    assert again.rows == serial.rows
    assert every_pool() == [2, 2]  # the files were just written: their signatures are not trusted yet


def test_check_with_jobs_reports_what_a_serial_check_reports(
    tmp_path: Path, every_pool: Pools, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(tmp_path, 30)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "o200k_base"\n'
        '[[tool.prompt_budget.files]]\npath = "d*/*.md"\nmax_tokens = 60\nload = "skippable"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    outputs = []
    for jobs in ("1", "2"):
        code = main(["check", "--json", "--no-cache", "--no-baseline", "--jobs", jobs])
        outputs.append((code, json.loads(capsys.readouterr().out)))
        # with a pool, the workers read each file's frontmatter: this process opens none
        monkeypatch.setattr("prompt_budget.files.measuring.read_text", _never)
        monkeypatch.setattr("prompt_budget.files.measuring._starts_with_dashes", _never)
    assert every_pool() == [2]
    assert outputs[0] == outputs[1]
    code, report = outputs[0]
    assert code == 1  # some files are over 60 tokens
    split = [v for v in report["verdicts"] if v.get("part") == "frontmatter" or "frontmatter" in v["id"]]
    assert split, "the split files' frontmatter verdicts are there"


@pytest.mark.parametrize(
    ("text", "derived"),
    [
        ("---\nname: s\ndescription: a skill\n---\n# Title\n\nSome body text.\n", True),
        ("---\nname: s\ndescription: a skill\n...\nBody text.\n", True),
        ("---\nname: s\ndescription: a skill\n---\n\n\nBody after blank lines.\n", False),
        ("---\r\nname: s\r\ndescription: a skill\r\n---\r\nBody.\r\n", False),
        ("---\nname: s\ndescription: a skill\n---", False),
        ("---\ntitle: not a listing\n---\nBody.\n", False),
        ("No frontmatter.\n", False),
    ],
)
def test_a_worker_derives_a_skills_count_from_its_parts_exactly(text: str, derived: bool) -> None:
    """A worker counts a skill's body and always-loaded part anyway: the whole file's count is the
    body's plus the frontmatter lines' where the encoding splits at the closing line (one 6 KB count
    less a skill), and otherwise left to the worker to count."""
    from prompt_budget.files.measuring import parts_in_worker

    for name in ("o200k_base", "cl100k_base"):
        tok = CachedTokenizer(get_tokenizer(name).inner)
        (_, parts, _), whole = parts_in_worker(text, tok)
        assert (whole is not None) is derived
        if whole is not None:
            assert parts is not None
            assert whole == tok.count(text)


def test_a_worker_says_whether_the_cache_can_hold_a_frontmatter() -> None:
    """The JSON round trip that decides whether a frontmatter is recorded is the worker's: the
    parent only records (a date does not come back from JSON as it was: not recorded)."""
    from prompt_budget.files.measuring import parts_in_worker

    tok = CachedTokenizer(get_tokenizer("o200k_base").inner)
    plain = parts_in_worker("---\nname: s\ndescription: d\n---\nBody.\n", tok)[0]
    dated = parts_in_worker("---\nname: s\ndescription: d\ndate: 2024-01-01\n---\nBody.\n", tok)[0]
    assert plain[0] == {"data": {"name": "s", "description": "d"}, "notes": []}
    assert plain[2] is True
    assert dated[2] is False
    assert parts_in_worker("No frontmatter.\n", tok)[0] == (None, None, True)


def _never(*args: object) -> None:
    raise AssertionError("this process read a file a worker had read")


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5"])
def test_jobs_must_be_a_whole_number_of_processes(
    tmp_path: Path, value: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        main(["count", f"--jobs={value}", "."])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"expected a whole number of processes, at least 1, got {value!r}" in err


# --- the progress bar ------------------------------------------------------------------------------------


def _read_all(fd: int) -> str:
    import select

    out = b""
    while select.select([fd], [], [], 0.2)[0]:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out.decode("utf-8", "replace")


def test_a_long_count_shows_a_progress_bar_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _tree(tmp_path / "t", 12)
    monkeypatch.setattr(progress_module, "DELAY_S", 0.0)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("PYTEST_CURRENT_TEST")  # as a command run from a shell
    master, slave = pty.openpty()
    with os.fdopen(slave, "w", encoding="utf-8") as terminal:
        monkeypatch.setattr("sys.stderr", terminal)
        code = main(["count", "--no-cache", str(tmp_path / "t")])
        terminal.flush()
        shown = _read_all(master)
    os.close(master)
    assert code == 0
    assert "counting" in shown, shown
    assert "/13\x1b[0m files" in shown or "/13 files" in shown  # 12 text files and the binary one
    assert "total (12 files)" in capsys.readouterr().out


def test_a_long_lint_shows_the_same_bar_and_quiet_hides_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for i in range(6):
        (tmp_path / f"m{i}.py").write_text(
            f"def f(c):\n    return c.create(max_tokens={1000 + i})\n", "utf-8"
        )
    monkeypatch.setattr(progress_module, "DELAY_S", 0.0)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("PYTEST_CURRENT_TEST")  # as a command run from a shell
    shown = {}
    for quiet in ([], ["--quiet"]):
        master, slave = pty.openpty()
        with os.fdopen(slave, "w", encoding="utf-8") as terminal:
            monkeypatch.setattr("sys.stderr", terminal)
            code = main(["lint", "--no-cache", "--jobs", "1", *quiet, str(tmp_path)])
            terminal.flush()
            shown[bool(quiet)] = _read_all(master)
        os.close(master)
        assert code == 1  # six findings
        assert "Found 6 findings" in capsys.readouterr().out
    assert "linting" in shown[False], shown
    assert "/6\x1b[0m files" in shown[False] or "/6 files" in shown[False]
    assert shown[True] == ""


def _drawn(label: str, total: int, delay: float, pause: float) -> str:
    """What a bar writes to a terminal over ``total`` files, ``pause`` seconds apart."""
    master, slave = pty.openpty()
    with os.fdopen(slave, "w", encoding="utf-8") as terminal:
        bar = progress_module.Bar(terminal, label, delay=delay)
        bar.start(total)
        for _ in range(total):
            bar.advance()
            time.sleep(pause)
        bar.stop()
        terminal.flush()
        shown = _read_all(master)
    os.close(master)
    return shown


def test_the_bar_shows_files_done_the_rate_and_the_time_left() -> None:
    shown = _drawn("checking", 5, delay=0.0, pause=0.12)
    assert "checking" in shown
    assert "4/5" in shown
    assert " files/s" in shown
    assert "0:00:0" in shown  # the time left


@pytest.mark.parametrize("case", ["quiet", "ci", "not a terminal", "pytest"])
def test_no_progress_bar_when_quiet_in_ci_not_on_a_terminal_or_in_a_test(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    master, slave = pty.openpty()
    monkeypatch.delenv("CI", raising=False)
    test = os.environ["PYTEST_CURRENT_TEST"]
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    with os.fdopen(slave, "w", encoding="utf-8") as terminal:
        assert progress_module.progress_for(terminal, False, "counting") is not None
        if case == "ci":
            monkeypatch.setenv("CI", "true")
        if case == "pytest":
            monkeypatch.setenv("PYTEST_CURRENT_TEST", test)
        stream = io.StringIO() if case == "not a terminal" else terminal
        assert progress_module.progress_for(stream, case == "quiet", "counting") is None
    os.close(master)


def test_a_short_run_never_shows_the_bar() -> None:
    assert _drawn("counting", 3, delay=60.0, pause=0.0) == ""


# --- backends: long pieces and crashes --------------------------------------------------------------------


class Panic(BaseException):
    """Like tiktoken's PanicException: not an Exception."""


def _panicking(text: str) -> int:
    raise Panic("called `Result::unwrap()` on an `Err` value: StackOverflow\nstack backtrace:\n 0: ...")


def test_a_backend_crash_is_a_one_line_error_naming_the_backend() -> None:
    tok = BPETokenizer("o200k_base", "crashy", "1.0", lambda t: [], lambda t: "", _panicking, max_chars=1000)
    for text in ("short", "word " * 1000):
        with pytest.raises(PromptBudgetError) as exc:
            prompt_budget.count(text, tok)
        message = str(exc.value)
        assert "\n" not in message
        assert message.startswith("the crashy backend crashed counting")
        assert "Panic: called `Result::unwrap()` on an `Err` value: StackOverflow" in message


def test_a_keyboard_interrupt_in_a_backend_stays_one() -> None:
    def interrupted(text: str) -> int:
        raise KeyboardInterrupt

    tok = BPETokenizer("o200k_base", "slow", "1.0", lambda t: [], lambda t: "", interrupted, max_chars=1000)
    with pytest.raises(KeyboardInterrupt):
        prompt_budget.count("text", tok)


@pytest.mark.usefixtures("tiktoken_offline")
@pytest.mark.parametrize(
    "text",
    [" " * 1_000_000, "a" * 300_000, "abcdefghij" * 30_000 + " and so on", "word " * 100_000],
    ids=["1 MB of spaces", "one letter", "letters without spaces", "one line"],
)
def test_tiktoken_takes_long_pieces_exactly_and_without_crashing(text: str) -> None:
    import quicktok

    expected = quicktok.get_encoding("o200k_base").count(text)
    assert prompt_budget.count(text, "tiktoken:o200k_base") == expected
    assert len(get_tokenizer("tiktoken:o200k_base").encode(text)) == expected


# --- a warm check: a stat and a lookup per file ------------------------------------------------------------


def test_a_warm_check_neither_opens_nor_parses_an_unchanged_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_budget.files import measuring

    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    _tree(tmp_path, 10)
    (tmp_path / "d1" / "broken.md").write_text("---\nname: [unclosed\n---\nbody\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "o200k_base"\n'
        '[[tool.prompt_budget.files]]\npath = "d*/*.md"\nmax_tokens = 60\nload = "skippable"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    argv = ["check", "--json", "--no-baseline", "--jobs", "1"]
    main(argv)
    cold = json.loads(capsys.readouterr().out)
    assert any("frontmatter line" in (v.get("message") or "") for v in cold["verdicts"])

    def no(*args: object) -> None:
        raise AssertionError("a warm check read a file")

    monkeypatch.setattr(measuring, "read_text", no)
    monkeypatch.setattr(measuring, "_starts_with_dashes", no)
    monkeypatch.setattr(measuring, "parse_frontmatter", no)
    main(argv)
    assert json.loads(capsys.readouterr().out) == cold


def _dies_in_a_worker(path: str) -> str:
    _, parent = count_pool.worker_state()
    if os.getpid() != parent:
        os._exit(3)  # as the out-of-memory killer would end it
    return path.upper()


def test_a_killed_worker_leaves_the_rest_to_this_process() -> None:
    paths = [f"p{i}" for i in range(40)]
    got = list(count_pool.map_ordered(_dies_in_a_worker, paths, 2, None, os.getpid()))
    assert got == [p.upper() for p in paths]


_ORPHANS = """
import os, sys, time
from prompt_budget import count_pool
from prompt_budget.count_seed import Seed

def slow(path):
    os.write(1, f"{os.getpid()}\\n".encode())  # one write: two workers' lines never interleave
    time.sleep(60)
    return path

if __name__ == "__main__":
    list(count_pool.map_ordered(slow, ["a", "b"], 2, None, None))
"""


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    script = tmp_path / "orphans.py"
    script.write_text(_ORPHANS, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    workers: list[int] = []
    while len(workers) < 2:
        line = proc.stdout.readline()
        assert line, f"the script ended before both workers started (exit {proc.poll()})"
        if line.strip():
            workers.append(int(line))
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)


@pytest.mark.parametrize("command", ["count", "check"])
@pytest.mark.parametrize("enabled", [True, False])
def test_the_garbage_collector_is_as_it_was_after_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, enabled: bool
) -> None:
    """`count` and `check` turn the cyclic collector off while they run; the caller's setting comes back,
    after a run that passes and after one that fails."""
    import gc

    (tmp_path / "CLAUDE.md").write_text("Say hello.\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[[tool.prompt_budget.files]]\npath = "CLAUDE.md"\nmax_tokens = 1\n', encoding="utf-8"
    )
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        code = main([command, str(tmp_path), "--quiet"])
        assert gc.isenabled() is enabled
        assert code == (1 if command == "check" else 0)
    finally:
        (gc.enable if was else gc.disable)()
    capsys.readouterr()


def test_a_file_count_is_still_a_frozen_dataclass() -> None:
    """``FileCount`` builds its fields without ``object.__setattr__`` (a count makes one per file):
    it compares, hashes, pickles, copies with ``replace`` and refuses assignment as before."""
    import dataclasses
    import pickle

    from prompt_budget.counting import FileCount

    fc = FileCount("a.md", 3, 10, 10, ("note",), True, "d")
    assert fc == FileCount(path="a.md", tokens=3, chars=10, size=10, notes=("note",), cached=True, digest="d")
    assert hash(fc) == hash(FileCount("a.md", 3, 10, 10, ("note",), True, "d"))
    assert pickle.loads(pickle.dumps(fc)) == fc
    assert dataclasses.replace(fc, tokens=4).tokens == 4
    assert dataclasses.asdict(FileCount("b.md", 1, 2, 2)) == {
        "path": "b.md",
        "tokens": 1,
        "chars": 2,
        "size": 2,
        "notes": (),
        "cached": False,
        "digest": None,
    }
    with pytest.raises(dataclasses.FrozenInstanceError):
        fc.tokens = 5  # type: ignore[misc]
