"""A third-party tokenizer for pytest-prompt-budget.

``bytes:N`` counts UTF-8 bytes divided by N, rounded up: ``bytes:4`` is a byte-aware cousin of
chars/4 that does not undercount non-Latin text. It is an estimate, so reports say "estimated".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prompt_budget import ConfigError, hookimpl


class BytesTokenizer:
    """Implements the ``prompt_budget.Tokenizer`` protocol."""

    exact = False

    def __init__(self, ratio: int) -> None:
        self.ratio = ratio
        self.name = f"bytes:{ratio}"

    def count(self, text: str) -> int:
        return -(-len(text.encode("utf-8")) // self.ratio)

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    def encode(self, text: str) -> list[int]:
        raise NotImplementedError("bytes:N is an estimate and cannot encode text")

    def decode(self, tokens: Sequence[int]) -> str:
        raise NotImplementedError("bytes:N is an estimate and cannot decode tokens")


@hookimpl
def prompt_budget_get_tokenizer(spec: str) -> BytesTokenizer | None:
    prefix, _, ratio = spec.partition(":")
    if prefix != "bytes":
        return None  # not ours: the next plugin gets a turn
    if not (ratio.isascii() and ratio.isdigit()) or int(ratio) < 1:
        raise ConfigError(f"expected bytes:N with N a whole number >= 1, got {spec!r}", key="tokenizer")
    return BytesTokenizer(int(ratio))


@hookimpl
def prompt_budget_tokenizer_specs() -> list[str]:
    return ["bytes:"]
