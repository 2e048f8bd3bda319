"""``mistral:``: counts equal mistral-common's own encoder, on text and on whole chat requests with
tools as its encoder frames them."""

from __future__ import annotations

import functools
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mistral_common")

from mistral_common.protocol.instruct.request import ChatCompletionRequest
from mistral_common.tokens.tokenizers.mistral import MistralTokenizer

from prompt_budget import count
from prompt_budget.errors import ConfigError, TokenizerUnavailable
from prompt_budget.tokenizers import get_tokenizer

sys.path.insert(0, str(Path(__file__).parent))
from multilingual import SAMPLES

SPEC = "mistral:open-mistral-nemo-2407"  # Tekken, shipped inside mistral-common


@functools.lru_cache(maxsize=1)
def reference() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return MistralTokenizer.v3(is_tekken=True)


TEXTS = [
    *SAMPLES,
    "def add(a, b):\n    return a + b\n",
    '{"name": "lookup", "args": [1, 2, 3]}',
    "<s>[INST] special-token lookalikes stay text [/INST]</s>",
    "",
]


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_text_counts_equal_mistral_commons_encoder(text: str) -> None:
    raw = reference().instruct_tokenizer.tokenizer
    expected = len(raw.encode(text, bos=False, eos=False)) if text else 0
    assert get_tokenizer(SPEC).count(text) == expected
    assert get_tokenizer(SPEC).exact


TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "The weather in a city.",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
            },
        },
    }
]
REQUESTS = [
    {"messages": [{"role": "user", "content": "Hello there."}]},
    {
        "messages": [
            {"role": "system", "content": "You are terse."},
            {"role": "user", "content": "What is the weather in Paris?"},
            {"role": "assistant", "content": "Let me check."},
            {"role": "user", "content": "Please do."},
        ],
        "tools": TOOLS,
    },
]


@pytest.mark.parametrize("request_", REQUESTS, ids=["plain", "tools"])
def test_chat_requests_count_as_mistral_common_frames_them(request_: dict[str, Any]) -> None:
    chat = ChatCompletionRequest.from_openai(request_["messages"], tools=request_.get("tools"))
    expected = len(reference().encode_chat_completion(chat).tokens)
    assert count(request_, SPEC) == expected


def test_encode_and_decode_round_trip() -> None:
    tok = get_tokenizer(SPEC)
    ids = tok.encode("hello world")
    assert len(ids) == tok.count("hello world")
    assert tok.decode(ids) == "hello world"


def test_a_tokenizer_file_is_loaded(tmp_path: Path) -> None:
    import mistral_common

    data = Path(mistral_common.__file__).parent / "data" / "tekken_240718.json"  # what v3 tekken loads
    tok = get_tokenizer(f"mistral:{data}")
    raw = reference().instruct_tokenizer.tokenizer
    assert tok.count("hello world, again") == len(raw.encode("hello world, again", bos=False, eos=False))


def test_unknown_specs_say_what_is_expected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match="not a model id mistral-common knows"):
        get_tokenizer("mistral:no-such-model").count("x")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path))
    with pytest.raises(TokenizerUnavailable, match="fetch it once"):
        get_tokenizer("mistral:mistralai/not-cached-here").count("x")
