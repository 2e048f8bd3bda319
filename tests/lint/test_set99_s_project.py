"""Sets 99 and 100 (issue 19), the project-wide half of PB102 (tuner S): a constructor's parameter handed
to another module's class under another keyword or through its copy on ``self``, and an imported
constant that is a parameter's default handed so, where that class's parameter is a token budget by its
own data flow (``handed_params``; set 99: raglib's ``GraphContextWindow`` and facade handing
``chunk_size`` / ``chunk_overlap`` to ``ChunkSplitter``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, lint_tree, reported_lines

SPLITTER = (
    "class Splitter:\n"
    "    def __init__(self, chunk_size=400, overlap=50):\n"
    "        self._chunk_size = chunk_size\n"
    "        self._overlap = overlap\n\n"
    "    def split(self, parts):\n"
    "        counts = [count_tokens(part) for part in parts]\n"
    "        total_tokens, overlap_tokens = 0, 0\n"
    "        for n in counts:\n"
    "            if total_tokens + n > self._chunk_size:\n"
    "                break\n"
    "            total_tokens += n\n"
    "        while overlap_tokens < self._overlap:\n"
    "            overlap_tokens += counts.pop()\n"
    "        return total_tokens\n"
)
ENGINE = (
    "from .splitter import Splitter\n\n\n"
    "class Engine:\n"
    "    def __init__(self, chunk_size: int = 180, chunk_overlap: int = 25):\n"
    "        self._chunk_size = chunk_size\n"
    "        self._chunk_overlap = min(chunk_overlap, max(0, chunk_size - 1))\n"
    "        self._splitter = Splitter(chunk_size=self._chunk_size, overlap=self._chunk_overlap)\n"
)
CONSTANTS = "DEFAULT_TOP_K = 5\nDEFAULT_CHUNK_SIZE = 400\nDEFAULT_CHUNK_OVERLAP = 50\n"
FACADE = (
    "from .constants import DEFAULT_CHUNK_OVERLAP, DEFAULT_CHUNK_SIZE, DEFAULT_TOP_K\n"
    "from .splitter import Splitter\n\n\n"
    "class Facade:\n"
    "    def __init__(self, top_k=DEFAULT_TOP_K, chunk_size=DEFAULT_CHUNK_SIZE, chunk_overlap=DEFAULT_CHUNK_OVERLAP):\n"
    "        self.top_k = top_k\n"
    "        self._splitter = Splitter(chunk_size=chunk_size, overlap=chunk_overlap)\n"
)


def test_a_parameter_handed_through_self_or_another_keyword_to_a_token_budget(tmp_path: Path) -> None:
    files = {"__init__.py": "", "splitter.py": SPLITTER, "engine.py": ENGINE}
    found = reported_lines(lint_package(tmp_path, files), "PB102")
    assert ("pkg/engine.py", 5) in found
    assert found.count(("pkg/engine.py", 5)) == 2  # chunk_size and chunk_overlap, on one line
    assert ("pkg/splitter.py", 2) in found


def test_an_imported_constant_default_handed_to_a_token_budget(tmp_path: Path) -> None:
    files = {"__init__.py": "", "splitter.py": SPLITTER, "constants.py": CONSTANTS, "facade.py": FACADE}
    found = reported_lines(lint_package(tmp_path, files), "PB102")
    assert ("pkg/constants.py", 2) in found
    assert ("pkg/constants.py", 3) in found
    assert ("pkg/constants.py", 1) not in found  # ``top_k`` is handed to no budget


@pytest.mark.parametrize(
    "unit", ["lines", "messages", "chars", "bytes", "seconds", "memory", "cost", "price"]
)
def test_a_callee_whose_parameter_counts_no_tokens_is_quiet(tmp_path: Path, unit: str) -> None:
    """The splitter measures its parts in another unit: neither its defaults nor what is handed to
    them are token budgets."""
    splitter = SPLITTER.replace("count_tokens", f"count_{unit}").replace("_tokens", f"_{unit}")
    files = {
        "__init__.py": "",
        "splitter.py": splitter,
        "engine.py": ENGINE,
        "constants.py": CONSTANTS,
        "facade.py": FACADE,
    }
    assert reported_lines(lint_package(tmp_path, files), "PB102") == []


def test_a_value_handed_to_a_callee_of_the_module_or_not_copied_from_the_parameter(tmp_path: Path) -> None:
    engine = (
        "from .splitter import Splitter\n\n\n"
        "class Engine:\n"
        "    def __init__(self, chunk_size: int = 180, chunk_overlap: int = 25):\n"
        "        self._chunk_size = compute(chunk_size)\n"
        "        self._splitter = Splitter(chunk_size=self._chunk_size)\n"
    )
    files = {"__init__.py": "", "splitter.py": SPLITTER, "engine.py": engine}
    found = reported_lines(lint_package(tmp_path, files), "PB102")
    assert ("pkg/engine.py", 5) not in found


def test_another_project_of_one_run_is_not_joined(tmp_path: Path) -> None:
    """A run over two packages: the one's facade hands its constant to its own splitter; the other
    package's module of that name binding a constant of that name (an audio chunk) is not reported, nor
    the other package's engine handing its size to a class of that name it imports from elsewhere."""
    engine = ENGINE.replace("from .splitter import Splitter", "from audio import Splitter")
    files = {
        "a/__init__.py": "",
        "a/splitter.py": SPLITTER,
        "a/constants.py": CONSTANTS,
        "a/facade.py": FACADE,
        "b/__init__.py": "",
        "b/constants.py": "DEFAULT_CHUNK_SIZE = 3200\n",
        "b/engine.py": engine,
    }
    found = reported_lines(lint_tree(tmp_path, files, ("PB102",)), "PB102")
    assert ("a/constants.py", 2) in found
    assert [f for f in found if f[0].startswith("b/")] == []
