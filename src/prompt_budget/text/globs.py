"""Path globs and ``.gitignore`` rules, compiled by ``pathspec`` (git's wildmatch: ``*`` and ``?`` stay
in one folder, ``**`` crosses folders, ``[...]`` is a class, ``\\`` escapes).

A pattern here matches a path itself, never the files below a folder it matches: the walk decides
about a folder's contents when it meets the folder (and skips an ignored one), and a config glob
``docs/*`` means the files directly in ``docs``."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

_WILDCARDS: Final = re.compile(r"[*?\[]")
#: the group pathspec's regexes name the slash after a folder whose contents they match
FOLDER_GROUP: Final = "ps_d"


def has_wildcards(pattern: str) -> bool:
    return _WILDCARDS.search(pattern) is not None


#: The regex sources pathspec gave for patterns, by pattern: (source, flags, include), None for no
#: regex; read from and written to a run's cache folder by :func:`remembered` (importing pathspec is
#: most of what a warm ``check`` spends beyond a warm ``count``)
_KNOWN: dict[str, tuple[str, int, bool] | None] = {}
_learned: list[bool] = [False]
#: the memo's file in a cache folder, and its format (raise it when ``_compile`` changes)
MEMO_FILE: Final = "globs-v1.json"
_MEMO_FORMAT: Final = 1
#: at most this many patterns are written back
_MEMO_MAX: Final = 4096


def _compile(pattern: str) -> tuple[re.Pattern[str] | None, bool]:
    """The regex of one gitignore-style pattern (None for a comment, a blank or an unusable pattern)
    and whether it excludes (True) or re-includes (``!``, False)."""
    if pattern in _KNOWN:
        known = _KNOWN[pattern]
        if known is None:
            return None, True
        source, flags, include = known
        try:
            return re.compile(source, flags), include
        except (re.error, ValueError, TypeError):  # an edited memo: pathspec compiles it again
            del _KNOWN[pattern]
    from pathspec import GitIgnoreSpec  # here: a walk without a .gitignore never needs it

    result: tuple[re.Pattern[str] | None, bool] = (None, True)
    try:
        (compiled,) = GitIgnoreSpec.from_lines([pattern]).patterns
    except ValueError:  # no pattern (a blank line), or one pathspec rejects
        pass
    else:
        regex = getattr(compiled, "regex", None)
        if compiled.include is not None and isinstance(regex, re.Pattern):
            result = regex, bool(compiled.include)
    regex, include = result
    _KNOWN[pattern] = None if regex is None else (regex.pattern, regex.flags, include)
    _learned[0] = True
    return result


def _pathspec_stamp() -> list[object] | None:
    """Which pathspec is installed (its ``__init__``'s path, size and modification time), found
    without importing it: the regexes of a memo written with another pathspec are not used."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("pathspec")
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    try:
        st = os.stat(spec.origin)
    except OSError:
        return None
    return [spec.origin, st.st_size, st.st_mtime_ns]


def _recall(memo: Path, stamp: list[object]) -> None:
    try:
        data = json.loads(memo.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or unreadable: pathspec compiles, the memo is rewritten
        return
    if not isinstance(data, dict) or data.get("format") != _MEMO_FORMAT or data.get("pathspec") != stamp:
        return
    patterns = data.get("patterns")
    if not isinstance(patterns, dict):
        return
    for pattern, known in patterns.items():
        if known is None:
            _KNOWN.setdefault(pattern, None)
        elif (
            isinstance(known, list)
            and len(known) == 3
            and isinstance(known[0], str)
            and type(known[1]) is int
            and isinstance(known[2], bool)
        ):
            _KNOWN.setdefault(pattern, (known[0], known[1], known[2]))


def _keep(memo: Path, stamp: list[object]) -> None:
    patterns = {p: None if k is None else list(k) for p, k in list(_KNOWN.items())[-_MEMO_MAX:]}
    text = json.dumps({"format": _MEMO_FORMAT, "pathspec": stamp, "patterns": patterns})
    import tempfile

    tmp: str | None = None
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{memo.name}.", suffix=".tmp", dir=memo.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, memo)
    except OSError:  # a read-only checkout: the next run compiles again, nothing is lost
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


@contextlib.contextmanager
def remembered(folder: Path | None) -> Iterator[None]:
    """Within the block, reuse the regexes pathspec gave for patterns in earlier runs (kept in
    ``folder``, a run's cache folder; ``None``: no memo) and write back the ones learned, so a warm
    run compiles its globs and ``.gitignore`` rules without importing pathspec."""
    stamp = _pathspec_stamp() if folder is not None else None
    if folder is None or stamp is None:
        yield
        return
    memo = folder / MEMO_FILE
    _recall(memo, stamp)
    _learned[0] = False
    try:
        yield
    finally:
        if _learned[0]:
            _keep(memo, stamp)


def _matches(regex: re.Pattern[str], path: str) -> bool:
    """Whether ``regex`` matches ``path`` itself (not as a file inside a folder it matches)."""
    m = regex.match(path)
    return m is not None and (FOLDER_GROUP not in regex.groupindex or m.end(FOLDER_GROUP) in (-1, len(path)))


@dataclass(frozen=True)
class Glob:
    """A ``[[files]]`` path glob, anchored at the project root: ``docs/*.md``, ``**/CLAUDE.md``."""

    pattern: str
    regex: re.Pattern[str] | None

    def match(self, path: str) -> bool:
        """Whether ``path`` (relative to the root, ``/``-separated) matches; a pattern pathspec cannot
        read (``a[``) matches itself only."""
        return _matches(self.regex, path) if self.regex is not None else path == self.pattern


@functools.lru_cache(maxsize=1024)
def glob(pattern: str) -> Glob:
    return Glob(pattern, _compile("/" + pattern)[0])


class GitIgnore:
    """The rules of one ``.gitignore``; ``match(rel, is_dir)`` returns True (ignored), False
    (re-included by ``!``) or None (no rule applies)."""

    def __init__(self, lines: list[str]) -> None:
        # (regex, ignores, folders only)
        self.rules: list[tuple[re.Pattern[str], bool, bool]] = []
        for raw in lines:
            line = raw.rstrip("\r\n")
            regex, ignores = _compile(line)
            if regex is not None:
                body = line.rstrip(" ") if not line.endswith("\\ ") else line
                self.rules.append((regex, ignores, body.endswith("/")))

    @classmethod
    def read(cls, path: Path) -> GitIgnore | None:
        try:
            return cls(path.read_text(encoding="utf-8", errors="replace").splitlines())
        except OSError:
            return None

    def match(self, rel: str, is_dir: bool) -> bool | None:
        result: bool | None = None
        for regex, ignores, dir_only in self.rules:
            if dir_only and not is_dir:
                continue
            if _matches(regex, rel + "/" if dir_only else rel):
                result = ignores
        return result
