"""``anthropic:MODEL``: exact counts from the Messages count-tokens API, remembered in a committed file.

A request (``{"system": ..., "messages": [...], "tools": [...]}``) is counted by the official ``anthropic``
SDK (the ``anthropic`` extra; ``client.messages.count_tokens``, or ``client.beta.messages.count_tokens``
on SDKs before it left beta). Counts are stored by (model, request digest) in ``.prompt-budget/counts.json``
(see :mod:`.api_counts`), so only new or changed prompts need the network.

When the API cannot answer (no ``ANTHROPIC_API_KEY``, offline mode, a timeout, a 4xx, or 429/5xx after
the retries), the model's calibrated estimate stands in (``stand_in``): a text is estimated here, a
request by :mod:`prompt_budget.messages` over its parts. The tokenizer then reports ``exact = False``
and one warning per session says why. Never a silent under-count.

Settings (module-level, for the pytest plugin and tests; environment variables in brackets):
``set_offline(True)`` [``PROMPT_BUDGET_OFFLINE=1``], ``set_counts_path(path)``
[``PROMPT_BUDGET_COUNTS_FILE``], ``configure(timeout=..., retries=..., max_wait=...)``
[``PROMPT_BUDGET_ANTHROPIC_TIMEOUT``]. The SDK reads ``ANTHROPIC_API_KEY`` and ``ANTHROPIC_BASE_URL``.
The key is never printed, logged or written anywhere by this module.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from prompt_budget.errors import ConfigError
from prompt_budget.known_models import claude_estimate_for, get_model
from prompt_budget.tokenizers import api_counts
from prompt_budget.tokenizers.api_counts import CountStore, request_digest, set_counts_path, set_offline
from prompt_budget.tokenizers.base import Tokenizer
from prompt_budget.tokenizers.count_api import (
    SESSION,
    ApiTokenizer,
    CountFallbackWarning,
    Unavailable,
    has_text,
    retry_after,
    seconds_setting,
    validated_count,
)

__all__ = [
    "AnthropicTokenizer",
    "CountFallbackWarning",
    "configure",
    "is_offline",
    "load",
    "set_counts_path",
    "set_offline",
]

# What the count-tokens endpoint takes besides the model: everything that changes the prompt. The
# first five are arguments of every SDK's count_tokens; the others (structured outputs) are sent in
# the body as they are, so SDKs older than them still send them.
_REQUEST_KEYS: Final = ("system", "messages", "tools", "tool_choice", "thinking")
_BODY_KEYS: Final = ("output_config", "output_format")
# A one-message request's framing besides its role, as prompt_budget.messages estimates it: 3 per
# message and 3 of reply priming (data/overheads.json).
_MESSAGE_FRAMING: Final = 6
_LEGACY_BETA: Final = "token-counting-2024-11-01"

_settings: dict[str, Any] = {
    "timeout": None,  # seconds per request; None: PROMPT_BUDGET_ANTHROPIC_TIMEOUT, else 10
    "retries": 3,  # retries after the first attempt, on 429, 5xx, timeouts and connection errors
    "max_wait": 8.0,  # longest sleep before a retry, whatever retry-after asks
    "deadline": 30.0,  # longest time one count may take, retries included
}


def is_offline() -> bool:
    return api_counts.is_offline()


def configure(
    *,
    timeout: float | None = None,
    retries: int | None = None,
    max_wait: float | None = None,
    deadline: float | None = None,
) -> None:
    """Bound the network: per-request timeout, retries, longest retry wait, and overall deadline."""
    for key, value in (
        ("timeout", timeout),
        ("retries", retries),
        ("max_wait", max_wait),
        ("deadline", deadline),
    ):
        if value is not None:
            bad_zero = key == "timeout" and value == 0
            if isinstance(value, bool) or not math.isfinite(value) or value < 0 or bad_zero:
                raise ConfigError(
                    f"expected a finite number >= 0 (> 0 for a timeout), got {value!r}", key=key
                )
            _settings[key] = value


def _counts_path() -> Path:
    return api_counts.counts_path()


def _timeout() -> float:
    if _settings["timeout"] is not None:
        return float(_settings["timeout"])
    env = os.environ.get("PROMPT_BUDGET_ANTHROPIC_TIMEOUT")
    return seconds_setting(env, "PROMPT_BUDGET_ANTHROPIC_TIMEOUT", 10.0)


def _store() -> CountStore:
    return api_counts.store()


_Unavailable = Unavailable


class AnthropicTokenizer(ApiTokenizer):
    """Counts through the count-tokens API for one model; implements ``count_request``. ``resolve``
    turns the spec of the estimate that stands in for the API into a tokenizer."""

    provider = "anthropic"

    def __init__(self, model: str, resolve: Callable[[str], Tokenizer]) -> None:
        super().__init__(model, resolve)
        self._client: Any = None

    # --- counting -------------------------------------------------------------------------------

    def count(self, text: str) -> int:
        """The API's count of a request holding ``text`` as one user message; estimated as such when
        the API gives none."""
        n = self._count({"messages": [{"role": "user", "content": text}]})
        if n is None:
            tok = self._fallback_tokenizer()
            n = tok.count(text) + tok.count("user") + _MESSAGE_FRAMING
        return n

    def count_request(self, request: Mapping[str, Any]) -> int | None:
        """Count a whole Anthropic Messages request (``system``, ``messages``, ``tools``...); None when
        it is not one, or when the API gives no count (then ``stand_in`` estimates its parts)."""
        if not isinstance(request, Mapping) or not isinstance(request.get("messages"), list):
            return None
        body = {k: request[k] for k in (*_REQUEST_KEYS, *_BODY_KEYS) if k in request}
        return self._count(body)

    def _count(self, body: dict[str, Any]) -> int | None:
        digest = request_digest({"model": self.model, **body})
        store = _store()
        hit = store.get(self.model, digest)
        if hit is not None:
            return hit
        try:
            n = self._call_api(body)
        except _Unavailable as exc:
            self._fall_back(exc, str(_counts_path()))
            return None
        store.put(self.model, digest, n)
        return n

    # --- the API --------------------------------------------------------------------------------

    def _call_api(self, body: dict[str, Any]) -> int:
        if is_offline():
            raise _Unavailable("offline mode (--prompt-budget-offline) forbids network use")
        if self._down is not None:
            raise _Unavailable(self._down)
        refused = SESSION.refused.get("anthropic")
        if refused is not None:
            raise _Unavailable(refused)
        if not os.environ.get("ANTHROPIC_API_KEY"):
            raise _Unavailable("ANTHROPIC_API_KEY is not set")
        _timeout()  # an invalid timeout is an error naming its setting, not a fallback
        try:
            import anthropic
        except ImportError:
            raise _Unavailable(
                "the 'anthropic' extra is not installed (pip install 'pytest-prompt-budget[anthropic]')"
            ) from None
        try:
            client = self._get_client(anthropic)
        except Exception as exc:  # an SDK that cannot start here (say, a mismatched httpx)
            self._down = f"the anthropic SDK {getattr(anthropic, '__version__', '?')} could not start ({type(exc).__name__})"
            raise _Unavailable(self._down) from None
        started = time.monotonic()
        attempts = int(_settings["retries"]) + 1
        last = "no attempt made"
        for attempt in range(attempts):
            try:
                return self._send(client, body)
            except anthropic.APIStatusError as exc:
                status = int(getattr(exc, "status_code", 0) or 0)
                last = f"HTTP {status} ({type(exc).__name__})"
                if status in (401, 403):
                    why = f"the anthropic API refused the key ({last}); it is not sent again this session"
                    SESSION.refuse("anthropic", why)
                    raise _Unavailable(why) from None
                if status != 429 and status < 500:
                    raise _Unavailable(f"the API refused the request: {last}") from None
                wait = _retry_after(getattr(exc, "response", None), attempt)
            except anthropic.APITimeoutError:
                last = f"timed out after {_timeout():g} s"
                wait = _backoff(attempt)
            except anthropic.APIConnectionError as exc:
                last = f"connection failed ({type(exc).__name__})"
                wait = _backoff(attempt)
            except _Unavailable:
                raise
            except Exception as exc:  # an SDK whose shape we do not know: never a traceback
                self._down = f"the anthropic SDK failed ({type(exc).__name__})"
                raise _Unavailable(self._down) from None
            remaining = float(_settings["deadline"]) - (time.monotonic() - started)
            if attempt + 1 >= attempts or wait > remaining or not SESSION.spend_retry("anthropic"):
                break
            time.sleep(min(wait, float(_settings["max_wait"])))
        if not last.startswith("HTTP 429"):  # after a rate limit the next count tries again
            self._down = f"the count-tokens API is unreachable: {last}"
        raise _Unavailable(f"the count-tokens API gave no count after {attempts} attempt(s): {last}")

    def _get_client(self, anthropic: Any) -> Any:
        with self._lock:
            if self._client is None:
                self._client = anthropic.Anthropic(max_retries=0, timeout=_timeout())
            return self._client

    def _send(self, client: Any, body: dict[str, Any]) -> int:
        args = {k: v for k, v in body.items() if k in _REQUEST_KEYS}
        extra = {k: v for k, v in body.items() if k not in _REQUEST_KEYS}
        if extra:
            args["extra_body"] = extra
        messages = getattr(client, "messages", None)
        if messages is not None and hasattr(messages, "count_tokens"):
            result = messages.count_tokens(model=self.model, **args)
        else:  # SDKs from before count_tokens left beta (0.38-0.39)
            result = client.beta.messages.count_tokens(model=self.model, betas=[_LEGACY_BETA], **args)
        return validated_count(getattr(result, "input_tokens", None), has_text(body))

    # --- the fallback ---------------------------------------------------------------------------

    def _fallback_tokenizer(self) -> Tokenizer:
        if self._fallback is None:
            info = get_model(self.model)
            # the model's generation; a name that says none is counted as the newest (the highest)
            spec = claude_estimate_for(self.model) or "calibrated:claude-4.7"
            if info is not None and info.family != "anthropic":
                spec = info.local_spec
            self._fallback = self._resolve(spec)
        return self._fallback


def _backoff(attempt: int) -> float:
    return retry_after(None, attempt)


def _retry_after(response: Any, attempt: int) -> float:
    headers = getattr(response, "headers", None)
    return retry_after(dict(headers.items()) if headers is not None else None, attempt)


def load(rest: str, resolve: Callable[[str], Tokenizer]) -> AnthropicTokenizer:
    model = rest.strip()
    if not model or any(c.isspace() for c in model):
        raise ConfigError(
            f"anthropic:{rest}: expected a model name, e.g. anthropic:claude-sonnet-4-5", key="tokenizer"
        )
    return AnthropicTokenizer(model, resolve)
