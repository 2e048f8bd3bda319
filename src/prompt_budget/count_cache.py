"""The on-disk count cache: counts of file contents, and each file's stat signature, in one JSON file.

What is read is checked before it is used (a negative count or an entry of the wrong shape is dropped,
and the file is counted again); writers merge under a lock file, so two runs at once keep both's
entries; a temporary file left by a killed writer is removed by the next run.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Final

from prompt_budget.errors import ConfigError

#: 3: contents keyed by the first 16 bytes of a digest by the hash the file names in ``"hash"`` (SHA-256
#: when it names none; 1 had BLAKE2b only), and the digests of the contents known to have no frontmatter
#: in one list, ``"plain"`` (2 recorded that in ``"extras"``, an entry per content); a file of another
#: format, or keyed by another hash than this process's, is discarded and written anew.
CACHE_FORMAT: Final = 3
#: Names the hash that keys contents (``sha256`` or ``blake2b``), instead of the processor's choice.
HASH_ENV: Final = "PROMPT_BUDGET_CONTENT_HASH"
HASHES: Final = ("sha256", "blake2b")
#: At most this many content digests (and as many file signatures) are kept; the least recently used go
#: first (an entry read by a run counts as used when that run writes the cache).
MAX_ENTRIES: Final = 200_000
CACHE_FILE: Final = "counts-v1.json"
_TMP_PREFIX: Final = ".counts-"
_TMP_SUFFIX: Final = ".tmp"
#: A temporary file older than this is from a writer that died (a write takes well under a second).
_STALE_TMP_S: Final = 60.0

# A file whose mtime or ctime is this close to the moment it was read may still be changing within
# one timestamp tick: its stat signature is not trusted (git's "racy" entries; 2 s covers FAT).
_RACY_NS = 2_000_000_000

Signature = tuple[int, int, int, int, int]
#: What ``DiskCache.get_extra`` returns when nothing is recorded.
MISSING: Final = object()


def sha_instructions(cpuinfo: str) -> bool | None:
    """Whether the processor described by ``cpuinfo`` (Linux's ``/proc/cpuinfo``) has SHA-256
    instructions (x86's SHA-NI, Arm's SHA-2 extension); None when it does not say."""
    for line in cpuinfo.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip() in ("flags", "Features"):
            words = value.split()
            return "sha_ni" in words or "sha2" in words
    return None


@functools.lru_cache(maxsize=4)
def _content_hash(override: str | None) -> str:
    if override is not None:
        if override not in HASHES:
            raise ConfigError(
                f"{HASH_ENV}={override!r}: expected one of {', '.join(HASHES)} (or unset, to let the "
                "processor choose)",
                key=HASH_ENV,
            )
        return override
    if sys.platform == "darwin":
        return "sha256" if os.uname().machine == "arm64" else "blake2b"
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            has = sha_instructions(fh.read(1 << 16))
    except OSError:
        has = None
    # unknown (Windows, say): SHA-256, which processors of the last years run in hardware
    return "blake2b" if has is False else "sha256"


def content_hash() -> str:
    """The hash that keys contents in the count cache: SHA-256 where the processor has SHA
    instructions (7 us for 6 KB), BLAKE2b where it has not (13 us, against 21-27 us for SHA-256 in
    software); :data:`HASH_ENV` names one instead (to share a cache between machines of both kinds)."""
    return _content_hash(os.environ.get(HASH_ENV))


@functools.lru_cache(maxsize=4)
def digester(name: str) -> Callable[[bytes], str]:
    """The key of a content in a count cache keyed by the hash ``name`` (one of :data:`HASHES`): the
    first 16 bytes of the digest, in hex."""
    import hashlib  # here, not at the top (4 ms): a run where every file is unchanged never hashes

    if name == "sha256":
        sha256 = hashlib.sha256
        return lambda raw: sha256(raw).digest()[:16].hex()
    blake2b = hashlib.blake2b
    return lambda raw: blake2b(raw, digest_size=16).hexdigest()


def signature(st: os.stat_result) -> Signature:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def file_entry(st: os.stat_result, digest: str, chars: int, notes: tuple[str, ...]) -> list[Any] | None:
    """The file entry recorded for a file read with the stat ``st`` (its signature, the digest of its
    content, its characters and notes), or None when it changed too recently for its signature to be
    trusted."""
    if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) < _RACY_NS:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev, digest, chars, list(notes)]


def _count(value: object) -> int | None:
    """``value`` when it is a token or character count (an int, not a bool, not negative)."""
    return value if type(value) is int and value >= 0 else None


def _file_entry(entry: object, sig: Signature) -> tuple[str, int, tuple[str, ...]] | None:
    """(digest, chars, notes) of a file entry as recorded ([size, mtime, ctime, inode, device,
    digest, chars, notes]) when it has that shape and the signature ``sig``, else None."""
    if type(entry) is not list or len(entry) != 8 or entry[:5] != list(sig):
        return None
    digest, chars, notes = entry[5], entry[6], entry[7]
    if type(digest) is not str or _count(chars) is None:
        return None
    if notes and not (type(notes) is list and all(type(n) is str for n in notes)):
        return None
    return digest, chars, tuple(notes) if notes else ()


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the cache folder's lock file (an advisory lock; none where the platform has neither)."""
    with open(folder / ".counts.lock", "a+b") as fh:
        try:
            import fcntl
        except ImportError:  # Windows
            try:
                import msvcrt
            except ImportError:
                yield
                return
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_LOCK, 1)  # type: ignore[attr-defined,unused-ignore]
            try:
                yield
            finally:
                fh.seek(0)
                msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined,unused-ignore]
            return
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _remove_temporaries(folder: Path, older_than: float | None) -> None:
    """Remove the temporary files of writers that died (all of them when the caller holds the lock)."""
    now = time.time()
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.startswith(_TMP_PREFIX) and entry.name.endswith(_TMP_SUFFIX):
                with contextlib.suppress(OSError):
                    if older_than is None or now - entry.stat().st_mtime > older_than:
                        os.unlink(entry.path)


