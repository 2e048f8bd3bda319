"""A constant of a module imported whole, read as ``module.CONSTANT`` in the default of a parameter given
as a chunk size to a splitter measuring tokens (set 65: benchmark-qed's ``chunk_size: int =
dfs.CHUNK_SIZE`` ... ``TokenTextSplitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap)``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import init_package_rows

_DEFAULTS = "CHUNK_SIZE = 600\nCHUNK_OVERLAP = 100\nNUM_CLUSTERS = 50\n"


def test_a_constant_defaulting_a_token_splitters_chunk_size_is_reported(tmp_path: Path) -> None:
    got = init_package_rows(
        tmp_path,
        {
            "defaults.py": _DEFAULTS,
            "sample.py": (
                "import pkg.defaults as dfs\nfrom splitters import TokenTextSplitter\n\n"
                "def sample(docs, num_clusters: int = dfs.NUM_CLUSTERS, chunk_size: int = dfs.CHUNK_SIZE,"
                " chunk_overlap: int = dfs.CHUNK_OVERLAP):\n"
                "    splitter = TokenTextSplitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap)\n"
                "    return cluster(splitter.split(docs), num_clusters, seed=42)\n"
            ),
        },
    )
    assert got == [("pkg/defaults.py", 1, "PB102", 600), ("pkg/defaults.py", 2, "PB102", 100)]


def test_a_constant_defaulting_a_character_splitters_chunk_size_is_not(tmp_path: Path) -> None:
    got = init_package_rows(
        tmp_path,
        {
            "defaults.py": _DEFAULTS,
            "sample.py": (
                "import pkg.defaults as dfs\nfrom splitters import CharacterTextSplitter\n\n"
                "def sample(docs, chunk_size: int = dfs.CHUNK_SIZE, chunk_overlap: int = dfs.CHUNK_OVERLAP):\n"
                "    splitter = CharacterTextSplitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap)\n"
                "    return splitter.split(docs[2:])\n"
            ),
        },
    )
    assert got == []
