"""The table of known models (``data/models.json``): context windows, output limits, tokenizers.

Each entry names its ``source``. A model with a public tokenizer has an ``encoding`` (counted exactly,
offline); one without (Claude, Gemini) has a default ``calibration`` for local estimates
(``calibrated:NAME``). ``aliases`` map a second name to an entry.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from prompt_budget.errors import ConfigError

_FILE: Final = "prompt_budget/data/models.json"
_FAMILIES: Final = ("openai", "anthropic", "google")


@dataclass(frozen=True)
class ModelInfo:
    name: str
    context_window: int
    max_output: int | None
    family: str
    encoding: str | None
    calibration: str | None
    source: str

    @property
    def local_spec(self) -> str:
        """The tokenizer spec that counts this model locally: its exact encoding, else its default
        calibrated estimate."""
        if self.encoding:
            return self.encoding
        return f"calibrated:{self.calibration or 'o200k_base'}"


def _int(entry: dict[str, Any], name: str, key: str, *, optional: bool = False) -> int | None:
    value = entry.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ConfigError(
            f"expected a positive integer, got {value!r}", file=_FILE, key=f"models.{name}.{key}"
        )
    return value


def _parse(raw: dict[str, Any]) -> tuple[dict[str, ModelInfo], dict[str, str]]:
    models = raw.get("models")
    if not isinstance(models, dict):
        raise ConfigError("expected an object of models", file=_FILE, key="models")
    out: dict[str, ModelInfo] = {}
    for name, entry in models.items():
        if not isinstance(entry, dict):
            raise ConfigError("expected an object", file=_FILE, key=f"models.{name}")
        source = entry.get("source")
        if not isinstance(source, str) or not source.startswith("https://"):
            raise ConfigError("every model needs an https source", file=_FILE, key=f"models.{name}.source")
        family = entry.get("family")
        if family not in _FAMILIES:
            raise ConfigError(
                f"expected one of {', '.join(_FAMILIES)}, got {family!r}",
                file=_FILE,
                key=f"models.{name}.family",
            )
        encoding, calibration = entry.get("encoding"), entry.get("calibration")
        if not encoding and not calibration:
            raise ConfigError("a model needs an encoding or a calibration", file=_FILE, key=f"models.{name}")
        out[name] = ModelInfo(
            name=name,
            context_window=_int(entry, name, "context_window") or 0,
            max_output=_int(entry, name, "max_output", optional=True),
            family=str(family),
            encoding=encoding,
            calibration=calibration,
            source=source,
        )
    aliases = raw.get("aliases", {})
    if not isinstance(aliases, dict) or any(v not in out for v in aliases.values()):
        raise ConfigError("every alias must name a model in the table", file=_FILE, key="aliases")
    return out, {str(k): str(v) for k, v in aliases.items()}


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, ModelInfo], dict[str, str]]:
    source = resources.files("prompt_budget").joinpath("data/models.json")
    raw: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return _parse(raw)


def known_models() -> list[str]:
    return sorted(_tables()[0])


#: Provider prefixes of model ids in other tools: LiteLLM's ``openai/gpt-4o``, OpenRouter's
#: ``openrouter/anthropic/...``, Google's ``models/gemini-2.5-pro``.
_PROVIDERS: Final = frozenset(
    {"openai", "anthropic", "google", "gemini", "models", "vertex_ai", "azure", "openrouter"}
)


def _normalise(name: str) -> str:
    """``OpenAI/GPT-4o`` -> ``gpt-4o``; a fine-tuned ``ft:gpt-4o-mini-2024-07-18:org::id`` -> its base."""
    name = name.strip().lower()
    head, sep, tail = name.partition("/")
    while sep and head in _PROVIDERS:
        name = tail
        head, sep, tail = name.partition("/")
    if name.startswith("ft:"):
        name = name[3:].partition(":")[0]
    return name


def get_model(name: str) -> ModelInfo | None:
    """Look a model up by exact name or alias, then by the longest known prefix
    (``gpt-4o-2024-08-06`` -> ``gpt-4o``, ``claude-sonnet-4-5-20250929`` -> ``claude-sonnet-4-5``).
    Case, a provider prefix (``openai/gpt-4o``) and the ``ft:`` of a fine-tuned model are ignored."""
    table, aliases = _tables()
    name = _normalise(name)
    name = aliases.get(name, name)
    if name in table:
        return table[name]
    best: ModelInfo | None = None
    for key, info in table.items():
        if name.startswith(key + "-") and (best is None or len(key) > len(best.name)):
            best = info
    return best


def local_spec_for_model(name: str) -> str | None:
    """The spec that counts a model locally: exact where possible, else its calibrated estimate."""
    info = get_model(name)
    return info.local_spec if info is not None else None
