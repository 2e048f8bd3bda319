"""``mistral:SPEC``: exact offline counts with Mistral's own tokenizers, through ``mistral-common`` (the
``mistral`` extra).

``SPEC`` is one of: a model id ``mistral-common`` knows (``open-mistral-nemo-2407``,
``ministral-8b-2410``, ``mistral-large-2411``...; their tokenizer files ship inside the package), a
tokenizer file (``tekken.json``, ``tokenizer.model.v7``), or a Hugging Face repository
(``mistralai/Mistral-Small-3.2-24B-Instruct-2506``) whose tokenizer is already in the local Hugging Face
cache: nothing is downloaded at test time. A text is counted without the begin-of-sequence token; a
whole chat request (``messages``, ``tools``, OpenAI shape) is counted as ``mistral-common`` frames it
for the model (``[INST]``, ``[AVAILABLE_TOOLS]``, the BOS token...), so ``count(request)`` is the
length of ``encode_chat_completion``.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from prompt_budget.errors import ConfigError, TokenizerUnavailable

_INSTALL = "install the 'mistral' extra (pip install 'pytest-prompt-budget[mistral]')"


def _module() -> Any:
    try:
        from mistral_common.tokens.tokenizers import mistral as module
    except ImportError:
        raise TokenizerUnavailable(f"mistral: counts need the mistral-common package: {_INSTALL}") from None
    return module


def _registry(module: Any) -> Mapping[str, Any]:
    found = getattr(module, "MODEL_NAME_TO_TOKENIZER_CLS", None)
    return found if isinstance(found, Mapping) else {}


def _load(spec: str) -> Any:
    module = _module()
    cls = module.MistralTokenizer
    known = _registry(module)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # deprecation notices of the package's own loaders
            if spec in known:
                return known[spec]()
            path = Path(spec)
            if path.is_file():
                return cls.from_file(str(path))
            if "/" in spec and not path.exists():
                return cls.from_hf_hub(spec, local_files_only=True)
    except ImportError as exc:  # a SentencePiece tokenizer without the sentencepiece package
        raise TokenizerUnavailable(f"mistral:{spec}: {exc}") from None
    except Exception as exc:
        raise TokenizerUnavailable(
            f"mistral:{spec}: mistral-common could not load this tokenizer ({type(exc).__name__}: {exc}). "
            f'For a Hugging Face repository, fetch it once (python -c "from mistral_common.tokens.tokenizers.'
            f"mistral import MistralTokenizer; MistralTokenizer.from_hf_hub('{spec}')\") and count offline after."
        ) from None
    raise ConfigError(
        f"mistral:{spec}: not a model id mistral-common knows ({', '.join(sorted(known)) or 'none'}), a "
        "tokenizer file, or a Hugging Face repository (org/name)",
        key="tokenizer",
    )


class MistralTokenizer:
    """Counts, encodes and decodes with a ``mistral-common`` tokenizer; implements ``count_request``
    for chat requests."""

    exact = True
    #: ``count_request`` takes OpenAI-shaped requests (Chat Completions or Responses).
    request_shape = "openai"

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.name = self.cache_key = f"mistral:{spec}"
        self._tok: Any = None
        self._lock = threading.Lock()

    def _tokenizer(self) -> Any:
        with self._lock:
            if self._tok is None:
                self._tok = _load(self.spec)
            return self._tok

    def count(self, text: str) -> int:
        if not text:
            return 0
        raw = self._tokenizer().instruct_tokenizer.tokenizer
        return len(raw.encode(text, bos=False, eos=False))

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    def encode(self, text: str) -> list[int]:
        return (
            list(self._tokenizer().instruct_tokenizer.tokenizer.encode(text, bos=False, eos=False))
            if text
            else []
        )

    def decode(self, tokens: Sequence[int]) -> str:
        return str(self._tokenizer().instruct_tokenizer.tokenizer.decode(list(tokens)))

    def count_request(self, request: Mapping[str, Any]) -> int | None:
        """The length of ``encode_chat_completion`` for an OpenAI-shaped chat request (``messages``,
        optional ``tools``); None for anything else."""
        if not isinstance(request, Mapping) or not isinstance(request.get("messages"), list):
            return None
        from mistral_common.protocol.instruct.request import ChatCompletionRequest

        tools = request.get("tools")
        try:
            chat = ChatCompletionRequest.from_openai(
                list(request["messages"]), tools=list(tools) if tools else None
            )
            return len(self._tokenizer().encode_chat_completion(chat).tokens)
        except Exception as exc:
            raise ConfigError(
                f"mistral:{self.spec}: mistral-common cannot frame this request ({type(exc).__name__}: {exc})",
                key="request",
            ) from None

    def __repr__(self) -> str:
        return f"<tokenizer {self.name} (mistral-common)>"


def load(rest: str) -> MistralTokenizer:
    spec = rest.strip()
    if not spec:
        raise ConfigError(
            "mistral: needs a model id, a tokenizer file or a Hugging Face repository, "
            "e.g. mistral:open-mistral-nemo-2407",
            key="tokenizer",
        )
    _module()  # say at once when the package is missing
    return MistralTokenizer(spec)
