"""The one counting path: text, request objects and files, with an on-disk cache for file contents.

``count(obj)`` counts a string, a chat message list or a whole provider request; ``count_path`` counts
a file through the disk cache, so re-checking an unchanged file costs a hash, not a tokenization;
``count_files`` counts what ``prompt-budget count`` is given (files, folders, standard input).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import stat
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final, Literal

from prompt_budget.tokenizers import CachedTokenizer, Tokenizer, get_tokenizer
from prompt_budget.walk import iter_paths

if TYPE_CHECKING:
    from prompt_budget.outline import Section

CACHE_FORMAT: Final = 1
#: At most this many content digests (and as many file signatures) are kept; the least recently used go
#: first (an entry read by a run counts as used when that run writes the cache).
MAX_ENTRIES: Final = 200_000
CACHE_FILE: Final = "counts-v1.json"
_BINARY_SNIFF: Final = 8192


def count(obj: object, tokenizer: str | Tokenizer | None = None, *, model: str | None = None) -> int:
    """Count the tokens of ``obj``: a string, a chat message list (OpenAI or Anthropic shape), a whole
    request mapping in the provider's own shape, or an SDK message object (``response.choices[0]
    .message``, an Anthropic ``Message``), counted as the dict it would be sent as. ``model`` counts
    as that model is counted locally (``gpt-4o``: o200k_base; ``claude-opus-4-7``: its generation's
    estimate); an explicit ``tokenizer`` wins."""
    if model is not None and tokenizer is None:
        from prompt_budget.known_models import require_model

        tokenizer = require_model(model).local_spec
    tok = get_tokenizer(tokenizer)
    if isinstance(obj, str):
        return tok.count(obj)
    if callable(getattr(obj, "model_dump", None)) and not isinstance(obj, type):
        from prompt_budget.messages import plain  # an SDK object, as the provider returned it

        obj = plain(obj)
    if isinstance(obj, (Mapping, Sequence)) and not isinstance(obj, (bytes, bytearray)):
        from prompt_budget.messages import count_request

        return count_request(obj, tok)
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
    path: str | Path
    tokens: int
    chars: int
    size: int
    notes: tuple[str, ...] = ()
    cached: bool = False


def read_text(path: Path) -> tuple[str, bytes, tuple[str, ...]]:
    """Read a file as text: (text, raw bytes, notes). Non-UTF-8 files are decoded with replacement and
    say so; binary files, missing files and broken symlinks raise ``FileProblem``."""
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise FileProblem(path, "is a directory")
        if not stat.S_ISREG(mode):
            # Reading a FIFO with no writer would block forever.
            raise FileProblem(path, "not a regular file (a FIFO, socket or device); pipe it to '-' instead")
        raw = path.read_bytes()
    except FileNotFoundError:
        if path.is_symlink():
            target = os.readlink(path)
            raise FileProblem(path, f"broken symbolic link (points to {target})") from None
        raise FileProblem(path, "no such file or directory") from None
    except NotADirectoryError:
        raise FileProblem(path, "no such file or directory (a parent in the path is a file)") from None
    except PermissionError:
        raise FileProblem(path, "permission denied") from None
    except OSError as exc:  # a symlink loop, a name too long, an I/O error
        raise FileProblem(path, f"cannot read: {(exc.strerror or str(exc)).lower()}") from None
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


# A file whose mtime or ctime is this close to the moment it was read may still be changing within
# one timestamp tick: its stat signature is not trusted (git's "racy" entries; 2 s covers FAT).
_RACY_NS = 2_000_000_000

Signature = tuple[int, int, int, int, int]


def _signature(st: os.stat_result) -> Signature:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


class DiskCache:
    """Counts of file contents on disk, keyed by (tokenizer cache key, BLAKE2b digest of the bytes).

    Beside the counts, each file's stat signature (size, mtime, ctime, inode, device) maps its path to
    the digest of its content, so re-checking an unchanged file costs a ``stat``; a changed signature
    means reading and hashing the file, and an unchanged digest still means no tokenization.

    One JSON file, read once, written back with merge-then-atomic-replace so concurrent writers
    (pytest-xdist workers, parallel CI jobs) never leave a torn file. The format version and
    prompt-budget's version are in the file: a change of either discards it; a tokenizer's cache key
    includes its version for estimates, so a tokenizer change misses too."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.path = folder / CACHE_FILE if folder is not None else None
        self._data: dict[str, dict[str, int]] | None = None
        self._files: dict[str, list[Any]] = {}
        self._new: dict[str, dict[str, int]] = {}
        self._new_files: dict[str, list[Any]] = {}
        # Entries read this run: moved to the newest end when the file is next written, so the
        # bound evicts what was least recently used, not what was first inserted.
        self._used: set[str] = set()
        self._used_files: set[str] = set()
        self._lock = threading.Lock()

    @staticmethod
    def digest(raw: bytes) -> str:
        import hashlib  # here, not at the top: a run where every file is unchanged never hashes

        return hashlib.blake2b(raw, digest_size=16).hexdigest()

    def _load(self) -> dict[str, dict[str, int]]:
        if self._data is None:
            self._data, self._files = self._read()
        return self._data

    def _read(self) -> tuple[dict[str, dict[str, int]], dict[str, list[Any]]]:
        if self.path is None:
            return {}, {}
        try:
            blob = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}, {}
        from prompt_budget._version import __version__

        if (
            not isinstance(blob, dict)
            or blob.get("format") != CACHE_FORMAT
            or blob.get("version") != __version__
        ):
            return {}, {}
        entries = blob.get("entries")
        files = blob.get("files")
        return (
            entries if isinstance(entries, dict) else {},
            files if isinstance(files, dict) else {},
        )

    def get(self, key: str, digest: str) -> int | None:
        entry = self._load().get(digest)
        if entry is None:
            return None
        value = entry.get(key)
        if not isinstance(value, int):
            return None
        self._used.add(digest)
        return value

    def put(self, key: str, digest: str, tokens: int) -> None:
        with self._lock:
            self._load().setdefault(digest, {})[key] = tokens
            self._new.setdefault(digest, {})[key] = tokens

    def lookup_file(self, path: str, sig: Signature, key: str) -> tuple[int, int, tuple[str, ...]] | None:
        """(tokens, chars, notes) of the file at ``path`` when its stat signature is the one recorded
        and its content's count under ``key`` is known; else None."""
        data = self._load()
        entry = self._files.get(path)
        if not isinstance(entry, list) or len(entry) != 8 or tuple(entry[:5]) != sig:
            return None
        counts = data.get(entry[5])
        tokens = counts.get(key) if isinstance(counts, dict) else None
        if not isinstance(tokens, int):
            return None
        self._used.add(entry[5])
        self._used_files.add(path)
        return tokens, entry[6], tuple(entry[7]) if entry[7] else ()

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

    def save(self) -> None:
        """Merge what this process learnt into the file on disk and replace it atomically."""
        if self.path is None or self.folder is None or not (self._new or self._new_files):
            return
        import tempfile

        from prompt_budget._version import __version__

        with self._lock:
            merged, files = self._read()
            for digest, counts in self._new.items():
                # Re-inserted at the end: what this run learnt is the newest and is evicted last.
                merged[digest] = {**merged.pop(digest, {}), **counts}
            for key, value in self._new_files.items():
                files.pop(key, None)
                files[key] = value
            _bound(merged, self._used, self._new)
            _bound(files, self._used_files, self._new_files)
            blob = {"format": CACHE_FORMAT, "version": __version__, "entries": merged, "files": files}
            tmp = None
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                gi = self.folder / ".gitignore"
                if not gi.exists():
                    gi.write_text("# created by prompt-budget\n*\n", encoding="utf-8")
                fd, tmp = tempfile.mkstemp(prefix=".counts-", suffix=".tmp", dir=self.folder)
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump(blob, fh, separators=(",", ":"))
                os.replace(tmp, self.path)
            except OSError:
                # A read-only checkout still counts correctly; it just does not cache.
                if tmp is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
                return
            self._new.clear()
            self._new_files.clear()
            self._used.clear()
            self._used_files.clear()


