"""The current model table: today's models, declared models, ``model=`` in ``count``/``check``, Claude
generations chosen by name, and errors for unknown models that say how to declare them."""

from __future__ import annotations

from pathlib import Path

import pytest

from prompt_budget import check, count, known_models, load_config
from prompt_budget.errors import ConfigError


@pytest.fixture(autouse=True)
def _no_declared_models() -> object:
    known_models.forget_declared()
    yield
    known_models.forget_declared()


@pytest.mark.parametrize(
    ("name", "window", "max_output", "family"),
    [
        ("gpt-4.1", 1_047_576, 32_768, "openai"),
        ("gpt-5", 400_000, 128_000, "openai"),
        ("gpt-5.1", 400_000, 128_000, "openai"),
        ("gpt-5.2-2025-12-11", 400_000, 128_000, "openai"),
        ("gpt-5.4", 1_050_000, 128_000, "openai"),
        ("o3", 200_000, 100_000, "openai"),
        ("o4-mini-2025-04-16", 200_000, 100_000, "openai"),
        ("claude-haiku-4-5-20251001", 200_000, 64_000, "anthropic"),
        ("claude-opus-4-5", 200_000, 64_000, "anthropic"),
        ("claude-sonnet-4-6", 1_000_000, 64_000, "anthropic"),
        ("claude-opus-4-6", 1_000_000, 128_000, "anthropic"),
        ("claude-opus-4-7", 1_000_000, 128_000, "anthropic"),
        ("gemini-2.5-pro", 1_048_576, 65_536, "google"),
        ("gemini-3-pro-preview", 1_048_576, 65_536, "google"),
        ("mistral-large-latest", 262_144, None, "mistral"),
        ("meta-llama/Llama-3.3-70B-Instruct", 131_072, None, "meta"),
        ("Qwen/Qwen3-Coder-480B-A35B-Instruct", 262_144, None, "qwen"),
        ("deepseek-chat", 131_072, 8_192, "deepseek"),
        ("deepseek-ai/DeepSeek-R1", 131_072, None, "deepseek"),
    ],
)
def test_current_models_are_known(name: str, window: int, max_output: int | None, family: str) -> None:
    info = known_models.get_model(name)
    assert info is not None, name
    assert (info.context_window, info.max_output, info.family) == (window, max_output, family)
    assert info.source.startswith("https://")


@pytest.mark.parametrize(
    ("name", "generation"),
    [
        ("claude-3-haiku-20240307", "claude-3"),
        ("claude-3-5-sonnet-latest", "claude-3"),
        ("claude-sonnet-4-5-20250929", "claude-3"),
        ("claude-haiku-4-5", "claude-3"),
        ("claude-opus-4-6", "claude-3"),
        ("claude-sonnet-4-6", "claude-3"),
        ("claude-opus-4-7", "claude-4.7"),
        ("anthropic/claude-opus-4-7-20260416", "claude-4.7"),
        ("claude-opus-4-8", "claude-4.7"),  # a later version the table does not hold yet
        ("claude-sonnet-5", "claude-4.7"),
        ("claude-2.1", "claude"),
        ("claude-instant-1.2", "claude"),
        ("gpt-4o", None),
    ],
)
def test_each_claude_generation_is_chosen_by_name(name: str, generation: str | None) -> None:
    assert known_models.claude_generation(name) == generation
    expected = f"calibrated:{generation}" if generation else None
    assert known_models.claude_estimate_for(name) == expected
    if generation in ("claude-3", "claude-4.7"):
        info = known_models.get_model(name)
        assert info is not None
        assert info.local_spec == expected
        assert info.api_spec == f"anthropic:{info.name}"


def test_the_legacy_estimate_is_not_what_a_current_claude_name_selects() -> None:
    for name in known_models.known_models():
        info = known_models.get_model(name)
        assert info is not None
        if info.family == "anthropic":
            assert info.local_spec in ("calibrated:claude-3", "calibrated:claude-4.7"), name
    text = "Summarise the design document in three bullet points, then list open questions.\n" * 20
    newer = count(text, model="claude-opus-4-7")
    older = count(text, model="claude-sonnet-4-5")
    assert newer > older * 1.3  # English text: the 4.7 tokenizer takes 1.3-1.5x the tokens


