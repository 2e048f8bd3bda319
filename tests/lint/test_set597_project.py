"""Set 597 (issue 19), decided over the whole run: a chunk setting's bounds and fallbacks in other modules, where the
project's chunker documents that setting's default in tokens (``chunk_units``; ai4rag's ``ChunkingConstraints`` and
its experiment's ``kwargs.get(Names.CHUNK_SIZE, 512)``), and a dict's entries keyed by a parameter whose default the
project reports as a token budget (``keyed_entries``; solvent-agent's jobs)."""

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


def _chunk_files(unit: str) -> dict[str, str]:
    return {
        "__init__.py": "",
        "chunker.py": CHUNKER.format(unit=unit),
        "constants.py": CONSTANTS,
        "experiment.py": EXPERIMENT,
    }


def test_chunk_bounds_and_fallbacks_of_a_chunker_documented_in_tokens_are_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, _chunk_files("tokens"))
    lines = reported_lines(found, "PB102")
    assert ("pkg/constants.py", 6) in lines
    assert ("pkg/constants.py", 7) in lines
    assert ("pkg/experiment.py", 5) in lines
    message = next(f.message for f in found if f.path == "pkg/constants.py" and f.line == 6)
    assert "takes `chunk_size` as a token budget" in message


def test_chunk_bounds_of_a_chunker_documented_in_lines_are_not(tmp_path: Path) -> None:
    lines = reported_lines(lint_package(tmp_path, _chunk_files("lines")), "PB102")
    assert not [line for line in lines if line[0] in {"pkg/constants.py", "pkg/experiment.py"}]


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
