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
from typing import TYPE_CHECKING, Any, BinaryIO, Literal, NamedTuple

from prompt_budget import count_pool
from prompt_budget.count_cache import (
    CACHE_FILE,
    MAX_ENTRIES,
    DiskCache,
    Signature,
    digester,
    file_entry,
    signature,
)
from prompt_budget.count_pool import Progress
from prompt_budget.count_seed import Seed
from prompt_budget.reading import FileProblem, decoded, read_raw, read_text
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


# Frozen, with an __init__ of its own: a frozen dataclass's sets each field through
# object.__setattr__, four times the cost, and a count makes one per file (a hundred thousand in a run)
@dataclass(frozen=True, init=False)
class FileCount:
    path: str | Path
    tokens: int
    chars: int
    size: int
    notes: tuple[str, ...] = ()
    cached: bool = False
    #: the digest of the content (its first 16 bytes, by ``count_cache.content_hash``), when it went
    #: through a count cache
    digest: str | None = None

    def __init__(
        self,
        path: str | Path,
        tokens: int,
        chars: int,
        size: int,
        notes: tuple[str, ...] = (),
        cached: bool = False,
        digest: str | None = None,
    ) -> None:
        d = self.__dict__
        d["path"] = path
        d["tokens"] = tokens
        d["chars"] = chars
        d["size"] = size
        d["notes"] = notes
        d["cached"] = cached
        d["digest"] = digest


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
#: known, chars, size, notes, digest, the file's entry for the count cache (None: its signature is not
#: to be recorded), what the caller's ``extra`` function made of the text)
Counted = str | tuple[int | None, int, int, tuple[str, ...], str, list[Any] | None, Any]
#: A function a worker runs on each file's text (module-level: it pickles by name): what it makes of the
#: text, and the text's count when it made that too (from the counts of its parts), else None
Extra = Callable[[str, CachedTokenizer], tuple[Any, int | None]]


def count_in_worker(path: str) -> Counted:
    """Count one file in a worker of ``count_pool.map_ordered``: read it (one ``stat``), hash it, and
    count it unless its digest is among the known ones."""
    inner, (known, extra, hash_name) = count_pool.worker_state()
    try:
        raw, st = read_raw(path, path)
        text, raw, notes = decoded(raw, path)
    except FileProblem as exc:
        return exc.reason
    digest = digester(hash_name)(raw)
    more, whole = extra(text, _worker_tokenizer(inner)) if extra is not None else (None, None)
    tokens = None if digest in known else whole if whole is not None else inner.count(text)
    # the entry made here, where the file was read (the parent only stores it)
    entry = file_entry(st, digest, len(text), notes) if st.st_size == len(raw) else None
    return tokens, len(text), len(raw), notes, digest, entry, more


_WORKER_TOKENIZER: list[CachedTokenizer] = []


def _worker_tokenizer(inner: Tokenizer) -> CachedTokenizer:
    """One cached tokenizer per worker, keeping no texts (each worker sees each file once)."""
    if not _WORKER_TOKENIZER or _WORKER_TOKENIZER[0].inner is not inner:
        tok = CachedTokenizer(inner)
        tok.max_bytes = 0
        _WORKER_TOKENIZER[:] = [tok]
    return _WORKER_TOKENIZER[0]


