"""The documented ``hf:`` recipe for open-weight families (Llama, Qwen, DeepSeek): small
``tokenizer.json`` files built here in each family's shape (byte-level BPE, the family's
pre-tokenizer split, normaliser and begin-of-sequence post-processor), found in a local Hugging Face
cache under the repository id the model table names, counted as the ``tokenizers`` package counts them,
without the special tokens the post-processor adds."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("tokenizers")

from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers

from prompt_budget import count, known_models, load_config

sys.path.insert(0, str(Path(__file__).parent))
from multilingual import SAMPLES

LLAMA3_SPLIT = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
QWEN_SPLIT = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
TRAIN = [
    *SAMPLES,
    "def main():\n    print('hello, world')\n" * 3,
    "The quick brown fox. " * 10,
    "数字 12345 and 678",
]


def _bpe(split: list[Any], bos: str | None, specials: list[str], normalizer: Any = None) -> Tokenizer:
    tok = Tokenizer(models.BPE())
    if normalizer is not None:
        tok.normalizer = normalizer
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [*split, pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)]
    )
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=600,
        special_tokens=specials,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(TRAIN, trainer)
    if bos is not None:
        tok.post_processor = processors.TemplateProcessing(
            single=f"{bos} $A", pair=f"{bos} $A {bos} $B", special_tokens=[(bos, tok.token_to_id(bos))]
        )
    return tok


def llama3() -> Tokenizer:
    split = [pre_tokenizers.Split(Regex(LLAMA3_SPLIT), behavior="isolated")]
    return _bpe(split, "<|begin_of_text|>", ["<|begin_of_text|>", "<|eot_id|>", "<|start_header_id|>"])


def qwen() -> Tokenizer:
    split = [pre_tokenizers.Split(Regex(QWEN_SPLIT), behavior="isolated")]
    return _bpe(split, None, ["<|endoftext|>", "<|im_start|>", "<|im_end|>"], normalizers.NFC())


def deepseek() -> Tokenizer:
    split = [
        pre_tokenizers.Split(Regex(r"\p{N}{1,3}"), behavior="isolated"),
        pre_tokenizers.Split(Regex(r"[一-龥\u3040-ゟ゠-ヿ]+"), behavior="isolated"),
        pre_tokenizers.Split(Regex(LLAMA3_SPLIT), behavior="isolated"),
    ]
    bos = "<｜begin▁of▁sentence｜>"
    return _bpe(split, bos, [bos, "<｜end▁of▁sentence｜>"])


FAMILIES = {
    "llama-3.1-8b-instruct": llama3,
    "qwen3-8b": qwen,
    "deepseek-v3": deepseek,
}


def install(cache: Path, repo: str, tok: Tokenizer) -> None:
    folder = cache / ("models--" + repo.replace("/", "--"))
    snapshot = folder / "snapshots" / "0123abcd"
    snapshot.mkdir(parents=True)
    (snapshot / "tokenizer.json").write_text(tok.to_str(), encoding="utf-8")
    (folder / "refs").mkdir()
    (folder / "refs" / "main").write_text("0123abcd", encoding="utf-8")


@pytest.mark.parametrize("model", sorted(FAMILIES))
def test_the_tables_hf_spec_counts_like_the_family_tokenizer(
    model: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = known_models.get_model(model)
    assert info is not None
    assert info.exact is not None
    assert info.exact.startswith("hf:")
    repo = info.exact[len("hf:") :]
    reference = FAMILIES[model]()
    install(tmp_path / "hub", repo, reference)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    tok = _fresh(info.exact)  # not the registry's: each test has its own cache
    for text in [*SAMPLES, "plain text", "12345678 digits", ""]:
        expected = len(reference.encode(text, add_special_tokens=False).ids)
        assert tok.count(text) == expected, text
    with_bos = reference.encode("hello world", add_special_tokens=True).ids
    if info.family in ("meta", "deepseek"):  # the post-processor's begin-of-sequence is not counted
        assert tok.count("hello world") == len(with_bos) - 1


def _fresh(spec: str) -> Any:
    from prompt_budget.tokenizers.hf import load

    return load(spec[len("hf:") :])


def test_the_config_recipe_makes_model_counts_exact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reference = qwen()
    install(tmp_path / "hub", "Qwen/Qwen3-8B", reference)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\nmodel = "qwen3-8b"\n'
        '[tool.prompt_budget.models."qwen3-8b"]\ntokenizer = "hf:Qwen/Qwen3-8B"\n',
        encoding="utf-8",
    )
    try:
        config = load_config(tmp_path / "pyproject.toml")
        assert config.tokenizer == "hf:Qwen/Qwen3-8B"
        assert config.context_window == 131_072  # the table's figure stays
        text = "<|im_start|>user\nhello 世界<|im_end|>"
        assert count(text, model="qwen3-8b") == len(reference.encode(text, add_special_tokens=False).ids)
    finally:
        known_models.forget_declared()
    assert json.loads(reference.to_str())["normalizer"]["type"] == "NFC"
