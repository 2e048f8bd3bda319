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
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

COUNTS_FILE: Final = Path(".prompt-budget") / "counts.json"
_FORMAT: Final = 1


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
        try:
            blob = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(blob, dict) or blob.get("format") != _FORMAT:
            return {}
        models = blob.get("counts")
        if not isinstance(models, dict):
            return {}
        out: dict[str, dict[str, int]] = {}
        for model, entries in models.items():
            if isinstance(entries, dict):
                out[str(model)] = {
                    str(k): v for k, v in entries.items() if isinstance(v, int) and not isinstance(v, bool)
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