def count_paths(
    paths: Sequence[str],
    tokenizer: CachedTokenizer,
    cache: DiskCache | None,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    extra: Extra | None = None,
    ahead: Callable[[Sequence[str]], Iterator[Counted] | None] | None = None,
) -> Iterator[tuple[FileCount | FileProblem, Any]]:
    """(the count of each file or why it cannot be counted, what ``extra`` made of its text) for each
    of ``paths``, in their order; files are spread over ``jobs`` processes when there is enough to
    tokenize. Without a pool ``extra`` is not run (None). What the workers learn goes into ``cache``.
    ``ahead``, given the paths to count (none of them recorded in the cache), gives the workers'
    results for them when they were started ahead (with the same ``extra``), else None."""
    tok = tokenizer
    outcomes: list[FileCount | None] = [None] * len(paths)
    pending: list[str] = []
    size = 0
    if jobs > 1 and cache is None:
        cache = DiskCache(None)  # the workers' counts, for this run only
    if jobs > 1 and cache is not None:
        outcomes = []
        key = tok.cache_key
        # With no file recorded (a cold cache) nothing can be looked up: files are stat'ed only until
        # there is enough to tokenize for a pool (the workers stat each file anyway).
        lookup = cache.has_files()
        enough = False
        for i, p in enumerate(paths):
            if enough:  # the rest, in one step: an absolute path is recorded as it is
                rest = paths[i:]
                outcomes.extend([None] * len(rest))
                posix = os.sep == "/"
                pending.extend(q if posix and type(q) is str and q[:1] == "/" else _where(q) for q in rest)
                break
            where = _where(p)
            sig = _stat_signature(where)
            known = cache.lookup_file(where, sig, key) if sig is not None and lookup else None
            if known is None or sig is None:
                outcomes.append(None)
                pending.append(where)
                size += sig[0] if sig is not None else 0
                enough = not lookup and size >= count_pool.MIN_BYTES and len(pending) >= count_pool.MIN_FILES
            else:
                outcomes.append(FileCount(p, known[0], known[1], sig[0], known[2], True, known[3]))
    if progress is not None:
        progress.start(len(paths))
    try:
        taken = ahead(pending) if ahead is not None and cache is not None and jobs > 1 else None
        if taken is None and (not count_pool.worth_it(jobs, len(pending), size, tok.inner) or cache is None):
            for p, done in zip(paths, outcomes, strict=True):
                try:
                    yield done or count_path(p, tok, cache), None
                except FileProblem as exc:
                    yield exc, None
                if progress is not None:
                    progress.advance()
            return
        assert cache is not None
        results = taken
        if results is None:
            payload = (cache.known_digests(tok.cache_key), extra, cache.hash)
            results = count_pool.map_ordered(count_in_worker, pending, jobs, tok.inner, payload)
        key = tok.cache_key
        keep = not stands_in(tok)
        learn = cache.learn_entry
        at = 0
        for p, done in zip(paths, outcomes, strict=True):
            if done is not None:
                yield done, None
            else:
                got = next(results)
                where = pending[at]
                at += 1
                if isinstance(got, str):
                    yield FileProblem(Path(p), got), None
                else:
                    tokens, chars, size, notes, digest, entry, more = got
                    if tokens is None:
                        yield _received(p, where, got, tok, cache)
                    else:
                        learn(key, digest, tokens if keep else None, where, entry)
                        yield FileCount(p, tokens, chars, size, notes, False, digest), more
            if progress is not None:
                progress.advance()
    finally:
        if progress is not None:
            progress.stop()


def _received(
    path: str, where: str, got: Counted, tok: CachedTokenizer, cache: DiskCache
) -> tuple[FileCount | FileProblem, Any]:
    """A worker's result for a file whose digest was known: its count from the cache."""
    assert not isinstance(got, str)
    _, chars, size, notes, digest, entry, more = got
    tokens = cache.get(tok.cache_key, digest)
    if tokens is None:  # dropped since the worker was told it was known: count here
        return count_path(path, tok, cache), more
    cache.learn_entry(tok.cache_key, digest, None, where, entry)
    return FileCount(path, tokens, chars, size, notes, True, digest), more


# --- `prompt-budget count`: files, folders and standard input ----------------------------------------


class CountedFile(NamedTuple):
    """One row of a count: a file (or ``<stdin>``) as shown, and its counts. ``sections`` (with
    ``outline``) are a Markdown text's sections, None for another file. (A named tuple: a count may
    have a hundred thousand rows, and a tuple is made in a tenth of a frozen dataclass's time.)"""

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
    save: bool = True,
) -> FileCounts:
    """Count each of ``paths``: a file, a folder (recursively, skipping VCS and virtual-env folders and
    what .gitignore excludes; binary files and broken links in it are skipped with a note) or ``-``
    (``stdin``). With ``outline``, each Markdown text also gets its sections, and a folder gives its
    Markdown files only. The cache, when given, is saved at the end (unless not ``save``: the caller
    saves it). Files are spread over ``jobs``
    processes when there is enough to tokenize; ``progress`` is told how many are done."""
    import gc

    # The rows, and the cache's entries, stay alive to the end: the cyclic collector would walk them
    # again and again as they grow (none of them forms a cycle).
    collecting = gc.isenabled()
    gc.disable()
    try:
        found = _count_files(paths, tokenizer, cache, outline, stdin, jobs, progress)
        if cache is not None and save:
            cache.save()
        return found
    finally:
        if collecting:
            gc.enable()