def _bound(table: dict[str, Any], used: set[str], written: Mapping[str, Any]) -> None:
    """Keep the cache bounded, least recently used first out: what this run read (what it wrote is at
    the end already) moves to the end, then the entries at the front over ``MAX_ENTRIES`` go (JSON
    objects keep insertion order)."""
    for key in sorted(used.difference(written)):
        if key in table:
            table[key] = table.pop(key)
    for key in list(itertools.islice(table, max(0, len(table) - MAX_ENTRIES))):
        del table[key]


def stands_in(tok: CachedTokenizer | Tokenizer) -> bool:
    """Whether ``tok`` is an exact tokenizer that is estimating for now (``anthropic:`` offline, or
    with the API unreachable): its counts are stand-ins, and stored under its exact name they would
    come back as exact counts in the next run. A calibration over such a base (``calibrate --base
    anthropic:...``) stands in while its base does."""
    inner = getattr(tok, "inner", tok)
    if getattr(inner, "estimated_by", None) is not None:
        return True
    base = getattr(inner, "base", None)
    return base is not None and stands_in(base)


def count_path(
    path: str | Path, tokenizer: str | Tokenizer | None = None, cache: DiskCache | None = None
) -> FileCount:
    """Count one file, through the disk cache when given: an unchanged file (same stat signature)
    costs a ``stat``, a changed file with known content a read and a hash. Raises ``FileProblem`` for
    files that cannot be counted. The result's ``path`` is ``path`` as given."""
    tok = get_tokenizer(tokenizer)
    if cache is None:
        text, raw, notes = read_text(Path(path))
        return FileCount(path, tok.inner.count(text), len(text), len(raw), notes)
    key = tok.cache_key
    where = os.fspath(path)
    if not os.path.isabs(where):
        where = os.path.join(os.getcwd(), where)
        # Normalized only without `..`: os.path.abspath would make `link/../a.md` the a.md beside
        # the link, while the file read (and counted) is the one above the link's target.
        if ".." not in where.split(os.sep):
            where = os.path.normpath(where)
    try:
        st = os.stat(where)
    except OSError:
        st = None  # read_text says what is wrong
    sig = _signature(st) if st is not None and stat.S_ISREG(st.st_mode) else None
    if sig is not None:
        known = cache.lookup_file(where, sig, key)
        if known is not None:
            return FileCount(path, known[0], known[1], sig[0], known[2], cached=True)
    text, raw, notes = read_text(Path(path))
    digest = cache.digest(raw)
    hit = cache.get(key, digest)
    if sig is not None and len(raw) == sig[0]:
        cache.remember_file(where, sig, digest, len(text), notes)
    if hit is not None:
        return FileCount(path, hit, len(text), len(raw), notes, cached=True)
    n = tok.inner.count(text)
    if not stands_in(tok):
        cache.put(key, digest, n)
    return FileCount(path, n, len(text), len(raw), notes)


