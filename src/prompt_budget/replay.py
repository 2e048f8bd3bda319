"""The console script, and its fast path: replaying a run whose inputs have not changed.

A ``prompt-budget count`` run started from the console script records what it read: the stat
signature of every file it counted or probed (config files, ``.gitignore`` files, the tokenizer's
files, the package's data files, the code that ran), the listing of every folder it walked, and what
it printed, write by write (flushes too: replayed call by call on streams buffered as the run's were,
the two streams interleave as they did; a closed pipe ends the replay as it ends a run). The record is
keyed by everything else the output can depend on: the arguments, the working folder, the
environment, the terminal, the user and groups, and the Python that runs it. The next run with the
same key checks each recorded path again (a ``stat`` per file, a ``scandir`` per folder) and, when
every one is as it was, prints the recorded output and exits with the recorded code. It imports nothing but this
module: no argparse, no config resolver, no tokenizer. Any difference or any doubt, and the run is
made in full, and recorded again.

Nothing is recorded for a run that read standard input, used a tokenizer that is not local (the
count-tokens API, a third-party plugin), exited with a usage error, read a file changed in the
last two seconds (a change within one timestamp tick could go unseen; git calls such files
"racy"), or ran code edited while it ran. ``--no-cache`` and ``PROMPT_BUDGET_REPLAY=off`` turn it off;
``PROMPT_BUDGET_REPLAY=trace`` says on standard error why a run was or was not replayed. Records
live in the user's cache folder (``$XDG_CACHE_HOME/prompt-budget/runs``), at most ``MAX_RECORDS``.

This module is imported by the console script before anything else, so it imports only ``os``,
``sys`` and ``marshal`` at the top.
"""

from __future__ import annotations

import marshal
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any, TextIO

__all__ = [
    "main",
    "note_identity",
    "note_link",
    "note_listing",
    "note_path",
    "note_resource",
    "replayable",
    "runs_dir",
    "unreplayable",
]

#: Bumped when a record's layout changes; older records are then never read.
FORMAT = 2
#: Records kept; the oldest are removed when a run writes one more, or when they exceed MAX_BYTES.
MAX_RECORDS = 64
MAX_BYTES = 64 * 1024 * 1024
#: A regular file changed this close to the end of the run is not trusted by its stat signature.
RACY_NS = 2_000_000_000
#: Variables that change from one shell command to the next without changing any output.
_ENV_IGNORED = frozenset({"_", "OLDPWD", "PWD", "SHLVL", "PROMPT_BUDGET_REPLAY"})
#: The commands that may be recorded (each also has to call ``replayable()``).
_COMMANDS = frozenset({"count"})

# What a recorded path's check compares: the full stat signature, the identity only (kind, inode,
# device: a folder whose entries may change, a link that may be pointed elsewhere), the listing, or
# the text of a symbolic link (a broken link's message names its target).
FULL, IDENTITY, LISTING, LINK = 0, 1, 2, 3

Check = tuple[int, str, "Any"]


def _full(path: str) -> tuple[int, ...]:
    try:
        st = os.stat(path)
    except OSError as exc:
        return (-(exc.errno or 1),)
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def _identity(path: str) -> tuple[int, ...]:
    try:
        st = os.stat(path)
    except OSError as exc:
        return (-(exc.errno or 1),)
    return (st.st_mode & 0o170000, st.st_ino, st.st_dev)


def _link(path: str) -> str | tuple[int]:
    try:
        return os.readlink(path)
    except OSError as exc:
        return (-(exc.errno or 1),)


def _absolute(path: str | os.PathLike[str]) -> str:
    """``path`` made absolute against the working folder but not normalized: ``link/..`` is the
    folder above the link's target, as the system reads it, not the folder holding the link (which
    ``os.path.abspath`` would make of it)."""
    where = os.fspath(path)
    return where if os.path.isabs(where) else os.path.join(os.getcwd(), where)


