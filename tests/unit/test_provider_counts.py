"""``google:`` and ``openai:`` against loopback servers that speak each API: the committed cache, no
request on a warm run, one after an edit, retries honouring retry-after, 5xx, timeouts, no key,
offline, a refused key not sent again, one retry budget per session, answers validated, and the key
never written anywhere."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("quicktok")

from provider_server import ProviderServer, provider_server

from prompt_budget import check
from prompt_budget.errors import ConfigError
from prompt_budget.tokenizers import api_counts, get_tokenizer
from prompt_budget.tokenizers import count_api as api
from prompt_budget.tokenizers.google import GoogleTokenizer
from prompt_budget.tokenizers.openai_api import OpenAITokenizer

KEY = "sk-test-Zq8SECRETKEY0123456789"


@dataclass
class Provider:
    name: str
    cls: type[api.HttpCountTokenizer]
    model: str
    key_env: str
    base_env: str
    suffix: str
    timeout_env: str

    def load(self) -> api.HttpCountTokenizer:
        return self.cls(self.model, get_tokenizer)


PROVIDERS = [
    Provider("google", GoogleTokenizer, "gemini-2.5-pro", "GEMINI_API_KEY", "PROMPT_BUDGET_GOOGLE_BASE_URL", "", "PROMPT_BUDGET_GOOGLE_TIMEOUT"),
    Provider("openai", OpenAITokenizer, "gpt-5", "OPENAI_API_KEY", "OPENAI_BASE_URL", "/v1", "PROMPT_BUDGET_OPENAI_TIMEOUT"),
]  # fmt: skip


@pytest.fixture(params=PROVIDERS, ids=lambda p: p.name)
def provider(request: pytest.FixtureRequest) -> Provider:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def server(provider: Provider, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ProviderServer]:
    with provider_server() as srv:
        for env in ("GEMINI_API_KEY", "GOOGLE_API_KEY", "OPENAI_API_KEY", "PROMPT_BUDGET_OFFLINE"):
            monkeypatch.delenv(env, raising=False)
        monkeypatch.setenv(provider.key_env, KEY)
        monkeypatch.setenv(provider.base_env, srv.url + provider.suffix)
        monkeypatch.setenv(provider.timeout_env, "0.5")
        api_counts.set_counts_path(tmp_path / ".prompt-budget" / "counts.json")
        api_counts.set_offline(False)
        api.configure(retries=2, max_wait=0.05, deadline=5.0)
        api.SESSION.reset()
        api_counts._STORES.clear()
        yield srv
        api_counts.set_counts_path(None)
        api_counts._shared["offline"] = None
        api.configure(retries=3, max_wait=8.0, deadline=30.0)
        api.SESSION.reset()
        api_counts._STORES.clear()


def counts_text(tmp_path: Path) -> str:
    return (tmp_path / ".prompt-budget" / "counts.json").read_text("utf-8")


def quiet_count(tok: api.HttpCountTokenizer, text: str) -> tuple[int, list[str]]:
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        n = tok.count(text)
    return n, [str(w.message) for w in record]


def test_cache_fill_then_no_request_warm_then_one_after_an_edit(
    provider: Provider, server: ProviderServer, tmp_path: Path
) -> None:
    tok = provider.load()
    n = tok.count("Count the tokens of this prompt, please.")
    assert len(server.requests) == 1
    assert n == server.expected(server.requests[0][1])
    assert tok.exact
    assert (
        server.headers[0]
        .get("x-goog-api-key" if provider.name == "google" else "authorization", "")
        .endswith(KEY)
    )
    assert list(json.loads(counts_text(tmp_path))["counts"][provider.model].values()) == [n]
    api_counts._STORES.clear()  # a new session with the committed file
    again = provider.load()
    assert again.count("Count the tokens of this prompt, please.") == n
    assert len(server.requests) == 1
    again.count("Count the tokens of this prompt, please!")
    assert len(server.requests) == 2
    assert KEY not in counts_text(tmp_path)


def test_a_whole_request_is_counted_in_the_providers_shape(
    provider: Provider, server: ProviderServer
) -> None:
    if provider.name == "google":
        request = {
            "contents": [{"role": "user", "parts": [{"text": "hi there"}]}],
            "systemInstruction": {"parts": [{"text": "Be brief."}]},
        }
    else:
        request = {"messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi there"}],
                   "tools": [{"type": "function", "function": {"name": "f", "description": "d", "parameters": {}}}]}  # fmt: skip
    tok = provider.load()
    n = tok.count_request(request)
    path, body = server.requests[0]
    assert n == server.expected(body)
    if provider.name == "google":
        assert path.endswith(f"/v1beta/models/{provider.model}:countTokens")
        assert body["generateContentRequest"]["systemInstruction"] == request["systemInstruction"]
    else:
        assert path == "/v1/responses/input_tokens"
        assert body["tools"] == [{"type": "function", "name": "f", "description": "d", "parameters": {}}]
    assert tok.count_request({"neither": 1}) is None


def test_429_honours_retry_after_then_counts(provider: Provider, server: ProviderServer) -> None:
    server.script = ["429"]
    tok = provider.load()
    n, said = quiet_count(tok, "hello")
    assert len(server.requests) == 2
    assert tok.exact
    assert not said
    assert n == server.expected(server.requests[1][1])


def test_5xx_after_the_retries_falls_back_with_one_labelled_warning(
    provider: Provider, server: ProviderServer
) -> None:
    server.script = ["500"] * 3
    tok = provider.load()
    n, said = quiet_count(tok, "hello world")
    assert len(server.requests) == 3
    assert not tok.exact
    assert len(said) == 1
    assert "HTTP 500" in said[0]
    assert tok.estimated_by in said[0]
    assert n >= get_tokenizer(tok.estimated_by or "").count("hello world")
    assert KEY not in said[0]


def test_a_timeout_falls_back_and_stops_asking(provider: Provider, server: ProviderServer) -> None:
    server.script = ["sleep"]
    server.sleep = 1.2
    tok = provider.load()
    _, said = quiet_count(tok, "slow")
    _, more = quiet_count(tok, "slower")
    assert len(server.requests) == 1
    assert "timed out" in said[0]
    assert not more


def test_no_key_and_offline_make_no_request(
    provider: Provider, server: ProviderServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(provider.key_env)
    tok = provider.load()
    _, said = quiet_count(tok, "hello")
    assert "is not set" in said[0]
    assert not server.requests
    monkeypatch.setenv(provider.key_env, KEY)
    api_counts.set_offline(True)
    tok = provider.load()
    _, said = quiet_count(tok, "hello")
    assert "offline" in said[0]
    assert not server.requests


@pytest.mark.parametrize("status", ["401", "403"])
def test_a_refused_key_is_not_sent_again_this_session(
    provider: Provider, server: ProviderServer, status: str
) -> None:
    server.script = [status]
    tok = provider.load()
    _, said = quiet_count(tok, "one")
    other = provider.load()  # another tokenizer of the same provider: still not sent
    quiet_count(other, "two")
    quiet_count(tok, "three")
    assert len(server.requests) == 1
    assert f"HTTP {status}" in said[0]
    assert KEY not in said[0]


def test_a_persistent_429_has_one_budget_per_session(provider: Provider, server: ProviderServer) -> None:
    server.script = ["429"] * 200
    for i in range(20):
        quiet_count(provider.load(), f"prompt number {i}")
    assert len(server.requests) <= 20 + api.SESSION_RETRIES


@pytest.mark.parametrize("answer", ["-5", "true", "1.9", '"12"', "null", "0"])
def test_an_invalid_answer_is_neither_used_nor_committed(
    provider: Provider, server: ProviderServer, tmp_path: Path, answer: str
) -> None:
    server.script = [f"answer:{answer}"]
    tok = provider.load()
    n, said = quiet_count(tok, "a prompt with text")
    assert not tok.exact
    assert said
    assert n >= get_tokenizer(tok.estimated_by or "").count("a prompt with text")
    assert not (tmp_path / ".prompt-budget" / "counts.json").exists()


def test_zero_for_an_empty_request_is_accepted(provider: Provider, server: ProviderServer) -> None:
    server.script = ["answer:0"]
    assert provider.load().count("") == 0


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "0", "soon"])
def test_an_invalid_timeout_is_an_error_naming_its_setting(
    provider: Provider, server: ProviderServer, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(provider.timeout_env, value)
    with pytest.raises(ConfigError) as info:
        provider.load().count("hello")
    assert info.value.key == provider.timeout_env


def test_the_key_never_reaches_a_check_report_or_the_cache(
    provider: Provider, server: ProviderServer, tmp_path: Path
) -> None:
    verdict = check("word " * 40, 5, tokenizer=provider.load())
    server.script = ["500"] * 3
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        failed = check("other words " * 40, 5, tokenizer=provider.load())
    shown = json.dumps([verdict.message, failed.message, [str(w.message) for w in record]])
    assert KEY not in shown
    assert KEY not in counts_text(tmp_path)
    assert "estimated" in failed.message


def test_specs_resolve_and_a_bad_one_says_what_is_expected() -> None:
    assert get_tokenizer("google:gemini-2.5-pro").name == "google:gemini-2.5-pro"
    assert get_tokenizer("openai:gpt-5").name == "openai:gpt-5"
    with pytest.raises(ConfigError, match="expected a model name"):
        get_tokenizer("openai: ")


@pytest.mark.parametrize(
    "text",
    [
        "<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> branch\n",
        '{"format": 2, "counts": {}}',
        "not json",
        '{"format": 1}',
    ],
)
def test_a_counts_file_this_tool_does_not_own_is_never_overwritten(
    provider: Provider, server: ProviderServer, tmp_path: Path, text: str
) -> None:
    path = tmp_path / ".prompt-budget" / "counts.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        provider.load().count("hello")
    assert "counts.json" in str(info.value)
    assert "not overwritten" in str(info.value)
    assert path.read_text(encoding="utf-8") == text


def test_a_negative_cached_count_is_dropped_and_counted_again(
    provider: Provider, server: ProviderServer, tmp_path: Path
) -> None:
    tok = provider.load()
    n = tok.count("hello")
    data = json.loads(counts_text(tmp_path))
    for digest in data["counts"][provider.model]:
        data["counts"][provider.model][digest] = -100
    (tmp_path / ".prompt-budget" / "counts.json").write_text(json.dumps(data), encoding="utf-8")
    api_counts._STORES.clear()
    assert provider.load().count("hello") == n
    assert len(server.requests) == 2


def test_count_sends_a_whole_request_once(provider: Provider, server: ProviderServer) -> None:
    from prompt_budget import count

    if provider.name == "google":
        request: dict[str, object] = {"contents": [{"role": "user", "parts": [{"text": "hi there"}]}]}
    else:
        request = {
            "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]
        }
    n = count(request, provider.load())
    assert len(server.requests) == 1
    assert n == server.expected(server.requests[0][1])


def test_a_gemini_request_the_api_cannot_count_is_estimated_high(
    provider: Provider, server: ProviderServer
) -> None:
    if provider.name != "google":
        pytest.skip("Gemini's request shape")
    from prompt_budget import count

    request = {"contents": [{"role": "user", "parts": [{"text": "hi there " * 30}]}]}
    server.script = ["500"] * 3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        n = count(request, provider.load())
    assert n >= server.expected(request)
