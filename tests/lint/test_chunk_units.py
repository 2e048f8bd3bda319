"""Chunk sizes given under a key the project's chunker reads into a splitter measuring tokens, written
in other modules (``prompt_budget.lint.chunk_units``; set 25: kiln-ai)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import package_rows

CHUNKER = (
    "from llama_index.core.node_parser import SentenceSplitter\n\n"
    "class Chunker:\n"
    "    def __init__(self, cfg):\n"
    '        self.splitter = SentenceSplitter(chunk_size=cfg["chunk_size"], chunk_overlap=cfg["chunk_overlap"])\n'
)
TESTS = (
    'CONFIG = {"chunk_size": 512, "chunk_overlap": 64}\n\n'
    '@pytest.mark.parametrize("chunk_size,expected", [(256, 2), (1024, 1)])\n'
    "def test_split(chunk_size, expected): ...\n"
)


def test_sizes_of_a_token_chunker_in_other_modules_are_reported(tmp_path: Path) -> None:
    got = package_rows(tmp_path, {"chunker.py": CHUNKER, "test_chunker.py": TESTS})
    assert got == [
        ("test_chunker.py", 1, "PB102", 64),
        ("test_chunker.py", 1, "PB102", 512),
        ("test_chunker.py", 3, "PB102", 256),
        ("test_chunker.py", 3, "PB102", 1024),
    ]


def test_a_key_also_read_into_a_character_splitter_is_not_reported(tmp_path: Path) -> None:
    other = (
        "from langchain.text_splitter import RecursiveCharacterTextSplitter\n\n"
        'def split(cfg):\n    return RecursiveCharacterTextSplitter(chunk_size=cfg["chunk_size"])\n'
    )
    got = package_rows(tmp_path, {"chunker.py": CHUNKER, "other.py": other, "test_chunker.py": TESTS})
    assert [g for g in got if g[3] in {512, 256, 1024}] == []