def _count_files(
    paths: Iterable[str],
    tokenizer: str | Tokenizer | None,
    cache: DiskCache | None,
    outline: bool,
    stdin: BinaryIO | None,
    jobs: int,
    progress: Progress | None,
) -> FileCounts:
    tok = get_tokenizer(tokenizer)
    found = FileCounts(tok)
    say = found.said.append
    if outline:  # imported only here: a plain count does without it
        import prompt_budget.outline as md

    def add(label: str, tokens: int, chars: int, notes: tuple[str, ...], text: str | None = None) -> None:
        sections = md.outline(text, tok) if outline and text is not None else None
        found.rows.append(CountedFile(label, tokens, chars, notes, sections))
        for text_note in notes:
            say(("note", f"{label}: {text_note}"))

    cwd = os.getcwd()
    # First what each argument stands for (folders walked), so that every file is counted in one
    # pool; then the rows, in the order of the arguments.
    steps: list[tuple[str, list[str], bool]] = []
    # A first run counts every file: the vocabulary is loaded while a long walk finishes in a child;
    # with no count cache on disk at all, a child loads it at once and counts the files once they are
    # known (the seed), while this process walks.
    seed = _seed(tok, cache, jobs) if not outline else None
    try:
        preload = preloader(tok, cache, jobs) if seed is None else None
        for raw in paths:
            if raw == "-" or not raw:
                steps.append((raw, [], True))
                continue
            explicit = not os.path.isdir(raw)
            if explicit:
                targets = [raw]
            else:
                targets = count_pool.drain_beside(iter_paths(Path(raw)), preload)
                preload = None
            if outline and not explicit:
                targets = [t for t in targets if md.is_markdown(t)]
            steps.append((raw, targets, explicit))
        every = [t for _, targets, _ in steps for t in targets]
        # an outline counts each section here anyway: no pool
        ahead = _sent_to(seed, jobs, tok) if seed is not None else None
        counted = count_paths(every, tok, cache, jobs=1 if outline else jobs, progress=progress, ahead=ahead)
        return _counted_rows(steps, counted, found, add, stdin, tok, outline, cwd)
    finally:
        if seed is not None:  # not needed after all, or its results not all taken: stopped
            seed.close()


def _sent_to(
    seed: Seed[Counted], jobs: int, tok: CachedTokenizer
) -> Callable[[Sequence[str]], Iterator[Counted] | None]:
    """``count_paths``'s ``ahead``: the files to count sent to ``seed`` when there is enough work for
    a pool (its workers are forked from it), else the seed stopped and None (they are counted here)."""

    def ahead(pending: Sequence[str]) -> Iterator[Counted] | None:
        if not count_pool.enough_work(jobs, pending, tok.inner):  # counted here, the vocabulary too
            seed.close()
            return None
        return seed.send(pending)

    return ahead


def _seed(tok: CachedTokenizer, cache: DiskCache | None, jobs: int) -> Seed[Counted] | None:
    """A child loading the vocabulary now, for a run with no count cache on disk (every file will be
    counted) on more than one core; else None."""
    if jobs <= 1 or cache is None or cache.path is None or cache.stored_bytes() > 0:
        return None
    payload = (cache.known_digests(tok.cache_key), None, cache.hash)
    return Seed.start(count_in_worker, jobs, tok.inner, payload)


def _counted_rows(
    steps: list[tuple[str, list[str], bool]],
    counted: Iterator[tuple[FileCount | FileProblem, Any]],
    found: FileCounts,
    add: Callable[..., None],
    stdin: BinaryIO | None,
    tok: CachedTokenizer,
    outline: bool,
    cwd: str,
) -> FileCounts:
    """The rows of ``count_files``, in the order of its arguments, from the files' counts."""
    say = found.said.append
    inside = cwd.rstrip(os.sep) + os.sep  # shown_path's own test, for the files walked in a folder
    fast = os.sep == "/"
    if outline:
        import prompt_budget.outline as md

        suffixes = ", ".join(md.MARKDOWN_SUFFIXES)
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
            shown = target[len(inside) :] if fast and target.startswith(inside) else shown_path(target, cwd)
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
    return found


def preloader(tok: CachedTokenizer, cache: DiskCache | None, jobs: int) -> Callable[[], object] | None:
    """What prepares a run that may use more than one core while a long walk finishes in a child
    (``count_pool.drain_beside``): the count cache is read (a warm run's largest cost but the stats),
    and when it records no file (every file will be counted) the vocabulary is loaded; None on one
    core, or when there is nothing to prepare."""
    if jobs <= 1:
        return None
    load: Callable[[], object] | None = getattr(tok.inner, "load", None)
    vocabulary = load if callable(load) and getattr(tok.inner, "parallel", False) else None
    if cache is None:
        return vocabulary

    def prepare() -> None:
        if not cache.has_files() and vocabulary is not None:
            vocabulary()

    return prepare


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
