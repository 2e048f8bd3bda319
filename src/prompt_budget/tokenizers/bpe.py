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


def adds_up(prefix: str, rest: str) -> bool:
    r"""Whether the count of ``prefix + rest`` is the count of ``prefix`` plus the count of ``rest`` in
    both encodings, for a ``prefix`` that ends with a frontmatter's closing line: ``prefix`` ends with a
    newline, then ``---`` or ``...``, then a newline, and ``rest`` does not start with ``\r``, ``\n``
    or ``/``.

    Why, in both split patterns (cl100k_base's and o200k_base's): no piece holds a newline followed by
    ``-`` or ``.`` (the letter pieces take no newline before their letters, the punctuation piece
    ``' ?[^\s\p{L}\p{N}]+[\r\n/]*'`` takes newlines (and ``/``) only after its punctuation, and the
    whitespace pieces take no punctuation), so a piece starts at the closing line's first character
    whatever follows, and every attempt to match before it reads no further than that character. There
    the punctuation piece takes the three characters and the newline, then any ``\r``, ``\n`` (and in
    o200k_base ``/``) after it: with none after it, the piece ends where ``rest`` starts, and the pieces
    of ``rest`` are those of ``rest`` alone (neither pattern looks behind). BPE merges within a piece,
    so the counts add up."""
    return prefix.endswith(("\n---\n", "\n...\n")) and rest[:1] not in ("\r", "\n", "/")


Functions = tuple[Callable[[str], list[int]], Callable[[Sequence[int]], str], Callable[[str], int]]
_LOAD_LOCK = threading.Lock()

#: tiktoken's time grows faster than the length of one pre-tokenizer piece (a long run of letters, of one
#: character or of spaces; 1 MB of spaces makes it panic): it gets text in safe pieces of about this size,
#: and a longer stretch with no safe cut goes to a linear backend (quicktok) when one is installed.
TIKTOKEN_MAX_CHARS: Final = 20_000


class BackendCrashed(TokenizerUnavailable):
    """A backend failed in its own code (tiktoken's ``PanicException``, which is not an ``Exception``)."""


def _crashed(backend: str, name: str, text: str, exc: BaseException) -> BackendCrashed:
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    return BackendCrashed(
        f"the {backend} backend crashed counting {len(text):,} characters with {name} "
        f"({type(exc).__name__}: {first}); install the 'fast' extra "
        "(pip install 'pytest-prompt-budget[fast]') for a backend that takes any text"
    )


