"""The count cache's file is written through orjson where it is installed (the ``fast`` extra) and through
the standard library otherwise: the same document either way, and file names orjson cannot encode (an
undecodable name's lone surrogate) still recorded."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from prompt_budget import count_cache
from prompt_budget.counting import CACHE_FILE, DiskCache, count_path

ENCODERS = ["orjson", "stdlib"]


def _use(encoder: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if encoder == "orjson":
        pytest.importorskip("orjson", reason="orjson is in the dev and fast extras")
    else:
        monkeypatch.setitem(sys.modules, "orjson", None)  # ``import orjson`` raises ImportError


@pytest.mark.parametrize("encoder", ENCODERS)
def test_files_named_in_any_script_are_found_again_from_the_saved_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoder: str
) -> None:
    _use(encoder, monkeypatch)
    monkeypatch.setattr(count_cache, "_RACY_NS", 0)  # files just written: their signatures trusted at once
    names = ["plain.md", "café-résumé.md", "説明.md"]
    if sys.platform.startswith("linux"):
        # a name that is not UTF-8: Python gives it a lone surrogate, which orjson refuses to encode
        names.append(os.fsdecode(b"legacy-\xff.md"))
    docs = []
    for i, name in enumerate(names):
        doc = tmp_path / "docs" / name
        doc.parent.mkdir(exist_ok=True)
        doc.write_text(f"file number {i} " * (i + 1), encoding="utf-8")
        docs.append(doc)
    cache = DiskCache(tmp_path / "cache")
    first = [count_path(doc, "o200k_base", cache) for doc in docs]
    cache.save()
    assert not any(c.cached for c in first)

    blob = json.loads((tmp_path / "cache" / CACHE_FILE).read_bytes())
    recorded = set(blob["files"])
    assert {str(d) for d in docs} <= recorded, sorted(recorded)
    again = [count_path(doc, "o200k_base", DiskCache(tmp_path / "cache")) for doc in docs]
    assert [c.tokens for c in again] == [c.tokens for c in first]
    assert all(c.cached for c in again), [str(c.path) for c in again if not c.cached]


def test_orjson_writes_the_document_the_standard_library_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("orjson", reason="orjson is in the dev and fast extras")
    blob = {
        "format": 2,
        "entries": {"a1b2": {"o200k_base": 12, "cl100k_base": 13}},
        "files": {
            "/repo/docs/guide.md": [
                6015,
                1795984382405817899,
                1795984382405817899,
                2245516,
                65024,
                "a1b2",
                6015,
                [],
            ]
        },
        "extras": {"a1b2": {"frontmatter": {"data": {"name": "x"}, "notes": ["a note"]}}},
        "plain": ["a1b2"],
    }
    fast = count_cache.encoded(blob)
    monkeypatch.setitem(sys.modules, "orjson", None)
    slow = count_cache.encoded(blob)
    assert fast == slow == json.dumps(blob, separators=(",", ":")).encode("ascii")
    # text beyond ASCII: orjson writes UTF-8 where the standard library escapes, the same document
    blob["files"] = {"/repo/説明.md": [1, 2, 3, 4, 5, "a1b2", 1, []]}
    monkeypatch.delitem(sys.modules, "orjson")
    assert json.loads(count_cache.encoded(blob)) == blob
