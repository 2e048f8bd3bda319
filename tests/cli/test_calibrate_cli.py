"""prompt-budget calibrate: fitting against an exact tokenizer, a JSON of counts, and a loopback
count-tokens endpoint through the anthropic SDK; bad input exits 2 with a one-line error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import run_cli

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unit"))

KEY = "sk-ant-test-CALIBRATEKEY987654321"


def make_corpus(folder: Path, limit: int = 140) -> Path:
    """Real text: slices of the standard library's own modules (code, docstrings, comments)."""
    import email
    import json as json_mod
    import unittest

    folder.mkdir()
    n = 0
    for pkg in (email, json_mod, unittest):
        for src in sorted(Path(pkg.__file__).parent.rglob("*.py")):
            text = src.read_text(encoding="utf-8")
            for start in range(0, len(text), 3000):
                piece = text[start : start + 3000]
                if len(piece) < 300:
                    continue
                (folder / f"doc{n:04}.py").write_text(piece, encoding="utf-8")
                n += 1
                if n >= limit:
                    return folder
    return folder


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd, env=env, timeout=300)


def held_out_all(result: subprocess.CompletedProcess[str]) -> dict[str, float]:
    rows = json.loads(result.stdout)["held_out"]
    (row,) = [r for r in rows if r["category"] == "all"]
    return row


def test_calibrate_against_the_loopback_count_tokens_endpoint(tmp_path: Path) -> None:
    pytest.importorskip("anthropic")
    pytest.importorskip("quicktok")
    from anthropic_server import count_server

    corpus = make_corpus(tmp_path / "docs")
    with count_server() as server:
        env = {**os.environ, "ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": server.url}
        result = run(
            ["calibrate", "docs", "--reference", "anthropic:claude-sonnet-4-5", "--out", "cal/mine.json", "--json"],
            tmp_path, env,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        docs = sorted(corpus.iterdir())
        assert len(server.requests) == len(docs)
        # The recovered calibration meets the bounds on its held-out split.
        row = held_out_all(result)
        assert row["documents"] >= 25
        assert row["under_share"] <= 0.005
        assert row["worst_under"] >= -0.10
        assert row["mean_over"] <= 0.25
        # The counts are now committed: a second fit makes no request.
        again = run(
            ["calibrate", "docs", "--reference", "anthropic:claude-sonnet-4-5", "--out", "cal/again.json"],
            tmp_path, env,
        )  # fmt: skip
        assert again.returncode == 0, again.stderr
        assert len(server.requests) == len(docs)
    assert KEY not in result.stdout + result.stderr + again.stdout + again.stderr
    assert KEY not in (tmp_path / ".prompt-budget" / "counts.json").read_text()
    # The written file is usable as tokenizer = "calibrated:FILE" and estimates every document at
    # or above (almost always) the endpoint's count.
    cal = json.loads((tmp_path / "cal" / "mine.json").read_text())
    assert cal["reference"] == "anthropic:claude-sonnet-4-5"
    assert cal["kind"] == "charclass"
    count = run(["count", "--json", "--no-cache", "-t", "calibrated:cal/mine.json", "docs"], tmp_path)
    assert count.returncode == 0, count.stderr
    report = json.loads(count.stdout)
    assert report["exact"] is False
    assert report["tokenizer"] == "calibrated:cal/mine.json"
    assert len(report["files"]) == len(docs)


def test_calibrate_against_a_json_of_counts_with_a_base(tmp_path: Path) -> None:
    quicktok = pytest.importorskip("quicktok")
    make_corpus(tmp_path / "docs", limit=60)
    enc = quicktok.get_encoding("cl100k_base")
    counts = {
        p.relative_to(tmp_path).as_posix(): enc.count(p.read_text(encoding="utf-8"))
        for p in sorted((tmp_path / "docs").iterdir())
    }
    (tmp_path / "counts.json").write_text(json.dumps({"counts": counts}))
    result = run(
        ["calibrate", "docs", "--reference", "counts.json", "--base", "o200k_base", "--out", "ratio.json"],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "| all |" in result.stdout
    assert "calibrated:ratio.json" in result.stdout
    cal = json.loads((tmp_path / "ratio.json").read_text())
    assert cal["kind"] == "base"
    assert cal["base"] == "o200k_base"
    assert 0.8 < cal["weights"]["ascii"] < 1.6  # cl100k over o200k on code is near 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["calibrate", "nowhere", "--reference", "o200k_base", "--out", "x.json"], "nowhere: no such file"),
        (["calibrate", "docs", "--reference", "bad.json", "--out", "x.json"], "bad.json: not valid JSON"),
        (["calibrate", "docs", "--reference", "nonsense-tok", "--out", "x.json"], "unknown tokenizer"),
        (["calibrate", "docs", "--reference", "missing.json", "--out", "x.json"], "no count for"),
        (["calibrate", "docs", "--reference", "absent.json", "--out", "x.json"], "absent.json: no such file"),
    ],
)
def test_calibrate_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    make_corpus(tmp_path / "docs", limit=25)
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "missing.json").write_text(json.dumps({"docs/doc0000.py": 10}))
    result = run(args, tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_calibration_fitted_over_a_base_is_usable_as_a_tokenizer(tmp_path: Path) -> None:
    """Resolving calibrated:FILE resolves its base tokenizer too: it used to wait forever on the
    registry's own lock."""
    make_corpus(tmp_path / "docs", limit=40)
    fitted = run(
        ["calibrate", "docs", "--reference", "words", "--base", "chars4", "--out", "ratio.json"], tmp_path
    )
    assert fitted.returncode == 0, fitted.stderr
    (tmp_path / "note.txt").write_text("hello world, " * 40, encoding="utf-8")
    count = run_cli(
        "count", "--json", "--no-cache", "-t", "calibrated:ratio.json", "note.txt", cwd=tmp_path, timeout=60
    )
    assert count.returncode == 0, count.stderr
    report = json.loads(count.stdout)
    assert report["tokenizer"] == "calibrated:ratio.json"
    assert report["exact"] is False
    assert report["total"] > 0


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            b'{"id": "a", "text": "hello"}\n{"id": "b", "text": "caf\xe9"}\n',
            "corpus.jsonl: line 2: not valid UTF-8 (bad byte at offset 24 of the line)",
        ),
        (
            b'{"id": "a", "text": "hello"}\n{"id": "a", "text": "world"}\n',
            "CORPUS: two different documents have the id 'a' (corpus.jsonl:1 and corpus.jsonl:2); ids must "
            "be unique",
        ),
    ],
)
def test_a_bad_jsonl_corpus_is_one_line_naming_file_and_line(
    tmp_path: Path, lines: bytes, message: str
) -> None:
    (tmp_path / "corpus.jsonl").write_bytes(lines)
    result = run(["calibrate", "corpus.jsonl", "--reference", "chars4", "--out", "x.json"], tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"prompt-budget: error: {message}"]
    assert not (tmp_path / "x.json").exists()


