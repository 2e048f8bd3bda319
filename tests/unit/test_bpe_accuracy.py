"""Exact encodings: prompt-budget's counts (through the fastest backend, quicktok) equal tiktoken's.

The corpus is built offline and deterministically: Python sources, docstrings and licence texts from the
standard library and the installed packages, JSON documents, generated CJK, Korean and mixed-script text,
whitespace and number edge cases, special-token lookalikes and one 2 MB document. tiktoken is the
reference; its encoding files come from the ``tiktoken_offline`` fixture.
"""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
import sysconfig
import textwrap
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import prompt_budget
from prompt_budget import TokenizerUnavailable, get_tokenizer
from prompt_budget.tokenizers.bpe import BPETokenizer, adds_up, load_bpe, split_safe

ENCODINGS = ["o200k_base", "cl100k_base"]
MAX_DOC_CHARS = 20_000
TWO_MB = 2 * 1024 * 1024

Doc = tuple[str, str]  # (category, text)


# --- the corpus -------------------------------------------------------------------------------------


def _source_files() -> list[Path]:
    """Python files of the standard library and the installed packages, sorted, so the same environment
    always gives the same corpus."""
    roots = [Path(sysconfig.get_paths()["stdlib"]), Path(sysconfig.get_paths()["purelib"])]
    files: list[Path] = []
    for root in roots:
        for sub in (
            "json",
            "email",
            "asyncio",
            "unittest",
            "logging",
            "http",
            "xml",
            "importlib",
            "multiprocessing",
            "_pytest",
            "rich",
            "pluggy",
            "libcst",
            "hypothesis",
        ):
            folder = root / sub
            if folder.is_dir():
                files.extend(sorted(folder.rglob("*.py")))
        files.extend(sorted(root.glob("*.py")))
    return files


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")[:MAX_DOC_CHARS]
    except (OSError, UnicodeDecodeError):
        return ""


def _docstrings(text: str) -> list[str]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc and len(doc) > 200:
                out.append(doc)
    return out


_HANGUL = (0xAC00, 0xD7A3)
_CJK = (0x4E00, 0x9FFF)
_HIRAGANA = (0x3041, 0x3096)
_KATAKANA = (0x30A1, 0x30FA)
_CYRILLIC = (0x0410, 0x044F)
_GREEK = (0x0391, 0x03C9)
_ARABIC = (0x0621, 0x064A)
_DEVANAGARI = (0x0905, 0x0939)
_THAI = (0x0E01, 0x0E2E)
_EMOJI = (0x1F600, 0x1F64F)
_WORDS = [
    "the",
    "budget",
    "of",
    "a",
    "prompt",
    "is",
    "counted",
    "in",
    "tokens",
    "and",
    "every",
    "section",
    "has",
    "its",
    "own",
    "cap",
    "while",
    "the",
    "agent",
    "loads",
    "skills",
    "memory",
    "tools",
    "results",
    "and",
    "documents",
    "into",
    "one",
    "window",
]
_PUNCT = list(".,;:!?'\"-()[]{}<>/\\|@#$%^&*_=+~`")
_SPACES = [" ", " ", " ", "  ", "\t", "\n", "\r\n", "\n\n", " \n", "   \n  "]
_LOOKALIKES = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|im_sep|>",
    "<|fim_prefix|>",
    "<|fim_middle|>",
    "<|fim_suffix|>",
    "<|endofprompt|>",
    "<|start|>",
    "<|end|>",
    "<|message|>",
    "<|channel|>",
    "<|constrain|>",
    "<|return|>",
    "<|call|>",
    "<|endoftext",
    "|endoftext|>",
    "<||>",
]


def _script_word(rng: random.Random, block: tuple[int, int]) -> str:
    return "".join(chr(rng.randint(*block)) for _ in range(rng.randint(1, 6)))


