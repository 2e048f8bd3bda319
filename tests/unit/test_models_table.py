"""The model table: names map to encodings or calibrations, every entry has its source."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from prompt_budget import known_models as models
from prompt_budget import load_config
from prompt_budget.errors import ConfigError


@pytest.mark.parametrize(
    ("name", "encoding"),
    [
        ("gpt-4o", "o200k_base"),
        ("gpt-4o-2024-08-06", "o200k_base"),
        ("gpt-4.1-mini", "o200k_base"),
        ("o3", "o200k_base"),
        ("o3-mini", "o200k_base"),
        ("gpt-5", "o200k_base"),
        ("gpt-4", "cl100k_base"),
        ("gpt-4-0613", "cl100k_base"),
        ("gpt-3.5-turbo", "cl100k_base"),
        ("chatgpt-4o-latest", "o200k_base"),
    ],
)
def test_openai_models_map_to_encodings(name: str, encoding: str) -> None:
    assert models.get_model(name).encoding == encoding  # type: ignore[union-attr]
    assert models.local_spec_for_model(name) == encoding


@pytest.mark.parametrize(
    ("name", "spec"),
    [
        ("claude-sonnet-4-5-20250929", "calibrated:claude-3"),
        ("claude-3-5-sonnet-latest", "calibrated:claude-3"),
        ("claude-opus-4-1", "calibrated:claude-3"),
        ("claude-opus-4-7", "calibrated:claude-4.7"),
        ("gemini-2.5-pro", "calibrated:o200k_base-classes"),
    ],
)
def test_models_without_public_tokenizers_default_to_a_calibration(name: str, spec: str) -> None:
    assert models.get_model(name).encoding is None  # type: ignore[union-attr]
    assert models.local_spec_for_model(name) == spec


def test_longest_prefix_wins_and_unknown_is_none() -> None:
    assert models.get_model("gpt-4o-mini-2024-07-18").name == "gpt-4o-mini"  # type: ignore[union-attr]
    assert models.get_model("gpt-4-turbo-preview").name == "gpt-4-turbo"  # type: ignore[union-attr]
    assert models.get_model("llama-3") is None
    assert models.get_model("gpt-4ox") is None


def test_every_entry_has_a_source_and_limits() -> None:
    raw = json.loads(resources.files("prompt_budget").joinpath("data/models.json").read_text("utf-8"))
    assert len(raw["models"]) >= 30
    for name, entry in raw["models"].items():
        assert entry["source"].startswith("https://"), name
        assert entry["context_window"] >= 4096, name
        assert entry.get("encoding") or entry.get("calibration"), name
    info = models.get_model("gpt-4.1")
    assert info is not None
    assert (info.context_window, info.max_output, info.family) == (1047576, 32768, "openai")


@pytest.mark.parametrize(
    ("entry", "key"),
    [
        ({"context_window": 1000, "family": "openai", "encoding": "o200k_base"}, "models.m.source"),
        ({"context_window": "big", "family": "openai", "encoding": "o200k_base", "source": "https://x"}, "models.m.context_window"),
        ({"context_window": 1000, "family": "acme", "encoding": "o200k_base", "source": "https://x"}, "models.m.family"),
        ({"context_window": 1000, "family": "openai", "source": "https://x"}, "models.m"),
    ],
)  # fmt: skip
def test_a_bad_table_entry_names_its_key(entry: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError) as info:
        models._parse({"models": {"m": entry}})
    assert info.value.key == key
    assert "models.json" in str(info.value)


def test_model_names_resolve_as_tokenizer_specs(tiktoken_offline: object) -> None:
    from prompt_budget.tokenizers import get_tokenizer

    tok = get_tokenizer("gpt-4o-2024-08-06")
    assert tok.name == "o200k_base"
    assert tok.exact


@pytest.mark.parametrize(
    ("name", "window", "max_output", "encoding"),
    [
        # Ids whose longest known prefix is another model: GPT-4 Turbo previews are not gpt-4's 8k,
        # o1-preview is not o1, gpt-5-chat-latest is not gpt-5, gpt-3.5-turbo-instruct is 4k.
        ("gpt-4-1106-preview", 128_000, 4_096, "cl100k_base"),
        ("gpt-4-0125-preview", 128_000, 4_096, "cl100k_base"),
        ("gpt-4-vision-preview", 128_000, 4_096, "cl100k_base"),
        ("o1-preview", 128_000, 32_768, "o200k_base"),
        ("o1-preview-2024-09-12", 128_000, 32_768, "o200k_base"),
        ("gpt-5-chat-latest", 128_000, 16_384, "o200k_base"),
        ("gpt-3.5-turbo-instruct", 4_096, 4_096, "cl100k_base"),
    ],
)
def test_model_ids_that_a_shorter_name_prefixes(
    tmp_path: Path, name: str, window: int, max_output: int, encoding: str
) -> None:
    info = models.get_model(name)
    assert info is not None
    assert (info.context_window, info.max_output, info.encoding) == (window, max_output, encoding)
    (tmp_path / "prompt_budget.toml").write_text(f'model = "{name}"\n', encoding="utf-8")
    assert load_config(tmp_path / "prompt_budget.toml").context_window == window


@pytest.mark.parametrize(
    ("name", "model"),
    [
        ("GPT-4o", "gpt-4o"),
        ("openai/gpt-4o", "gpt-4o"),  # LiteLLM
        ("openrouter/openai/gpt-4.1-mini", "gpt-4.1-mini"),
        ("anthropic/claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
        ("models/gemini-2.5-pro", "gemini-2.5-pro"),  # Google's API
        ("ft:gpt-4o-mini-2024-07-18:acme::abc123", "gpt-4o-mini"),  # an OpenAI fine-tune
        (" Claude-3-5-Sonnet-Latest ", "claude-3-5-sonnet"),
    ],
)
def test_case_provider_prefixes_and_fine_tunes(tmp_path: Path, name: str, model: str) -> None:
    info = models.get_model(name)
    assert info is not None
    assert info.name == model
    (tmp_path / "prompt_budget.toml").write_text(f'model = "{name}"\n', encoding="utf-8")
    assert load_config(tmp_path / "prompt_budget.toml").context_window == info.context_window


@pytest.mark.parametrize("name", ["org/gpt-4o", "gpt-4o/x", "ft:", "openai/", "llama-3"])
def test_other_prefixes_are_not_stripped(name: str) -> None:
    assert models.get_model(name) is None


def test_a_provider_prefixed_model_name_counts_with_its_encoding(tmp_path: Path) -> None:
    from cli_run import run_cli

    (tmp_path / "a.md").write_text("hello world\n", encoding="utf-8")
    proc = run_cli("count", "--json", "--no-cache", "-t", "openai/GPT-4o", "a.md", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["tokenizer"] == "o200k_base"
