"""The table of known models (``data/models.json``): context windows, output limits, tokenizers."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = ["ModelInfo", "encoding_for_model", "get_model", "known_models"]


@dataclass(frozen=True)
class ModelInfo:
    name: str
    context_window: int
    max_output: int | None
    family: str
    encoding: str | None
    calibration: str | None
    source: str


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, ModelInfo]:
    raw: dict[str, Any] = json.loads(
        resources.files("prompt_budget").joinpath("data/models.json").read_text(encoding="utf-8")
    )
    out: dict[str, ModelInfo] = {}
    for name, entry in raw["models"].items():
        out[name] = ModelInfo(
            name=name,
            context_window=int(entry["context_window"]),
            max_output=entry.get("max_output"),
            family=str(entry.get("family", "")),
            encoding=entry.get("encoding"),
            calibration=entry.get("calibration"),
            source=str(entry.get("source", "")),
        )
    return out


def known_models() -> list[str]:
    return sorted(_table())


def get_model(name: str) -> ModelInfo | None:
    """Look a model up by exact name, then by the longest known prefix (``gpt-4o-2024-08-06`` ->
    ``gpt-4o``, ``claude-sonnet-4-5-20250929`` -> ``claude-sonnet-4-5``)."""
    table = _table()
    if name in table:
        return table[name]
    best: ModelInfo | None = None
    for key, info in table.items():
        if name.startswith(key + "-") and (best is None or len(key) > len(best.name)):
            best = info
    return best


def encoding_for_model(name: str) -> str | None:
    info = get_model(name)
    return info.encoding if info is not None else None
