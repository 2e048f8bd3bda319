"""Names of a cache's size that count its entries, not tokens (set 573: academy-py's ``token_cache_limit = 1024``,
the size of a cache of Globus auth tokens): ``names.excluded`` leaves them out of every budget reading. Kept apart
from ``names``, which is at its length."""

from __future__ import annotations

#: The last words of a cache's size in entries (``token_cache_limit``, ``TOKEN_CACHE_MAX_SIZE``).
_CACHE_SIZES = frozenset({"limit", "size", "maxsize", "capacity", "entries", "max"})


def token_cache_size(ws: tuple[str, ...]) -> bool:
    """``token_cache_limit``, ``TOKEN_CACHE_MAX_SIZE``: the size of a cache of tokens, in entries (set 573: academy-py's
    auth tokens); not a KV cache's size (``cache_size``) nor a limit of cached tokens (``cache_tokens_limit``)."""
    if "cache" not in ws:  # most names: one scan, no copy (``excluded`` is asked of every name read)
        return False
    at = ws.index("cache")
    tail = ws[at + 1 :]
    return (
        at > 0
        and bool(tail)
        and ws[at - 1] in {"token", "tokens"}
        and set(tail) <= _CACHE_SIZES
        and ws[-1] != "max"
    )