def test_a_later_claude_version_does_not_match_an_older_prefix() -> None:
    info = known_models.get_model("claude-opus-4-8")
    assert info is not None
    assert info.generation == "claude-4.7"
    assert info.name == "claude-opus-4-8"
    assert known_models.get_model("claude-opus-4-20250514").name == "claude-opus-4"  # type: ignore[union-attr]


def test_count_and_check_accept_a_model_name() -> None:
    assert count("hello world", model="gpt-4o") == count("hello world", tokenizer="o200k_base")
    assert count("hello world", model="gpt-4") == count("hello world", tokenizer="cl100k_base")
    assert count("hello world", model="claude-opus-4-7") == count(
        "hello world", tokenizer="calibrated:claude-4.7"
    )
    messages = [{"role": "user", "content": "hi"}]
    assert count(messages, model="gpt-4o") == count(messages, tokenizer="o200k_base")
    verdict = check("hello world", model="gpt-4o")
    assert verdict.status == "pass"
    assert verdict.max_tokens == 128_000
    over = check("word " * 50, 10, model="claude-opus-4-7")
    assert over.status == "fail"
    assert "estimated" in over.message
    assert "calibrated:claude-4.7" in over.message


def test_an_explicit_tokenizer_wins_over_the_model() -> None:
    assert count("hello world", "chars4", model="gpt-4o") == 3


@pytest.mark.parametrize("call", [lambda: count("x", model="my-llm"), lambda: check("x", 10, model="my-llm")])
def test_an_unknown_model_is_an_error_that_says_how_to_declare_it(call: object) -> None:
    with pytest.raises(ConfigError) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert "unknown model 'my-llm'" in message
    assert '[tool.prompt_budget.models."my-llm"]' in message
    assert "context_window" in message


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "pyproject.toml"
    path.write_text("[tool.prompt_budget]\n" + body, encoding="utf-8")
    return path


def test_a_model_declared_in_config_is_found_everywhere(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'model = "acme-7b"\n[tool.prompt_budget.models."acme-7b"]\ncontext_window = "32k"\n'
        'max_output = 4096\ntokenizer = "chars4"\nfamily = "in-house"\n',
    )
    config = load_config(path)
    assert config.context_window == 32_000
    assert config.tokenizer == "chars4"
    info = known_models.get_model("acme-7b")
    assert info is not None
    assert (info.max_output, info.family) == (4096, "in-house")
    assert "pyproject.toml" in info.source
    assert count("hello world", model="acme-7b") == 3
    assert check("hello world", model="acme-7b").max_tokens == 32_000


def test_a_known_model_can_be_overridden(tmp_path: Path) -> None:
    path = write(tmp_path, 'model = "gpt-4o"\n[tool.prompt_budget.models."gpt-4o"]\ncontext_window = 64000\n')
    config = load_config(path)
    assert config.context_window == 64_000
    assert config.tokenizer == "o200k_base"  # only the keys given change


@pytest.mark.parametrize(
    ("body", "key", "says"),
    [
        ('[tool.prompt_budget.models."x"]\nmax_output = 10\n', "tool.prompt_budget.models.x", "context_window"),
        ('[tool.prompt_budget.models."x"]\ncontext_window = -1\n', "tool.prompt_budget.models.x.context_window", "token"),
        ('[tool.prompt_budget.models."x"]\ncontext_window = 10\ntokenizer = "nope"\n', "tool.prompt_budget.models.x.tokenizer", "unknown tokenizer"),
        ('[tool.prompt_budget.models."x"]\ncontext_window = 10\napi = "acme"\n', "tool.prompt_budget.models.x.api", "anthropic, google or openai"),
        ('model = "nope-9"\n', "tool.prompt_budget.model", '[tool.prompt_budget.models."nope-9"]'),
    ],
)  # fmt: skip
def test_bad_model_declarations_name_their_key(tmp_path: Path, body: str, key: str, says: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_config(write(tmp_path, body))
    assert info.value.key == key
    assert says in str(info.value)


def test_reports_name_the_claude_generation() -> None:
    over = check("word " * 50, 10, model="claude-opus-4-7")
    assert "estimated for Claude 4.7+ tokenizer" in over.message
    older = check("word " * 50, 10, model="claude-sonnet-4-5")
    assert "estimated for Claude 3 to 4.6 tokenizer" in older.message
