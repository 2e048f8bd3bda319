"""Set 597 (issue 19), decided over the whole run: a chunk setting's fallback read under a constant naming a key that
a splitter measuring tokens reads (``chunk_units._literal_of``; ai4rag's ``kwargs.get(Names.CHUNK_SIZE, 512)``), a
chunk setting's bounds read beside their chunker only (the session's corpus check), and a dict's entries keyed by a
parameter whose default the project reports as a token budget (``keyed_entries``; solvent-agent's jobs)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, reported_lines

CHUNKER = (
    "class LangChainChunker:\n"
    "    def __init__(self, chunk_size: int = 2048, chunk_overlap: int = 256) -> None:\n"
    '        """Split documents.\n'
    "\n"
    "        Args:\n"
    "            chunk_size: the maximum number of {unit} in a chunk.\n"
    '        """\n'
    "        self.chunk_size = chunk_size\n"
    "        self.chunk_overlap = chunk_overlap\n"
)
CONSTANTS = (
    "class ParamNames:\n"
    '    CHUNK_SIZE = "chunk_size"\n'
    "\n"
    "\n"
    "class ChunkingConstraints:\n"
    "    MIN_CHUNK_SIZE = 128\n"
    "    MAX_CHUNK_SIZE = 2048\n"
)
EXPERIMENT = (
    "from pkg.constants import ParamNames\n"
    "\n"
    "\n"
    "def params(**kwargs):\n"
    '    return {"chunk_size": kwargs.get(ParamNames.CHUNK_SIZE, 512), "method": "recursive"}\n'
)
SPLITTER = (
    "from langchain_text_splitters import TokenTextSplitter\n"
    "\n"
    "\n"
    "def split(text, cfg):\n"
    '    return TokenTextSplitter(chunk_size=cfg["chunk_size"]).split_text(text)\n'
)


def test_a_fallback_read_under_a_constant_naming_a_token_splitters_key_is_reported(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "constants.py": CONSTANTS,
        "experiment.py": EXPERIMENT,
        "splitter.py": SPLITTER,
    }
    found = lint_package(tmp_path, files)
    assert reported_lines(found, "PB102") == [("pkg/experiment.py", 5)]
    assert "gives `chunk_size` to a splitter measuring tokens" in found[0].message


def test_chunk_bounds_in_another_module_than_the_chunker_are_not_read(tmp_path: Path) -> None:
    """A bound named for a setting is read beside its chunker only: across modules the corpus check found a
    project's other chunkers' settings in characters and bytes under the same names (the session's corpus check)."""
    files = {"__init__.py": "", "chunker.py": CHUNKER.format(unit="tokens"), "constants.py": CONSTANTS}
    assert reported_lines(lint_package(tmp_path, files), "PB102") == [("pkg/chunker.py", 2)]


CHAR_CHUNKER = (
    "from langchain_text_splitters import RecursiveCharacterTextSplitter\n"
    "\n"
    "\n"
    "class CharLimits:\n"
    "    MAX_CHUNK_SIZE = 4000\n"
    "\n"
    "\n"
    "def split(text, chunk_size):\n"
    "    size = min(chunk_size, CharLimits.MAX_CHUNK_SIZE)\n"
    "    return RecursiveCharacterTextSplitter(chunk_size=size).split_text(text)\n"
)


def test_chunk_bounds_in_a_module_splitting_by_characters_are_not(tmp_path: Path) -> None:
    """The session's review: a bound named for the setting, in a module handing sizes to a splitter by characters."""
    files = {"__init__.py": "", "chunker.py": CHUNKER.format(unit="tokens"), "chars.py": CHAR_CHUNKER}
    assert reported_lines(lint_package(tmp_path, files), "PB102") == [("pkg/chunker.py", 2)]


QUOTE = (
    "def quote(topic: str, est_tokens: int = 8_000) -> dict:\n"
    '    return {"topic": topic, "est_tokens": est_tokens}\n'
)
JOBS = 'REFERENCE_JOB = {\n    "est_tokens": 9_000,\n    "market_data_calls": 2,\n}\n'


def test_entries_keyed_by_a_parameter_whose_default_is_a_budget_are_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "quote.py": QUOTE, "jobs.py": JOBS})
    assert reported_lines(found, "PB102") == [("pkg/jobs.py", 2), ("pkg/quote.py", 1)]
    message = next(f.message for f in found if f.path == "pkg/jobs.py")
    assert "the parameter whose default `est_tokens=8000` is a token budget (at pkg/quote.py:1)" in message


def test_entries_under_a_key_no_function_takes_are_not(tmp_path: Path) -> None:
    quote = QUOTE.replace("est_tokens: int = 8_000", "est_calls: int = 8")
    found = lint_package(tmp_path, {"__init__.py": "", "quote.py": quote, "jobs.py": JOBS})
    assert reported_lines(found, "PB102") == []
