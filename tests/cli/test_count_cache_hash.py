"""The hash that keys the count cache: chosen by the processor, named in the cache file, overridable
with ``PROMPT_BUDGET_CONTENT_HASH``; a cache keyed by another hash is not used."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_run import run_cli

from prompt_budget.count_cache import sha_instructions

CACHE = Path(".prompt-budget") / "cache" / "counts-v1.json"
ENV = "PROMPT_BUDGET_CONTENT_HASH"


def count(cwd: Path, hash_name: str) -> int:
    """``a.md``'s count from ``prompt-budget count --json`` with ``hash_name`` keying the cache."""
    res = run_cli("count", "-t", "o200k_base", "--json", "a.md", cwd=cwd, env={ENV: hash_name})
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    (row,) = json.loads(res.stdout)["files"]
    assert row["path"] == "a.md"
    return int(row["tokens"])


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("sha256", lambda raw: hashlib.sha256(raw).hexdigest()[:32]),
        ("blake2b", lambda raw: hashlib.blake2b(raw, digest_size=16).hexdigest()),
    ],
)
def test_the_cache_names_its_hash_and_keys_contents_by_it(
    tmp_path: Path, name: str, expected: Callable[[bytes], str]
) -> None:
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")
    count(tmp_path, name)
    blob = json.loads((tmp_path / CACHE).read_text(encoding="utf-8"))
    assert blob["hash"] == name
    assert list(blob["entries"]) == [expected(b"hello world")]


def test_a_cache_keyed_by_another_hash_is_not_used_and_is_rewritten(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")
    count(tmp_path, "sha256")
    path = tmp_path / CACHE
    blob = json.loads(path.read_text(encoding="utf-8"))
    # a wrong count under the SHA-256 key and no file signatures: used only if the key is trusted
    (key,) = blob["entries"]
    blob["entries"][key] = {k: 99 for k in blob["entries"][key]}
    blob["files"] = {}
    path.write_text(json.dumps(blob), encoding="utf-8")
    assert count(tmp_path, "sha256") == 99  # the same hash: the (planted) count is served
    assert count(tmp_path, "blake2b") == 2
    rewritten = json.loads(path.read_text(encoding="utf-8"))
    assert rewritten["hash"] == "blake2b"
    assert list(rewritten["entries"]) == [hashlib.blake2b(b"hello world", digest_size=16).hexdigest()]


def test_a_format_2_cache_that_names_no_hash_was_keyed_by_sha256(tmp_path: Path) -> None:
    """Written before the hash was named: still served where SHA-256 is the hash."""
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")
    count(tmp_path, "sha256")
    path = tmp_path / CACHE
    blob = json.loads(path.read_text(encoding="utf-8"))
    del blob["hash"]
    (key,) = blob["entries"]
    blob["entries"][key] = {k: 77 for k in blob["entries"][key]}
    blob["files"] = {}
    path.write_text(json.dumps(blob), encoding="utf-8")
    assert count(tmp_path, "sha256") == 77
    assert count(tmp_path, "blake2b") == 2


def test_an_unknown_hash_name_is_a_one_line_error_naming_the_variable(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")
    res = run_cli("count", "-t", "o200k_base", "a.md", cwd=tmp_path, env={ENV: "md5"})
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert f"{ENV}='md5'" in res.stderr
    assert "sha256, blake2b" in res.stderr


X86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu vme sse4_2 avx2 {}\nbugs\t\t: spectre_v1\n"
ARM = "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd evtstrm aes pmull {}\nCPU part\t: 0xd0c\n"


@pytest.mark.parametrize(
    ("cpuinfo", "expected"),
    [
        (X86.format("sha_ni avx512f"), True),
        (X86.format("avx512f"), False),
        (ARM.format("sha1 sha2 crc32"), True),
        (ARM.format("crc32"), False),
        ("processor\t: 0\n", None),
        ("", None),
    ],
)
def test_sha_instructions_are_read_from_cpuinfo(cpuinfo: str, expected: bool | None) -> None:
    assert sha_instructions(cpuinfo) is expected
