"""``hf:PATH``: a Hugging Face ``tokenizer.json`` through the ``tokenizers`` package (the ``hf`` extra).

``PATH`` is a ``tokenizer.json`` file, a folder holding one, or a model id (``org/name``) whose files are
already in the local Hugging Face cache (``HF_HUB_CACHE``, else ``HF_HOME/hub``, else
``~/.cache/huggingface/hub``). Nothing is ever downloaded. Counts exclude special tokens the tokenizer's
post-processor would add (``add_special_tokens=False``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from prompt_budget.errors import ConfigError, TokenizerUnavailable
from prompt_budget.tokenizers.base import file_spec_name


def hub_cache() -> Path:
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]) / "hub"
    return Path.home() / ".cache" / "huggingface" / "hub"


def _from_cache(model_id: str) -> Path | None:
    repo = hub_cache() / ("models--" + model_id.replace("/", "--"))
    snapshots = repo / "snapshots"
    if not snapshots.is_dir():
        return None
    ref = repo / "refs" / "main"
    if ref.is_file():
        pinned = snapshots / ref.read_text(encoding="utf-8").strip() / "tokenizer.json"
        if pinned.is_file():
            return pinned
    found = sorted(snapshots.glob("*/tokenizer.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    # The newest of them wins.
    return found[0] if found else None


def resolve(spec: str) -> Path:
    """The ``tokenizer.json`` a spec names; ConfigError when there is none locally."""
    path = Path(spec).expanduser()
    if path.is_dir():
        path = path / "tokenizer.json"
    if path.is_file():
        return path
    looks_like_id = (
        spec.count("/") == 1 and not spec.startswith((".", "/", "~")) and not spec.endswith(".json")
    )
    if looks_like_id:
        cached = _from_cache(spec)
        if cached is not None:
            return cached
        raise ConfigError(
            f"hf:{spec}: model {spec!r} is not in the local Hugging Face cache ({hub_cache()}); "
            "prompt-budget never downloads. Fetch it once (huggingface-cli download "
            f"{spec} tokenizer.json) or point hf: at a tokenizer.json file",
            key="tokenizer",
        )
    raise ConfigError(f"hf:{spec}: no such tokenizer.json file or folder", key="tokenizer")


class HFTokenizer:
    """An exact count with a Hugging Face tokenizer."""

    exact: bool = True

    def __init__(self, name: str, path: Path, inner: Any, digest: str) -> None:
        self.name = name
        self.path = path
        self._tok = inner
        self.cache_key = f"{name}@{digest[:16]}"

    def count(self, text: str) -> int:
        return len(self._tok.encode(text, add_special_tokens=False).ids)

    def count_many(self, texts: Iterable[str]) -> list[int]:
        batch = list(texts)
        if not batch:
            return []
        return [len(e.ids) for e in self._tok.encode_batch(batch, add_special_tokens=False)]

    def encode(self, text: str) -> list[int]:
        return list(self._tok.encode(text, add_special_tokens=False).ids)

    def decode(self, tokens: Sequence[int]) -> str:
        return str(self._tok.decode(list(tokens), skip_special_tokens=False))

    def __repr__(self) -> str:
        return f"<tokenizer {self.name} ({self.path})>"


def load(rest: str) -> HFTokenizer:
    rest = rest.strip()
    if not rest:
        raise ConfigError("hf: needs a path to a tokenizer.json or a cached model id", key="tokenizer")
    path = resolve(rest)
    try:
        from tokenizers import Tokenizer as _Tok
    except ImportError:
        raise TokenizerUnavailable(
            f"tokenizer 'hf:{rest}' needs the 'hf' extra: pip install 'pytest-prompt-budget[hf]'"
        ) from None
    raw = path.read_bytes()
    try:
        inner = _Tok.from_str(raw.decode("utf-8"))
    except Exception as exc:  # tokenizers raises its own Exception type for a bad file
        raise ConfigError(f"not a valid tokenizer.json ({exc})", file=path) from None
    return HFTokenizer(file_spec_name("hf", rest), path, inner, hashlib.sha256(raw).hexdigest())