class BPETokenizer:
    """An exact BPE encoding through one backend.

    Give ``encode``, ``decode`` and ``count`` directly, or a ``load`` function returning the three: it
    runs on first use, so resolving a spec is cheap and a run whose counts all come from the disk
    cache never loads the encoding (which takes a good part of a second)."""

    exact: bool = True
    # Texts shorter than this are counted directly (see CachedTokenizer): at 1 KB the backend takes
    # about 7 us, and keeping many such texts costs the backend more than the lookups save.
    lru_min_chars: int = 2048

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
        long: Callable[[], Functions | None] | None = None,
    ) -> None:
        self.name = name
        self.backend = backend
        self._backend_version = backend_version
        self._max_chars = max_chars
        self._load = load
        # Loads the functions that take a stretch longer than ``max_chars`` with no safe cut (None:
        # this backend's own); called the first time such a stretch comes.
        self._long_loader = long
        self._long: Functions | None = None
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
    def loaded(self) -> bool:
        """Whether the encoding is loaded in this process (processes forked from it share it)."""
        return self._load is None

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

    @property
    def parallel(self) -> bool:
        """Whether a counting pool may send it to worker processes: a backend this module loads (a
        worker that does not share this process's memory loads the encoding itself)."""
        return self.backend in BACKENDS

    def __reduce__(self) -> tuple[Any, ...]:
        # A worker process loads the encoding itself (the loaded backend objects do not pickle).
        if self.backend in BACKENDS:
            return (load_bpe, (self.name, self.backend))
        raise TypeError(f"a {self.backend} tokenizer cannot be sent to another process")

    def _long_functions(self) -> Functions | None:
        if self._long is None and self._long_loader is not None:
            with _LOAD_LOCK:
                if self._long_loader is not None:
                    self._long = self._long_loader()
                    self._long_loader = None
        return self._long

    def _guarded(self, function: Callable[[str], Any], text: str) -> Any:
        try:
            return function(text)
        except Exception:
            raise
        except BaseException as exc:  # a panic in the backend's own code: one line, naming it
            if isinstance(exc, (KeyboardInterrupt, SystemExit, GeneratorExit)):
                raise
            raise _crashed(self.backend, self.name, text, exc) from None

    def _pieces(self, text: str, encode: bool) -> Iterator[Any]:
        """The backend's encoding (or count) of each safe piece of ``text``; a piece with no safe cut
        longer than ``max_chars`` goes to the linear backend when there is one."""
        assert self._max_chars is not None
        own: Callable[[str], Any] = self._encode if encode else self._count
        for piece in split_safe(text, self._max_chars):
            long = self._long_functions() if len(piece) > self._max_chars else None
            if long is not None:
                yield (long[0] if encode else long[2])(piece)
            else:
                yield self._guarded(own, piece)

    def count(self, text: str) -> int:
        if self._load is not None:
            self.load()
        if self._max_chars is not None:
            if len(text) > self._max_chars:
                return sum(self._pieces(text, encode=False))
            return int(self._guarded(self._count, text))
        return self._count(text)

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    @staticmethod
    def adds_up(prefix: str, rest: str) -> bool:
        """:func:`adds_up`: whether the count of ``prefix + rest`` is the sum of their counts (a file's
        count made from its frontmatter's and its body's)."""
        return adds_up(prefix, rest)

    def encode(self, text: str) -> list[int]:
        if self._load is not None:
            self.load()
        if self._max_chars is not None:
            if len(text) > self._max_chars:
                out: list[int] = []
                for tokens in self._pieces(text, encode=True):
                    out.extend(tokens)
                return out
            return list(self._guarded(self._encode, text))
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
        _never_freed(enc)
        return enc.encode_ordinary, enc.decode, enc.count
    try:
        enc = module.get_encoding(name)
    except Exception as exc:  # network failure, missing cache file: say so, never a traceback
        raise TokenizerUnavailable(
            f"tiktoken could not load the {name} encoding ({type(exc).__name__}: {exc}). "
            "Install the 'fast' extra (pip install 'pytest-prompt-budget[fast]'), which ships the "
            "encodings, or point TIKTOKEN_CACHE_DIR at a folder holding tiktoken's encoding files."
        ) from exc
    _never_freed(enc)
    encode_ordinary = enc.encode_ordinary

    def count(text: str) -> int:
        return len(encode_ordinary(text))

    return encode_ordinary, enc.decode, count


def _never_freed(encoding: object) -> None:
    """Keep a loaded encoding for the life of the process, even through the interpreter's shutdown:
    freeing its tables (a tenth of the time it took to load them, 35 ms and more for o200k_base) is
    work the operating system does for nothing when the process ends. One extra reference, once per
    encoding (the backends keep each loaded encoding for the life of the process anyway)."""
    try:
        import ctypes

        ctypes.pythonapi.Py_IncRef(ctypes.py_object(encoding))
    except (ImportError, AttributeError, OSError):  # no ctypes, or not CPython: freed at exit
        pass


def _linear_functions(name: str) -> Functions | None:
    """quicktok's functions for ``name`` when it is installed (its time is linear in any piece, and its
    counts are tiktoken's), else None."""
    if not _installed("quicktok"):
        return None
    try:
        return _functions(name, "quicktok")
    except Exception:  # a broken install: tiktoken takes the stretch itself
        return None


def load_bpe(name: str, backend: str | None = None) -> BPETokenizer:
    """Load ``name`` through ``backend`` (``quicktok`` or ``tiktoken``), or through the fastest one
    installed when ``backend`` is None."""
    if name not in ENCODINGS:
        raise TokenizerUnavailable(f"unknown encoding {name!r}; known: {', '.join(ENCODINGS)}")
    for key in [backend] if backend else BACKENDS:
        if key not in BACKENDS:
            raise TokenizerUnavailable(f"unknown BPE backend {key!r}; known: {', '.join(BACKENDS)}")
        if _installed(key):
            if key == "tiktoken":
                return BPETokenizer(
                    name,
                    key,
                    None,
                    max_chars=TIKTOKEN_MAX_CHARS,
                    load=functools.partial(_functions, name, key),
                    long=functools.partial(_linear_functions, name),
                )
            return BPETokenizer(name, key, None, load=functools.partial(_functions, name, key))
    raise TokenizerUnavailable(
        f"no exact backend for {name} is installed. Install the 'fast' extra "
        "(pip install 'pytest-prompt-budget[fast]'), or 'tiktoken' with its encoding files, "
        'or use an estimate such as tokenizer = "calibrated:' + name + '".'
    )
