"""The Tokenizer protocol every backend implements."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

__all__ = ["RequestCounter", "Tokenizer"]


@runtime_checkable
class Tokenizer(Protocol):
    """A token counter.

    ``name`` is stable: it keys caches and baselines and appears in reports (for example
    ``o200k_base``, ``chars4``, ``calibrated:o200k_base``). ``exact`` is False for estimates, and then
    reports say "estimated". ``encode``/``decode`` raise ``NotImplementedError`` where a backend cannot
    (heuristics, remote APIs).
    """

    @property
    def name(self) -> str: ...

    @property
    def exact(self) -> bool: ...

    def count(self, text: str) -> int: ...

    def count_many(self, texts: Iterable[str]) -> list[int]: ...

    def encode(self, text: str) -> list[int]: ...

    def decode(self, tokens: Sequence[int]) -> str: ...


@runtime_checkable
class RequestCounter(Protocol):
    """Optional extension: a backend that counts a whole provider request at once (the Anthropic
    count-tokens API does). ``request`` is in the provider's own shape; returns None when the request
    cannot be counted that way, and the caller falls back to counting its parts."""

    def count_request(self, request: Mapping[str, Any]) -> int | None: ...