def test_a_jsonl_corpus_with_a_bom_and_null_ids(tmp_path: Path) -> None:
    lines = [json.dumps({"id": None, "text": f"document number {i} " * (i + 5)}) for i in range(30)]
    (tmp_path / "corpus.jsonl").write_bytes(b"\xef\xbb\xbf" + "\n".join(lines).encode("utf-8"))
    result = run(["calibrate", "corpus.jsonl", "--reference", "words", "--out", "x.json"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "x.json").read_text())["fitted_on"]["documents"] == 30


def test_a_file_that_is_not_utf8_is_left_out_with_a_warning(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path / "docs", limit=30)
    (corpus / "latin.txt").write_bytes(b"caf\xe9 au lait\n")
    counts = {f"docs/{p.name}": len(p.read_text(encoding="utf-8")) // 3 for p in corpus.glob("*.py")}
    (tmp_path / "counts.json").write_text(json.dumps({"counts": counts}))
    result = run(
        ["calibrate", "docs", "docs/doc0001.py", "--reference", "counts.json", "--out", "x.json"], tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "prompt-budget: warning: docs/latin.txt: left out of the corpus: not valid UTF-8 (first bad byte at "
        "offset 3)"
    ]
    # docs/doc0001.py given twice (alone and in its folder) is one document.
    assert json.loads((tmp_path / "x.json").read_text())["fitted_on"]["documents"] == 30


def test_reference_counts_keyed_by_paths_from_elsewhere(tmp_path: Path) -> None:
    """Ids are paths from the current folder; a reference written from another folder (or with ./)
    still matches, and one that does not match says which of its ids match nothing."""
    (tmp_path / "project").mkdir()
    corpus = make_corpus(tmp_path / "project" / "docs", limit=30)
    counts = {f"./docs/{p.name}": len(p.read_text(encoding="utf-8")) // 3 for p in sorted(corpus.iterdir())}
    (tmp_path / "project" / "counts.json").write_text(json.dumps({"counts": counts}))
    # Run from inside docs/: ids are "doc0000.py", the file's keys "./docs/doc0000.py".
    ok = run(["calibrate", ".", "--reference", "../counts.json", "--out", "../x.json"], corpus)
    assert ok.returncode == 0, ok.stderr
    counts.pop("./docs/doc0003.py")
    counts["./docs/gone.py"] = 5
    (tmp_path / "project" / "counts.json").write_text(json.dumps({"counts": counts}))
    bad = run(["calibrate", ".", "--reference", "../counts.json", "--out", "../x.json"], corpus)
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [
        "prompt-budget: error: ../counts.json: no count for 1 document(s), first 'doc0003.py'; ids in the "
        "file that match no document: './docs/gone.py' (a file's id is its path from the current folder or "
        "from the reference file's folder)"
    ]