class DiskCache:
    """Counts of file contents on disk, keyed by (tokenizer cache key, digest of the bytes by
    :func:`content_hash`, its first 16 bytes).

    Beside the counts, each file's stat signature (size, mtime, ctime, inode, device) maps its path to
    the digest of its content, so re-checking an unchanged file costs a ``stat``; a changed signature
    means reading and hashing the file, and an unchanged digest still means no tokenization.

    One JSON file, read once, written back under a lock file with merge-then-atomic-replace so
    concurrent writers (pytest-xdist workers, parallel CI jobs) keep each other's entries and never
    leave a torn file. The format version and prompt-budget's version are in the file: a change of
    either discards it; a tokenizer's cache key includes its version for estimates, so a tokenizer
    change misses too. ``DiskCache(None)`` keeps counts in memory only."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.path = folder / CACHE_FILE if folder is not None else None
        #: The hash keying contents (checked here: a bad :data:`HASH_ENV` is an error before any work).
        self.hash = content_hash()
        self._data: dict[str, dict[str, int]] | None = None
        self._files: dict[str, list[Any]] = {}
        self._extras: dict[str, dict[str, Any]] = {}
        #: the digests of contents known to have no frontmatter (most files: one string each, not an
        #: entry of ``extras``)
        self._plain: set[str] = set()
        self._new: dict[str, dict[str, int]] = {}
        self._new_files: dict[str, list[Any]] = {}
        self._new_extras: dict[str, dict[str, Any]] = {}
        self._new_plain: set[str] = set()
        # Entries read this run: moved to the newest end when the file is next written, so the
        # bound evicts what was least recently used, not what was first inserted.
        self._used: set[str] = set()
        self._used_files: set[str] = set()
        self._lock = threading.Lock()

    def digest(self, raw: bytes) -> str:
        return digester(self.hash)(raw)

    def _load(self) -> dict[str, dict[str, int]]:
        if self._data is None:
            self._data, self._files, self._extras, self._plain = self._read()
            if self.folder is not None:
                _remove_temporaries(self.folder, _STALE_TMP_S)
        return self._data

    def _read(
        self,
    ) -> tuple[dict[str, dict[str, int]], dict[str, list[Any]], dict[str, dict[str, Any]], set[str]]:
        if self.path is None:
            return {}, {}, {}, set()
        try:
            blob = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}, {}, {}, set()
        from prompt_budget._version import __version__

        if (
            not isinstance(blob, dict)
            or blob.get("format") != CACHE_FORMAT
            or blob.get("version") != __version__
            or blob.get("hash", "sha256") != self.hash
        ):
            return {}, {}, {}, set()
        entries = blob.get("entries")
        files = blob.get("files")
        extras = blob.get("extras")
        plain = blob.get("plain")
        return (
            entries if isinstance(entries, dict) else {},
            files if isinstance(files, dict) else {},
            extras if isinstance(extras, dict) else {},
            {d for d in plain if type(d) is str} if isinstance(plain, list) else set(),
        )

    def known_digests(self, key: str) -> frozenset[str]:
        """The digests of the contents whose count under ``key`` is known."""
        return frozenset(
            d
            for d, counts in self._load().items()
            if isinstance(counts, dict) and _count(counts.get(key)) is not None
        )

    def get(self, key: str, digest: str) -> int | None:
        entry = self._load().get(digest)
        if not isinstance(entry, dict):
            return None
        value = _count(entry.get(key))
        if value is None:
            return None
        self._used.add(digest)
        return value

    def put(self, key: str, digest: str, tokens: int) -> None:
        with self._lock:
            data = self._load()
            entry = data.get(digest)
            if not isinstance(entry, dict):
                entry = data[digest] = {}
            entry[key] = tokens
            self._new.setdefault(digest, {})[key] = tokens

    def lookup_file(
        self, path: str, sig: Signature, key: str
    ) -> tuple[int, int, tuple[str, ...], str] | None:
        """(tokens, chars, notes, digest) of the file at ``path`` when its stat signature is the one
        recorded and its content's count under ``key`` is known; else None."""
        data = self._load()
        entry = _file_entry(self._files.get(path), sig)
        if entry is None:
            return None
        digest = entry[0]
        counts = data.get(digest)
        tokens = _count(counts.get(key)) if type(counts) is dict else None
        if tokens is None:
            return None
        self._used.add(digest)
        self._used_files.add(path)
        return tokens, entry[1], entry[2], digest

    def get_extra(self, digest: str, kind: str) -> Any:
        """What was recorded about the content ``digest`` under ``kind`` (any JSON value; the caller
        checks its shape), or ``MISSING``."""
        self._load()
        entry = self._extras.get(digest)
        if type(entry) is not dict or kind not in entry:
            return MISSING
        self._used.add(digest)
        return entry[kind]

    def put_extra(self, digest: str, kind: str, value: Any) -> None:
        """Record a JSON value about the content ``digest`` (what its frontmatter holds, say)."""
        with self._lock:
            self._load()
            entry = self._extras.get(digest)
            if type(entry) is not dict:
                entry = self._extras[digest] = {}
            entry[kind] = value
            self._new_extras.setdefault(digest, {})[kind] = value

    def is_plain(self, digest: str) -> bool:
        """Whether the content ``digest`` is known to have no frontmatter (``mark_plain``)."""
        if self._data is None:
            self._load()
        return digest in self._plain

    def mark_plain(self, digest: str) -> None:
        """Record that the content ``digest`` has no frontmatter (most files: the cache keeps a list of
        such digests, not an entry each)."""
        if self._data is None:
            self._load()
        self._plain.add(digest)
        self._new_plain.add(digest)

    def has_files(self) -> bool:
        """Whether any file's stat signature is recorded (none in a cold cache: nothing to look up)."""
        self._load()
        return bool(self._files)

    def learn(
        self,
        key: str,
        digest: str,
        tokens: int | None,
        path: str,
        sig: Signature | None,
        chars: int,
        notes: tuple[str, ...],
    ) -> None:
        """``put`` (when ``tokens`` is not None) and ``remember_file`` (when ``sig`` is) in one step: what
        a counting worker found about one file."""
        entry = None
        if sig is not None and time.time_ns() - max(sig[1], sig[2]) >= _RACY_NS:
            entry = [*sig, digest, chars, list(notes)]
        self.learn_entry(key, digest, tokens, path, entry)

    def learn_entry(
        self, key: str, digest: str, tokens: int | None, path: str, entry: list[Any] | None
    ) -> None:
        """``learn`` with the file's entry made already (by :func:`file_entry`, in a counting worker),
        or None when its signature is not to be recorded."""
        with self._lock:
            data = self._data if self._data is not None else self._load()
            if tokens is not None:
                counts = data.get(digest)
                if type(counts) is not dict:
                    # a digest first met in this run: one dict for both tables (a hundred thousand
                    # files are a hundred thousand dicts)
                    counts = data[digest] = {key: tokens}
                    new = self._new.setdefault(digest, counts)
                else:
                    counts[key] = tokens
                    new = self._new.setdefault(digest, {})
                if new is not counts:
                    new[key] = tokens
            if entry is not None:
                self._files[path] = entry
                self._new_files[path] = entry

    def remember_file(
        self, path: str, sig: Signature, digest: str, chars: int, notes: tuple[str, ...]
    ) -> None:
        """Record ``path``'s stat signature and content digest, unless the file changed too recently
        for its signature to be trusted."""
        if time.time_ns() - max(sig[1], sig[2]) < _RACY_NS:
            return
        entry = [*sig, digest, chars, list(notes)]
        with self._lock:
            self._load()
            self._files[path] = entry
            self._new_files[path] = entry

    def stored_bytes(self) -> int:
        """The size of the cache file on disk (0 when there is none), without reading it."""
        if self.path is None:
            return 0
        try:
            return self.path.stat().st_size
        except OSError:
            return 0

    def unsaved(self) -> int:
        """How many entries this process has learnt and not yet written."""
        return len(self._new) + len(self._new_files) + len(self._new_extras) + len(self._new_plain)

    def save(self) -> None:
        """Merge what this process learnt into the file on disk and replace it atomically, under the
        cache folder's lock."""
        if self.path is None or self.folder is None or not self.unsaved():
            return
        with self._lock:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                gi = self.folder / ".gitignore"
                if not gi.exists():
                    gi.write_text("# created by prompt-budget\n*\n", encoding="utf-8")
                with _locked(self.folder):
                    _remove_temporaries(self.folder, None)
                    self._write()
            except OSError:
                return  # a read-only checkout still counts correctly; it just does not cache
            self._new.clear()
            self._new_files.clear()
            self._new_extras.clear()
            self._new_plain.clear()
            self._used.clear()
            self._used_files.clear()

    def _write(self) -> None:
        import tempfile

        from prompt_budget._version import __version__

        assert self.path is not None
        assert self.folder is not None
        merged, files, extras, plain = self._read()
        # Nothing on disk (a first run): what this run learnt is the whole table, copied in one step.
        merged = _merged(merged, self._new)
        extras = _merged(extras, self._new_extras)
        if files:
            for key, value in self._new_files.items():
                files.pop(key, None)
                files[key] = value
        else:
            files = dict(self._new_files)
        _bound(merged, self._used, self._new)
        _bound(files, self._used_files, self._new_files)
        _bound(extras, self._used, self._new_extras)
        # kept while the content's counts are (in their order: a first run writes every digest once)
        plain |= self._new_plain
        blob = {
            "format": CACHE_FORMAT,
            "version": __version__,
            "hash": self.hash,
            "entries": merged,
            "files": files,
            "extras": extras,
            "plain": [d for d in merged if d in plain],
        }
        data = encoded(blob)
        fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, suffix=_TMP_SUFFIX, dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def encoded(blob: dict[str, Any]) -> bytes:
    """``blob`` (the cache's tables: strings, integers, lists and dicts) as compact JSON in UTF-8:
    through orjson where it is installed (the ``fast`` extra: the same document, about eight times
    faster than the standard library for a first run's hundred thousand files), else through the
    standard library's C encoder, in one string (``json.dump`` writes piece by piece, several times
    slower). What orjson will not encode (a path holding a lone surrogate, as an undecodable file name
    gives) goes through the standard library, which escapes it."""
    try:
        import orjson
    except ImportError:
        pass
    else:
        try:
            return orjson.dumps(blob)
        except TypeError:  # orjson.JSONEncodeError
            pass
    # the tables hold no cycles (JSON read back, and this run's lists and dicts): looking for them
    # costs as much as the encoding itself
    return json.dumps(blob, separators=(",", ":"), check_circular=False).encode("utf-8")


def _merged(table: dict[str, Any], new: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """``table`` (read from disk) with what this run learnt about each digest merged in, re-inserted
    at the end: what this run learnt is the newest and is evicted last."""
    if not table:
        return dict(new)
    for digest, counts in new.items():
        old = table.pop(digest, None)
        table[digest] = {**(old if isinstance(old, dict) else {}), **counts}
    return table


def _bound(table: dict[str, Any], used: set[str], written: Mapping[str, Any]) -> None:
    """Keep the cache bounded, least recently used first out: what this run read (what it wrote is at
    the end already) moves to the end, then the entries at the front over ``MAX_ENTRIES`` go (JSON
    objects keep insertion order)."""
    for key in sorted(used.difference(written)):
        if key in table:
            table[key] = table.pop(key)
    for key in list(itertools.islice(table, max(0, len(table) - MAX_ENTRIES))):
        del table[key]
