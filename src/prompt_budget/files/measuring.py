"""Counting one matched file through the count cache: the whole file, and for a file whose frontmatter
is always loaded (a skill's ``name`` and ``description``), the body and that part apart."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from stat import S_ISREG
from typing import Any, Final, cast

from prompt_budget.budget import with_safety
from prompt_budget.config import Config
from prompt_budget.count_cache import signature
from prompt_budget.count_pool import Progress
from prompt_budget.counting import (
    Counted,
    DiskCache,
    FileCount,
    FileProblem,
    count_path,
    count_paths,
    read_text,
    stands_in,
)
from prompt_budget.errors import ConfigError
from prompt_budget.files.matching import FileMatch
from prompt_budget.files.settings import FRONTMATTER_TABLE, Effective, effective
from prompt_budget.text.frontmatter import Frontmatter, FrontmatterError, parse_frontmatter
from prompt_budget.tokenizers import CachedTokenizer

_PART_KEY: Final = "files-v1"
#: The workers' results for the files to count when counting was started ahead (``count_paths``)
AheadResults = Callable[[Sequence[str]], Iterator[Counted] | None]


# Not frozen, with slots: a check builds one per file, and a frozen dataclass's __init__ costs several
# times a plain one's (hashable all the same; treat it as read-only)
@dataclass(unsafe_hash=True, slots=True)
class Measured:
    """Counts of one file: the whole file, and for a file with always-loaded frontmatter, the body
    and the always-loaded part apart. ``problem`` says why a file could not be counted."""

    match: FileMatch
    tokens: int = 0
    body_tokens: int | None = None
    frontmatter_tokens: int | None = None
    frontmatter: Frontmatter | None = None
    settings: Effective | None = None
    notes: tuple[str, ...] = ()
    problem: str | None = None
    #: False when the file could not be read (``tokens`` is then 0, not a count)
    counted: bool = True
    #: the safety_multiplier the estimated counts above were multiplied by (1.0: not multiplied)
    multiplier: float = 1.0

    @property
    def unsettled_must(self) -> bool:
        """A file whose settings could not be worked out (bad frontmatter) but whose entries load it
        always: it still loads whole in every session, so it counts whole in the must-load total."""
        return self.settings is None and self.counted and self.match.entry_load == "must"

    @property
    def split(self) -> bool:
        return self.frontmatter_tokens is not None

    @property
    def load_tokens(self) -> int:
        """Tokens loaded when the file is loaded (the body for a split file: its frontmatter is
        always loaded anyway)."""
        return self.body_tokens if self.body_tokens is not None else self.tokens


def _part_count(
    tok: CachedTokenizer, cache: DiskCache | None, digest: str | None, part: str, text: str
) -> int:
    if cache is None or digest is None:
        return tok.inner.count(text)
    key = f"{tok.cache_key}|{_PART_KEY}:{part}"
    hit = cache.get(key, digest)
    if hit is not None:
        return hit
    n = tok.inner.count(text)
    if not stands_in(tok):
        cache.put(key, digest, n)
    return n


_FRONTMATTER_KIND: Final = "frontmatter-v1"


#: What a file's frontmatter holds, as the cache records it: None (no frontmatter), an error's message,
#: or {"data": ..., "notes": [...]}
Head = dict[str, Any] | str | None


def _head(fm: Frontmatter | None) -> Head:
    return None if fm is None else _held(fm)


def _held(fm: Frontmatter) -> dict[str, Any]:
    """What the count cache records of a frontmatter: its mapping and its notes."""
    return {"data": dict(fm.data), "notes": list(fm.notes)}


def _remember_frontmatter(
    cache: DiskCache | None, digest: str | None, head: Head, recordable: bool | None = None
) -> None:
    """Record what a content's frontmatter holds, so that a warm run neither opens nor parses the
    file. Data that JSON cannot hold as it is (a date, a set) is not recorded: that file is parsed
    every run. ``recordable``: whether JSON holds it, when a worker has found out already."""
    if cache is None or digest is None:
        return
    if head is None:
        cache.mark_plain(digest)
        return
    if isinstance(head, str):
        cache.put_extra(digest, _FRONTMATTER_KIND, {"error": head})
        return
    if recordable if recordable is not None else _json_holds(head):
        cache.put_extra(digest, _FRONTMATTER_KIND, head)


def _json_holds(head: dict[str, Any]) -> bool:
    """Whether JSON holds ``head`` as it is (it comes back equal from the count cache's file)."""
    import json

    try:
        return bool(json.loads(json.dumps(head)) == head)
    except (TypeError, ValueError):
        return False


#: What is known of a content's frontmatter: (it, the body's and the always-loaded part's counts when it
#: is split), its error's message, None when it has none; False when that is not known (or only part of
#: what is needed): the file is read
Known = tuple[Frontmatter, int | None, int | None] | str | bool | None


def _known_frontmatter(tok: CachedTokenizer, cache: DiskCache | None, digest: str | None) -> Known:
    """What the cache knows of a content's frontmatter (``Known``)."""
    if cache is None or digest is None:
        return False
    if cache.is_plain(digest):
        return None
    found = cache.get_extra(digest, _FRONTMATTER_KIND)
    if type(found) is not dict:
        return False
    error = found.get("error")
    if type(error) is str:
        return error
    data, notes = found.get("data"), found.get("notes")
    if type(data) is not dict or type(notes) is not list or not all(type(n) is str for n in notes):
        return False
    fm = Frontmatter(data, "", "", "", tuple(notes))
    if not fm.is_split:
        return fm, None, None
    body = cache.get(f"{tok.cache_key}|{_PART_KEY}:body", digest)
    always = cache.get(f"{tok.cache_key}|{_PART_KEY}:frontmatter", digest)
    return (fm, body, always) if body is not None and always is not None else False


def _found_by_worker(head: Head, parts: tuple[int, int] | None) -> Known:
    """``Known`` from what a counting worker found of a file's frontmatter: what the cache would give
    back once it recorded that (``_remember_frontmatter``, ``_known_frontmatter``)."""
    if head is None or isinstance(head, str):
        return head
    fm = Frontmatter(head["data"], "", "", "", tuple(head["notes"]))
    if not fm.is_split:
        return fm, None, None
    return (fm, *parts) if parts is not None else False


def _read_as_text(match: FileMatch) -> bool:
    """A harness reads a frontmatter that YAML cannot (Claude Code takes such a description as
    text): a file a harness rule matched is counted whole rather than failed."""
    return any(c.rule.harness for c in match.candidates)


def _as_text_note(error: str) -> str:
    return f"{error}: not YAML; counted whole, as text, as the harness reads it"


def _starts_with_dashes(path: str) -> bool:
    # os.open/os.read: a warm run does this for every file, and io.open costs several times more
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        head = os.read(fd, 6)
    except OSError:
        return False
    finally:
        os.close(fd)
    return head.lstrip(b"\xef\xbb\xbf").startswith(b"---")


#: the settings of the files matched by the same entries, one dict per run over one ``FileSet``
Memo = dict[tuple[tuple[int, bool], ...], Effective]


def measure(
    match: FileMatch,
    tokenizer: CachedTokenizer,
    cache: DiskCache | None = None,
    memo: Memo | None = None,
    multiplier: float = 1.0,
    counted: FileCount | FileProblem | None = None,
    parts: tuple[int, int] | None = None,
) -> Measured:
    """Count one matched file through the disk cache; parse its frontmatter when it has one.
    ``memo`` (one dict per run over one ``FileSet``) reuses the settings of files matched by the
    same entries. An estimate's counts are multiplied by ``multiplier`` (the config's
    ``safety_multiplier``, as ``budget.measure`` does for the fixture's checks); the cache keeps the
    raw counts. ``counted`` and ``parts`` are the file's count and its split parts' counts when
    they are known already (from a counting pool)."""
    try:
        if isinstance(counted, FileProblem):
            raise counted
        fc = counted if counted is not None else count_path(match.where, tokenizer, cache)
    except FileProblem as exc:
        return Measured(match, problem=exc.reason, counted=False)
    m = _measure_counted(match, tokenizer, cache, memo, fc.tokens, fc.notes, fc.digest, parts)
    return m if multiplier == 1.0 or tokenizer.exact else _scaled(m, multiplier)


def _scaled(m: Measured, multiplier: float) -> Measured:
    """``m`` with its estimated counts multiplied by ``multiplier``."""

    def scaled(n: int | None) -> int | None:
        return None if n is None else with_safety(n, False, multiplier)

    return replace(
        m,
        tokens=with_safety(m.tokens, False, multiplier),
        body_tokens=scaled(m.body_tokens),
        frontmatter_tokens=scaled(m.frontmatter_tokens),
        multiplier=multiplier,
    )


def _measure_counted(
    match: FileMatch,
    tokenizer: CachedTokenizer,
    cache: DiskCache | None,
    memo: Memo | None,
    tokens: int,
    counted_notes: tuple[str, ...],
    digest: str | None,
    parts: tuple[int, int] | None = None,
    *,
    known: Known = False,
) -> Measured:
    """``measure`` of a file counted already: ``tokens`` (its raw count), the notes of its reading,
    and its content's digest (None without a cache); ``known``, what is known of its frontmatter
    already (a counting pool's worker read it), else False (the cache is asked)."""
    notes = [*counted_notes, *match.import_notes] if counted_notes or match.import_notes else []
    fm: Frontmatter | None = None
    body_tokens = fm_tokens = None
    if known is False:
        known = _known_frontmatter(tokenizer, cache, digest)
    if known is None and not notes and memo is not None and match.imported_by is None:
        # the common warm case (no frontmatter, no notes, settings shared with the entries' other files)
        cands = match.candidates
        key = (
            ((id(cands[0].rule), cands[0].preset),)
            if len(cands) == 1
            else tuple((id(c.rule), c.preset) for c in cands)
        )
        settings = memo.get(key)
        if settings is not None and not settings.notes:
            return Measured(match, tokens, None, None, None, settings, ())
    if isinstance(known, str) and not _read_as_text(match):
        return Measured(match, tokens=tokens, notes=tuple(notes), problem=known)
    if isinstance(known, str):
        notes.append(_as_text_note(known))
    if isinstance(known, tuple):
        fm, body_tokens, fm_tokens = known
        notes.extend(fm.notes)
    elif known is False and not _starts_with_dashes(match.where):
        _remember_frontmatter(cache, digest, None)
    elif known is False:
        text, raw, _ = read_text(match.path)
        digest = cache.digest(raw) if cache is not None else None
        try:
            fm = parse_frontmatter(text)
        except FrontmatterError as exc:
            _remember_frontmatter(cache, digest, str(exc))
            if not _read_as_text(match):
                return Measured(match, tokens=tokens, notes=tuple(notes), problem=str(exc))
            notes.append(_as_text_note(str(exc)))
            fm = None
        else:
            _remember_frontmatter(cache, digest, _head(fm))
        notes.extend(fm.notes if fm is not None else ())
        if fm is not None and fm.is_split:
            if parts is not None:
                body_tokens, fm_tokens = parts
                if cache is not None and digest is not None and not stands_in(tokenizer):
                    cache.put(f"{tokenizer.cache_key}|{_PART_KEY}:body", digest, body_tokens)
                    cache.put(f"{tokenizer.cache_key}|{_PART_KEY}:frontmatter", digest, fm_tokens)
            else:
                body_tokens = _part_count(tokenizer, cache, digest, "body", fm.body)
                fm_tokens = _part_count(tokenizer, cache, digest, "frontmatter", fm.always_loaded)
    # the same entries give the same settings (the FileSet keeps the rules alive), unless the file's
    # own frontmatter sets some, or an entry's conditional frontmatter key looks at it
    cands = match.candidates
    shared = fm is None or (
        FRONTMATTER_TABLE not in fm.data
        and not any(c.rule.conditional_frontmatter or c.rule.classify for c in cands)
    )
    try:
        if memo is not None and match.imported_by is None and shared:
            key = (
                ((id(cands[0].rule), cands[0].preset),)
                if len(cands) == 1
                else tuple((id(c.rule), c.preset) for c in cands)
            )
            found = memo.get(key)
            settings = found if found is not None else memo.setdefault(key, effective(match, None))
        else:
            settings = effective(match, fm)
    except ConfigError as exc:
        # the verdict's message starts with the file's id already: name it once
        problem = str(ConfigError(exc.message, key=exc.key)) if exc.file == match.id else str(exc)
        return Measured(match, tokens=tokens, frontmatter=fm, notes=tuple(notes), problem=problem)
    notes.extend(settings.notes)
    return Measured(
        match,
        tokens=tokens,
        body_tokens=body_tokens,
        frontmatter_tokens=fm_tokens,
        frontmatter=fm,
        settings=settings,
        notes=tuple(notes),
    )


#: What a worker found of a file's frontmatter: what it holds, the counts of a split file's body and
#: always-loaded part (None for another file), and whether JSON holds what it holds as it is
Parts = tuple[Head, tuple[int, int] | None, bool]
_NO_FRONTMATTER: Final[Parts] = (None, None, True)


def parts_in_worker(text: str, tokenizer: CachedTokenizer) -> tuple[Parts, int | None]:
    """In a counting pool's worker: what it finds of the file's frontmatter (``Parts``), and the whole
    file's count when it is the count of the frontmatter's lines plus the body's (an exact encoding
    splits there: see ``bpe.adds_up``), else None (the worker counts the file)."""
    if not text.startswith("---"):
        return _NO_FRONTMATTER, None
    try:
        fm = parse_frontmatter(text)
    except FrontmatterError as exc:
        return (str(exc), None, True), None
    if fm is None:
        return _NO_FRONTMATTER, None
    head = _held(fm)
    recordable = _json_holds(head)
    if not fm.is_split:
        return (head, None, recordable), None
    body = tokenizer.count(fm.body)
    lines = text[: len(text) - len(fm.body)]
    adds_up = getattr(tokenizer.inner, "adds_up", None)
    whole = tokenizer.count(lines) + body if adds_up is not None and adds_up(lines, fm.body) else None
    return (head, (body, tokenizer.count(fm.always_loaded)), recordable), whole


def measure_all(
    files: Mapping[str, FileMatch],
    tokenizer: CachedTokenizer,
    cache: DiskCache | None = None,
    memo: Memo | None = None,
    multiplier: float = 1.0,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    ahead: AheadResults | None = None,
) -> dict[str, Measured]:
    """``measure`` for every file of ``files``, in their order; files are counted in ``jobs``
    processes when there is enough to tokenize, and ``progress`` is told how many are done.
    ``ahead``: the workers' results when counting was started ahead (``count_paths``)."""
    if cache is None:
        return _measured(files, tokenizer, cache, memo, multiplier, jobs, _Offset(progress, 0), ahead)
    out: dict[str, Measured | None] = {}
    rest: dict[str, FileMatch] = {}
    # A file whose stat signature and count the cache knows costs a stat and the lookups, here,
    # in one pass; only the rest go to ``count_paths`` (and, when there are enough, the pool).
    scale = multiplier != 1.0 and not tokenizer.exact
    key, lookup, stat_of, regular = tokenizer.cache_key, cache.lookup_file, os.stat, S_ISREG
    is_plain = cache.is_plain
    # the settings of a file with no frontmatter and no notes, by its (shared) tuple of candidates:
    # they depend on its entries only (``_measure_counted``'s memo)
    plain: dict[int, Effective] | None = {} if memo is not None else None
    hits = 0
    for i, (fid, m) in enumerate(files.items()):
        if i == _PROBE and not hits:
            # a cold cache: ``count_paths`` looks each file up itself, no need to do it twice
            for fid2, m2 in itertools.islice(files.items(), i, None):
                out[fid2] = None
                rest[fid2] = m2
            break
        try:
            st = stat_of(m.where)
        except OSError:
            known = None
        else:
            known = lookup(m.where, signature(st), key) if regular(st.st_mode) else None
        if known is None:
            out[fid] = None
            rest[fid] = m
            continue
        hits += 1
        if plain is not None and not known[2] and m.imported_by is None and not m.import_notes:
            # the common warm case: the settings of the files with these entries, no frontmatter
            settings = plain.get(id(m.candidates))
            if settings is not None and is_plain(known[3]):
                got = Measured(m, known[0], None, None, None, settings, ())
            else:
                got = _measure_counted(m, tokenizer, cache, memo, known[0], (), known[3])
                if (
                    got.frontmatter is None
                    and got.body_tokens is None
                    and got.problem is None
                    and got.settings is not None
                    and not got.notes
                ):
                    plain[id(m.candidates)] = got.settings
        else:
            got = _measure_counted(m, tokenizer, cache, memo, known[0], known[2], known[3])
        out[fid] = _scaled(got, multiplier) if scale else got
    if not rest:
        if progress is not None:
            progress.start(len(files))
            progress.advance(len(files))
            progress.stop()
        return cast(dict[str, Measured], out)
    counted = _measured(
        rest, tokenizer, cache, memo, multiplier, jobs, _Offset(progress, len(files) - len(rest)), ahead
    )
    if not out:
        return counted
    out.update(counted)
    return cast(dict[str, Measured], out)


#: the files looked up before a run that found none of them in the cache leaves the rest to ``count_paths``
_PROBE: Final = 256


class _Offset:
    """A ``Progress`` that counts ``done`` files as done already (those measured without counting)."""

    def __init__(self, inner: Progress | None, done: int) -> None:
        self.inner, self.done = inner, done

    def start(self, total: int) -> None:
        if self.inner is not None:
            self.inner.start(total + self.done)
            if self.done:
                self.inner.advance(self.done)

    def advance(self, done: int = 1) -> None:
        if self.inner is not None:
            self.inner.advance(done)

    def stop(self) -> None:
        if self.inner is not None:
            self.inner.stop()


def _measured(
    files: Mapping[str, FileMatch],
    tokenizer: CachedTokenizer,
    cache: DiskCache | None,
    memo: Memo | None,
    multiplier: float,
    jobs: int,
    offset: _Offset,
    ahead: AheadResults | None = None,
) -> dict[str, Measured]:
    """``measure_all`` of files not known to the cache by their stat signature: counted, in ``jobs``
    processes when there is enough to tokenize."""
    progress = offset if offset.inner is not None else None
    if jobs <= 1 and progress is None:
        return {fid: measure(m, tokenizer, cache, memo, multiplier) for fid, m in files.items()}
    if cache is None and jobs > 1:
        cache = DiskCache(None)  # what the workers found, for this run only
    paths = [m.where for m in files.values()]
    counted = count_paths(
        paths, tokenizer, cache, jobs=jobs, progress=progress, extra=parts_in_worker, ahead=ahead
    )
    out: dict[str, Measured] = {}
    scale = multiplier != 1.0 and not tokenizer.exact
    mark_plain = cache.mark_plain if cache is not None else None
    # the settings of a file with no frontmatter and no notes, by its (shared) tuple of candidates:
    # they depend on its entries only (``_measure_counted``'s memo)
    plain: dict[int, Effective] = {}
    for (fid, m), (fc, more) in zip(files.items(), counted, strict=True):
        if isinstance(fc, FileProblem):
            out[fid] = Measured(m, problem=fc.reason, counted=False)
            continue
        if (
            more is not None
            and more[0] is None
            and mark_plain is not None
            and fc.digest is not None
            and memo is not None
            and not fc.notes
            and not m.import_notes
            and m.imported_by is None
        ):
            # the common case: a worker found no frontmatter (``_measure_counted``'s own first case)
            mark_plain(fc.digest)
            settings = plain.get(id(m.candidates))
            if settings is not None:
                got = Measured(m, fc.tokens, None, None, None, settings, ())
            else:
                got = _measure_counted(m, tokenizer, cache, memo, fc.tokens, (), fc.digest, known=None)
                if got.problem is None and got.settings is not None and not got.notes:
                    plain[id(m.candidates)] = got.settings
            out[fid] = _scaled(got, multiplier) if scale else got
            continue
        parts = None
        known: Known = False
        if more is not None and fc.digest is not None:
            # the worker read the frontmatter: this process need not open the file
            head, parts, recordable = more
            _remember_frontmatter(cache, fc.digest, head, recordable)
            if parts is not None and cache is not None and not stands_in(tokenizer):
                cache.put(f"{tokenizer.cache_key}|{_PART_KEY}:body", fc.digest, parts[0])
                cache.put(f"{tokenizer.cache_key}|{_PART_KEY}:frontmatter", fc.digest, parts[1])
            # what the cache now holds, unless JSON cannot hold it (then the file is read here)
            known = _found_by_worker(head, parts) if recordable else False
        got = _measure_counted(m, tokenizer, cache, memo, fc.tokens, fc.notes, fc.digest, parts, known=known)
        out[fid] = _scaled(got, multiplier) if scale else got
    return out


def default_cache(config: Config) -> DiskCache:
    """The count cache in the config's ``cache_dir``."""
    return DiskCache(config.resolve(config.cache_dir))
