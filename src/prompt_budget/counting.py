"""The one counting path: text, request objects and files, with an on-disk cache for file contents.

``count(obj)`` counts a string, a chat message list or a whole provider request; ``count_path`` counts
a file through the disk cache, so re-checking an unchanged file costs a hash, not a tokenization;
``count_files`` counts what ``prompt-budget count`` is given (files, folders, standard input).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final, Literal

from prompt_budget import count_pool
from prompt_budget.count_cache import CACHE_FILE, MAX_ENTRIES, DiskCache, Signature, signature
from prompt_budget.count_pool import Progress
from prompt_budget.tokenizers import CachedTokenizer, Tokenizer, get_tokenizer
from prompt_budget.walk import iter_paths

if TYPE_CHECKING:
    from prompt_budget.outline import Section

__all__ = [
    "CACHE_FILE",
    "MAX_ENTRIES",
    "CountedFile",
    "DiskCache",
    "FileCount",
    "FileCounts",
    "FileProblem",
    "count",
    "count_files",
    "count_in_worker",
    "count_path",
    "count_paths",
    "read_text",
    "shown_path",
    "stands_in",
]

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
    if type(obj) is str and len(obj) < tok.lru_min_chars:
        # a short text straight to the backend: one call less on the path whose overhead matters
        try:
            return tok.inner.count(obj)
        except (TypeError, UnicodeError):  # lone surrogates: the cached tokenizer repairs them
            return tok.count(obj)
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
    #: the BLAKE2b digest of the content, when it went through a count cache
    digest: str | None = None


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


def _where(path: str | Path) -> str:
    """``path`` as the cache records it: absolute, normalized unless it holds ``..``."""
    where = os.fspath(path)
    if not os.path.isabs(where):
        where = os.path.join(os.getcwd(), where)
        # Normalized only without `..`: os.path.abspath would make `link/../a.md` the a.md beside
        # the link, while the file read (and counted) is the one above the link's target.
        if ".." not in where.split(os.sep):
            where = os.path.normpath(where)
    return where


def _stat_signature(where: str) -> Signature | None:
    try:
        st = os.stat(where)
    except OSError:
        return None  # read_text says what is wrong
    return signature(st) if stat.S_ISREG(st.st_mode) else None


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
    where = _where(path)
    sig = _stat_signature(where)
    if sig is not None:
        known = cache.lookup_file(where, sig, key)
        if known is not None:
            return FileCount(path, known[0], known[1], sig[0], known[2], True, known[3])
    text, raw, notes = read_text(Path(path))
    digest = cache.digest(raw)
    hit = cache.get(key, digest)
    if sig is not None and len(raw) == sig[0]:
        cache.remember_file(where, sig, digest, len(text), notes)
    if hit is not None:
        return FileCount(path, hit, len(text), len(raw), notes, True, digest)
    n = tok.inner.count(text)
    if not stands_in(tok):
        cache.put(key, digest, n)
    return FileCount(path, n, len(text), len(raw), notes, False, digest)


# --- many files, on every core -----------------------------------------------------------------------

#: What a worker sends back for one file: a problem's reason, or (tokens or None when the digest was
#: known, chars, size, notes, digest, signature, what the caller's ``extra`` function made of the text)
Counted = str | tuple[int | None, int, int, tuple[str, ...], str, Signature | None, Any]
#: A function a worker runs on each file's text after counting it (module-level: it pickles by name)
Extra = Callable[[str, CachedTokenizer], Any]


def count_in_worker(path: str) -> Counted:
    """Count one file in a worker of ``count_pool.map_ordered``: read it, hash it, and count it
    unless its digest is among the known ones."""
    inner, (known, extra) = count_pool.worker_state()
    tok = get_tokenizer(inner)
    sig = _stat_signature(path)
    try:
        text, raw, notes = read_text(Path(path))
    except FileProblem as exc:
        return exc.reason
    digest = DiskCache.digest(raw)
    tokens = None if digest in known else tok.count(text)
    more = extra(text, tok) if extra is not None else None
    return tokens, len(text), len(raw), notes, digest, sig if sig and sig[0] == len(raw) else None, more


def count_paths(
    paths: Sequence[str],
    tokenizer: CachedTokenizer,
    cache: DiskCache | None,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    extra: Extra | None = None,
) -> Iterator[tuple[FileCount | FileProblem, Any]]:
    """(the count of each file or why it cannot be counted, what ``extra`` made of its text) for each
    of ``paths``, in their order; files are spread over ``jobs`` processes when there is enough to
    tokenize. Without a pool ``extra`` is not run (None). What the workers learn goes into ``cache``."""
    tok = tokenizer
    outcomes: list[FileCount | None] = [None] * len(paths)
    pending: list[str] = []
    size = 0
    if jobs > 1 and cache is None:
        cache = DiskCache(None)  # the workers' counts, for this run only
    if jobs > 1 and cache is not None:
        outcomes = []
        key = tok.cache_key
        for p in paths:
            where = _where(p)
            sig = _stat_signature(where)
            known = cache.lookup_file(where, sig, key) if sig is not None else None
            if known is None or sig is None:
                outcomes.append(None)
                pending.append(where)
                size += sig[0] if sig is not None else 0
            else:
                outcomes.append(FileCount(p, known[0], known[1], sig[0], known[2], True, known[3]))
    if progress is not None:
        progress.start(len(paths))
    try:
        if not count_pool.worth_it(jobs, len(pending), size, tok.inner) or cache is None:
            for p, done in zip(paths, outcomes, strict=True):
                try:
                    yield done or count_path(p, tok, cache), None
                except FileProblem as exc:
                    yield exc, None
                if progress is not None:
                    progress.advance()
            return
        payload = (cache.known_digests(tok.cache_key), extra)
        results = count_pool.map_ordered(count_in_worker, pending, jobs, tok.inner, payload)
        for p, done in zip(paths, outcomes, strict=True):
            if done is not None:
                yield done, None
            else:
                yield _received(p, next(results), tok, cache)
            if progress is not None:
                progress.advance()
    finally:
        if progress is not None:
            progress.stop()


def _received(
    path: str, got: Counted, tok: CachedTokenizer, cache: DiskCache
) -> tuple[FileCount | FileProblem, Any]:
    """A worker's result as a count, recorded in the cache."""
    if isinstance(got, str):
        return FileProblem(Path(path), got), None
    tokens, chars, size, notes, digest, sig, more = got
    key = tok.cache_key
    cached = tokens is None
    if tokens is None:
        tokens = cache.get(key, digest)
        if tokens is None:  # dropped since the worker was told it was known: count here
            return count_path(path, tok, cache), more
    elif not stands_in(tok):
        cache.put(key, digest, tokens)
    if sig is not None:
        cache.remember_file(_where(path), sig, digest, chars, notes)
    return FileCount(path, tokens, chars, size, notes, cached, digest), more


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
    jobs: int = 1,
    progress: Progress | None = None,
) -> FileCounts:
    """Count each of ``paths``: a file, a folder (recursively, skipping VCS and virtual-env folders and
    what .gitignore excludes; binary files and broken links in it are skipped with a note) or ``-``
    (``stdin``). With ``outline``, each Markdown text also gets its sections, and a folder gives its
    Markdown files only. The cache, when given, is saved at the end. Files are spread over ``jobs``
    processes when there is enough to tokenize; ``progress`` is told how many are done."""
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
    # First what each argument stands for (folders walked), so that every file is counted in one
    # pool; then the rows, in the order of the arguments.
    steps: list[tuple[str, list[str], bool]] = []
    for raw in paths:
        if raw == "-" or not raw:
            steps.append((raw, [], True))
            continue
        explicit = not os.path.isdir(raw)
        targets = [raw] if explicit else list(iter_paths(Path(raw)))
        if outline and not explicit:
            targets = [t for t in targets if md.is_markdown(t)]
        steps.append((raw, targets, explicit))
    every = [t for _, targets, _ in steps for t in targets]
    # an outline counts each section here anyway: no pool
    counted = count_paths(every, tok, cache, jobs=1 if outline else jobs, progress=progress)
    for raw, targets, explicit in steps:
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
        if outline and not explicit and not targets:
            say(("note", f"{shown_path(raw, cwd)}: no Markdown files ({suffixes}) to outline"))
        for target in targets:
            shown = shown_path(target, cwd)
            fc, _ = next(counted)
            try:
                if isinstance(fc, FileProblem):
                    raise fc
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
    for _ in counted:  # runs the iterator to its end, which stops the progress display
        pass
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
