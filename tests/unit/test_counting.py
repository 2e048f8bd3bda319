"""The counting path: the in-memory LRU, the on-disk cache of file counts, and reading files as text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

import prompt_budget
import prompt_budget._version
from prompt_budget import count_cache, counting, get_tokenizer, tokenizers
from prompt_budget.counting import CACHE_FILE, DiskCache, FileProblem, count_path, read_text


class CountingTokenizer:
    """A fake backend that counts characters and records every call, so cache hits are visible."""

    exact = True

    def __init__(self, name: str = "fake", lru_min_chars: int | None = None) -> None:
        self.name = name
        self.calls: list[str] = []
        if lru_min_chars is not None:
            self.lru_min_chars = lru_min_chars

    def count(self, text: str) -> int:
        self.calls.append(text)
        return len(text)

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    def encode(self, text: str) -> list[int]:
        return [ord(c) for c in text]

    def decode(self, tokens: Sequence[int]) -> str:
        return "".join(map(chr, tokens))


# --- the in-memory LRU --------------------------------------------------------------------------------


def test_a_repeated_text_is_counted_once() -> None:
    inner = CountingTokenizer()
    tok = get_tokenizer(inner)
    assert tok.count("hello world") == 11
    assert tok.count("hello world") == 11
    assert tok.count("hello there") == 11
    assert inner.calls == ["hello world", "hello there"]


def test_the_least_recently_used_entry_is_evicted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokenizers, "_LRU_ENTRIES", 3)
    inner = CountingTokenizer()
    tok = get_tokenizer(inner)
    for text in ("a", "b", "c"):
        tok.count(text)
    tok.count("a")  # a hit: "a" becomes the most recently used
    tok.count("d")  # evicts "b", the least recently used
    inner.calls.clear()
    for text in ("a", "c", "d"):
        tok.count(text)
    assert inner.calls == []
    tok.count("b")
    assert inner.calls == ["b"]


def test_huge_texts_are_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokenizers, "_LRU_MAX_CHARS", 10)
    inner = CountingTokenizer()
    tok = get_tokenizer(inner)
    tok.count("x" * 11)
    tok.count("x" * 11)
    assert len(inner.calls) == 2


def test_short_texts_skip_the_cache_when_the_backend_says_so() -> None:
    inner = CountingTokenizer(lru_min_chars=5)
    tok = get_tokenizer(inner)
    tok.count("abc")
    tok.count("abc")
    tok.count("abcdef")
    tok.count("abcdef")
    assert inner.calls == ["abc", "abc", "abcdef"]


def test_cache_clear() -> None:
    inner = CountingTokenizer()
    tok = get_tokenizer(inner)
    tok.count("hello")
    tok.cache_clear()
    tok.count("hello")
    assert inner.calls == ["hello", "hello"]


def test_a_spec_resolves_to_one_shared_cached_tokenizer() -> None:
    assert get_tokenizer("o200k_base") is get_tokenizer(" o200k_base ")
    assert get_tokenizer(None) is get_tokenizer("o200k_base")
    tok = get_tokenizer("cl100k_base")
    assert get_tokenizer(tok) is tok


def test_count_rejects_what_it_cannot_count() -> None:
    with pytest.raises(TypeError, match="cannot count a int: expected a string"):
        prompt_budget.count(42)  # type: ignore[arg-type]


def test_count_many_equals_count() -> None:
    tok = get_tokenizer("o200k_base")
    texts = ["hello world", "", "日本語のテキスト", "x" * 500]
    assert tok.count_many(texts) == [tok.count(t) for t in texts]
    assert tok.count("hello world") == 2  # "hello", " world"


# --- reading files ---------------------------------------------------------------------------------------


def test_read_text_utf8_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "bom.md"
    path.write_bytes(b"\xef\xbb\xbfhello")
    text, raw, notes = read_text(path)
    assert text == "hello"
    assert raw == b"\xef\xbb\xbfhello"
    assert notes == ()


def test_read_text_non_utf8_is_replaced_and_noted(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("café".encode("latin-1"))  # b"caf\xe9"
    text, _, notes = read_text(path)
    assert text == "caf\ufffd"
    assert notes == ("not valid UTF-8 (first bad byte at offset 3); counted after replacement decoding",)


def test_read_text_empty_is_noted(tmp_path: Path) -> None:
    path = tmp_path / "empty.md"
    path.write_bytes(b"")
    assert read_text(path) == ("", b"", ("empty file",))


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "binary file (contains NUL bytes)"),
        (lambda p: p.mkdir(), "is a directory"),
        (lambda p: None, "no such file or directory"),
        (lambda p: p.symlink_to(p.parent / "gone"), "broken symbolic link (points to"),
    ],
    ids=["binary", "directory", "missing", "broken-symlink"],
)
def test_read_text_problems(tmp_path: Path, make, reason: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "target"
    make(path)
    with pytest.raises(FileProblem) as info:
        read_text(path)
    assert info.value.path == path
    assert info.value.reason.startswith(reason)


def test_read_text_through_a_file_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(FileProblem, match=r"no such file or directory|not a directory"):
        read_text(tmp_path / "file.txt" / "inside")


# --- the disk cache -------------------------------------------------------------------------------------


def make_file(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_disk_cache_miss_then_hit(tmp_path: Path) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    cache_dir = tmp_path / "cache"
    first = count_path(doc, "o200k_base", DiskCache(cache_dir))
    assert (first.tokens, first.cached) == (2, False)
    assert not (cache_dir / CACHE_FILE).exists(), "nothing is written before save()"
    cache = DiskCache(cache_dir)
    count_path(doc, "o200k_base", cache)
    cache.save()
    again = count_path(doc, "o200k_base", DiskCache(cache_dir))
    assert (again.tokens, again.cached) == (2, True)
    assert (cache_dir / ".gitignore").read_text(encoding="utf-8").endswith("*\n")


def test_a_hit_costs_a_hash_not_a_tokenization(tmp_path: Path) -> None:
    """Planting a wrong count under the file's digest proves a hit is read from disk."""
    doc = make_file(tmp_path, "a.md", "hello world")
    cache = DiskCache(tmp_path / "cache")
    count_path(doc, "o200k_base", cache)
    cache.save()
    blob = json.loads((tmp_path / "cache" / CACHE_FILE).read_text(encoding="utf-8"))
    digest = DiskCache(None).digest(b"hello world")
    assert blob["entries"] == {digest: {"o200k_base": 2}}
    blob["entries"][digest]["o200k_base"] = 999
    (tmp_path / "cache" / CACHE_FILE).write_text(json.dumps(blob), encoding="utf-8")
    assert count_path(doc, "o200k_base", DiskCache(tmp_path / "cache")).tokens == 999


