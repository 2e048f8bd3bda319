"""anthropic:MODEL against a loopback count-tokens server, through the real anthropic SDK."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("anthropic")

from anthropic_server import CountServer, count_server

from prompt_budget.tokenizers import anthropic as backend
from prompt_budget.tokenizers import api_counts, get_tokenizer
from prompt_budget.tokenizers.count_api import SESSION

KEY = "sk-ant-test-Zq8SECRETKEY0123456789"
REQUEST = {
    "system": "You are a terse assistant.",
    "messages": [{"role": "user", "content": "Count the tokens of this prompt, please."}],
    "tools": [{"name": "lookup", "description": "Look a word up.", "input_schema": {"type": "object"}}],
}


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CountServer]:
    with count_server() as srv:
        monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", srv.url)
        monkeypatch.delenv("PROMPT_BUDGET_OFFLINE", raising=False)
        backend.set_counts_path(tmp_path / ".prompt-budget" / "counts.json")
        backend.set_offline(False)
        backend.configure(timeout=0.5, retries=2, max_wait=0.05, deadline=5.0)
        SESSION.reset()
        yield srv
        SESSION.reset()
        backend.set_counts_path(None)
        api_counts._shared["offline"] = None
        backend.configure(timeout=10.0, retries=3, max_wait=8.0, deadline=30.0)
        backend._settings["timeout"] = None


def counts_file(tmp_path: Path) -> dict[str, dict[str, int]]:
    return json.loads((tmp_path / ".prompt-budget" / "counts.json").read_text())["counts"]


def test_first_run_fills_the_cache_and_second_makes_no_request(server: CountServer, tmp_path: Path) -> None:
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    n = tok.count_request(REQUEST)
    assert n == server.expected({k: REQUEST[k] for k in ("system", "messages", "tools")})
    assert len(server.requests) == 1
    assert server.requests[0]["model"] == "claude-sonnet-4-5"
    assert server.requests[0]["system"] == REQUEST["system"]
    assert tok.exact
    assert list(counts_file(tmp_path)["claude-sonnet-4-5"].values()) == [n]
    # A new session (fresh tokenizer, the committed file on disk): no request at all.
    again = backend.load("claude-sonnet-4-5", get_tokenizer)
    api_counts._STORES.clear()
    assert again.count_request(REQUEST) == n
    assert len(server.requests) == 1


def test_an_edit_makes_exactly_one_request(server: CountServer, tmp_path: Path) -> None:
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    tok.count_request(REQUEST)
    edited = {**REQUEST, "system": "You are a verbose assistant."}
    api_counts._STORES.clear()
    tok2 = backend.load("claude-sonnet-4-5", get_tokenizer)
    tok2.count_request(REQUEST)
    tok2.count_request(edited)
    tok2.count_request(edited)
    assert len(server.requests) == 2
    assert server.requests[1]["system"] == "You are a verbose assistant."
    assert len(counts_file(tmp_path)["claude-sonnet-4-5"]) == 2


def test_counts_file_is_sorted_and_stable(server: CountServer, tmp_path: Path) -> None:
    tok = backend.load("claude-haiku-4-5", get_tokenizer)
    for word in ("zeta", "alpha", "mu"):
        tok.count(word)
    path = tmp_path / ".prompt-budget" / "counts.json"
    first = path.read_text()
    digests = list(json.loads(first)["counts"]["claude-haiku-4-5"])
    assert digests == sorted(digests)
    assert len(digests) == 3
    api_counts._STORES.clear()
    # a hit: the file is not rewritten differently
    backend.load("claude-haiku-4-5", get_tokenizer).count("mu")
    assert path.read_text() == first


def test_429_then_success_honours_retry_after(server: CountServer) -> None:
    server.script = ["429"]
    tok = backend.load("claude-opus-4-1", get_tokenizer)
    n = tok.count("hello there")
    assert n == server.expected({"messages": [{"role": "user", "content": "hello there"}]})
    assert len(server.requests) == 2
    assert tok.exact


def test_timeout_falls_back_to_the_estimate_with_one_warning(server: CountServer) -> None:
    server.script = ["sleep"] * 5
    server.sleep = 1.5
    tok = backend.load("claude-sonnet-4", get_tokenizer)
    text = "A prompt that the API will not count in time. " * 20
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        n = tok.count(text)
        m = tok.count(text + " more")
    assert [type(w.message) for w in record] == [backend.CountFallbackWarning]
    assert "timed out" in str(record[0].message)
    assert not tok.exact
    assert tok.estimated_by == "calibrated:claude-3"
    exact = server.expected({"messages": [{"role": "user", "content": text}]})
    assert n >= exact  # an estimate, never an under-count here
    assert m >= n
    assert len(server.requests) == 3  # bounded: 1 + 2 retries, then no more for this session


def test_500_falls_back_and_is_not_cached(server: CountServer, tmp_path: Path) -> None:
    server.script = ["500"] * 3
    tok = backend.load("claude-3-5-haiku", get_tokenizer)
    with pytest.warns(backend.CountFallbackWarning, match="HTTP 500"):
        n = tok.count("some text to count")
    assert n > 0
    assert not tok.exact
    assert len(server.requests) == 3
    assert not (tmp_path / ".prompt-budget" / "counts.json").exists()


def test_no_key_makes_no_request(server: CountServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    with pytest.warns(backend.CountFallbackWarning, match="ANTHROPIC_API_KEY is not set"):
        assert tok.count("hello") > 0
    assert server.requests == []
    assert not tok.exact


def test_offline_mode_uses_the_cache_and_never_the_network(server: CountServer) -> None:
    online = backend.load("claude-sonnet-4-5", get_tokenizer)
    known = online.count("cached prompt")
    assert len(server.requests) == 1
    backend.set_offline(True)
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    assert tok.count("cached prompt") == known
    assert tok.exact
    with pytest.warns(backend.CountFallbackWarning, match="offline"):
        tok.count("a new prompt")
    assert len(server.requests) == 1
    assert not tok.exact


def test_offline_by_environment(server: CountServer, monkeypatch: pytest.MonkeyPatch) -> None:
    api_counts._shared["offline"] = None
    monkeypatch.setenv("PROMPT_BUDGET_OFFLINE", "1")
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tok.count("x")
    assert server.requests == []


def test_key_is_sent_only_as_a_header_and_never_written(server: CountServer, tmp_path: Path) -> None:
    server.script = ["500"] * 3
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        tok.count("first")
    server.script = []
    backend.load("claude-opus-4", get_tokenizer).count("second")
    # Sent as a header (x-api-key, or a bearer token on newer SDKs), and nowhere else.
    sent = server.headers[0].get("x-api-key") or server.headers[0].get("authorization", "")
    assert sent.removeprefix("Bearer ") == KEY
    assert all(KEY not in json.dumps(body) for body in server.requests)
    assert all(KEY not in str(w.message) for w in record)
    assert record
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert KEY not in path.read_text(errors="replace")


def test_cli_count_never_prints_the_key(server: CountServer, tmp_path: Path) -> None:
    (tmp_path / "prompt.md").write_text("Summarise the following notes in three bullet points.\n")
    env = {**os.environ, "ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": server.url}
    env.pop("PROMPT_BUDGET_COUNTS_FILE", None)
    runs = []
    for extra in ([], ["--json"]):
        runs.append(
            subprocess.run(
                [sys.executable, "-m", "prompt_budget", "count", "--no-cache", "-t", "anthropic:claude-sonnet-4-5",
                 "prompt.md", *extra],
                cwd=tmp_path, env=env, check=False, capture_output=True, text=True, timeout=60,
            )
        )  # fmt: skip
    server.script = ["500"] * 10
    env["PROMPT_BUDGET_ANTHROPIC_TIMEOUT"] = "0.5"
    (tmp_path / "other.md").write_text("A different prompt.\n")
    runs.append(
        subprocess.run(
            [sys.executable, "-W", "always", "-m", "prompt_budget", "count", "--no-cache", "-t",
             "anthropic:claude-sonnet-4-5", "other.md"],
            cwd=tmp_path, env=env, check=False, capture_output=True, text=True, timeout=60,
        )
    )  # fmt: skip
    assert runs[0].returncode == 0, runs[0].stderr
    assert "prompt.md" in runs[0].stdout
    assert json.loads(runs[1].stdout)["exact"] is True
    assert "HTTP 500" in runs[2].stderr
    assert "estimated" in runs[2].stdout
    assert len([r for r in server.requests if r["messages"][0]["content"].startswith("Summarise")]) == 1
    for r in runs:
        assert KEY not in r.stdout
        assert KEY not in r.stderr
    assert (tmp_path / ".prompt-budget" / "counts.json").exists()
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert KEY not in path.read_text(errors="replace")


def test_prompt_budget_count_sends_the_whole_request_once(server: CountServer) -> None:
    import prompt_budget

    request = {"model": "claude-sonnet-4-5", "max_tokens": 100, **REQUEST}
    n = prompt_budget.count(request, tokenizer="anthropic:claude-sonnet-4-5-integration")
    assert len(server.requests) == 1
    body = server.requests[0]
    assert body["model"] == "claude-sonnet-4-5-integration"
    assert body["system"] == REQUEST["system"]
    assert body["tools"] == REQUEST["tools"]
    assert "max_tokens" not in body
    assert n == server.expected({k: REQUEST[k] for k in ("system", "messages", "tools")})


def test_a_structured_output_schema_is_sent_for_counting(server: CountServer) -> None:
    import prompt_budget

    schema = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}
    config = {"format": {"type": "json_schema", "schema": schema}}
    request = {"model": "claude-sonnet-4-5", **REQUEST, "output_config": config}
    prompt_budget.count(request, tokenizer="anthropic:claude-sonnet-4-5")
    assert server.requests[-1]["output_config"] == config  # it changes the count: it must be sent
    # The beta's name for it, too; a change to the schema is a new request, not a cached count.
    beta = {"type": "json_schema", "schema": {**schema, "required": []}}
    prompt_budget.count({**REQUEST, "output_format": beta}, tokenizer="anthropic:claude-sonnet-4-5")
    assert server.requests[-1]["output_format"] == beta
    assert len(server.requests) == 2


def test_an_sdk_that_cannot_start_falls_back_without_a_traceback(
    server: CountServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    import anthropic

    def broken(*args: object, **kwargs: object) -> None:
        raise TypeError("Client.__init__() got an unexpected keyword argument 'proxies'")

    monkeypatch.setattr(anthropic, "Anthropic", broken)
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    with pytest.warns(backend.CountFallbackWarning, match=r"could not start \(TypeError\)"):
        assert tok.count("hello") > 0
    assert server.requests == []
    assert not tok.exact


def _png_base64(width: int, height: int, size: int) -> str:
    import base64
    import struct

    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", width, height)
    return base64.b64encode(header + b"\x08\x02\x00\x00\x00" + bytes(range(256)) * (size // 256)).decode()


def test_the_offline_estimate_counts_images_by_size_and_the_tool_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A screenshot agent's request, counted offline (a new prompt, not in the committed file): the
    # image costs what docs/counting-messages.md says (1000 x 1000 is 1,334 tokens), not its 300 KB
    # of base64 as text; tools add at least the published tool-use system prompt (346 tokens).
    from prompt_budget import count

    monkeypatch.setenv("PROMPT_BUDGET_OFFLINE", "1")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    backend.set_counts_path(tmp_path / "counts.json")
    try:
        question = {"type": "text", "text": "What is on this screen?"}
        image = {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": _png_base64(1000, 1000, 300_000)},
        }
        tools = [{"name": "click", "description": "Click at a point.", "input_schema": {"type": "object"}}]

        def request(content: list[dict[str, object]], **extra: object) -> dict[str, object]:
            return {"system": "You test UIs.", "messages": [{"role": "user", "content": content}], **extra}

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", backend.CountFallbackWarning)
            text_only = count(request([question]), "anthropic:claude-sonnet-4-5")
            with_image = count(request([question, image]), "anthropic:claude-sonnet-4-5")
            with_tools = count(request([question], tools=tools), "anthropic:claude-sonnet-4-5")
    finally:
        backend.set_counts_path(None)
    assert with_image - text_only == 1334
    assert with_tools - text_only >= 346


def test_a_request_counted_by_the_api_claims_no_breakdown(server: CountServer) -> None:
    # The API answers one number for the whole request: its system prompt and tools are not
    # "messages", and no item can be named as the largest.
    from prompt_budget.budget import check

    # a tokenizer of its own: the registry's may hold a client of an earlier test's server
    verdict = check(REQUEST, 10, tokenizer=backend.load("claude-sonnet-4-5", get_tokenizer))
    assert len(server.requests) == 1  # the API answered: no estimate stood in
    assert verdict.status == "fail"
    head, *rest = verdict.message.split("\n")
    assert "exceeds its cap of 10 tokens" in head
    assert rest == ["no breakdown by part or item: the count-tokens API counts the request as a whole"]
    assert verdict.details["largest"] == []


def test_a_request_the_api_cannot_count_is_estimated_by_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Offline, the calibrated estimate stands in and counts the request part by part, so a failing
    # check names its largest parts: the same numbers as counting the request with the estimate.
    from prompt_budget.budget import check

    monkeypatch.setenv("PROMPT_BUDGET_OFFLINE", "1")
    backend.set_counts_path(tmp_path / "counts.json")
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    try:
        with pytest.warns(backend.CountFallbackWarning, match="offline"):
            verdict = check(REQUEST, 10, tokenizer=tok)
    finally:
        backend.set_counts_path(None)
    assert tok.estimated_by == "calibrated:claude-3"
    assert not verdict.usage.exact
    assert verdict.usage.tokens == check(REQUEST, 10, tokenizer="calibrated:claude-3").usage.tokens
    assert "largest items: tools" in verdict.message


@pytest.mark.parametrize("answer", ["-5", "true", "1.9", "0"])
def test_an_invalid_api_answer_is_neither_used_nor_committed(
    server: CountServer, tmp_path: Path, answer: str
) -> None:
    server.script = [f"answer:{answer}"]
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    with pytest.warns(backend.CountFallbackWarning, match="count"):
        n = tok.count("A prompt that holds text.")
    assert not tok.exact
    assert n >= get_tokenizer("calibrated:claude-3").count("A prompt that holds text.")
    assert not (tmp_path / ".prompt-budget" / "counts.json").exists()


def test_a_refused_key_is_not_sent_again(server: CountServer) -> None:
    server.script = ["401"]
    tok = backend.load("claude-sonnet-4-5", get_tokenizer)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tok.count("one")
        backend.load("claude-opus-4-7", get_tokenizer).count("two")
    assert len(server.requests) == 1


@pytest.mark.parametrize("value", ["-1", "nan", "0"])
def test_an_invalid_timeout_names_its_setting(
    server: CountServer, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    from prompt_budget.errors import ConfigError

    backend._settings["timeout"] = None
    monkeypatch.setenv("PROMPT_BUDGET_ANTHROPIC_TIMEOUT", value)
    with pytest.raises(ConfigError) as info:
        backend.load("claude-sonnet-4-5", get_tokenizer).count("hello")
    assert info.value.key == "PROMPT_BUDGET_ANTHROPIC_TIMEOUT"
    with pytest.raises(ConfigError, match="timeout"):
        backend.configure(timeout=float(value))
