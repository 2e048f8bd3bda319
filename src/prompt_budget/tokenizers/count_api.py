"""What every count-tokens API shares: validated answers, one retry budget and one authentication
failure per session per provider, bounded requests, the committed cache, offline mode and a labelled
fallback to the model's local estimate.

:class:`HttpCountTokenizer` speaks a provider's HTTP API with the standard library (``google:``,
``openai:``; subclasses say how a request is framed and where the count is in the answer). The
``anthropic:`` tokenizer uses the official SDK but the same guards (:func:`validated_count`,
:data:`SESSION`).
"""

from __future__ import annotations

import json
import math
import os
import threading
import time
import warnings
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final

from prompt_budget.errors import ConfigError
from prompt_budget.known_models import get_model
from prompt_budget.tokenizers.api_counts import counts_path, is_offline, request_digest, store
from prompt_budget.tokenizers.base import CountOnly, Tokenizer

#: Retries one provider may make in one session, whatever the number of prompts (a persistent 429
#: cannot cost more than this many extra requests).
SESSION_RETRIES: Final = 6
#: A one-message request's framing besides its text, as estimated when the API gives no count.
MESSAGE_FRAMING: Final = 6


class CountFallbackWarning(UserWarning):
    """A count-tokens API could not answer; counts are estimates for the rest of the run."""


class Unavailable(Exception):
    """The API did not give a count; the message is safe to show (no key, no response body)."""


class _Session:
    """Per-provider state for this process: retries spent, and a key the provider refused."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.retries: dict[str, int] = {}
        self.refused: dict[str, str] = {}

    def spend_retry(self, provider: str) -> bool:
        with self.lock:
            used = self.retries.get(provider, 0)
            if used >= SESSION_RETRIES:
                return False
            self.retries[provider] = used + 1
            return True

    def refuse(self, provider: str, why: str) -> None:
        with self.lock:
            self.refused[provider] = why

    def reset(self) -> None:
        with self.lock:
            self.retries.clear()
            self.refused.clear()


SESSION: Final = _Session()


def validated_count(value: object, nonempty: bool) -> int:
    """A count an API reported, checked: a non-negative integer (``True``, ``1.9``, ``-5`` and strings
    are refused), and not 0 for a request that holds text. Raises :class:`Unavailable` otherwise, so
    the answer is neither used nor committed."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unavailable(f"the API answered a count that is not an integer ({type(value).__name__})")
    if value < 0:
        raise Unavailable("the API answered a negative count")
    if value == 0 and nonempty:
        raise Unavailable("the API answered 0 tokens for a request that holds text (suspect, not kept)")
    return value


def seconds_setting(value: object, key: str, default: float) -> float:
    """A timeout or wait in seconds: a finite number > 0 (from a setting or an environment variable);
    anything else is a ``ConfigError`` naming ``key``."""
    if value is None or value == "":
        return default
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ConfigError(f"expected a number of seconds, got {value!r}", key=key) from None
    if isinstance(value, bool) or not math.isfinite(number) or number <= 0:
        raise ConfigError(f"expected a finite number of seconds > 0, got {value!r}", key=key)
    return number


def retry_after(headers: Mapping[str, str] | None, attempt: int) -> float:
    """How long a 429/5xx asks to wait (``retry-after-ms``, ``retry-after`` in seconds), else backoff."""
    if headers is not None:
        lower = {k.lower(): v for k, v in headers.items()}
        for key, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            value = lower.get(key)
            if value:
                try:
                    number = float(value) * scale
                except ValueError:
                    continue  # an HTTP date: use the backoff
                if math.isfinite(number):
                    return max(0.0, number)
    return float(0.5 * (2**attempt))


def has_text(body: object) -> bool:
    """Whether a request holds any non-empty string (a count of 0 for it is suspect)."""
    if isinstance(body, str):
        return bool(body.strip())
    if isinstance(body, Mapping):
        return any(has_text(v) for k, v in body.items() if k not in ("role", "type", "model"))
    if isinstance(body, list):
        return any(has_text(v) for v in body)
    return False


class ApiTokenizer(CountOnly):
    """What a count-tokens API tokenizer shares: its name, the estimate that stands in when the API
    gives no count (``stand_in``, resolved by ``_fallback_tokenizer``), and one warning a session."""

    provider: ClassVar[str] = ""
    cannot = "counts through an API"

    def __init__(self, model: str, resolve: Callable[[str], Tokenizer]) -> None:
        self.model = model
        self._resolve = resolve
        self.name = self.cache_key = f"{self.provider}:{model}"
        self._lock = threading.Lock()
        self._down: str | None = None  # why the network is off for this tokenizer
        self._warned = False
        self.fell_back = False
        self._fallback: Tokenizer | None = None

    @property
    def exact(self) -> bool:
        return not self.fell_back

    @property
    def stand_in(self) -> Tokenizer | None:
        """The estimate that counts what the API could not, once one was needed."""
        return self._fallback_tokenizer() if self.fell_back else None

    @property
    def estimated_by(self) -> str | None:
        """The name of ``stand_in``."""
        return self._fallback_tokenizer().name if self.fell_back else None

    def _fallback_tokenizer(self) -> Tokenizer:
        if self._fallback is None:
            info = get_model(self.model)
            self._fallback = self._resolve(info.local_spec if info is not None else "calibrated:o200k_base")
        return self._fallback

    def _fall_back(self, exc: Exception, where: str) -> None:
        tok = self._fallback_tokenizer()
        with self._lock:
            self.fell_back = True
            if self._warned:
                return
            self._warned = True
        warnings.warn(
            CountFallbackWarning(
                f"{self.name}: {exc}; counts not in {where} are estimated by {tok.name} for the rest of this run"
            ),
            stacklevel=4,
        )

    def __repr__(self) -> str:
        return f"<tokenizer {self.name} (count-tokens API)>"


