"""The built-in tokenizer specs, registered through the same hooks third parties use.

The ``hf``, ``anthropic`` and ``calibrated`` modules are imported when a spec names them; the BPE module
imports its backend package when an encoding is first counted.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_budget.errors import ConfigError
from prompt_budget.hookspecs import hookimpl
from prompt_budget.known_models import get_model
from prompt_budget.tokenizers.base import Tokenizer
from prompt_budget.tokenizers.bpe import BACKENDS, ENCODINGS, load_bpe
from prompt_budget.tokenizers.heuristics import HEURISTICS


@hookimpl(trylast=True)
def prompt_budget_get_tokenizer(spec: str, resolve: Callable[[str], Tokenizer]) -> Tokenizer | None:
    if spec in ENCODINGS:
        return load_bpe(spec)
    backend, sep, rest = spec.partition(":")
    if sep and backend in BACKENDS and rest in ENCODINGS:
        return load_bpe(rest, backend)
    if spec in HEURISTICS:
        return HEURISTICS[spec]()
    if sep and backend == "hf":
        from prompt_budget.tokenizers.hf import load as load_hf

        return load_hf(rest)
    if sep and backend == "anthropic":
        from prompt_budget.tokenizers.anthropic import load as load_anthropic

        return load_anthropic(rest, resolve)
    if sep and backend == "google":
        from prompt_budget.tokenizers.google import load as load_google

        return load_google(rest, resolve)
    if sep and backend == "openai":
        from prompt_budget.tokenizers.openai_api import load as load_openai

        return load_openai(rest, resolve)
    if sep and backend == "mistral":
        from prompt_budget.tokenizers.mistral import load as load_mistral

        return load_mistral(rest)
    if sep and backend == "calibrated":
        from prompt_budget.tokenizers.calibrated import load as load_calibrated

        return load_calibrated(rest, resolve)
    info = get_model(spec)
    if info is None:
        return None
    if info.encoding:
        return load_bpe(info.encoding)
    # A known model whose tokenizer is not public: say what counts it, rather than "unknown".
    model = spec if "/" not in spec and spec == spec.lower() else info.name  # the API wants its own id
    exact = f"'{info.exact}' (exact, offline) or " if info.exact else ""
    if info.api:
        exact += f"'{info.api}:{model}' (exact, through the count-tokens API) or "
    raise ConfigError(
        f"{spec!r} is a known model, but its tokenizer is not "
        f"{'one prompt-budget ships' if info.exact else 'public'}, so it cannot be counted exactly "
        f"offline by name: use {exact}'calibrated:{model}' (a local estimate, {info.local_spec})",
        key="tokenizer",
    )


@hookimpl
def prompt_budget_tokenizer_specs() -> list[str]:
    return [
        *ENCODINGS,
        *HEURISTICS,
        "calibrated:",
        "hf:",
        "anthropic:",
        "google:",
        "openai:",
        *(f"{b}:" for b in BACKENDS),
    ]
