"""The lint cache: per-file results keyed by file content, so an unchanged tree re-lints without
parsing anything.

One JSON file, ``<cache_dir>/lint-v1.json`` (``.prompt-budget/cache/`` by default): ``results`` maps a
hash of a file's content and module name (the rules put it into config keys) to the file's findings and
facts; ``stats`` maps a path to its last (mtime, size, hash), so
an unchanged file is found with a ``stat`` and without reading it. The whole cache is dropped when the
rules, their options or prompt-budget's version change (``fingerprint``). Writes are atomic.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import tempfile
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from prompt_budget.lint.findings import Fact, FileResult, Finding

_FINDING_FIELDS = frozenset(f.name for f in fields(Finding))
_FACT_FIELDS = frozenset(f.name for f in fields(Fact))

CACHE_FILE = "lint-v1.json"

#: The fields in ``asdict``'s order, and the types ``asdict`` gives back as they are (its deep copy of
#: an immutable atom is the atom itself).
_FINDING_ORDER = tuple(f.name for f in fields(Finding))
_FACT_ORDER = tuple(f.name for f in fields(Fact))
_ATOMS = frozenset({str, int, float, bool, type(None)})


def _plain_dict(obj: Finding | Fact, order: tuple[str, ...]) -> dict[str, Any]:
    """``asdict(obj)``, read field by field when every value is an atom or a tuple of atoms (a finding's
    ``key_parts``): ``asdict`` recurses through ``copy.deepcopy`` on every value (a quarter of a second
    over the benchmark corpus's facts and findings, paid by the worker and again by the cache)."""
    out: dict[str, Any] = {}
    for name in order:
        value = getattr(obj, name)
        kind = type(value)
        if kind not in _ATOMS and not (kind is tuple and all(type(v) in _ATOMS for v in value)):
            return asdict(obj)  # a dict value (``Value``): asdict's copy, as ``to_dict`` gives it
        out[name] = value
    return out


def result_dict(result: FileResult) -> dict[str, Any]:
    """``result.to_dict()`` (equal to it, key order included), without ``asdict`` for plain findings
    and facts: what the cache stores and a worker sends back."""
    return {
        "path": result.path,
        "findings": [_plain_dict(f, _FINDING_ORDER) for f in result.findings],
        "facts": [_plain_dict(f, _FACT_ORDER) for f in result.facts],
        "parsed": result.parsed,
    }


def rules_fingerprint(rules: list[type[Any]], options_fingerprint: str) -> str:
    """A hash of the rule code (every module of the lint package, where the rules and what they share
    live, and the module of each rule a plugin adds), the options and the package version: any change
    empties the cache."""
    from prompt_budget._version import __version__

    h = hashlib.sha256(f"{__version__}|{options_fingerprint}".encode())
    here = Path(__file__).parent
    sources = set(here.rglob("*.py"))
    for rule in rules:
        module = __import__(rule.__module__, fromlist=["_"])
        file = getattr(module, "__file__", None)
        if isinstance(file, str):
            sources.add(Path(file))
        h.update(f"{rule.__module__}.{rule.__qualname__}".encode())
    for source in sorted(sources):
        with contextlib.suppress(OSError):
            h.update(source.read_bytes())
    return h.hexdigest()[:24]


class LintCache:
    def __init__(self, directory: Path, fingerprint: str) -> None:
        self.file = directory / CACHE_FILE
        self.fingerprint = fingerprint
        self.results: dict[str, dict[str, Any]] = {}
        self.stats: dict[str, list[Any]] = {}
        self.dirty = False
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("fingerprint") == fingerprint:
            # validated on read: an entry of the wrong shape (a hand edit, a bad merge, another
            # tool's file) is dropped and its file linted again, never used and never a crash
            results, stats = data.get("results"), data.get("stats")
            if isinstance(results, dict):
                self.results = {k: v for k, v in results.items() if isinstance(k, str) and valid_result(v)}
            if isinstance(stats, dict):
                self.stats = {k: v for k, v in stats.items() if isinstance(k, str) and _valid_stat(v)}

    def _digest_of(self, path: Path, display: str) -> str | None:
        """The key of ``path``'s result: from ``stats`` while its mtime and size are unchanged, else
        read and hashed (and noted in ``stats``); None when it cannot be read."""
        key = os.path.abspath(path)
        try:
            st = os.stat(key)
        except OSError:
            return None
        entry = self.stats.get(key)
        if entry is not None and entry[0] == st.st_mtime_ns and entry[1] == st.st_size:
            return str(entry[2])
        try:
            digest = _digest(path.read_bytes(), display)
        except OSError:
            return None
        self.stats[key] = [st.st_mtime_ns, st.st_size, digest]
        self.dirty = True
        return digest

    @property
    def empty(self) -> bool:
        """No result kept (a first run, or the rules changed): ``get`` finds nothing."""
        return not self.results

    def get(self, path: Path, display: str) -> FileResult | None:
        """The cached result of ``path`` if its content is unchanged, else None."""
        if not self.results:  # a cold cache: nothing to find, no file read and hashed for it
            return None
        digest = self._digest_of(path, display)
        data = self.results.get(digest) if digest is not None else None
        if data is None:
            return None
        try:
            return FileResult.from_dict(data, path=display)
        except (TypeError, ValueError, KeyError):  # not what put() wrote: lint the file again
            del self.results[digest]  # type: ignore[arg-type]
            return None

    def put(self, path: Path, result: FileResult, stamp: Stamp | None = None) -> None:
        """Keep ``result`` for ``path``; ``stamp`` is the (mtime, size, key) of the content linted, as
        ``stamp`` gives it (read and hashed again here when None)."""
        if stamp is not None:
            digest: str | None = stamp[2]
            self.stats[os.path.abspath(path)] = list(stamp)
        else:
            digest = self._digest_of(path, result.path)
        if digest is not None:
            self.results[digest] = result_dict(result)
            self.dirty = True

    def save(self) -> None:
        """Write the cache if anything changed, keeping only results some path still points at."""
        if not self.dirty:
            return
        live = {entry[2] for entry in self.stats.values()}
        data = {
            "fingerprint": self.fingerprint,
            "results": {k: v for k, v in self.results.items() if k in live},
            "stats": self.stats,
        }
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.file.parent, prefix=".lint-", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                # ``dumps``: the C encoder (``json.dump`` encodes in Python, piece by piece)
                fh.write(json.dumps(data, separators=(",", ":")))
            os.replace(tmp, self.file)
        except OSError:  # a read-only tree lints fine without a cache
            return
        self.dirty = False


def _valid_stat(entry: object) -> bool:
    """A ``stats`` entry as ``_digest_of`` writes it: [mtime_ns, size, digest]."""
    return (
        isinstance(entry, list)
        and len(entry) == 3
        and all(type(x) is int for x in entry[:2])
        and isinstance(entry[2], str)
    )


_INT_FIELDS = ("line", "column", "end_line", "end_column")
_STR_FIELDS = ("path", "code", "rule", "message", "suggestion")


def _valid_number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]