# --- `prompt-budget count`: files, folders and standard input ----------------------------------------


@dataclass(frozen=True)
class CountedFile:
    """One row of a count: a file (or ``<stdin>``) as shown, and its counts. ``sections`` (with
    ``outline``) are a Markdown text's sections, None for another file."""

    path: str
    tokens: int
    chars: int
    notes: tuple[str, ...] = ()
    sections: list[Section] | None = None

    def to_dict(self, outline: bool = False) -> dict[str, Any]:
        row: dict[str, Any] = {"path": self.path, "tokens": self.tokens, "chars": self.chars}
        row["notes"] = list(self.notes)
        if outline:
            row["sections"] = None if self.sections is None else [s.to_dict() for s in self.sections]
        return row


@dataclass
class FileCounts:
    """What counting a list of paths found: its rows, and the notes and errors to say about them in
    the order they were met (an error is a path that could not be counted)."""

    tokenizer: CachedTokenizer
    rows: list[CountedFile] = field(default_factory=list)
    said: list[tuple[Literal["note", "error"], str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(r.tokens for r in self.rows)

    @property
    def errors(self) -> int:
        return sum(1 for kind, _ in self.said if kind == "error")


def count_files(
    paths: Iterable[str],
    tokenizer: str | Tokenizer | None = None,
    cache: DiskCache | None = None,
    *,
    outline: bool = False,
    stdin: BinaryIO | None = None,
) -> FileCounts:
    """Count each of ``paths``: a file, a folder (recursively, skipping VCS and virtual-env folders and
    what .gitignore excludes; binary files and broken links in it are skipped with a note) or ``-``
    (``stdin``). With ``outline``, each Markdown text also gets its sections, and a folder gives its
    Markdown files only. The cache, when given, is saved at the end."""
    tok = get_tokenizer(tokenizer)
    found = FileCounts(tok)
    say = found.said.append
    if outline:  # imported only here: a plain count does without it
        import prompt_budget.outline as md

        suffixes = ", ".join(md.MARKDOWN_SUFFIXES)

    def add(label: str, tokens: int, chars: int, notes: tuple[str, ...], text: str | None = None) -> None:
        sections = md.outline(text, tok) if outline and text is not None else None
        found.rows.append(CountedFile(label, tokens, chars, notes, sections))
        for text_note in notes:
            say(("note", f"{label}: {text_note}"))

    cwd = os.getcwd()
    for raw in paths:
        if raw == "-":
            data = stdin.read() if stdin is not None else b""
            notes: tuple[str, ...] = ()
            try:
                decoded = data.decode("utf-8")
            except UnicodeDecodeError:
                decoded = data.decode("utf-8", errors="replace")
                notes = ("not valid UTF-8; counted after replacement decoding",)
            add("<stdin>", tok.count(decoded), len(decoded), notes, decoded)
            continue
        if not raw:  # `count "$DIR"` with DIR unset: say so rather than count the current folder
            say(("error", "'': an empty path (use . for the current folder)"))
            continue
        explicit = not os.path.isdir(raw)
        targets = [raw] if explicit else list(iter_paths(Path(raw)))
        if outline and not explicit:
            targets = [t for t in targets if md.is_markdown(t)]
            if not targets:
                say(("note", f"{shown_path(raw, cwd)}: no Markdown files ({suffixes}) to outline"))
        for target in targets:
            shown = shown_path(target, cwd)
            try:
                fc = count_path(target, tok, cache)
                text = read_text(Path(target))[0] if outline and md.is_markdown(target) else None
            except FileProblem as exc:
                if not explicit and exc.reason.startswith(("binary", "broken symbolic link")):
                    say(("note", f"{shown}: skipped: {exc.reason}"))
                else:
                    say(("error", f"{shown}: {exc.reason}"))
                continue
            add(shown, fc.tokens, fc.chars, fc.notes, text)
            if outline and text is None:
                say(("note", f"{shown}: not Markdown ({suffixes}), no outline; {fc.tokens:,} tokens"))
    if cache is not None:
        cache.save()
    return found


def shown_path(path: str | Path, cwd: str | None = None) -> str:
    """The path relative to the current folder when inside it. Symbolic links are not resolved, so
    a link is shown under its own name."""
    absolute = os.fspath(path)
    if not os.path.isabs(absolute):
        absolute = os.path.abspath(absolute)
    prefix = (cwd or os.getcwd()).rstrip(os.sep) + os.sep
    if absolute.startswith(prefix):
        rel = absolute[len(prefix) :]
        return rel if os.sep == "/" else rel.replace(os.sep, "/")
    return os.path.normpath(path)
