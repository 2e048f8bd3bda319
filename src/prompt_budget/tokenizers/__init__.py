"""Tokenizers: the protocol, the registry (``get_tokenizer``) and the in-memory count cache.

Specs: ``o200k_base``, ``cl100k_base`` (exact BPE), ``hf:PATH`` (a ``tokenizer.json``),
``anthropic:MODEL`` (the count-tokens API), ``chars4``, ``conservative``, ``words`` (heuristics),
``calibrated:ENCODING|MODEL|FILE`` (a calibrated estimate), a model name (``gpt-4o``), and
``quicktok:NAME`` / ``tiktoken:NAME`` to force one exact backend. Third parties add specs through the
``prompt_budget_get_tokenizer`` hook.
"""

from __future__ import annotations

import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence

from prompt_budget.errors import ConfigError, PromptBudgetError, TokenizerUnavailable
from prompt_budget.tokenizers.base import RequestCounter, Tokenizer

__all__ = [
    "DEFAULT_TOKENIZER",
    "CachedTokenizer",
    "RequestCounter",
    "Tokenizer",
    "get_tokenizer",
    "known_specs",
]

DEFAULT_TOKENIZER = "o200k_base"

_LRU_ENTRIES = 16_384
_LRU_MAX_CHARS = 1 << 20  # texts longer than this are counted directly, not kept in memory
#: The in-memory count cache of each tokenizer holds texts of at most this many bytes in all (the
#: least recently used go first); ``PROMPT_BUDGET_MEMORY_CACHE_MB`` sets another bound (0: none kept).
MEMORY_CACHE_MB = 32
_ENTRY_OVERHEAD = 100  # bytes an entry costs beside its text: the dict slot, the int, the links


def _memory_cache_bytes() -> int:
    raw = os.environ.get("PROMPT_BUDGET_MEMORY_CACHE_MB", "").strip()
    if not raw:
        return MEMORY_CACHE_MB << 20
    try:
        mb = float(raw)
    except ValueError:
        mb = -1.0
    if mb < 0:
        raise ConfigError(
            f"PROMPT_BUDGET_MEMORY_CACHE_MB={raw!r}: expected a number of megabytes, 0 or more "
            f"(default {MEMORY_CACHE_MB})"
        )
    return int(mb * (1 << 20))


class CachedTokenizer:
    """A tokenizer wrapped with an in-memory LRU of counts keyed by (tokenizer, text).

    The text itself is the key: Python hashes it once (the hash is kept on the string) and equal
    texts compare by content, so a hit is exact with no collision risk."""

    def __init__(self, inner: Tokenizer) -> None:
        self.inner = inner
        # Texts shorter than this are counted directly: for a fast backend a lookup (hashing a new
        # string, storing it) costs more than counting it. A backend sets ``lru_min_chars`` to say so.
        self.lru_min_chars = int(getattr(inner, "lru_min_chars", 0))
        self.cache_key = str(getattr(inner, "cache_key", inner.name))
        self._cache: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()
        #: the bound, in bytes, of the texts the in-memory cache keeps, and their size now
        self.max_bytes = _memory_cache_bytes()
        self._bytes = 0

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def exact(self) -> bool:
        return self.inner.exact

    def count(self, text: str) -> int:
        try:
            if not self.lru_min_chars <= len(text) <= _LRU_MAX_CHARS:
                return self.inner.count(text)
            cache = self._cache
            hit = cache.get(text)
            if hit is not None:
                try:  # noqa: SIM105 - faster than contextlib.suppress on this hot path
                    cache.move_to_end(text)
                except KeyError:  # evicted by another thread in between: the count is still right
                    pass
                return hit
            n = self.inner.count(text)
            self._keep(text, n)
            return n
        except (TypeError, UnicodeError):
            clean = _surrogates_replaced(text)
            if clean is None:
                raise
            return self.count(clean)

    def _keep(self, text: str, n: int) -> None:
        """Keep ``text``'s count, then evict the least recently used over the bounds."""
        size = sys.getsizeof(text) + _ENTRY_OVERHEAD
        if size > self.max_bytes:
            return
        cache = self._cache
        with self._lock:
            if text in cache:
                return
            cache[text] = n
            self._bytes += size
            while cache and (len(cache) > _LRU_ENTRIES or self._bytes > self.max_bytes):
                old, _ = cache.popitem(last=False)
                self._bytes -= sys.getsizeof(old) + _ENTRY_OVERHEAD

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    def encode(self, text: str) -> list[int]:
        try:
            return self.inner.encode(text)
        except (TypeError, UnicodeError):
            clean = _surrogates_replaced(text)
            if clean is None:
                raise
            return self.inner.encode(clean)

    def decode(self, tokens: Sequence[int]) -> str:
        return self.inner.decode(tokens)

    def cache_clear(self) -> None:
        with self._lock:
            self._cache.clear()
            self._bytes = 0

    def __repr__(self) -> str:
        return repr(self.inner)


