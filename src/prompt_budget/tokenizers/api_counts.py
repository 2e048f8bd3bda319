"""The committed store of counts a remote API reported: ``.prompt-budget/counts.json``.

Keyed by model and a SHA-256 digest of the request (sorted-key JSON), it is meant to be committed like a
lock file so CI runs offline and only new or changed prompts need the network. The file is sorted and
indented the same way on every write (stable diffs), written by merge-then-atomic-replace so parallel
writers (pytest-xdist workers) never leave a torn file, and holds nothing but digests and counts.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from prompt_budget.errors import ConfigError

COUNTS_FILE: Final = Path(".prompt-budget") / "counts.json"
_FORMAT: Final = 1
_CONFLICT: Final = re.compile(r"^(<{7}|={7}|>{7})( |$)", re.MULTILINE)

#: Settings every count API shares (the pytest plugin and the library set them).
_shared: dict[str, Any] = {"offline": None, "counts_path": None}


def set_offline(offline: bool) -> None:
    """Forbid (or allow again) network use: counts come from the committed file or the estimate."""
    _shared["offline"] = bool(offline)


def is_offline() -> bool:
    if _shared["offline"] is not None:
        return bool(_shared["offline"])
    return os.environ.get("PROMPT_BUDGET_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on")


def set_counts_path(path: str | Path | None) -> None:
    """Where the committed counts live (default ``.prompt-budget/counts.json`` under the current
    directory); the pytest plugin points it at the project root."""
    _shared["counts_path"] = Path(path) if path is not None else None


def counts_path() -> Path:
    if _shared["counts_path"] is not None:
        return Path(_shared["counts_path"])
    env = os.environ.get("PROMPT_BUDGET_COUNTS_FILE")
    return Path(env) if env else Path.cwd() / COUNTS_FILE


_STORES: dict[Path, CountStore] = {}
_STORES_LOCK = threading.Lock()


def store() -> CountStore:
    """The store of the counts file in force (one per file per process)."""
    path = counts_path().resolve()
    with _STORES_LOCK:
        found = _STORES.get(path)
        if found is None:
            found = _STORES[path] = CountStore(path)
        return found


def request_digest(request: Mapping[str, Any]) -> str:
    import hashlib  # here: a run that counts no request never needs it

    blob = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class CountStore:
    """Counts by (model, request digest) in one JSON file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data: dict[str, dict[str, int]] | None = None
        self._lock = threading.Lock()

    def _read(self) -> dict[str, dict[str, int]]:
        """The file's counts. A missing file is empty; a file this version did not write (merge
        conflict markers, a newer format, not JSON, not the counts object) is a ``ConfigError`` naming
        it, and is never overwritten. Entries that are not non-negative integers are dropped (and
        counted again)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read the count cache ({type(exc).__name__})", file=self.path) from None
        if _CONFLICT.search(text):
            raise ConfigError(
                "the count cache holds merge conflict markers; resolve the conflict (or delete the file "
                "to count again): it is not overwritten",
                file=self.path,
            )
        try:
            blob = json.loads(text)
        except ValueError as exc:
            raise ConfigError(
                f"the count cache is not valid JSON ({exc}); it is not overwritten", file=self.path
            ) from None
        fmt = blob.get("format") if isinstance(blob, dict) else None
        if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > _FORMAT:
            raise ConfigError(
                f"the count cache has format {fmt}, newer than this version reads ({_FORMAT}); upgrade "
                "prompt-budget: the file is not overwritten",
                file=self.path,
            )
        if not isinstance(blob, dict) or fmt != _FORMAT or not isinstance(blob.get("counts"), dict):
            raise ConfigError(
                "not a count cache this tool wrote (expected format 1 and a 'counts' object); it is not overwritten",
                file=self.path,
            )
        out: dict[str, dict[str, int]] = {}
        for model, entries in blob["counts"].items():
            if isinstance(entries, dict):
                out[str(model)] = {
                    str(k): v
                    for k, v in entries.items()
                    if isinstance(v, int) and not isinstance(v, bool) and v >= 0
                }
        return out

    def get(self, model: str, digest: str) -> int | None:
        with self._lock:
            if self._data is None:
                self._data = self._read()
            return self._data.get(model, {}).get(digest)

    def put(self, model: str, digest: str, tokens: int) -> None:
        """Record a count and write the file at once (merging what others wrote meanwhile)."""
        with self._lock:
            merged = self._read()
            merged.setdefault(model, {})[digest] = tokens
            self._data = merged
            blob = {
                "format": _FORMAT,
                "comment": "Token counts reported by count-tokens APIs, by model and request digest. "
                "Written by prompt-budget; commit it so CI can count offline.",
                "counts": {m: dict(sorted(e.items())) for m, e in sorted(merged.items())},
            }
            tmp = ""
            try:
                import tempfile

                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(prefix=".counts-", suffix=".tmp", dir=self.path.parent)
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump(blob, fh, indent=1, sort_keys=False)
                    fh.write("\n")
                os.replace(tmp, self.path)
            except OSError:
                # A read-only checkout still counts; it just does not remember.
                if tmp:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
