"""``calibrated:o200k_base`` / ``calibrated:cl100k_base``: the encoding's first N merges, in pure Python.

The oracle is tiktoken itself: ``tiktoken.Encoding`` built from the official pre-tokenizer pattern
(``tiktoken_ext.openai_public``) and the first N ranks of tiktoken's own vocabulary files (as shipped
gzipped in bpe-openai), read here independently of the module under test. Its counts must equal ours,
and the full vocabulary's (the exact count) must never be above them.
"""

from __future__ import annotations

import base64
import gzip
import json
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from multilingual import SAMPLES

from prompt_budget.errors import TokenizerUnavailable
from prompt_budget.tokenizers import get_tokenizer, prefix_bpe
from prompt_budget.tokenizers.prefix_bpe import PrefixBPE, split

tiktoken = pytest.importorskip("tiktoken")
bpe_openai = pytest.importorskip("bpe_openai")

ENCODINGS = ("o200k_base", "cl100k_base")


def official_ranks(name: str) -> dict[bytes, int]:
    path = Path(bpe_openai.__file__).parent / "data" / f"{name}.tiktoken.gz"
    ranks: dict[bytes, int] = {}
    with gzip.open(path, "rt", encoding="ascii") as fh:
        for line in fh:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def official_pattern(name: str) -> str:
    from tiktoken_ext import openai_public

    with mock.patch.object(openai_public, "load_tiktoken_bpe", return_value={}):
        return str(getattr(openai_public, name)()["pat_str"])


class Oracle:
    def __init__(self, name: str) -> None:
        self.ours = PrefixBPE(name)
        full = official_ranks(name)
        self.first_n = {t: r for t, r in full.items() if r < self.ours.merges}
        pat = official_pattern(name)
        self.truncated = tiktoken.Encoding(
            f"{name}-first-n", pat_str=pat, mergeable_ranks=self.first_n, special_tokens={}
        )
        self.exact = tiktoken.Encoding(f"{name}-full", pat_str=pat, mergeable_ranks=full, special_tokens={})

    def check(self, text: str, *, same_cut: bool = True) -> None:
        ours = self.ours.count(text)
        exact = len(self.exact.encode_ordinary(text))
        assert ours >= exact, (text[:80], ours, exact)
        if same_cut:
            assert ours == len(self.truncated.encode_ordinary(text)), text[:80]


@pytest.fixture(scope="module", params=ENCODINGS)
def oracle(request: pytest.FixtureRequest) -> Oracle:
    return Oracle(request.param)


def real_texts() -> Iterator[str]:
    yield from SAMPLES
    yield "".join(SAMPLES)
    yield Path(json.__file__).read_text(encoding="utf-8")  # Python
    data = Path(__file__).parent / "data"
    for path in sorted(data.glob("*.json"))[:3]:
        yield path.read_text(encoding="utf-8")[:20_000]  # JSON
    docs = Path(__file__).parents[2] / "docs"
    for path in sorted(docs.glob("*.md"))[:4]:
        yield path.read_text(encoding="utf-8")  # Markdown
    # long pieces (the heap path): unbroken CJK, Hangul and Arabic runs, a long word, long white space
    yield "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳云腾致雨露结为霜" * 12
    yield "키스의고유조건은입술끼리만나야하고특별한기술은필요치않다" * 10
    yield "أناقادرعلىأكلالزجاجوهذالايؤلمني" * 10
    yield "a" * 3000 + " " + "ab" * 700 + "\n" * 300 + " " * 500 + "x"
    yield "\t \u3000\u00a0 \r\n" * 80 + "end"
    # a sample of the Basic Multilingual Plane below U+3000 (assigned characters: see below)
    yield "".join(chr(c) for c in range(0x20, 0x3000, 7) if unicodedata.category(chr(c)) != "Cn")
    yield "It's they'RE we'll I'd you've 'S 'sx don't Ǆ'll"


def test_counts_equal_tiktoken_with_the_same_ranks_and_never_fall_below_the_exact_count(
    oracle: Oracle,
) -> None:
    for text in real_texts():
        oracle.check(text)


def test_the_shipped_vocabulary_is_the_encodings_first_n_tokens(oracle: Oracle) -> None:
    assert oracle.ours.ranks == oracle.first_n
    assert oracle.ours.merges in (88_000, 72_000)


def test_the_pieces_are_the_official_pre_tokenizers() -> None:
    regex = pytest.importorskip("regex")  # tiktoken's own dependency: the official pattern as written
    for name in ENCODINGS:
        official = regex.compile(official_pattern(name))
        for text in real_texts():
            assert split(text, name) == official.findall(text), (name, text[:60])


def test_empty_text_is_zero_and_any_other_text_at_least_one() -> None:
    for name in ENCODINGS:
        tok = get_tokenizer(f"calibrated:{name}")
        assert tok.count("") == 0
        assert tok.count(" ") == 1
        assert tok.exact is False
        assert f"upper bound: {name}'s first" in repr(tok)


