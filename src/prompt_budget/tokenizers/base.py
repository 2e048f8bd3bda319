"""The Tokenizer protocol every backend implements."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

#: What marks the top of a project, most certain first: a repository, then a project configuration.
_PROJECT_MARKERS = ((".git",), ("pyproject.toml", "prompt_budget.toml"))


def file_spec_name(prefix: str, rest: str) -> str:
    """The ``name`` of a tokenizer whose spec names a file (``hf:PATH``, ``calibrated:FILE``): the
    path written from the top of its project (the folder holding ``.git``, else the nearest one holding
    a ``pyproject.toml`` or ``prompt_budget.toml``). A configuration anchors such paths to its own
    folder, so the path in the spec differs from checkout to checkout; the name, which reports and
    committed baselines record, must not. A spec that names no file (a model id) is kept as it is."""
    if not os.path.exists(rest):
        return f"{prefix}:{rest}"
    full = Path(os.path.abspath(rest))
    for markers in _PROJECT_MARKERS:
        for folder in full.parents:
            if any(os.path.exists(folder / marker) for marker in markers):
                return f"{prefix}:{full.relative_to(folder).as_posix()}"
    return f"{prefix}:{rest}"


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


class CountOnly:
    """Base of the tokenizers that count but cannot encode or decode: the estimates and the
    count-tokens API (``cannot`` says why in the error)."""

    name: str = ""
    cannot: str = "is an estimate"

    def count(self, text: str) -> int:
        raise NotImplementedError

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    def encode(self, text: str) -> list[int]:
        raise NotImplementedError(f"{self.name} {self.cannot} and cannot encode text")

    def decode(self, tokens: Sequence[int]) -> str:
        raise NotImplementedError(f"{self.name} {self.cannot} and cannot decode tokens")


@runtime_checkable
class RequestCounter(Protocol):
    """Optional extension: a backend that counts a whole provider request at once (the Anthropic
    count-tokens API does). ``request`` is in the provider's own shape; returns None when the request
    cannot be counted that way, and the caller falls back to counting its parts: with the backend's
    ``stand_in`` tokenizer when it has one (an API that gave no count), else with the backend."""

    def count_request(self, request: Mapping[str, Any]) -> int | None: ...
