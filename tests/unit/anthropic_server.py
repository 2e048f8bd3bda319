"""A loopback stand-in for the Messages count-tokens endpoint, counting with a real local tokenizer."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def _strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k not in ("type", "role"):
                yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


class CountServer:
    """Counts a request as o200k tokens of its strings plus 3 per message; ``script`` holds the
    behaviour of the next requests: "429" (with retry-after: 0), "500", "sleep" (answers too late)."""

    def __init__(self) -> None:
        import quicktok

        self.enc = quicktok.get_encoding("o200k_base")
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.script: list[str] = []
        self.sleep = 2.0
        self.url = ""

    def expected(self, body: dict[str, Any]) -> int:
        return (
            sum(self.enc.count(s) for s in _strings(body.get("system", "")))
            + sum(3 + sum(self.enc.count(s) for s in _strings(m)) for m in body["messages"])
            + sum(self.enc.count(json.dumps(t, sort_keys=True)) for t in body.get("tools", []))
        )

    def handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:
                body = self.read_json(server.headers)
                server.requests.append(body)
                action = server.script.pop(0) if server.script else "ok"
                if not self.path.startswith("/v1/messages/count_tokens"):
                    return self._reply(
                        404, {"type": "error", "error": {"type": "not_found_error", "message": self.path}}
                    )
                if action == "429":
                    return self._reply(
                        429,
                        {"type": "error", "error": {"type": "rate_limit_error", "message": "slow down"}},
                        {"retry-after": "0"},
                    )
                if action == "500":
                    return self._reply(
                        500, {"type": "error", "error": {"type": "api_error", "message": "boom"}}
                    )
                if action in ("401", "403"):
                    return self._reply(
                        int(action),
                        {"type": "error", "error": {"type": "authentication_error", "message": "no"}},
                    )
                if action == "sleep":
                    time.sleep(server.sleep)
                if action.startswith("answer:"):
                    return self._reply(200, {"input_tokens": json.loads(action[len("answer:") :])})
                self._reply(200, {"input_tokens": server.expected(body)})

        return Handler


class JsonHandler(BaseHTTPRequestHandler):
    """A quiet handler that reads a JSON body (recording the headers) and answers JSON."""

    def log_message(self, *args: Any) -> None:
        pass

    def read_json(self, seen_headers: list[dict[str, str]]) -> Any:
        length = int(self.headers.get("content-length", "0"))
        seen_headers.append({k.lower(): v for k, v in self.headers.items()})
        return json.loads(self.rfile.read(length) or b"{}")

    def _reply(self, status: int, obj: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        reply_json(self, status, obj, headers)


def reply_json(
    handler: BaseHTTPRequestHandler, status: int, obj: dict[str, Any], headers: dict[str, str] | None = None
) -> None:
    """Answer a request with ``obj`` as JSON (a client that hung up is not an error)."""
    data = json.dumps(obj).encode()
    try:
        handler.send_response(status)
        handler.send_header("content-type", "application/json")
        handler.send_header("content-length", str(len(data)))
        for k, v in (headers or {}).items():
            handler.send_header(k, v)
        handler.end_headers()
        handler.wfile.write(data)
    except (BrokenPipeError, ConnectionResetError):
        pass


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """A loopback HTTP server for ``handler`` in a thread; yields its base URL."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def count_server() -> Iterator[CountServer]:
    state = CountServer()
    with serving(state.handler()) as url:
        state.url = url
        yield state
