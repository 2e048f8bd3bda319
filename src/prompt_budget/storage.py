"""Files the tool writes and reads back (the baseline, caches): an advisory lock that writers take
around read-merge-write, atomic replacement through a temporary file in the same folder, the
temporary files a killed writer left behind cleaned up on the next write, and a refusal to open
anything that is not a regular file (a named pipe would block forever, a device reads without end)."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from prompt_budget.errors import ConfigError

#: A temporary file older than this is a killed writer's: no live write takes that long.
STALE_AFTER: Final = 60.0
#: How long a writer waits for another one's lock before giving up with an error.
LOCK_TIMEOUT: Final = 60.0


def kind_of(path: Path) -> str | None:
    """What ``path`` is when it exists and is not a regular file (``"a named pipe"``, ``"a folder"``),
    else None; links are followed, as reading would follow them."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"  # pragma: no cover - no other kind on the platforms we run on


def refuse_special(path: Path, what: str) -> None:
    """A ``ConfigError`` naming ``path`` when it exists and is not a regular file: it is never opened."""
    kind = kind_of(path)
    if kind is not None:
        raise ConfigError(f"is {kind}, not {what}; it is not opened", file=path)


def _temp_prefix(file: Path) -> str:
    return f".{file.name}."


@contextlib.contextmanager
def locked(file: Path, *, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the advisory lock for writing ``file``: writers that read, merge and write ``file`` under
    it never lose each other's changes. On POSIX the lock is taken on ``file``'s folder itself (no
    lock file is left beside it); on Windows on a ``.NAME.lock`` file beside it, which stays (removing
    it would let two writers lock two different files)."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        if sys.platform == "win32":  # pragma: no cover - Windows only
            fd = os.open(file.parent / f".{file.name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
        else:
            fd = os.open(file.parent, os.O_RDONLY)
    except OSError as exc:
        raise ConfigError(f"cannot lock the file for writing: {exc.strerror or exc}", file=file) from None
    try:
        _acquire(fd, file, timeout)
        try:
            yield
        finally:
            _release(fd)
    finally:
        os.close(fd)


def _acquire(fd: int, file: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if sys.platform == "win32":  # pragma: no cover - Windows only
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except OSError as exc:
            if time.monotonic() >= deadline:
                raise ConfigError(
                    f"another prompt-budget run has held the lock for {timeout:.0f} s "
                    f"({exc.strerror or exc}); try again when it has finished",
                    file=file,
                ) from None
            time.sleep(0.02)


def _release(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import msvcrt

        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


def clean_temporaries(file: Path, *, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove the temporary files that writes of ``file`` killed midway left (``.NAME.*.tmp``) and
    that are older than ``older_than`` seconds; the paths removed. Call it holding :func:`locked`:
    then no live writer of ``file`` has one open, whatever its age (``older_than=0``)."""
    removed: list[Path] = []
    prefix = _temp_prefix(file)
    now = time.time()
    try:
        entries = list(os.scandir(file.parent))
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def write_atomic(file: Path, text: str, what: str) -> Path:
    """Write ``text`` to ``file`` atomically: a temporary file in the same folder, flushed to disk,
    then renamed over the old file (readers see the old file or the new one, never a part). A
    ``ConfigError`` naming ``file`` when it cannot be written, or when it is there and not a regular
    file (it is left as it is)."""
    refuse_special(file, what)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(file), suffix=".tmp", dir=file.parent)
    except OSError as exc:
        raise ConfigError(f"cannot write {what}: {exc.strerror or exc}", file=file) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o644)
        os.replace(tmp, file)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise ConfigError(f"cannot write {what}: {exc.strerror or exc}", file=file) from None
        raise
    return file
