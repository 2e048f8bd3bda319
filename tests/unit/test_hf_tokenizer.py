"""hf:PATH through the tokenizers package: a file, a folder, a cached model id; never a download."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("tokenizers")

from prompt_budget.errors import ConfigError
from prompt_budget.tokenizers import get_tokenizer


def write_tokenizer(path: Path) -> Path:
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace

    vocab = {"[UNK]": 0, "hello": 1, "world": 2, ",": 3, "!": 4}
    tok = Tokenizer(WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    path.parent.mkdir(parents=True, exist_ok=True)
    tok.save(str(path))
    return path


def test_a_tokenizer_json_file(tmp_path: Path) -> None:
    path = write_tokenizer(tmp_path / "tok" / "tokenizer.json")
    tok = get_tokenizer(f"hf:{path}")
    assert tok.exact
    assert tok.count("hello, world!") == 4
    assert tok.count("hello strange world") == 3  # the unknown word is one [UNK] token
    assert tok.encode("hello world") == [1, 2]
    assert tok.count_many(["hello", "", "world world"]) == [1, 0, 2]
    # A folder holding tokenizer.json works too.
    assert get_tokenizer(f"hf:{path.parent}").count("hello world") == 2


def test_a_file_spec_is_named_from_the_top_of_its_project(tmp_path: Path) -> None:
    # The name (kept in reports and committed baselines) is the same wherever the project is checked out.
    for checkout in ("one", "two"):
        root = tmp_path / checkout
        path = write_tokenizer(root / "models" / "tokenizer.json")
        (root / "pyproject.toml").write_text("[tool.prompt_budget]\n", encoding="utf-8")
        assert get_tokenizer(f"hf:{path}").name == "hf:models/tokenizer.json"
    # outside any project the path is kept as written
    lone = write_tokenizer(tmp_path / "lone" / "tokenizer.json")
    assert get_tokenizer(f"hf:{lone}").name == f"hf:{lone}"


def test_a_model_id_from_the_local_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "hub" / "models--acme--tiny"
    write_tokenizer(repo / "snapshots" / "abc123" / "tokenizer.json")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("abc123")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    tok = get_tokenizer("hf:acme/tiny")
    assert tok.count("hello world !") == 3


def test_a_model_id_missing_from_the_cache_is_never_downloaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "empty"))
    with pytest.raises(ConfigError, match="never downloads") as info:
        get_tokenizer("hf:acme/not-here")
    assert info.value.key == "tokenizer"


def test_bad_paths_and_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"no such tokenizer\.json"):
        get_tokenizer(f"hf:{tmp_path / 'nope.json'}")
    bad = tmp_path / "tokenizer.json"
    bad.write_text('{"not": "a tokenizer"}')
    with pytest.raises(ConfigError, match=r"not a valid tokenizer\.json") as info:
        get_tokenizer(f"hf:{bad}")
    assert info.value.file == str(bad)
