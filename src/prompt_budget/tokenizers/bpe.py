"""Exact OpenAI BPE encodings (``cl100k_base``, ``o200k_base``).

The fastest exact backend installed wins: ``quicktok`` (the ``fast`` extra, encodings shipped in the
wheel), else ``tiktoken`` when its encoding file loads (it downloads on first use, or reads
``TIKTOKEN_CACHE_DIR``). Both give identical counts; text that looks like a special token
(``<|endoftext|>``) is counted as plain text.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

from prompt_budget.errors import TokenizerUnavailable

ENCODINGS: Final = ("o200k_base", "cl100k_base")
#: The exact backends, fastest first.
BACKENDS: Final = ("quicktok", "tiktoken")

# A pre-tokenizer piece never spans "letter, space, letter" at the space nor "newline, letter" at the
# letter in either encoding's split pattern, so cutting there keeps the count exact.
_SAFE_CUT = re.compile(r"(?<=[A-Za-z]) (?=[A-Za-z])|(?<=\n)(?=[A-Za-z])")


def split_safe(text: str, max_chars: int) -> Iterator[str]:
    """Yield pieces of ``text`` of about ``max_chars`` or fewer, cut only where BPE pieces end, so that
    the sum of the pieces' counts equals the count of the whole. A stretch with no safe cut is yielded
    whole (the backend must take it)."""
    start = 0
    n = len(text)
    while n - start > max_chars:
        window_end = start + max_chars
        cut = -1
        for m in _SAFE_CUT.finditer(text, start + max_chars // 2, window_end):
            cut = m.start()
        if cut <= start:
            m2 = _SAFE_CUT.search(text, window_end)
            if m2 is None:
                break
            cut = m2.start()
        yield text[start:cut]
        start = cut
    yield text[start:]


Functions = tuple[Callable[[str], list[int]], Callable[[Sequence[int]], str], Callable[[str], int]]
_LOAD_LOCK = threading.Lock()


class BPETokenizer:
    """An exact BPE encoding through one backend.

    Give ``encode``, ``decode`` and ``count`` directly, or a ``load`` function returning the three: it
    runs on first use, so resolving a spec is cheap and a run whose counts all come from the disk
    cache never loads the encoding (which takes a good part of a second)."""

    exact: bool = True
    # Counting fewer characters than this is cheaper than an LRU lookup (see CachedTokenizer).
    lru_min_chars: int = 256

    def __init__(
        self,
        name: str,
        backend: str,
        backend_version: str | None,
        encode: Callable[[str], list[int]] | None = None,
        decode: Callable[[Sequence[int]], str] | None = None,
        count: Callable[[str], int] | None = None,
        max_chars: int | None = None,
        *,
        load: Callable[[], Functions] | None = None,
    ) -> None:
        self.name = name
        self.backend = backend
        self._backend_version = backend_version
        self._max_chars = max_chars
        self._load = load
        if load is None:
            if encode is None or decode is None or count is None:
                raise TypeError("BPETokenizer needs encode, decode and count, or load")
            self._bind((encode, decode, count))

    def _bind(self, functions: Functions) -> None:
        self._encode, self._decode, self._count = functions
        if self._max_chars is None:
            # No input limit: calls go straight to the backend, with no Python frame in between.
            self.count = self._count  # type: ignore[method-assign,assignment]
        self._load = None

    def load(self) -> BPETokenizer:
        """Load the encoding now (it loads on first use otherwise); raises ``TokenizerUnavailable``."""
        if self._load is not None:
            with _LOAD_LOCK:
                if self._load is not None:
                    self._bind(self._load())
        return self

    @property
    def backend_version(self) -> str:
        """The backend's version (its module is imported to read it when none was given)."""
        if self._backend_version is None:
            import importlib

            module = importlib.import_module(self.backend)
            self._backend_version = str(getattr(module, "__version__", "?"))
        return self._backend_version

    @property
    def cache_key(self) -> str:
        # Exact encodings give the same counts whatever the backend: the name is the key.
        return self.name

    def count(self, text: str) -> int:
        if self._load is not None:
            self.load()
        if self._max_chars is not None and len(text) > self._max_chars:
            return sum(self._count(piece) for piece in split_safe(text, self._max_chars))
        return self._count(text)

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    def encode(self, text: str) -> list[int]:
        if self._load is not None:
            self.load()
        if self._max_chars is not None and len(text) > self._max_chars:
            out: list[int] = []
            for piece in split_safe(text, self._max_chars):
                out.extend(self._encode(piece))
            return out
        return self._encode(text)

    def decode(self, tokens: Sequence[int]) -> str:
        if self._load is not None:
            self.load()
        return self._decode(list(tokens))

    def __repr__(self) -> str:
        return f"<tokenizer {self.name} via {self.backend} {self.backend_version}>"


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported, without importing it: resolving a spec must stay cheap
    (importing tiktoken alone takes tens of milliseconds), so backends are imported on first use."""
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _functions(name: str, backend: str) -> Functions:
    """Import ``backend`` and load the encoding ``name`` through it."""
    import importlib

    try:
        module: Any = importlib.import_module(backend)
    except ImportError as exc:
        raise TokenizerUnavailable(
            f"{backend} is installed but does not import ({exc}); reinstall it, or install the 'fast' "
            "extra (pip install 'pytest-prompt-budget[fast]')"
        ) from exc
    if backend == "quicktok":
        enc = module.get_encoding(name)
        return enc.encode_ordinary, enc.decode, enc.count
    try:
        enc = module.get_encoding(name)
    except Exception as exc:  # network failure, missing cache file: say so, never a traceback
        raise TokenizerUnavailable(
            f"tiktoken could not load the {name} encoding ({type(exc).__name__}: {exc}). "
            "Install the 'fast' extra (pip install 'pytest-prompt-budget[fast]'), which ships the "
            "encodings, or point TIKTOKEN_CACHE_DIR at a folder holding tiktoken's encoding files."
        ) from exc
    encode_ordinary = enc.encode_ordinary

    def count(text: str) -> int:
        return len(encode_ordinary(text))

    return encode_ordinary, enc.decode, count


def load_bpe(name: str, backend: str | None = None) -> BPETokenizer:
    """Load ``name`` through ``backend`` (``quicktok`` or ``tiktoken``), or through the fastest one
    installed when ``backend`` is None."""
    if name not in ENCODINGS:
        raise TokenizerUnavailable(f"unknown encoding {name!r}; known: {', '.join(ENCODINGS)}")
    for key in [backend] if backend else BACKENDS:
        if key not in BACKENDS:
            raise TokenizerUnavailable(f"unknown BPE backend {key!r}; known: {', '.join(BACKENDS)}")
        if _installed(key):
            return BPETokenizer(name, key, None, load=functools.partial(_functions, name, key))
    raise TokenizerUnavailable(
        f"no exact backend for {name} is installed. Install the 'fast' extra "
        "(pip install 'pytest-prompt-budget[fast]'), or 'tiktoken' with its encoding files, "
        'or use an estimate such as tokenizer = "calibrated:' + name + '".'
    )