def _valid_value(value: object) -> bool:
    if value is None or isinstance(value, str) or _valid_number(value):
        return True
    return isinstance(value, dict) and all(isinstance(k, str) and _valid_value(v) for k, v in value.items())


def _valid_finding(data: object) -> bool:
    if not isinstance(data, dict) or set(data) - _FINDING_FIELDS:
        return False
    return (
        all(type(data.get(f)) is int and data[f] >= 0 for f in _INT_FIELDS)
        and all(isinstance(data.get(f, ""), str) for f in _STR_FIELDS)
        and all(data.get(f) is None or isinstance(data[f], str) for f in ("key", "suppressed"))
        and isinstance(data.get("fixable", False), bool)
        and _valid_value(data.get("value"))
        and isinstance(data.get("key_parts", []), list)
        and all(isinstance(p, str) for p in data.get("key_parts", []))
    )


def _valid_fact(data: object) -> bool:
    if not isinstance(data, dict) or set(data) - _FACT_FIELDS or _FACT_FIELDS - {"suppressed"} - set(data):
        return False
    return (
        isinstance(data["name"], str)
        and isinstance(data["path"], str)
        and _valid_number(data["value"])
        and all(type(data[f]) is int for f in _INT_FIELDS)
        and (data.get("suppressed") is None or isinstance(data["suppressed"], str))
    )


def valid_result(data: object) -> bool:
    """``data`` is a file result as ``FileResult.to_dict`` writes it, every field of its type."""
    return (
        isinstance(data, dict)
        and isinstance(data.get("path"), str)
        and isinstance(data.get("parsed", False), bool)
        and isinstance(data.get("findings", []), list)
        and isinstance(data.get("facts", []), list)
        and all(_valid_finding(f) for f in data.get("findings", []))
        and all(_valid_fact(f) for f in data.get("facts", []))
    )


def module_name(path: str) -> str:
    """The module name the rules qualify config keys with (a package's folder for ``__init__.py``)."""
    if os.sep != "/" or os.altsep is not None:  # Windows' drives and separators: pathlib reads them
        p = Path(path)
        return p.parent.name if p.stem == "__init__" else p.stem
    # ``Path(path).stem`` and ``.parent.name`` read from the string (a ``Path`` made per file cost more
    # than the rest of this): the names between slashes, without the empty ones and ``.``
    parts = [part for part in path.split("/") if part and part != "."]
    name = parts[-1] if parts else ""
    dot = name.rfind(".")
    stem = name[:dot] if 0 < dot < len(name) - 1 else name
    if stem == "__init__":
        return parts[-2] if len(parts) > 1 else ""
    return stem


#: What the cache keeps of a file linted: its mtime (ns), its size and ``content_key`` of the bytes read.
Stamp = tuple[int, int, str]


def stamp(st: os.stat_result, data: bytes, display: str) -> Stamp:
    """The ``Stamp`` of a file whose ``os.stat`` (taken before reading it) is ``st`` and bytes ``data``."""
    return st.st_mtime_ns, st.st_size, _digest(data, display)


def _digest(data: bytes, display: str) -> str:
    """The key of a file's result: its content and its module name, which the rules put into config
    keys (``alpha.py`` and ``beta.py`` with the same text get ``alpha_...`` and ``beta_...``)."""
    h = hashlib.blake2b(data, digest_size=16)
    h.update(b"\0" + module_name(display).encode("utf-8", errors="surrogateescape"))
    return h.hexdigest()