def test_changed_content_misses(tmp_path: Path) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    cache = DiskCache(tmp_path / "cache")
    count_path(doc, "o200k_base", cache)
    cache.save()
    doc.write_text("hello brave new world", encoding="utf-8")
    fc = count_path(doc, "o200k_base", DiskCache(tmp_path / "cache"))
    assert (fc.tokens, fc.cached) == (4, False)


def test_another_tokenizer_misses(tmp_path: Path) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    cache = DiskCache(tmp_path / "cache")
    count_path(doc, "o200k_base", cache)
    cache.save()
    fc = count_path(doc, "chars4", DiskCache(tmp_path / "cache"))
    assert (fc.tokens, fc.cached) == (3, False)  # ceil(11 / 4)
    # Both tokenizers' counts live side by side under the one digest.
    cache = DiskCache(tmp_path / "cache")
    count_path(doc, "chars4", cache)
    cache.save()
    blob = json.loads((tmp_path / "cache" / CACHE_FILE).read_text(encoding="utf-8"))
    assert blob["entries"][DiskCache(None).digest(b"hello world")] == {"o200k_base": 2, "chars4@1": 3}


def test_exact_backends_share_entries(tmp_path: Path, tiktoken_offline: Path) -> None:
    """Exact encodings give the same counts whatever the backend, so the key is the encoding."""
    doc = make_file(tmp_path, "a.md", "hello world")
    cache = DiskCache(tmp_path / "cache")
    count_path(doc, "quicktok:o200k_base", cache)
    cache.save()
    assert count_path(doc, "tiktoken:o200k_base", DiskCache(tmp_path / "cache")).cached


