"""The one counting path: text, request objects and files, with an on-disk cache for file contents.

``count(obj)`` counts a string, a chat message list or a whole provider request; ``count_path`` counts
a file through the disk cache, so re-checking an unchanged file costs a hash, not a tokenization.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from prompt_budget.tokenizers import CachedTokenizer, Tokenizer, get_tokenizer

__all__ = ["DiskCache", "FileCount", "FileProblem", "count", "count_path", "read_text"]

CACHE_FORMAT: Final = 1
CACHE_FILE: Final = "counts-v1.json"
_BINARY_SNIFF: Final = 8192


def count(obj: object, tokenizer: str | Tokenizer | None = None) -> int:
    """Count the tokens of ``obj``: a string, a chat message list (OpenAI or Anthropic shape), or a
    whole request mapping in the provider's own shape."""
    tok = get_tokenizer(tokenizer)
    if isinstance(obj, str):
        return tok.count(obj)
    if isinstance(obj, (Mapping, Sequence)) and not isinstance(obj, (bytes, bytearray)):
        from prompt_budget import messages

        return messages.count_request(obj, tok)
    raise TypeError(
        f"cannot count a {type(obj).__name__}: expected a string, a list of chat messages, or a request "
        "mapping such as {'messages': [...], 'tools': [...]}"
    )


class FileProblem(Exception):
    """A file that cannot be counted: missing, unreadable, binary, a broken symlink."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class FileCount:
    path: Path
    tokens: int
    chars: int
    size: int
    notes: tuple[str, ...] = ()
    cached: bool = False


def read_text(path: Path) -> tuple[str, bytes, tuple[str, ...]]:
    """Read a file as text: (text, raw bytes, notes). Non-UTF-8 files are decoded with replacement and
    say so; binary files, missing files and broken symlinks raise ``FileProblem``."""
    if path.is_symlink() and not path.exists():
        raise FileProblem(path, f"broken symbolic link (points to {os.readlink(path)})")
    if not path.exists():
        raise FileProblem(path, "no such file or directory")
    if path.is_dir():
        raise FileProblem(path, "is a directory")
    try:
        raw = path.read_bytes()
    except PermissionError:
        raise FileProblem(path, "permission denied") from None
    except OSError as exc:
        raise FileProblem(path, f"cannot read: {exc.strerror or exc}") from None
    if b"\x00" in raw[:_BINARY_SNIFF]:
        raise FileProblem(path, "binary file (contains NUL bytes), not counted")
    notes: list[str] = []
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = raw.decode("utf-8", errors="replace")
        notes.append(
            f"not valid UTF-8 (first bad byte at offset {exc.start}); counted after replacement decoding"
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    if not raw:
        notes.append("empty file")
    return text, raw, tuple(notes)


class DiskCache:
    """Counts of file contents on disk, keyed by (tokenizer cache key, BLAKE2b digest of the bytes).

    One JSON file, read once, written back with merge-then-atomic-replace so concurrent writers
    (pytest-xdist workers, parallel CI jobs) never leave a torn file. The format version and
    prompt-budget's version are in the file: a change of either discards it; a tokenizer's cache key
    includes its version for estimates, so a tokenizer change misses too."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.path = folder / CACHE_FILE if folder is not None else None
        self._data: dict[str, dict[str, int]] | None = None
        self._new: dict[str, dict[str, int]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def digest(raw: bytes) -> str:
        return hashlib.blake2b(raw, digest_size=16).hexdigest()

    def _load(self) -> dict[str, dict[str, int]]:
        if self._data is None:
            self._data = self._read()
        return self._data

    def _read(self) -> dict[str, dict[str, int]]:
        if self.path is None:
            return {}
        try:
            blob = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        from prompt_budget import __version__

        if (
            not isinstance(blob, dict)
            or blob.get("format") != CACHE_FORMAT
            or blob.get("version") != __version__
        ):
            return {}
        entries = blob.get("entries")
        return entries if isinstance(entries, dict) else {}

    def get(self, key: str, digest: str) -> int | None:
        entry = self._load().get(digest)
        if entry is None:
            return None
        value = entry.get(key)
        return value if isinstance(value, int) else None

    def put(self, key: str, digest: str, tokens: int) -> None:
        with self._lock:
            self._load().setdefault(digest, {})[key] = tokens
            self._new.setdefault(digest, {})[key] = tokens

    def save(self) -> None:
        """Merge what this process learnt into the file on disk and replace it atomically."""
        if self.path is None or self.folder is None or not self._new:
            return
        from prompt_budget import __version__

        with self._lock:
            merged = self._read()
            for digest, counts in self._new.items():
                merged.setdefault(digest, {}).update(counts)
            blob = {"format": CACHE_FORMAT, "version": __version__, "entries": merged}
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                gi = self.folder / ".gitignore"
                if not gi.exists():
                    gi.write_text("# created by prompt-budget\n*\n", encoding="utf-8")
                fd, tmp = tempfile.mkstemp(prefix=".counts-", suffix=".tmp", dir=self.folder)
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump(blob, fh, separators=(",", ":"), sort_keys=True)
                os.replace(tmp, self.path)
            except OSError:
                # A read-only checkout still counts correctly; it just does not cache.
                with contextlib.suppress(Exception):
                    os.unlink(tmp)
                return
            self._new.clear()


def _cache_key(tok: CachedTokenizer | Tokenizer) -> str:
    return str(getattr(tok, "cache_key", tok.name))


def count_path(
    path: Path, tokenizer: str | Tokenizer | None = None, cache: DiskCache | None = None
) -> FileCount:
    """Count one file, through the disk cache when given. Raises ``FileProblem`` for files that
    cannot be counted."""
    tok = get_tokenizer(tokenizer)
    text, raw, notes = read_text(path)
    if cache is not None:
        digest = cache.digest(raw)
        key = _cache_key(tok)
        hit = cache.get(key, digest)
        if hit is not None:
            return FileCount(path, hit, len(text), len(raw), notes, cached=True)
        n = tok.inner.count(text)
        cache.put(key, digest, n)
        return FileCount(path, n, len(text), len(raw), notes)
    return FileCount(path, tok.inner.count(text), len(text), len(raw), notes)


def request_digest(obj: Any) -> str:
    """A stable digest of a JSON-able request (sorted keys), for caches keyed by request."""
    blob = json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()