def _kind(entry: os.DirEntry[str]) -> str:
    try:
        if entry.is_symlink():
            return "@"
        if entry.is_dir(follow_symlinks=False):
            return "/"
        return "" if entry.is_file(follow_symlinks=False) else "?"
    except OSError:
        return "!"


def _listed(entries: Iterable[os.DirEntry[str]], skip: frozenset[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A folder's entries as ``name`` + kind, without the folders a walk skips by name: those never
    change what is counted, and the count cache is one of them (created by the first run)."""
    names = []
    for entry in entries:
        kind = _kind(entry)
        if kind == "/" and entry.name in skip:
            continue
        names.append(entry.name + kind)
    names.sort()
    return tuple(names)


def _listing(path: str, skip: tuple[str, ...]) -> tuple[str, ...] | None:
    try:
        with os.scandir(path) as it:
            return _listed(it, skip)
    except OSError:
        return None


# --- recording --------------------------------------------------------------------------------------


class _Recorder:
    """What one run read and printed."""

    def __init__(self, started: int) -> None:
        #: When the run began (ns): code changed after that may have run in its old form.
        self.started = started
        self.checks: dict[tuple[int, str], Any] = {}
        self.skip: tuple[str, ...] = ()
        # What was written, call by call: (stream (1 or 2), text, or None for a flush). Replayed call
        # by call, so that buffering splits and orders the two streams as it did in the run.
        self.chunks: list[tuple[int, str | None]] = []
        self.allowed = False
        self.refused: str | None = None

    def add(self, kind: int, path: str, value: Any) -> None:
        key = (kind, path)
        seen = self.checks.get(key, value)
        if seen != value:
            self.refuse(f"{path} changed while the run read it")
        self.checks[key] = value

    def refuse(self, reason: str) -> None:
        if self.refused is None:
            self.refused = reason

    def write(self, stream: int, text: str | None) -> None:
        self.chunks.append((stream, text))


_active: _Recorder | None = None


def note_path(path: str | os.PathLike[str], st: os.stat_result | None = None) -> None:
    """Record ``path``'s full stat signature (``st``, when the caller has just taken it), or that it
    is missing: a file the run read, or a path whose presence it tested."""
    rec = _active
    if rec is None:
        return
    where = _absolute(path)
    if st is None:
        value = _full(where)
    else:
        value = (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)
    # A regular file changed within RACY_NS of now could change again within the same timestamp
    # tick, unseen by its signature: such a run is not recorded.
    if len(value) > 1 and value[0] & 0o170000 == 0o100000 and max(value[2], value[3]) > _now() - RACY_NS:
        rec.refuse(f"{where} changed in the last 2 seconds")
    rec.add(FULL, where, value)


def _now() -> int:
    import time

    return time.time_ns()


def note_identity(path: str | os.PathLike[str]) -> None:
    """Record what ``path`` is (a file, a folder, missing) and which one, but not its contents: a
    folder the run found but did not list, or a link the run did not follow."""
    rec = _active
    if rec is not None:
        where = _absolute(path)
        rec.add(IDENTITY, where, _identity(where))


def note_link(path: str | os.PathLike[str], target: str | None = None) -> None:
    """Record where the symbolic link ``path`` points (``target``, when the caller has just read it),
    or that it is not one: a run that says where a broken link points."""
    rec = _active
    if rec is not None:
        where = _absolute(path)
        rec.add(LINK, where, _link(where) if target is None else target)


def note_resource(resource: object) -> None:
    """Record a data file of the package read through ``importlib.resources`` (the model table, the
    shipped calibrations), when it is a file on disk: in a checkout it is edited like the code. (One
    inside a zip archive changes only with the archive, which is on ``sys.path`` and so recorded.)"""
    if isinstance(resource, os.PathLike):
        note_path(resource)


def note_listing(folder: str, entries: Iterable[os.DirEntry[str]], skip: frozenset[str]) -> None:
    """Record a folder's entries as a walk saw them, leaving out the folders named in ``skip``."""
    rec = _active
    if rec is not None:
        if not rec.skip:
            rec.skip = tuple(sorted(skip))
        elif frozenset(rec.skip) != skip:
            rec.refuse("two walks skipped different folders")
        rec.add(LISTING, _absolute(folder), _listed(entries, rec.skip))


def replayable() -> None:
    """Say that this run's output depends only on what it noted, so it may be recorded."""
    if _active is not None:
        _active.allowed = True


def unreplayable(reason: str) -> None:
    """Say that this run's output depends on something it cannot note (standard input, a network
    tokenizer): it is not recorded."""
    if _active is not None:
        _active.refuse(reason)


class _Tee:
    """A text stream that writes through to the real one and keeps a copy for the record."""

    def __init__(self, real: TextIO, stream: int, rec: _Recorder) -> None:
        self._real = real
        self._stream = stream
        self._rec = rec

    def write(self, text: str) -> int:
        try:
            written = self._real.write(text)
        except BaseException:
            self._rec.refuse("writing the output failed")
            raise
        self._rec.write(self._stream, text)
        return written

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._real.flush()
        except BaseException:
            self._rec.refuse("writing the output failed")
            raise
        self._rec.write(self._stream, None)

    def isatty(self) -> bool:
        return self._real.isatty()

    def fileno(self) -> int:
        return self._real.fileno()

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # bytes written there bypass the copy
            self._rec.refuse("wrote bytes to the output")
        return getattr(self._real, name)


# --- keys and records --------------------------------------------------------------------------------


def runs_dir() -> str | None:
    """Where records live: ``$XDG_CACHE_HOME/prompt-budget/runs``, else the platform's user cache."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA") or ""
        elif sys.platform == "darwin":
            base = os.path.join(os.path.expanduser("~"), "Library", "Caches")
        else:
            base = os.path.join(os.path.expanduser("~"), ".cache")
    if not base or not os.path.isabs(base):
        return None
    return os.path.join(base, "prompt-budget", "runs")


def _terminal(fd: int) -> tuple[int, int] | None:
    try:
        if os.isatty(fd):
            size = os.get_terminal_size(fd)
            return (size.columns, size.lines)
    except OSError:
        pass
    return None


def _key(argv: Sequence[str]) -> bytes:
    """A digest of everything besides the recorded paths that a run's output can depend on. Only the
    digest is stored: the environment may hold secrets."""
    try:
        from _blake2 import blake2b  # what hashlib imports, without hashlib's 4 ms of OpenSSL
    except ImportError:  # pragma: no cover - a Python built without it
        from hashlib import blake2b

    from prompt_budget._version import __version__

    env = sorted((k, v) for k, v in os.environ.items() if k not in _ENV_IGNORED)
    streams = tuple(
        (getattr(s, "encoding", None), getattr(s, "errors", None)) for s in (sys.stdout, sys.stderr)
    )
    # Who runs it: a folder only a group may read is walked by its members alone (`newgrp` and `sg`
    # change the groups, not the environment).
    user = (os.geteuid(), os.getegid(), *sorted(os.getgroups())) if hasattr(os, "getgroups") else ()
    # repr, not marshal: marshal's bytes for equal values vary with their reference counts.
    text = repr(
        (
            FORMAT,
            __version__,
            sys.version,
            sys.executable,
            tuple(sys.path),
            tuple(sys.flags),
            tuple(sys.warnoptions),
            os.getcwd(),
            tuple(argv),
            tuple(env),
            tuple(_terminal(fd) for fd in (0, 1, 2)),
            streams,
            user,
        )
    )
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _record_path(folder: str, key: bytes) -> str:
    return os.path.join(folder, key[:8].hex() + ".run")


def _trace(message: str) -> None:
    if os.environ.get("PROMPT_BUDGET_REPLAY") == "trace":
        sys.stderr.write(f"prompt-budget: replay: {message}\n")


def _stale(checks: Sequence[Check], skip: tuple[str, ...]) -> str | None:
    """The first recorded path that is no longer as recorded, or None when all are."""
    for kind, path, value in checks:
        if kind == FULL:
            now: Any = _full(path)
        elif kind == IDENTITY:
            now = _identity(path)
        elif kind == LINK:
            now = _link(path)
        else:
            now = _listing(path, skip)
        if now != value:
            what = "the entries of " if kind == LISTING else ""
            return f"{what}{path} changed"
    return None


def replay(argv: Sequence[str]) -> int | None:
    """Print the recorded output of a run with these arguments and return its exit code, when every
    input it recorded is unchanged; None (having printed nothing) otherwise."""
    if not argv or argv[0] not in _COMMANDS or os.environ.get("PROMPT_BUDGET_REPLAY") == "off":
        return None
    if sys.stdout is None or sys.stderr is None:
        return None
    folder = runs_dir()
    if folder is None:
        return None
    if not _private(folder):
        return None
    try:
        key = _key(argv)
        with open(_record_path(folder, key), "rb") as fh:
            record = marshal.loads(fh.read())  # marshal.load(fh) reads in small pieces: 10x slower
        stored_key, skip, checks, chunks, code = record
        if stored_key != key:
            _trace("no record of a run with these arguments here")
            return None
        stale = _stale(checks, skip)
        if stale is not None:
            _trace(f"ran in full: {stale}")
            return None
        streams = {1: sys.stdout, 2: sys.stderr}
        out = [(streams[stream], None if text is None else str(text)) for stream, text in chunks]
        code = int(code)
    except FileNotFoundError:
        _trace("no record of a run with these arguments here")
        return None
    except Exception as exc:  # a truncated, foreign or corrupt record: run in full and rewrite it
        _trace(f"ran in full: unreadable record ({type(exc).__name__})")
        return None
    _trace("replayed the recorded run: every input is unchanged")
    try:
        for stream, text in out:
            if text is None:
                stream.flush()
            else:
                stream.write(text)
    except BrokenPipeError:  # as cli.main: the reader went away (`| head -1`); the verdict stands
        discard_output()
        return code
    return code


def _private(folder: str) -> bool:
    """Whether records in ``folder`` can be trusted: it is the user's own and no one else can write
    to it (a record is output this process will print). A folder not made yet is fine."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # Windows: the user's own profile folder
        return True
    try:
        st = os.stat(folder)
    except OSError:
        return True
    if st.st_uid != getuid() or st.st_mode & 0o022:
        _trace(f"not replayed: {folder} is not private to this user")
        return False
    return True


def _code_files() -> Iterable[str]:
    """The files of every module loaded, and the import path's folders: a changed module, or a
    package installed or removed (a new tokenizer plugin), changes the output."""
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str):
            yield file
    for entry in sys.path:
        yield entry or os.getcwd()


def _save(rec: _Recorder, key: bytes, code: int) -> None:
    import contextlib  # here: a replayed run never needs it

    folder = runs_dir()
    if folder is None:
        rec.refuse("no user cache folder")
    for file in _code_files():
        note_path(file)
        # A module edited while the run went on (and longer ago than the racy window by now) may have
        # run in its old form: its new signature must not vouch for this output.
        value = rec.checks[(FULL, _absolute(file))]
        if len(value) > 1 and value[0] & 0o170000 == 0o100000 and max(value[2], value[3]) >= rec.started:
            rec.refuse(f"{file} changed during the run")
    if rec.refused is not None:
        _trace(f"not recorded: {rec.refused}")
        return
    assert folder is not None
    checks = [(kind, path, value) for (kind, path), value in rec.checks.items()]
    # Cheapest checks first: a changed file is usually found by its stat before any folder is listed.
    checks.sort(key=lambda c: c[0] == LISTING)
    blob = marshal.dumps((key, rec.skip, checks, rec.chunks, code))
    target = _record_path(folder, key)
    tmp = f"{target}.{os.getpid()}.tmp"
    if not _private(folder):
        return
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        # O_BINARY: on Windows a descriptor from os.open is in text mode without it, and every
        # newline byte of the record would be written as two (tempfile adds it for the same reason).
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
        with open(os.open(tmp, flags, 0o600), "wb") as fh:
            fh.write(blob)
        os.replace(tmp, target)
        _evict(folder)
    except OSError as exc:  # a read-only home: the run stands, it is just not recorded
        _trace(f"not recorded: {exc.strerror or exc}")
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return
    _trace(f"recorded {len(checks)} inputs")


def _evict(folder: str) -> None:
    """Keep the newest records, at most ``MAX_RECORDS`` of them and ``MAX_BYTES`` in all, and remove
    the temporary file of a run killed while it wrote its record (an hour on)."""
    import contextlib

    records = []
    abandoned = _now() - 3600 * 1_000_000_000
    with os.scandir(folder) as it:
        for e in it:
            st = e.stat()
            if e.name.endswith(".run"):
                records.append((st.st_mtime_ns, st.st_size, e.path))
            elif e.name.endswith(".tmp") and st.st_mtime_ns < abandoned:
                with contextlib.suppress(OSError):
                    os.unlink(e.path)
    records.sort(reverse=True)
    total = 0
    for i, (_, size, path) in enumerate(records):
        total += size
        if i >= MAX_RECORDS or (i > 0 and total > MAX_BYTES):
            with contextlib.suppress(OSError):
                os.unlink(path)


def discard_output() -> None:
    """Point standard output at the null device, so the interpreter's last flush of what could not be
    written does not fail again at exit (Python's documented remedy for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (an in-process caller's buffer)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """The ``prompt-budget`` console script: replay an unchanged run, else run ``cli.main`` (and
    record the run when its command may be replayed). What is still buffered is written before the
    exit code is returned: a reader gone by then (``| head``) leaves the code as it is. Ctrl-C is
    ``interrupted`` (exit 130) as in ``cli.main``, also while a record is checked, replayed or saved."""
    try:
        code = _main(argv)
    except KeyboardInterrupt:
        if sys.stderr is not None:
            sys.stderr.write("prompt-budget: error: interrupted\n")
        code = 130
    except OSError as exc:
        return _cannot_write(exc)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BrokenPipeError:
        discard_output()
    except OSError as exc:
        return _cannot_write(exc)
    return code


def _cannot_write(exc: OSError) -> int:
    """A run whose output could not be written (a full disk or quota, `> /dev/full`, an I/O error;
    Windows reports a closed pipe as EINVAL) ends with one line on stderr and exit code 2, never a
    traceback. Any other OSError is a bug, and is raised."""
    import errno

    if exc.errno not in {getattr(errno, n, None) for n in ("ENOSPC", "EDQUOT", "EIO", "EFBIG", "EINVAL")}:
        raise exc
    discard_output()
    try:
        sys.stderr.write(f"prompt-budget: error: cannot write the output: {exc.strerror or exc}\n")
        sys.stderr.flush()
    except (OSError, AttributeError):
        pass
    return 2


def _main(argv: Sequence[str] | None) -> int:
    global _active
    args = list(sys.argv[1:] if argv is None else argv)
    code = replay(args)
    if code is not None:
        return code
    started = _now()
    from prompt_budget import cli

    record = (
        bool(args)
        and args[0] in _COMMANDS
        and os.environ.get("PROMPT_BUDGET_REPLAY") != "off"
        and sys.stdout is not None
        and sys.stderr is not None
    )
    if not record:
        return cli.main(args)
    try:
        key = _key(args)  # before the run: a run may change the environment it was started with
    except Exception:  # a deleted working folder, an unencodable argument: run, unrecorded
        return cli.main(args)
    rec = _Recorder(started)
    out, err = sys.stdout, sys.stderr
    _active = rec
    sys.stdout, sys.stderr = _Tee(out, 1, rec), _Tee(err, 2, rec)
    try:
        code = cli.main(args)
    finally:
        sys.stdout, sys.stderr = out, err
        _active = None
    if code in (0, 1) and rec.allowed:
        _active = rec
        try:
            _save(rec, key, code)
        finally:
            _active = None
    elif rec.allowed or rec.refused:
        _trace(f"not recorded: {rec.refused or f'exit code {code}'}")
    return code
