"""Headless Chromium for the HTML report's tests, driven through the DevTools protocol over a pipe
(``--remote-debugging-pipe``: NUL-terminated JSON messages on file descriptors 3 and 4), so no
client library and no network port are needed.

``Browser.open(url)`` loads a page in a fresh tab and records what a test checks: console messages,
uncaught exceptions, log entries, and every request that is not to a ``file:``, ``data:`` or
``about:`` address. ``evaluate`` runs an expression in the page; ``press`` sends a key;
``screenshot`` writes a PNG of the whole page."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    def __init__(self, executable: str, width: int = 1280, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="pb-chromium-")
        to_child, self._out = os.pipe()  # we write commands; Chromium reads them on fd 3
        self._in, from_child = os.pipe()  # Chromium writes replies and events on fd 4
        args = [
            "--headless",
            "--no-sandbox",  # the test may run as root, in a container
            "--disable-gpu",
            "--disable-dev-shm-usage",  # a container's /dev/shm is small
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}",
            "about:blank",
        ]

        def onto_3_and_4() -> None:  # in the child, before exec: the pipe ends as fds 3 and 4
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_child, from_child)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.proc = subprocess.Popen(
            [executable, *args],
            close_fds=False,  # keeps 3 and 4 (every other descriptor of ours is not inheritable)
            preexec_fn=onto_3_and_4,  # noqa: PLW1509
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None
        self.width = width

    # --- the protocol -------------------------------------------------------------------------

    def _send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> int:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        return self._next

    def _read(self, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._in], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def call(
        self, method: str, params: dict[str, Any] | None = None, *, page: bool = True, timeout: float = 30
    ) -> Any:
        sent = self._send(method, params, self.session if page else None)
        while True:
            message = self._read(timeout)
            if message.get("id") == sent:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method: str, timeout: float = 30) -> dict[str, Any]:
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        while True:
            message = self._read(timeout)
            if message.get("method") == method:
                return message
            self.events.append(message)

    # --- what the tests use -------------------------------------------------------------------

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", {"url": "about:blank"}, page=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, page=False)[
            "sessionId"
        ]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": self.width, "height": 900, "deviceScaleFactor": 1, "mobile": False},
        )
        self.events.clear()
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluating {expression[:60]!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def press(self, key: str = "Tab", code: str = "Tab", keycode: int = 9) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent",
                {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": keycode},
            )

    def screenshot(self, path: Path, max_height: int = 3000) -> None:
        """The page from its top, at most ``max_height`` pixels of it (a whole page of a thousand
        files is more than Chromium captures)."""
        height = min(int(self.evaluate("document.documentElement.scrollHeight")), max_height)
        clip = {"x": 0, "y": 0, "width": self.width, "height": height, "scale": 1}
        params = {"format": "png", "captureBeyondViewport": True, "clip": clip}
        data = self.call("Page.captureScreenshot", params)["data"]
        path.write_bytes(base64.b64decode(data))

    def problems(self) -> list[str]:
        """Console errors and warnings, uncaught exceptions, error log entries and requests that left
        the page (anything but ``file:``, ``data:`` and ``about:``), each as one line."""
        out = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
                out.append(f"console.{params['type']}: {params.get('args')}")
            elif method == "Runtime.exceptionThrown":
                out.append(f"exception: {params.get('exceptionDetails')}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
                out.append(f"log: {params['entry'].get('text')} ({params['entry'].get('url')})")
            elif method == "Network.requestWillBeSent":
                url = params.get("request", {}).get("url", "")
                if not url.startswith(("file:", "data:", "about:")):
                    out.append(f"request: {url}")
        return out

    def close(self) -> None:
        try:
            self._send("Browser.close")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        finally:
            os.close(self._out)
            os.close(self._in)
            shutil.rmtree(self.profile, ignore_errors=True)