def test_a_version_change_invalidates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    cache = DiskCache(tmp_path / "cache")
    count_path(doc, "o200k_base", cache)
    cache.save()
    monkeypatch.setattr(prompt_budget._version, "__version__", "99.0.0")  # what the cache records
    assert not count_path(doc, "o200k_base", DiskCache(tmp_path / "cache")).cached


def test_a_format_change_invalidates(tmp_path: Path) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    cache = DiskCache(tmp_path / "cache")
    count_path(doc, "o200k_base", cache)
    cache.save()
    path = tmp_path / "cache" / CACHE_FILE
    blob = json.loads(path.read_text(encoding="utf-8"))
    blob["format"] = 0
    path.write_text(json.dumps(blob), encoding="utf-8")
    assert not count_path(doc, "o200k_base", DiskCache(tmp_path / "cache")).cached


def test_a_format_1_cache_is_discarded_and_written_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Format 1 keyed contents by BLAKE2b: its entries (here a wrong count, to see it is not used)
    are dropped, and the file is rewritten in the current format."""
    import hashlib

    monkeypatch.setenv(count_cache.HASH_ENV, "sha256")

    doc = make_file(tmp_path, "a.md", "hello world")
    old = hashlib.blake2b(doc.read_bytes(), digest_size=16).hexdigest()
    (tmp_path / "cache").mkdir()
    path = tmp_path / "cache" / CACHE_FILE
    blob = {"format": 1, "version": prompt_budget.__version__, "entries": {old: {"o200k_base": 99}}}
    path.write_text(json.dumps(blob), encoding="utf-8")
    cache = DiskCache(tmp_path / "cache")
    fc = count_path(doc, "o200k_base", cache)
    assert (fc.tokens, fc.cached) == (2, False)
    cache.save()
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["format"] == count_cache.CACHE_FORMAT
    assert list(written["entries"]) == [hashlib.sha256(doc.read_bytes()).hexdigest()[:32]]


@pytest.mark.parametrize("content", ["{torn", "[]", '{"format": 1}', ""])
def test_a_corrupt_cache_file_is_ignored_and_replaced(tmp_path: Path, content: str) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / CACHE_FILE).write_text(content, encoding="utf-8")
    cache = DiskCache(tmp_path / "cache")
    fc = count_path(doc, "o200k_base", cache)
    assert (fc.tokens, fc.cached) == (2, False)
    cache.save()
    assert count_path(doc, "o200k_base", DiskCache(tmp_path / "cache")).cached


def test_save_merges_with_what_others_wrote(tmp_path: Path) -> None:
    a = make_file(tmp_path, "a.md", "alpha")
    b = make_file(tmp_path, "b.md", "beta gamma")
    first, second = DiskCache(tmp_path / "cache"), DiskCache(tmp_path / "cache")
    count_path(a, "o200k_base", first)
    count_path(b, "o200k_base", second)
    first.save()
    second.save()  # read before first saved, but merges on save: a's entry survives
    fresh = DiskCache(tmp_path / "cache")
    assert count_path(a, "o200k_base", fresh).cached
    assert count_path(b, "o200k_base", fresh).cached


def test_no_folder_means_no_cache(tmp_path: Path) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    cache = DiskCache(None)
    assert count_path(doc, "o200k_base", cache).tokens == 2
    cache.save()
    assert list(tmp_path.iterdir()) == [doc]


def test_an_unwritable_cache_folder_still_counts(tmp_path: Path) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")
    blocker = make_file(tmp_path, "cache", "a file where the folder should be")
    cache = DiskCache(blocker / "sub")
    assert count_path(doc, "o200k_base", cache).tokens == 2
    cache.save()  # cannot create the folder: no error, no cache
    assert blocker.read_text(encoding="utf-8") == "a file where the folder should be"


_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from prompt_budget.counting import DiskCache, count_path

    folder, cache_dir, worker = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    for round in range(15):
        cache = DiskCache(cache_dir)
        for i in range(10):
            doc = folder / f"w{worker}-r{round}-{i}.txt"
            doc.write_text(f"worker {worker} round {round} file {i} " * (i + 1), encoding="utf-8")
            count_path(doc, "chars4", cache)
        cache.save()
    """
)


