"""``openai:MODEL``: exact counts from OpenAI's input-token count endpoint (``POST
/v1/responses/input_tokens``), which includes the framing of models whose overheads are not published
(gpt-4.1, o-series, gpt-5), remembered in the committed count file, with the behaviour every count API
has here (:mod:`.count_api`).

The key is read from ``OPENAI_API_KEY`` and sent only as the bearer header; ``OPENAI_BASE_URL`` points
at another endpoint; ``PROMPT_BUDGET_OPENAI_TIMEOUT`` bounds a request (seconds, default 10). A request
is a Responses body (``input``, ``instructions``, ``tools``) or a Chat Completions one (``messages``,
``tools``), sent as the Responses shape; a plain text is counted as one user message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from prompt_budget.tokenizers.base import Tokenizer
from prompt_budget.tokenizers.count_api import HttpCountTokenizer, check_model

_RESPONSES_KEYS = (
    "input",
    "instructions",
    "tools",
    "tool_choice",
    "text",
    "reasoning",
    "parallel_tool_calls",
)


def _responses_tool(tool: Any) -> Any:
    """A Chat Completions tool (``{"type": "function", "function": {...}}``) in the Responses shape."""
    if (
        isinstance(tool, Mapping)
        and tool.get("type") == "function"
        and isinstance(tool.get("function"), Mapping)
    ):
        return {"type": "function", **tool["function"]}
    return tool


class OpenAITokenizer(HttpCountTokenizer):
    provider: ClassVar[str] = "openai"
    key_envs: ClassVar[tuple[str, ...]] = ("OPENAI_API_KEY",)
    base_env: ClassVar[str] = "OPENAI_BASE_URL"
    default_base: ClassVar[str] = "https://api.openai.com/v1"
    timeout_env: ClassVar[str] = "PROMPT_BUDGET_OPENAI_TIMEOUT"
    #: ``count_request`` takes OpenAI-shaped requests (Chat Completions or Responses).
    request_shape = "openai"

    def text_body(self, text: str) -> dict[str, Any]:
        return {"model": self.model, "input": [{"role": "user", "content": text}]}

    def request_body(self, request: Mapping[str, Any]) -> dict[str, Any] | None:
        if "input" in request:
            return {"model": self.model, **{k: request[k] for k in _RESPONSES_KEYS if k in request}}
        messages = request.get("messages")
        if not isinstance(messages, list):
            return None
        body: dict[str, Any] = {"model": self.model, "input": messages}
        tools = request.get("tools")
        if isinstance(tools, list):
            body["tools"] = [_responses_tool(t) for t in tools]
        return body

    def endpoint(self, base: str) -> str:
        return f"{base}/responses/input_tokens"

    def headers(self, key: str) -> dict[str, str]:
        return {"authorization": f"Bearer {key}"}

    def answer(self, blob: Any) -> object:
        return blob.get("input_tokens") if isinstance(blob, dict) else None


def load(rest: str, resolve: Callable[[str], Tokenizer]) -> OpenAITokenizer:
    return OpenAITokenizer(check_model("openai", rest, "gpt-5"), resolve)
