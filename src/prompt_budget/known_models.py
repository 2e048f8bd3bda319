"""The table of known models (``data/models.json``): context windows, output limits, tokenizers.

Each entry names its ``source`` (and ``sources`` for a figure taken from another page). A model with a
public tokenizer has an ``encoding`` (counted exactly, offline) or an ``exact`` spec (``hf:``,
``mistral:``); one without (Claude, Gemini) has a default ``calibration`` for local estimates
(``calibrated:NAME``) and an ``api`` whose count endpoint is exact. A Claude entry names its tokenizer
``generation`` (``claude-3``: Claude 3 to 4.6; ``claude-4.7``: Opus 4.7 on), and a Claude name the table
does not hold is given the generation its version number says (:func:`claude_generation`).
``aliases`` map a second name to an entry. Models declared in the configuration
(``[tool.prompt_budget.models."NAME"]``) are added with :func:`declare` and win over the table.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from prompt_budget.errors import ConfigError

_FILE: Final = "prompt_budget/data/models.json"
FAMILIES: Final = ("openai", "anthropic", "google", "mistral", "meta", "qwen", "deepseek")
_APIS: Final = ("anthropic", "google", "openai")
#: Claude tokenizer generations: the shipped calibration of each, and what reports call it.
CLAUDE_GENERATIONS: Final = {
    "claude-3": "Claude 3 to 4.6 tokenizer",
    "claude-4.7": "Claude 4.7+ tokenizer",
}
#: The first Claude version of each generation after the first, newest first.
_GENERATION_STARTS: Final = (((4, 7), "claude-4.7"),)


#: The OpenAI encodings a model without an encoding of its own may be estimated by (its
#: ``calibration``): it counts with their character-class estimate (``calibrated:o200k_base-classes``).
STAND_IN_ENCODINGS: Final = ("o200k_base", "cl100k_base")


@dataclass(frozen=True)
class ModelInfo:
    name: str
    context_window: int
    max_output: int | None
    family: str
    encoding: str | None
    calibration: str | None
    source: str
    #: A spec that counts this model exactly without an API (``hf:org/model``, ``mistral:NAME``).
    exact: str | None = None
    #: The provider whose count API counts this model exactly (``anthropic``, ``google``, ``openai``).
    api: str | None = None
    #: The Claude tokenizer generation (``claude-3``, ``claude-4.7``); None for other models.
    generation: str | None = None
    #: The tokenizer a configuration declared for the model (wins over everything else).
    tokenizer: str | None = None
    sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def local_spec(self) -> str:
        """The tokenizer spec that counts this model locally: its declared tokenizer, its exact
        encoding, else its default calibrated estimate."""
        if self.tokenizer:
            return self.tokenizer
        if self.encoding:
            return self.encoding
        calibration = self.calibration or "o200k_base"
        if calibration in STAND_IN_ENCODINGS:
            # an OpenAI encoding standing in for a model that does not use it: the character-class
            # estimate, whose headroom (about 25% over the encoding) is not measured against the model's
            # own tokenizer either, but is more than the encoding's bound (about 11%) would leave
            calibration += "-classes"
        return f"calibrated:{calibration}"

    @property
    def api_spec(self) -> str | None:
        """``anthropic:NAME`` (``google:``, ``openai:``): the exact count through the provider's API."""
        return f"{self.api}:{self.name}" if self.api else None

    @property
    def counted_as(self) -> str:
        """How the local spec counts, for reports: ``exact``, or what the estimate is for."""
        if self.tokenizer:
            return f"declared: {self.tokenizer}"
        if self.encoding:
            return "exact"
        if self.generation:
            return f"estimated for {CLAUDE_GENERATIONS[self.generation]}"
        return f"estimated ({self.local_spec})"


def _int(
    entry: Mapping[str, Any], name: str, key: str, *, optional: bool = False, file: str = _FILE
) -> int | None:
    value = entry.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ConfigError(
            f"expected a positive integer, got {value!r}", file=file, key=f"models.{name}.{key}"
        )
    return value


def _opt_str(
    entry: Mapping[str, Any], name: str, key: str, choices: tuple[str, ...] | None = None
) -> str | None:
    value = entry.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value or (choices is not None and value not in choices):
        expected = f"one of {', '.join(choices)}" if choices else "a string"
        raise ConfigError(f"expected {expected}, got {value!r}", file=_FILE, key=f"models.{name}.{key}")
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
        sources = entry.get("sources", {})
        if not isinstance(sources, dict) or not all(
            isinstance(v, str) and v.startswith("https://") for v in sources.values()
        ):
            raise ConfigError("expected an object of https sources", file=_FILE, key=f"models.{name}.sources")
        family = entry.get("family")
        if family not in FAMILIES:
            raise ConfigError(
                f"expected one of {', '.join(FAMILIES)}, got {family!r}",
                file=_FILE,
                key=f"models.{name}.family",
            )
        encoding, calibration = _opt_str(entry, name, "encoding"), _opt_str(entry, name, "calibration")
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
            exact=_opt_str(entry, name, "exact"),
            api=_opt_str(entry, name, "api", _APIS),
            generation=_opt_str(entry, name, "generation", tuple(CLAUDE_GENERATIONS)),
            sources=dict(sources),
        )
    aliases = raw.get("aliases", {})
    if not isinstance(aliases, dict) or any(v not in out for v in aliases.values()):
        raise ConfigError("every alias must name a model in the table", file=_FILE, key="aliases")
    return out, {str(k): str(v) for k, v in aliases.items()}


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, ModelInfo], dict[str, str]]:
    from importlib import resources  # here: most runs never look a model up (5 ms of a run's start)

    source = resources.files("prompt_budget").joinpath("data/models.json")
    raw: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return _parse(raw)