class HttpCountTokenizer(ApiTokenizer):
    """A count-tokens HTTP API for one model. Subclasses set ``provider``, ``key_envs``, ``base_env``,
    ``default_base`` and implement ``text_body``, ``request_body``, ``endpoint``, ``headers`` and
    ``answer``."""

    key_envs: ClassVar[tuple[str, ...]] = ()
    base_env: ClassVar[str] = ""
    default_base: ClassVar[str] = ""
    timeout_env: ClassVar[str] = ""
    settings: ClassVar[dict[str, Any]] = {"retries": 3, "max_wait": 8.0, "deadline": 30.0}

    # --- what subclasses say ----------------------------------------------------------------------

    def text_body(self, text: str) -> dict[str, Any]:
        raise NotImplementedError

    def request_body(self, request: Mapping[str, Any]) -> dict[str, Any] | None:
        raise NotImplementedError

    def endpoint(self, base: str) -> str:
        raise NotImplementedError

    def headers(self, key: str) -> dict[str, str]:
        raise NotImplementedError

    def answer(self, blob: Any) -> object:
        raise NotImplementedError

    # --- the tokenizer ----------------------------------------------------------------------------

    def count(self, text: str) -> int:
        n = self._count(self.text_body(text))
        if n is None:
            tok = self._fallback_tokenizer()
            n = tok.count(text) + MESSAGE_FRAMING
        return n

    def count_request(self, request: Mapping[str, Any]) -> int | None:
        body = self.request_body(request) if isinstance(request, Mapping) else None
        return None if body is None else self._count(body)

    def _count(self, body: dict[str, Any]) -> int | None:
        digest = request_digest({"model": self.model, **body})
        counts = store()
        hit = counts.get(self.model, digest)
        if hit is not None:
            return hit
        try:
            n = self._call(body, is_offline())
        except Unavailable as exc:
            self._fall_back(exc, str(counts_path()))
            return None
        counts.put(self.model, digest, n)
        return n

    # --- the API ----------------------------------------------------------------------------------

    def _key(self) -> str | None:
        for env in self.key_envs:
            value = os.environ.get(env, "").strip()
            if value:
                return value
        return None

    def _call(self, body: dict[str, Any], offline: bool) -> int:
        import urllib.error
        import urllib.request

        if offline:
            raise Unavailable("offline mode (--prompt-budget-offline) forbids network use")
        refused = SESSION.refused.get(self.provider)
        if refused is not None:
            raise Unavailable(refused)
        if self._down is not None:
            raise Unavailable(self._down)
        key = self._key()
        if key is None:
            raise Unavailable(f"{' or '.join(self.key_envs)} is not set")
        timeout = seconds_setting(os.environ.get(self.timeout_env), self.timeout_env, 10.0)
        base = (os.environ.get(self.base_env) or self.default_base).rstrip("/")
        data = json.dumps(body).encode("utf-8")
        started = time.monotonic()
        attempts = int(self.settings["retries"]) + 1
        last = "no attempt made"
        for attempt in range(attempts):
            request = urllib.request.Request(
                self.endpoint(base),
                data=data,
                method="POST",
                headers={**self.headers(key), "content-type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=timeout) as response:
                    blob = json.loads(response.read().decode("utf-8"))
                return validated_count(self.answer(blob), has_text(body))
            except urllib.error.HTTPError as exc:
                status = exc.code
                last = f"HTTP {status}"
                if status in (401, 403):
                    why = f"the {self.provider} API refused the key (HTTP {status}); it is not sent again this session"
                    SESSION.refuse(self.provider, why)
                    raise Unavailable(why) from None
                if status != 429 and status < 500:
                    raise Unavailable(f"the API refused the request: {last}") from None
                wait = retry_after(dict(exc.headers.items()) if exc.headers else None, attempt)
            except (TimeoutError, OSError) as exc:  # URLError is an OSError; a socket timeout too
                reason = getattr(exc, "reason", exc)
                timed_out = isinstance(reason, TimeoutError) or "timed out" in str(reason)
                last = (
                    f"timed out after {timeout:g} s"
                    if timed_out
                    else f"connection failed ({type(reason).__name__})"
                )
                self._down = f"the count-tokens API is unreachable: {last}"
                raise Unavailable(self._down) from None
            except (ValueError, UnicodeDecodeError):
                raise Unavailable("the API answered something that is not JSON") from None
            remaining = float(self.settings["deadline"]) - (time.monotonic() - started)
            if attempt + 1 >= attempts or wait > remaining or not SESSION.spend_retry(self.provider):
                break
            time.sleep(min(wait, float(self.settings["max_wait"])))
        if not last.startswith("HTTP 429"):
            self._down = f"the count-tokens API is unreachable: {last}"
        raise Unavailable(f"the count-tokens API gave no count: {last}")


def configure(
    *, retries: int | None = None, max_wait: float | None = None, deadline: float | None = None
) -> None:
    """Bound the HTTP count APIs (``google:``, ``openai:``): retries per count, longest retry wait,
    longest time one count may take."""
    for key, value in (("retries", retries), ("max_wait", max_wait), ("deadline", deadline)):
        if value is not None:
            if isinstance(value, bool) or not math.isfinite(value) or value < 0:
                raise ConfigError(f"expected a finite number >= 0, got {value!r}", key=key)
            HttpCountTokenizer.settings[key] = value


def check_model(prefix: str, rest: str, example: str) -> str:
    model = rest.strip()
    if not model or any(c.isspace() for c in model):
        raise ConfigError(f"{prefix}:{rest}: expected a model name, e.g. {prefix}:{example}", key="tokenizer")
    return model
