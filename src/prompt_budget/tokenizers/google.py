"""``google:MODEL``: exact counts from the Gemini API's ``countTokens``, remembered in the committed
count file, with the behaviour every count API has here (:mod:`.count_api`).

The key is read from ``GEMINI_API_KEY`` (else ``GOOGLE_API_KEY``) and sent only as the
``x-goog-api-key`` header; ``PROMPT_BUDGET_GOOGLE_BASE_URL`` points at another endpoint (a proxy, a
test server); ``PROMPT_BUDGET_GOOGLE_TIMEOUT`` bounds a request (seconds, default 10). A request is a
``generateContent`` body (``contents``, with ``systemInstruction`` and ``tools`` when present); a plain
text is counted as one user turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar
from urllib.parse import quote

from prompt_budget.tokenizers.base import Tokenizer
from prompt_budget.tokenizers.count_api import MESSAGE_FRAMING, HttpCountTokenizer, check_model

_EXTRA_KEYS = ("systemInstruction", "system_instruction", "tools", "toolConfig", "tool_config")


def _strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, Mapping):
        return [s for k, v in obj.items() if k not in ("role", "mimeType", "mime_type") for s in _strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return []


class GoogleTokenizer(HttpCountTokenizer):
    provider: ClassVar[str] = "google"
    key_envs: ClassVar[tuple[str, ...]] = ("GEMINI_API_KEY", "GOOGLE_API_KEY")
    base_env: ClassVar[str] = "PROMPT_BUDGET_GOOGLE_BASE_URL"
    default_base: ClassVar[str] = "https://generativelanguage.googleapis.com"
    timeout_env: ClassVar[str] = "PROMPT_BUDGET_GOOGLE_TIMEOUT"
    #: ``count_request`` takes Gemini ``generateContent`` bodies (``contents``).
    request_shape = "google"

    def text_body(self, text: str) -> dict[str, Any]:
        return {"contents": [{"role": "user", "parts": [{"text": text}]}]}

    def request_body(self, request: Mapping[str, Any]) -> dict[str, Any] | None:
        contents = request.get("contents")
        if not isinstance(contents, list):
            return None
        extra = {k: request[k] for k in _EXTRA_KEYS if k in request}
        if not extra:
            return {"contents": contents}
        # system instructions and tools are counted only inside a whole generateContent request
        return {"generateContentRequest": {"model": f"models/{self.model}", "contents": contents, **extra}}

    def count_request(self, request: Mapping[str, Any]) -> int | None:
        """The API's count of a ``generateContent`` body; when the API gives none, the stand-in
        estimate of every string in it plus the framing of each turn (no parser of this shape
        estimates its parts)."""
        n = super().count_request(request)
        if n is not None or self.request_body(request) is None:
            return n
        tok = self._fallback_tokenizer()
        turns = request.get("contents")
        framing = MESSAGE_FRAMING * (len(turns) if isinstance(turns, list) else 1)
        return framing + sum(tok.count(s) for s in _strings(request))

    def endpoint(self, base: str) -> str:
        version = "" if base.rstrip("/").endswith(("/v1beta", "/v1")) else "/v1beta"
        return f"{base}{version}/models/{quote(self.model, safe='.-_')}:countTokens"

    def headers(self, key: str) -> dict[str, str]:
        return {"x-goog-api-key": key}

    def answer(self, blob: Any) -> object:
        return blob.get("totalTokens") if isinstance(blob, dict) else None


def load(rest: str, resolve: Callable[[str], Tokenizer]) -> GoogleTokenizer:
    return GoogleTokenizer(check_model("google", rest, "gemini-2.5-pro"), resolve)