def _mixed(rng: random.Random, blocks: list[tuple[int, int]], n_words: int, english: float) -> str:
    parts: list[str] = []
    for _ in range(n_words):
        r = rng.random()
        if r < english:
            word = rng.choice(_WORDS)
            word = word.upper() if rng.random() < 0.05 else word.title() if rng.random() < 0.1 else word
            if rng.random() < 0.05:
                word += rng.choice(["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'LL"])
        elif r < english + 0.1:
            word = str(rng.randint(0, 10 ** rng.randint(1, 12)))
        else:
            word = _script_word(rng, rng.choice(blocks))
        parts.append(word)
        if rng.random() < 0.2:
            parts.append(rng.choice(_PUNCT))
        parts.append(rng.choice(_SPACES))
    return "".join(parts)


def _json_doc(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.random()
    if depth > 3 or kind < 0.3:
        return rng.choice(
            [
                rng.randint(-(10**9), 10**9),
                rng.random() * 1000,
                True,
                False,
                None,
                " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 8))),
                _script_word(rng, _HANGUL) + _script_word(rng, _CJK),
            ]
        )
    if kind < 0.65:
        return [_json_doc(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {f"{rng.choice(_WORDS)}_{i}": _json_doc(rng, depth + 1) for i in range(rng.randint(0, 6))}


def _lookalike_doc(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(3, 30)):
        parts.append(rng.choice(_LOOKALIKES) if rng.random() < 0.4 else rng.choice(_WORDS))
        parts.append(rng.choice(["", " ", "\n", "user", "assistant\n", ">", "|"]))
    return "".join(parts)


def _edge_cases() -> list[str]:
    return [
        "",
        " ",
        "\n",
        "a",
        "   leading and trailing   ",
        "\n\n\n\n",
        " " * 1000,
        "\t" * 100 + "x",
        "1234567890" * 20,
        "a" * 5000,
        "ab" * 3000,
        "日" * 3000,
        "😀" * 500,
        "é" * 100 + "e\u0301" * 100,  # precomposed and combining forms
        "\r\n".join(["line"] * 200),
        "don't won't it's I'M WE'LL they'VE",
        "x" + "\u200b" * 50 + "y",  # zero-width spaces
        "\ufeffbyte order mark at the start",
        "￼ replacement \ufffd characters",
        "\x00\x01\x02 control characters \x7f",
    ]


@cache
def corpus() -> tuple[Doc, ...]:
    """At least 1,000 documents in named categories, the same every time in one environment."""
    rng = random.Random(20240601)
    docs: list[Doc] = []
    sources = _source_files()
    code = [t for t in (_read(p) for p in sources[::2]) if t.strip()][:450]
    docs.extend(("code", t) for t in code)
    prose: list[str] = []
    for t in code:
        prose.extend(_docstrings(t))
    for lic in sorted(Path(sysconfig.get_paths()["purelib"]).glob("*.dist-info/*LICEN[CS]E*")):
        if lic.is_file():
            prose.append(_read(lic))
    docs.extend(("english", t) for t in prose[:250] if t.strip())
    for _ in range(100):
        docs.append(
            (
                "json",
                json.dumps(_json_doc(rng), ensure_ascii=rng.random() < 0.3, indent=rng.choice([None, 2])),
            )
        )
    for _ in range(60):
        docs.append(("cjk", _mixed(rng, [_CJK, _HIRAGANA, _KATAKANA], rng.randint(20, 300), 0.0)))
    for _ in range(60):
        docs.append(("korean", _mixed(rng, [_HANGUL], rng.randint(20, 300), 0.05)))
    blocks = [_HANGUL, _CJK, _HIRAGANA, _KATAKANA, _CYRILLIC, _GREEK, _ARABIC, _DEVANAGARI, _THAI, _EMOJI]
    for _ in range(150):
        docs.append(("mixed", _mixed(rng, blocks, rng.randint(10, 400), 0.5)))
    for _ in range(60):
        docs.append(("special", _lookalike_doc(rng)))
    docs.extend(("edge", t) for t in _edge_cases())
    docs.append(("2mb", two_mb_document()))
    return tuple(docs)


@cache
def two_mb_document() -> str:
    """About 2 MB (UTF-8) of code, prose, JSON, CJK, Korean and lookalikes, interleaved."""
    rng = random.Random(7)
    blocks = [_HANGUL, _CJK, _CYRILLIC, _EMOJI]
    parts: list[str] = []
    size = 0
    sources = _source_files()
    i = 0
    while size < TWO_MB:
        piece = [
            _read(sources[i % len(sources)])[:4000],
            _mixed(rng, blocks, 200, 0.5),
            json.dumps(_json_doc(rng), ensure_ascii=False),
            _lookalike_doc(rng),
        ][i % 4]
        i += 1
        parts.append(piece)
        size += len(piece.encode("utf-8"))
    return "\n".join(parts)


# --- the reference --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiktoken_encode(tiktoken_offline: Path) -> Callable[[str, str], int]:
    import tiktoken

    encodings = {name: tiktoken.get_encoding(name) for name in ENCODINGS}

    def count(name: str, text: str) -> int:
        return len(encodings[name].encode_ordinary(text))

    return count


def test_corpus_is_large_and_varied() -> None:
    docs = corpus()
    assert len(docs) >= 1000
    kinds = Counter(kind for kind, _ in docs)
    for kind in ("code", "english", "json", "cjk", "korean", "mixed", "special", "edge", "2mb"):
        assert kinds[kind] >= 1, kind
    assert kinds["code"] >= 300
    assert kinds["english"] >= 100
    assert len(two_mb_document().encode("utf-8")) >= TWO_MB
    assert any("<|endoftext|>" in t for k, t in docs if k == "special")
    assert any("<|im_start|>" in t for k, t in docs if k == "special")


@pytest.mark.parametrize("name", ENCODINGS)
def test_counts_equal_tiktoken_on_the_corpus(name: str, tiktoken_encode: Callable[[str, str], int]) -> None:
    tok = get_tokenizer(name)
    assert "quicktok" in repr(tok), "the default backend should be the fastest one installed"
    mismatches = []
    for i, (kind, text) in enumerate(corpus()):
        ours = prompt_budget.count(text, tokenizer=name)
        theirs = tiktoken_encode(name, text)
        if ours != theirs:
            mismatches.append(
                f"#{i} {kind} ({len(text)} chars): ours {ours}, tiktoken {theirs}: {text[:60]!r}"
            )
    assert not mismatches, "\n".join(mismatches[:20])


@pytest.mark.parametrize("name", ENCODINGS)
def test_special_token_lookalikes_are_plain_text(
    name: str, tiktoken_encode: Callable[[str, str], int]
) -> None:
    text = "<|endoftext|>"
    # As plain text it is several tokens; as the special token it would be exactly 1.
    n = prompt_budget.count(text, tokenizer=name)
    assert n == tiktoken_encode(name, text)
    assert n > 1
    assert prompt_budget.count("<|im_start|>system<|im_end|>", tokenizer=name) > 3


# Lone surrogates come from JSON ("\\ud800" in a tool result) and from surrogateescape decoding; the
# Rust and C++ backends refuse such strings, tiktoken counts them as U+FFFD.
SURROGATES = [
    "a\ud800b",
    "\udcff",
    "tool said: \udc80\udc81 then stopped",
    "x\ud83d\ude00y",  # a pair, written as two escapes: the emoji
    "\ud83d" + "long text " * 40,  # over the LRU's minimum length, so the cached path too
]


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize("text", SURROGATES)
def test_lone_surrogates_count_as_tiktoken_counts_them(
    name: str, text: str, tiktoken_encode: Callable[[str, str], int]
) -> None:
    assert prompt_budget.count(text, tokenizer=name) == tiktoken_encode(name, text)
    assert get_tokenizer(name).encode(text) == tiktoken_offline_ids(name, text)


def tiktoken_offline_ids(name: str, text: str) -> list[int]:
    import tiktoken

    return list(tiktoken.get_encoding(name).encode_ordinary(text))


@pytest.mark.parametrize("name", ENCODINGS)
def test_encode_decode_round_trip_equals_tiktoken(name: str, tiktoken_offline: Path) -> None:
    import tiktoken

    ref = tiktoken.get_encoding(name)
    tok = get_tokenizer(name)
    for _, text in corpus()[::25]:
        ids = tok.encode(text)
        assert ids == ref.encode_ordinary(text)
        assert tok.decode(ids) == ref.decode(ids)


# --- forced backends --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENCODINGS)
def test_forced_backends(name: str, tiktoken_offline: Path) -> None:
    via_tiktoken = get_tokenizer(f"tiktoken:{name}")
    via_quicktok = get_tokenizer(f"quicktok:{name}")
    assert "via tiktoken" in repr(via_tiktoken)
    assert "via quicktok" in repr(via_quicktok)
    # Both keep the encoding's name: caches and baselines do not depend on the backend.
    assert via_tiktoken.name == via_quicktok.name == name
    assert via_tiktoken.exact
    assert via_quicktok.exact
    for _, text in corpus()[::10]:
        assert via_tiktoken.count(text) == via_quicktok.count(text)


def test_unknown_backend_or_encoding_is_a_config_error() -> None:
    with pytest.raises(prompt_budget.ConfigError, match="unknown tokenizer 'quicktok:p50k_base'"):
        get_tokenizer("quicktok:p50k_base")
    with pytest.raises(TokenizerUnavailable, match="unknown BPE backend 'nope'"):
        load_bpe("o200k_base", "nope")


# --- split_safe ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENCODINGS)
@pytest.mark.parametrize("max_chars", [1_000, 50_000])
def test_split_safe_keeps_counts_exact(name: str, max_chars: int) -> None:
    tok = load_bpe(name, "quicktok")
    text = two_mb_document()
    pieces = list(split_safe(text, max_chars))
    assert "".join(pieces) == text
    assert len(pieces) > len(text) // max_chars // 2  # it really split
    # Pieces stay near the limit (a stretch with no safe cut is the only excuse to go over).
    assert sum(len(p) > max_chars for p in pieces) <= len(pieces) // 20
    assert sum(tok.count(p) for p in pieces) == tok.count(text)


def test_split_safe_yields_an_uncuttable_stretch_whole() -> None:
    text = "x" * 10_000 + " tail"
    pieces = list(split_safe(text, 100))
    assert pieces == ["x" * 10_000, " tail"]


def test_split_safe_short_text_is_one_piece() -> None:
    assert list(split_safe("short text", 100)) == ["short text"]


@settings(max_examples=200, deadline=None)
@given(
    text=st.lists(
        st.sampled_from([*"ab AB\n\t.,'s1", "日", "한", "é", "\r\n", "<|endoftext|>", "  ", "\n\n"]),
        max_size=150,
    ).map("".join),
    max_chars=st.integers(min_value=2, max_value=40),
)
def test_split_safe_property(text: str, max_chars: int) -> None:
    tok = load_bpe("o200k_base", "quicktok")
    pieces = list(split_safe(text, max_chars))
    assert "".join(pieces) == text
    assert sum(tok.count(p) for p in pieces) == tok.count(text)


# --- adds_up: a file's count from its frontmatter's and its body's ---------------------------------

_PIECES = [*"ab AB\n\t.,'s1-/:#*", "日", "é", "\r", "\r\n", "\u00a0", "\u0301", "\u2028", "'ll", "  ", "---"]


@settings(max_examples=400, deadline=None)
@given(
    head=st.lists(st.sampled_from([*_PIECES, "\n---\n", "\n...\n"]), max_size=30).map("".join),
    close=st.sampled_from(["\n---\n", "\n...\n", "\n--- \n", "\n---\r\n"]),
    rest=st.lists(st.sampled_from([*_PIECES, "\n", "/", "\ufeff", "<|endoftext|>"]), max_size=30).map(
        "".join
    ),
)
def test_adds_up_only_where_the_counts_add_up(head: str, close: str, rest: str) -> None:
    prefix = "---\n" + head + close
    if adds_up(prefix, rest):
        for name in ENCODINGS:
            tok = load_bpe(name, "quicktok")
            assert tok.count(prefix) + tok.count(rest) == tok.count(prefix + rest)


@pytest.mark.parametrize("name", ENCODINGS)
def test_adds_up_is_refused_where_the_closing_line_joins_the_body(name: str) -> None:
    tok = load_bpe(name, "quicktok")
    prefix = "---\nname: a\n---\n"
    assert adds_up(prefix, "# Title\n")
    assert tok.adds_up(prefix, "# Title\n")
    # the closing line's piece takes the newlines after it: counted apart, the sum is off
    for rest in ("\nText", "\n\n\n\nText", "\r\n\r\nText", "/usr/bin"):
        assert not adds_up(prefix, rest)
    assert tok.count(prefix) + tok.count("\nText") != tok.count(prefix + "\nText")
    assert not adds_up("---\nname: a\n--- \n", "Text")  # not a bare closing line
    assert not adds_up("---\nname: a\n---", "\nText")  # no newline closing it


@pytest.mark.parametrize("name", ENCODINGS)
def test_a_backend_with_an_input_limit_counts_exactly(name: str) -> None:
    """A backend that refuses long inputs gets them in safe pieces; count and encode stay exact."""
    inner = load_bpe(name, "quicktok")
    seen: list[int] = []

    def limited_count(text: str) -> int:
        seen.append(len(text))
        return inner.count(text)

    limited = BPETokenizer(name, "limited", "0", inner.encode, inner.decode, limited_count, max_chars=20_000)
    text = two_mb_document()
    assert limited.count(text) == inner.count(text)
    assert max(seen) < 40_000
    assert len(seen) > 50
    sample = text[:200_000]
    assert limited.encode(sample) == inner.encode(sample)


# --- no backend installed ---------------------------------------------------------------------------

_BLOCKED = textwrap.dedent(
    """
    import sys
    for name in {blocked!r}:
        sys.modules[name] = None  # makes "import name" raise ImportError
    import prompt_budget
    try:
        prompt_budget.count("hello", tokenizer={spec!r})
    except prompt_budget.TokenizerUnavailable as exc:
        print("UNAVAILABLE:", exc)
    else:
        print("COUNTED")
    """
)


def _run_blocked(blocked: list[str], spec: str, env: dict[str, str] | None = None) -> str:
    code = _BLOCKED.format(blocked=blocked, spec=spec)
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stdout.strip()


@pytest.mark.parametrize("name", ENCODINGS)
def test_no_backend_says_which_extra_to_install(name: str) -> None:
    out = _run_blocked(["quicktok", "tiktoken"], name)
    assert out.startswith("UNAVAILABLE:"), out
    assert f"no exact backend for {name}" in out
    assert "pip install 'pytest-prompt-budget[fast]'" in out


def test_forced_quicktok_missing_says_so() -> None:
    out = _run_blocked(["quicktok"], "quicktok:o200k_base")
    assert out.startswith("UNAVAILABLE:"), out
    assert "pytest-prompt-budget[fast]" in out


def test_without_quicktok_tiktoken_is_used(tiktoken_offline: Path) -> None:
    import os

    env = dict(os.environ, TIKTOKEN_CACHE_DIR=str(tiktoken_offline))
    assert _run_blocked(["quicktok"], "o200k_base", env) == "COUNTED"


def test_tiktoken_without_its_files_says_how_to_fix(tmp_path: Path) -> None:
    import os

    # No cache files, and every download goes to a closed local port: tiktoken fails fast, offline.
    env = dict(
        os.environ,
        TIKTOKEN_CACHE_DIR=str(tmp_path),
        HTTPS_PROXY="http://127.0.0.1:9",
        HTTP_PROXY="http://127.0.0.1:9",
        https_proxy="http://127.0.0.1:9",
        http_proxy="http://127.0.0.1:9",
        NO_PROXY="",
        no_proxy="",
    )
    out = _run_blocked(["quicktok"], "o200k_base", env)
    assert out.startswith("UNAVAILABLE: tiktoken could not load the o200k_base encoding"), out
    assert "TIKTOKEN_CACHE_DIR" in out
    assert "pytest-prompt-budget[fast]" in out


def test_a_loaded_encoding_is_never_freed() -> None:
    """Freeing o200k_base's tables at exit took a tenth of their load time, on the critical path of
    every command that counts: the encoding keeps one reference the process never drops."""
    import quicktok

    from prompt_budget.tokenizers import bpe

    enc = quicktok.get_encoding("o200k_base")
    before = sys.getrefcount(enc)
    functions = bpe._functions("o200k_base", "quicktok")
    del functions
    assert sys.getrefcount(enc) == before + 1
