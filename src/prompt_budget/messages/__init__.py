"""Counting chat messages and whole provider requests as the provider does.

``count_request(obj, tokenizer)`` counts a chat message list or a request mapping in the provider's own
shape, which ``detect_provider`` tells apart; ``breakdown(...)`` does the same and keeps the parts
for reports. One module per shape: ``openai_chat``, ``responses`` (the OpenAI Responses API) and
``anthropic``, on the shared ``counter``, ``media`` (images and files) and ``common``.

Messages marked ephemeral (a truthy top-level key, or a key inside ``metadata``, named in
``ephemeral_keys``) are not counted. Anthropic's ``cache_control`` is not an exclusion: cached tokens
still occupy the context window. Binary inputs whose tokens cannot be measured locally cost the flat
``image_tokens`` each and are counted in ``unmeasured``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from prompt_budget.messages.anthropic import ANTHROPIC_BLOCKS, CALL_BLOCKS, AnthropicCounter
from prompt_budget.messages.common import (
    DEFAULT_EPHEMERAL_KEYS,
    DEFAULT_IMAGE_TOKENS,
    Breakdown,
    Provider,
    is_ephemeral,
    is_list,
    overheads,
    plain,
)
from prompt_budget.messages.media import image_size, image_tokens_for
from prompt_budget.messages.openai_chat import ChatCounter
from prompt_budget.messages.responses import ResponsesCounter, has_responses_items, responses_item_kind
from prompt_budget.tokenizers import RequestCounter, Tokenizer, get_tokenizer

__all__ = [
    "CALL_BLOCKS",
    "Breakdown",
    "breakdown",
    "count_request",
    "detect_provider",
    "has_responses_items",
    "image_size",
    "image_tokens_for",
    "is_ephemeral",
    "overheads",
    "plain",
    "responses_item_kind",
]

Shape = Literal["chat", "responses"]


def detect_provider(obj: object) -> Provider:
    """``anthropic`` when the object has Anthropic-only features (a top-level ``system``, structured
    outputs as ``output_config`` or ``output_format``, tools with ``input_schema``,
    ``tool_use``/``tool_result``/``document`` blocks, images with a ``source``), else ``openai``."""
    obj = plain(obj)
    messages: Any = obj
    if isinstance(obj, Mapping):
        if "system" in obj or "output_config" in obj or "output_format" in obj:
            return "anthropic"
        if "input" in obj and "messages" not in obj:
            return "openai"  # the Responses API
        tools = obj.get("tools")
        if isinstance(tools, Sequence) and any(isinstance(t, Mapping) and "input_schema" in t for t in tools):
            return "anthropic"
        messages = obj.get("messages", [obj])
    if is_list(messages):
        if has_responses_items(messages):
            return "openai"  # Responses API items
        for message in messages:
            content = message.get("content") if isinstance(message, Mapping) else None
            if is_list(content):
                for block in content:
                    if isinstance(block, Mapping):
                        kind = block.get("type")
                        if kind in ANTHROPIC_BLOCKS or (kind == "image" and "source" in block):
                            return "anthropic"
    return "openai"


def _split(obj: object) -> tuple[Shape, Mapping[str, Any], Sequence[Any]]:
    """The request's shape (chat messages or Responses API input), the request mapping (empty for a
    bare list) and its messages or input items. A list is Responses input when any item has a
    top-level ``type`` (chat messages have none)."""
    if isinstance(obj, Mapping):
        if "messages" in obj:
            messages = obj["messages"]
            if not is_list(messages):
                raise TypeError("messages: expected a list of chat messages")
            return "chat", obj, messages
        if "input" in obj:
            items = obj["input"]
            if isinstance(items, str):
                return "responses", obj, [{"role": "user", "content": items}]
            if not isinstance(items, Sequence) or isinstance(items, (bytes, bytearray)):
                raise TypeError(
                    f"input: expected a string or a list of input items, got {type(items).__name__}"
                )
            return "responses", obj, items
        if "type" in obj:
            return "responses", {}, [obj]
        if "role" in obj:
            return "chat", {}, [obj]
        raise ValueError(
            "expected a request mapping with 'messages' (and optional 'tools' / 'system') or 'input' "
            "(the Responses API), or one chat message with 'role'; "
            f"got keys {sorted(map(str, obj))}"
        )
    if isinstance(obj, Sequence) and not isinstance(obj, (str, bytes, bytearray)):
        typed = any(isinstance(m, Mapping) and "type" in m for m in obj)
        return ("responses" if typed else "chat"), {}, obj
    raise TypeError(f"cannot count a {type(obj).__name__} as chat messages")


def breakdown(
    obj: object,
    tokenizer: str | Tokenizer | None = None,
    *,
    ephemeral_keys: Sequence[str] = DEFAULT_EPHEMERAL_KEYS,
    image_tokens: int = DEFAULT_IMAGE_TOKENS,
    provider: Provider | None = None,
) -> Breakdown:
    """Count a chat message list or a request mapping, keeping the parts."""
    tok = get_tokenizer(tokenizer)
    obj = plain(obj)
    inner = tok.inner
    if getattr(inner, "request_shape", None) == "google" and isinstance(obj, Mapping) and "contents" in obj:
        # a Gemini generateContent body: counted whole by google: (its estimate when the API cannot)
        gemini = Breakdown(provider="anthropic", whole=True)
        gemini.parts["messages"] = int(inner.count_request(obj) or 0)  # type: ignore[attr-defined]
        return gemini
    shape, request, messages = _split(obj)
    if (provider or detect_provider(obj)) == "openai":
        counter: ChatCounter = (ResponsesCounter if shape == "responses" else ChatCounter)(
            tok, ephemeral_keys, image_tokens
        )
        inner = tok.inner
        # a backend that counts OpenAI-shaped requests whole (openai:, mistral:) frames them itself
        if getattr(inner, "request_shape", None) == "openai" and isinstance(inner, RequestCounter):
            whole = request if shape == "responses" else {**request, "messages": list(messages)}
            total = inner.count_request(whole)
            if total is not None:
                counter.out.parts["messages"] = total
                counter.out.whole = True
                return counter.out
            stand_in = getattr(inner, "stand_in", None)
            if stand_in is not None:
                counter.tok = get_tokenizer(stand_in)
        counter.request(request, messages)
        return counter.out
    if "input" in request:
        raise ValueError(
            "input: a request with 'input' is OpenAI's Responses API shape; an Anthropic request has "
            "'messages' (and 'system')"
        )
    anthropic = AnthropicCounter(tok, ephemeral_keys, image_tokens)
    inner = tok.inner
    if isinstance(inner, RequestCounter) and hasattr(inner, "count_request"):
        total = inner.count_request(_without_ephemeral(request, messages, anthropic))
        if total is not None:
            anthropic.out.parts["messages"] = total
            anthropic.out.whole = True
            return anthropic.out
        anthropic.out.excluded = 0
        stand_in = getattr(inner, "stand_in", None)
        if stand_in is not None:  # the API gave no count: its stand-in estimates the parts
            anthropic.tok = get_tokenizer(stand_in)
    anthropic.request(request, messages)
    return anthropic.out


def _without_ephemeral(
    request: Mapping[str, Any], messages: Sequence[Any], counter: AnthropicCounter
) -> dict[str, Any]:
    """The request without its ephemeral messages (counted as excluded), for the count-tokens API."""
    kept = []
    drop = (*counter.ephemeral_keys, "metadata")
    for message in messages:
        if not isinstance(message, Mapping):
            kept.append(message)
        elif not counter.skip_ephemeral(message):
            kept.append({k: v for k, v in message.items() if k not in drop})
    return {**request, "messages": kept}


def count_request(
    obj: object,
    tokenizer: str | Tokenizer | None = None,
    *,
    ephemeral_keys: Sequence[str] = DEFAULT_EPHEMERAL_KEYS,
    image_tokens: int = DEFAULT_IMAGE_TOKENS,
    provider: Provider | None = None,
) -> int:
    """Tokens of a chat message list or a request mapping, as the provider counts them."""
    return breakdown(
        obj, tokenizer, ephemeral_keys=ephemeral_keys, image_tokens=image_tokens, provider=provider
    ).total
