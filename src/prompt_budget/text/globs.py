"""Path globs and ``.gitignore`` rules, compiled by ``pathspec`` (git's wildmatch: ``*`` and ``?`` stay
in one folder, ``**`` crosses folders, ``[...]`` is a class, ``\\`` escapes).

A pattern here matches a path itself, never the files below a folder it matches: the walk decides
about a folder's contents when it meets the folder (and skips an ignored one), and a config glob
``docs/*`` means the files directly in ``docs``."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

_WILDCARDS: Final = re.compile(r"[*?\[]")
#: the group pathspec's regexes name the slash after a folder whose contents they match
FOLDER_GROUP: Final = "ps_d"


def has_wildcards(pattern: str) -> bool:
    return _WILDCARDS.search(pattern) is not None


def _compile(pattern: str) -> tuple[re.Pattern[str] | None, bool]:
    """The regex of one gitignore-style pattern (None for a comment, a blank or an unusable pattern)
    and whether it excludes (True) or re-includes (``!``, False)."""
    from pathspec import GitIgnoreSpec  # here: a walk without a .gitignore never needs it

    try:
        (compiled,) = GitIgnoreSpec.from_lines([pattern]).patterns
    except ValueError:  # no pattern (a blank line), or one pathspec rejects
        return None, True
    regex = getattr(compiled, "regex", None)
    if compiled.include is None or not isinstance(regex, re.Pattern):
        return None, True
    return regex, bool(compiled.include)


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
