"""A loopback stand-in for the Gemini ``countTokens`` and OpenAI ``responses/input_tokens`` endpoints,
counting a request as o200k tokens of its strings plus 3 per message or turn."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from typing import Any

from anthropic_server import JsonHandler, _strings, serving


class ProviderServer:
    """``script`` holds the behaviour of the next requests: "429" (retry-after: 0), "500", "401",
    "sleep" (answers too late), or "answer:JSON" (that count, as JSON, whatever the request)."""

    def __init__(self) -> None:
        import quicktok

        self.enc = quicktok.get_encoding("o200k_base")
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.headers: list[dict[str, str]] = []
        self.script: list[str] = []
        self.sleep = 2.0
        self.url = ""

    def expected(self, body: dict[str, Any]) -> int:
        inner = body.get("generateContentRequest", body)
        turns = inner.get("contents") or inner.get("input") or []
        turns = [turns] if isinstance(turns, str) else turns
        rest = {k: v for k, v in inner.items() if k not in ("contents", "input", "model")}
        return sum(3 + sum(self.enc.count(s) for s in _strings(t)) for t in turns) + sum(
            self.enc.count(s) for s in _strings(rest)
        )

    def handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:
                body = self.read_json(server.headers)
                server.requests.append((self.path, body))
                action = server.script.pop(0) if server.script else "ok"
                google = self.path.endswith(":countTokens")
                if not google and not self.path.endswith("/responses/input_tokens"):
                    return self._reply(404, {"error": {"message": self.path}})
                if action == "429":
                    return self._reply(429, {"error": {"message": "slow down"}}, {"retry-after": "0"})
                if action in ("500", "401", "403"):
                    return self._reply(int(action), {"error": {"message": "no"}})
                if action == "sleep":
                    time.sleep(server.sleep)
                n: Any = server.expected(body)
                if action.startswith("answer:"):
                    n = json.loads(action[len("answer:") :])
                self._reply(
                    200,
                    {"totalTokens": n} if google else {"object": "response.input_tokens", "input_tokens": n},
                )

        return Handler


@contextmanager
def provider_server() -> Iterator[ProviderServer]:
    state = ProviderServer()
    with serving(state.handler()) as url:
        state.url = url
        yield state