_DECLARED: dict[str, ModelInfo] = {}
_DECLARED_LOCK = threading.Lock()


def declare(info: ModelInfo) -> None:
    """Add (or override) a model for this process: what ``[tool.prompt_budget.models."NAME"]`` does."""
    with _DECLARED_LOCK:
        _DECLARED[_normalise(info.name)] = info


def forget_declared() -> None:
    """Drop every declared model (for tests, and for a run that loads another configuration)."""
    with _DECLARED_LOCK:
        _DECLARED.clear()


def known_models() -> list[str]:
    return sorted({*_tables()[0], *_DECLARED})


#: Provider prefixes of model ids in other tools: LiteLLM's ``openai/gpt-4o``, OpenRouter's
#: ``openrouter/anthropic/...``, Google's ``models/gemini-2.5-pro``, and the Hugging Face organisations
#: of open-weight models (``meta-llama/Llama-3.1-8B-Instruct``).
_PROVIDERS: Final = frozenset(
    {
        "openai", "anthropic", "google", "gemini", "models", "vertex_ai", "azure", "openrouter", "bedrock",
        "mistral", "mistralai", "meta-llama", "qwen", "deepseek", "deepseek-ai", "together_ai", "groq",
    }
)  # fmt: skip
#: What may follow a known name in a longer one of the same model: anything but a short version
#: number (``claude-opus-4`` is not ``claude-opus-4-8``, a dated ``gpt-4-0613`` is ``gpt-4``).
_OTHER_VERSION: Final = re.compile(r"-\d{1,2}(?:[-.]|$)")


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


def _lookup(name: str, table: Mapping[str, ModelInfo]) -> ModelInfo | None:
    if name in table:
        return table[name]
    best: ModelInfo | None = None
    best_key = ""
    for key, info in table.items():
        if (
            name.startswith(key + "-")
            and not _OTHER_VERSION.match(name[len(key) :])
            and len(key) > len(best_key)
        ):
            best, best_key = info, key
    return best


def get_model(name: str) -> ModelInfo | None:
    """Look a model up by exact name or alias, then by the longest known prefix
    (``gpt-4o-2024-08-06`` -> ``gpt-4o``, ``claude-sonnet-4-5-20250929`` -> ``claude-sonnet-4-5``).
    Case, a provider prefix (``openai/gpt-4o``) and the ``ft:`` of a fine-tuned model are ignored.
    Declared models come first. A Claude name the table does not know (``claude-sonnet-5``) gets an
    entry of the generation its version says, with the newest known model's limits."""
    name = _normalise(name)
    declared = _lookup(name, _DECLARED) if _DECLARED else None
    if declared is not None:
        return declared
    table, aliases = _tables()
    name = aliases.get(name, name)
    found = _lookup(name, table)
    if found is None and name.startswith("claude-"):
        generation = claude_generation(name)
        if generation is not None and generation != "claude":
            like = table["claude-opus-4-7" if generation == "claude-4.7" else "claude-sonnet-4-5"]
            return ModelInfo(
                name=name,
                context_window=like.context_window,
                max_output=like.max_output,
                family="anthropic",
                encoding=None,
                calibration=generation,
                source=like.source,
                api="anthropic",
                generation=generation,
            )
    return found


def claude_generation(name: str) -> str | None:
    """The Claude tokenizer generation a model name says: ``claude-4.7`` for Opus 4.7 and every later
    version (``claude-opus-4-7``, ``claude-sonnet-5``), ``claude-3`` for Claude 3 to 4.6, ``claude`` (the
    legacy calibration) for Claude 2 and Instant; None for a name that is not a Claude model's."""
    name = _normalise(name)
    if not name.startswith("claude"):
        return None
    table = _tables()[0]
    info = _DECLARED.get(name) or table.get(name)
    if info is not None and info.generation:
        return info.generation
    numbers = [int(n) for n in re.findall(r"(?<![0-9])(\d{1,2})(?![0-9])", name)][:2]
    if not numbers:
        return "claude-3" if re.search(r"opus|sonnet|haiku", name) else None
    if numbers[0] < 3:
        return "claude"
    version = (numbers[0], numbers[1] if len(numbers) > 1 else 0)
    for start, generation in _GENERATION_STARTS:
        if version >= start:
            return generation
    return "claude-3"


def claude_estimate_for(name: str) -> str | None:
    """The offline estimate that counts a Claude model: ``calibrated:claude-4.7`` for
    ``claude-opus-4-7``, ``calibrated:claude-3`` for ``claude-sonnet-4-5``; None for other models."""
    generation = claude_generation(name)
    return f"calibrated:{generation}" if generation is not None else None


def local_spec_for_model(name: str) -> str | None:
    """The spec that counts a model locally: exact where possible, else its calibrated estimate."""
    info = get_model(name)
    return info.local_spec if info is not None else None


def require_model(name: str, key: str = "model") -> ModelInfo:
    """The model called ``name``; a ``ConfigError`` saying how to declare it when it is unknown."""
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f"expected a model name, got {name!r}", key=key)
    info = get_model(name)
    if info is None:
        raise ConfigError(f"unknown model {name!r}: {how_to_declare(name)}", key=key)
    return info


def how_to_declare(name: str) -> str:
    """The sentence an unknown-model error ends with."""
    return (
        f'declare it in the configuration: [tool.prompt_budget.models."{name}"] with context_window = ... '
        'and tokenizer = "..." (an encoding such as "o200k_base", "hf:PATH", or "calibrated:cl100k_base"), '
        "optionally max_output; or use a known model (the table in docs/models.md)" + _close(name)
    )


def _close(name: str) -> str:
    import difflib

    close = difflib.get_close_matches(_normalise(name), known_models(), n=3)
    return f". Close known names: {', '.join(close)}" if close else ""