def test_repeated_counts_are_the_same_once_pieces_are_cached() -> None:
    tok = PrefixBPE("o200k_base")
    text = "".join(SAMPLES) * 3
    first = tok.count(text)
    assert tok.count(text) == first
    tok._cache = dict(tok._seed)  # a cold cache gives the same count
    assert tok.count(text) == first


# Characters Python's Unicode tables have not assigned (category Cn) may be letters or numbers to the
# encodings' newer regex engine: they are cut differently (checked for the bound below), so the texts
# compared piece for piece leave them out.
_ASSIGNED = st.characters(exclude_categories=("Cs", "Cn"))
_PARTS = st.sampled_from(
    [" ", "  ", "\n", "\r\n", "\t", "'s", "'LL", "123", "4567", "a", "A", "É", "ǅ", "ʰ", "ª", "\u0301", "中", "한",
     "😀", "𝐀", "𝐚", "𠀀", "\U000e0101", "/", "...", "—", "\u3000", "\x85", "\x1c"]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.lists(st.one_of(_PARTS, st.text(_ASSIGNED, max_size=12)), max_size=40).map("".join))
def test_generated_text_counts_as_tiktoken_does(oracle: Oracle, text: str) -> None:
    oracle.check(text)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=st.lists(
        st.one_of(_PARTS, st.text(st.characters(exclude_categories=("Cs",)), max_size=12)), max_size=40
    ).map("".join)
)
def test_the_bound_holds_with_characters_unassigned_in_pythons_unicode(oracle: Oracle, text: str) -> None:
    oracle.check(text, same_cut=False)


def test_the_bound_holds_on_characters_the_encodings_read_as_letters_and_python_does_not(
    oracle: Oracle,
) -> None:
    regex = pytest.importorskip("regex")
    newer = regex.compile(r"[\p{L}\p{N}\p{M}]")
    odd = [
        chr(c)
        for c in [*range(0x300, 0x10000), *range(0x10000, 0x323B0, 53)]
        if not 0xD800 <= c < 0xE000 and unicodedata.category(chr(c)) == "Cn" and newer.match(chr(c))
    ]
    assert odd  # the Unicode of the regex engine is newer than Python's
    for c in odd:
        for text in (f"abc{c}def {c}{c} x{c}1", f" {c}{c}{c}", f"Пример{c}тест", f"日本{c}語", f"{c}'s ok"):
            oracle.check(text, same_cut=False)


@pytest.fixture
def fresh_load() -> Iterator[None]:
    prefix_bpe.load_ranks.cache_clear()
    prefix_bpe._whole_tokens.cache_clear()
    yield
    prefix_bpe.load_ranks.cache_clear()
    prefix_bpe._whole_tokens.cache_clear()


def _files_in(folder: Path) -> Any:
    return lambda _package: folder


@pytest.mark.usefixtures("fresh_load")
@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "is missing from this install"),
        (b"not gzip at all", "is damaged"),
        (gzip.compress(b"hello\nworld"), "is not a prompt-budget-prefix-vocabulary/1 file"),
        (gzip.compress(b"prompt-budget-prefix-vocabulary/1 o200k_base 300\n" + bytes(300)), "is not a"),
        (
            gzip.compress(b"prompt-budget-prefix-vocabulary/1 cl100k_base 256\n" + b"\x01" * 512),
            "for o200k_base",
        ),
    ],
    ids=["missing", "not-gzip", "no-header", "empty-tokens", "other-encoding"],
)
def test_a_missing_or_damaged_vocabulary_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes | None, says: str
) -> None:
    folder = tmp_path / "data" / "prefix"
    folder.mkdir(parents=True)
    if content is not None:
        (folder / "o200k_base.bin.gz").write_bytes(content)
    monkeypatch.setattr(prefix_bpe.resources, "files", _files_in(tmp_path))
    with pytest.raises(TokenizerUnavailable) as info:
        PrefixBPE("o200k_base")
    message = str(info.value)
    assert "prompt_budget/data/prefix/o200k_base.bin.gz" in message
    assert says in message
    assert "reinstall" in message


def test_a_damaged_vocabulary_through_the_cli_is_a_message_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_load: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_budget.cli import main
    from prompt_budget.tokenizers import _REGISTRY

    (tmp_path / "data" / "prefix").mkdir(parents=True)
    (tmp_path / "data" / "prefix" / "cl100k_base.bin.gz").write_bytes(b"\x1f\x8bbroken")
    (tmp_path / "p.md").write_text("hello\n", encoding="utf-8")
    monkeypatch.setattr(prefix_bpe.resources, "files", _files_in(tmp_path))
    monkeypatch.delitem(_REGISTRY, "calibrated:cl100k_base", raising=False)
    monkeypatch.chdir(tmp_path)
    code = main(["count", "--tokenizer", "calibrated:cl100k_base", "p.md"])
    out = capsys.readouterr()
    assert code == 2, out
    assert "Traceback" not in out.err
    assert "cl100k_base.bin.gz is damaged" in out.err