def test_concurrent_writers_leave_a_valid_file(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    cache_dir = tmp_path / "cache"
    procs = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(docs), str(cache_dir), str(w)]) for w in range(6)
    ]
    # While they run, a reader must never see a torn file: it is either absent or whole.
    reads, torn = 0, []
    path = cache_dir / CACHE_FILE
    while any(p.poll() is None for p in procs):
        try:
            content = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        reads += 1
        try:
            json.loads(content)
        except ValueError:
            torn.append(content[:80])
    assert [p.wait(timeout=120) for p in procs] == [0] * 6
    assert reads > 10
    assert torn == []
    blob = json.loads((cache_dir / CACHE_FILE).read_text(encoding="utf-8"))
    assert blob["format"] == count_cache.CACHE_FORMAT
    assert blob["version"] == prompt_budget.__version__
    entries = blob["entries"]
    assert entries, "the merged file holds entries"
    # Every entry that survived the races is correct: chars4 = ceil(len / 4).
    by_digest = {
        DiskCache(None).digest(p.read_bytes()): p.read_text(encoding="utf-8") for p in docs.iterdir()
    }
    for digest, counts in entries.items():
        assert counts == {"chars4@1": -(-len(by_digest[digest]) // 4)}
    assert not list(cache_dir.glob("*.tmp")), "no temporary files are left behind"


# --- the stat fast path ------------------------------------------------------------------------------


def _saved(doc: Path, cache_dir: Path, spec: str = "o200k_base") -> dict[str, Any]:
    cache = DiskCache(cache_dir)
    count_path(doc, spec, cache)
    cache.save()
    return json.loads((cache_dir / CACHE_FILE).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_an_unchanged_file_costs_a_stat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    doc = make_file(tmp_path, "a.md", "hello world")
    blob = _saved(doc, tmp_path / "cache")
    entry = blob["files"][str(doc)]
    st = doc.stat()
    assert entry[:5] == [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]
    assert entry[5:] == [DiskCache(None).digest(b"hello world"), 11, []]
    # Point the entry at another digest with a planted count: a hit proves the file was not read.
    entry[5] = "0" * 32
    blob["entries"]["0" * 32] = {"o200k_base": 777}
    (tmp_path / "cache" / CACHE_FILE).write_text(json.dumps(blob), encoding="utf-8")
    fc = count_path(doc, "o200k_base", DiskCache(tmp_path / "cache"))
    assert (fc.tokens, fc.chars, fc.size, fc.cached) == (777, 11, 11, True)


def test_a_changed_file_with_the_same_size_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    doc = make_file(tmp_path, "a.md", "hello world")
    _saved(doc, tmp_path / "cache")
    doc.write_text("hello there", encoding="utf-8")  # same size; mtime and ctime move on
    os.utime(doc, ns=(doc.stat().st_atime_ns, doc.stat().st_mtime_ns + 5_000_000_000))
    fc = count_path(doc, "o200k_base", DiskCache(tmp_path / "cache"))
    assert (fc.tokens, fc.cached) == (2, False)


def test_notes_are_kept_with_the_signature(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    doc = tmp_path / "latin1.txt"
    doc.write_bytes(b"caf\xe9")
    _saved(doc, tmp_path / "cache", "chars4")
    fc = count_path(doc, "chars4", DiskCache(tmp_path / "cache"))
    assert fc.cached
    assert fc.notes == ("not valid UTF-8 (first bad byte at offset 3); counted after replacement decoding",)


def test_a_file_changed_just_now_is_not_trusted_by_its_signature(tmp_path: Path) -> None:
    doc = make_file(tmp_path, "a.md", "hello world")  # written this instant: "racy"
    blob = _saved(doc, tmp_path / "cache")
    assert blob["files"] == {}
    assert count_path(doc, "o200k_base", DiskCache(tmp_path / "cache")).cached  # by digest


def test_a_signature_hit_under_another_tokenizer_reads_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(count_cache, "_RACY_NS", 0)
    doc = make_file(tmp_path, "a.md", "hello world")
    _saved(doc, tmp_path / "cache")
    fc = count_path(doc, "chars4", DiskCache(tmp_path / "cache"))
    assert (fc.tokens, fc.cached) == (3, False)  # ceil(11 / 4)


def test_disk_cache_stays_bounded_and_keeps_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prompt_budget import counting

    monkeypatch.setattr(count_cache, "MAX_ENTRIES", 5)
    folder = tmp_path / "cache"
    first = counting.DiskCache(folder)
    for i in range(4):
        first.put("o200k_base", f"old{i}", i)
    first.save()
    second = counting.DiskCache(folder)
    for i in range(3):
        second.put("o200k_base", f"new{i}", 100 + i)
    second.save()
    third = counting.DiskCache(folder)
    kept = [
        d
        for d in ("old0", "old1", "old2", "old3", "new0", "new1", "new2")
        if third.get("o200k_base", d) is not None
    ]
    assert kept == ["old2", "old3", "new0", "new1", "new2"]
    assert third.get("o200k_base", "new2") == 102


def test_disk_cache_evicts_the_least_recently_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An old entry read by a run that also wrote something is kept over one nobody read."""
    from prompt_budget import counting

    monkeypatch.setattr(count_cache, "MAX_ENTRIES", 3)
    folder = tmp_path / "cache"
    first = counting.DiskCache(folder)
    for i in range(3):
        first.put("o200k_base", f"old{i}", i)
    first.save()
    second = counting.DiskCache(folder)
    assert second.get("o200k_base", "old0") == 0  # read: now recently used
    second.put("o200k_base", "new0", 100)
    second.save()
    third = counting.DiskCache(folder)
    kept = [d for d in ("old0", "old1", "old2", "new0") if third.get("o200k_base", d) is not None]
    assert kept == ["old0", "old2", "new0"]  # old1, the least recently used, went


def test_file_signatures_read_by_a_run_are_kept_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from prompt_budget import counting

    monkeypatch.setattr(count_cache, "MAX_ENTRIES", 2)
    monkeypatch.setattr(count_cache, "_RACY_NS", 0)  # files just written: trust their signatures anyway
    docs = []
    for name in ("a.md", "b.md", "c.md"):
        doc = tmp_path / name
        doc.write_text(f"text of {name}\n", encoding="utf-8")
        docs.append(doc)
    folder = tmp_path / "cache"
    first = counting.DiskCache(folder)
    for doc in docs[:2]:
        counting.count_path(doc, "chars4", first)
    first.save()
    second = counting.DiskCache(folder)
    assert counting.count_path(docs[0], "chars4", second).cached  # a.md: by its signature
    counting.count_path(docs[2], "chars4", second)  # c.md: new
    second.save()
    third = counting.DiskCache(folder)
    third._load()
    assert sorted(Path(p).name for p in third._files) == ["a.md", "c.md"]


def test_count_files_gives_rows_and_what_to_say_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("x" * 8, encoding="utf-8")  # chars4: 2
    (tmp_path / "docs" / "logo.png").write_bytes(b"\x89PNG\x00")
    (tmp_path / "empty.md").write_bytes(b"")
    found = counting.count_files(
        ["docs", "empty.md", "", "docs/logo.png", "-"], "chars4", stdin=io.BytesIO(b"abcdef")
    )
    assert [(r.path, r.tokens, r.chars, r.notes) for r in found.rows] == [
        ("docs/a.md", 2, 8, ()),
        ("empty.md", 0, 0, ("empty file",)),
        ("<stdin>", 2, 6, ()),  # ceil(6 / 4)
    ]
    assert found.said == [
        ("note", "docs/logo.png: skipped: binary file (contains NUL bytes), not counted"),
        ("note", "empty.md: empty file"),
        ("error", "'': an empty path (use . for the current folder)"),
        ("error", "docs/logo.png: binary file (contains NUL bytes), not counted"),
    ]
    assert (found.total, found.errors, found.tokenizer.name) == (4, 2, "chars4")


def test_count_files_outlines_markdown_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.md").write_text("# One\nabcdabcd\n## Two\nabcd\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("abcd", encoding="utf-8")
    found = counting.count_files(["a.md", "b.txt"], "chars4", outline=True)
    a, b = found.rows
    assert a.sections is not None
    assert b.sections is None
    assert [(s.label, s.start_line, s.total_end_line) for s in a.sections] == [
        ("# One", 1, 4),
        ("## Two", 3, 4),
    ]
    assert a.to_dict(outline=True)["sections"][1]["heading"] == "Two"
    assert "sections" not in a.to_dict()
    assert found.said == [("note", "b.txt: not Markdown (.md, .markdown, .mdx, .mdc), no outline; 1 tokens")]
