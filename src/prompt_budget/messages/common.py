"""What counting every provider's shape shares: the parts a request is split into, the overhead table
(``data/overheads.json``), the :class:`Breakdown` a count returns, and :func:`plain`, which turns the
SDK objects a provider returns into the plain dicts it is sent."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, Literal, TypeGuard

Provider = Literal["openai", "anthropic"]

DEFAULT_EPHEMERAL_KEYS: Final = ("ephemeral",)
DEFAULT_IMAGE_TOKENS: Final = 1600

#: The parts a request is split into, in report order.
PARTS: Final = ("system", "messages", "tool_calls", "tool_results", "images", "tools", "overhead")


@lru_cache(maxsize=1)
def overheads() -> dict[str, Any]:
    """The overhead table (``data/overheads.json``), read once."""
    from importlib.resources import files

    text = files("prompt_budget").joinpath("data/overheads.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def const(provider: str, *path: str) -> int:
    """The constant at ``path`` in the provider's overhead table."""
    node: Any = overheads()[provider]
    for key in path:
        node = node[key]
    return int(node["value"])


def compact_json(value: object) -> str:
    """``value`` as compact JSON, as providers render schemas and tool inputs."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def is_list(value: object) -> TypeGuard[Sequence[Any]]:
    """Whether ``value`` is a list (any sequence but a string)."""
    return isinstance(value, Sequence) and not isinstance(value, str)


def is_ephemeral(message: Mapping[str, Any], keys: Sequence[str]) -> bool:
    """Whether ``message`` is marked ephemeral: a truthy key of ``keys`` at its top level or in its
    ``metadata``."""
    meta = message.get("metadata")
    return any(message.get(k) or (isinstance(meta, Mapping) and meta.get(k)) for k in keys)


def type_name(value: object) -> str:
    """What a wrong value is, for an error message: its type, or the class it is."""
    return f"the class {value.__name__}" if isinstance(value, type) else type(value).__name__


@dataclass
class Breakdown:
    """A request counted by parts. ``parts`` maps each name in ``PARTS`` to tokens; ``excluded`` is
    the number of ephemeral messages left out; ``images`` the number of images counted;
    ``unmeasured`` the number of binary inputs (PDFs, audio, files by ID or URL) whose tokens cannot be
    measured locally, each counted at the flat ``image_tokens`` cost in ``images``. ``items`` maps
    each top-level item of the request (``messages[3] (tool)``, ``system``, ``tools``) to the tokens
    counted for it, its share of the overhead included; the reply priming belongs to no item.
    ``whole``: the count-tokens API counted the request as one number, kept under ``messages``; then
    there are no items."""

    provider: Provider
    parts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PARTS, 0))
    excluded: int = 0
    images: int = 0
    unmeasured: int = 0
    items: dict[str, int] = field(default_factory=dict)
    whole: bool = False

    def largest(self, n: int = 3) -> list[tuple[str, int]]:
        """The ``n`` items with the most tokens, most first (ties in request order)."""
        ranked = sorted(self.items.items(), key=lambda kv: -kv[1])
        return [(label, tokens) for label, tokens in ranked[:n] if tokens > 0]

    @property
    def total(self) -> int:
        return sum(self.parts.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "provider": self.provider,
            "total": self.total,
            "parts": dict(self.parts),
            "excluded_messages": self.excluded,
            "images": self.images,
            "unmeasured_inputs": self.unmeasured,
        }


def plain(obj: object) -> Any:
    """``obj`` with every SDK object in it (a pydantic model, as the ``openai`` and ``anthropic``
    packages return: ``response.choices[0].message``, ``response.content``) turned into the plain
    dicts the provider would be sent, ``None`` fields left out. Containers without such objects come
    back as they are (no copy). A request nested more than ``MAX_DEPTH`` levels deep (no provider
    nests more than a dozen) is a ``ValueError`` saying so, before anything recursive meets it."""
    from prompt_budget.text.nesting import MAX_DEPTH, object_depth

    if object_depth(obj) > MAX_DEPTH:
        raise ValueError(
            f"the messages or request nest more than {MAX_DEPTH} levels deep (lists and mappings inside "
            "each other); a chat request nests a few levels"
        )
    return _plain(obj)


def _plain(obj: object) -> Any:
    if isinstance(obj, (str, bytes, bytearray, int, float)) or obj is None:
        return obj
    dump = getattr(obj, "model_dump", None)
    if callable(dump) and not isinstance(obj, Mapping) and not isinstance(obj, type):
        dumped = dump(exclude_none=True)
        if isinstance(dumped, Mapping):
            return dumped
    if isinstance(obj, Mapping):
        items = {key: _plain(value) for key, value in obj.items()}
        return items if any(items[k] is not v for k, v in obj.items()) else obj
    if isinstance(obj, Sequence):
        values = [_plain(value) for value in obj]
        return values if any(a is not b for a, b in zip(values, obj, strict=True)) else obj
    return obj