def _surrogates_replaced(text: object) -> str | None:
    """``text`` with its lone surrogates (from JSON such as ``"\\ud800"``, or ``surrogateescape``
    decoding) replaced by U+FFFD, as tiktoken counts them, and surrogate pairs joined; None when
    ``text`` holds none, so the backend's error was about something else. Backends written in Rust or
    C++ refuse such strings, as they cannot be encoded as UTF-8."""
    if not isinstance(text, str):
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return None


_REGISTRY: dict[str, CachedTokenizer] = {}
# Re-entrant: resolving a spec can resolve another (a calibration fitted over a base tokenizer).
_REGISTRY_LOCK = threading.RLock()


def known_specs() -> list[str]:
    """Every spec (or spec prefix ending in ``:``) the installed plugins understand."""
    from prompt_budget.plugins import get_plugin_manager

    specs: list[str] = []
    for group in get_plugin_manager().hook.prompt_budget_tokenizer_specs():
        specs.extend(s for s in group if s not in specs)
    return specs


def get_tokenizer(spec: str | Tokenizer | None = None) -> CachedTokenizer:
    """Resolve a spec string (or pass a Tokenizer through) to a cached tokenizer.

    Raises ``ConfigError`` for an unknown spec (listing the known ones) and ``TokenizerUnavailable``
    when the spec is known but its backend is not installed."""
    if spec is None:
        spec = DEFAULT_TOKENIZER
    if type(spec) is str:
        found = _REGISTRY.get(spec)  # first: counting a short text pays for this lookup
        if found is not None:
            return found
    if isinstance(spec, CachedTokenizer):
        return spec
    if not isinstance(spec, str):
        return CachedTokenizer(spec)
    spec = spec.strip()
    found = _REGISTRY.get(spec)
    if found is not None:
        return found
    with _REGISTRY_LOCK:
        found = _REGISTRY.get(spec)
        if found is not None:
            return found
        from prompt_budget.plugins import get_plugin_manager

        try:
            tok = get_plugin_manager().hook.prompt_budget_get_tokenizer(spec=spec, resolve=get_tokenizer)
        except PromptBudgetError:
            raise
        except Exception as exc:  # a third-party plugin's own failure: say where, never a traceback
            raise TokenizerUnavailable(
                f"tokenizer {spec!r}: a tokenizer plugin failed to load it ({type(exc).__name__}: {exc}; "
                f"raised at {_raised_at(exc)})"
            ) from exc
        if tok is None:
            import difflib

            specs = known_specs()
            close = difflib.get_close_matches(spec, specs, n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            blocked = os.environ.get("PROMPT_BUDGET_DISABLE_PLUGINS", "").strip()
            if blocked:  # a plugin that would know the spec may be the one switched off
                hint += f" Plugins blocked by PROMPT_BUDGET_DISABLE_PLUGINS={blocked} are not asked."
            raise ConfigError(
                f"unknown tokenizer {spec!r}.{hint} Known: {', '.join(specs)} (prefixes take an "
                "argument, e.g. hf:path/to/tokenizer.json), or a model name such as gpt-4o.",
                key="tokenizer",
            )
        cached = CachedTokenizer(tok)
        _REGISTRY[spec] = cached
        return cached


def _raised_at(exc: BaseException) -> str:
    """``file:line`` of the innermost frame that raised ``exc``."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return "?" if tb is None else f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
