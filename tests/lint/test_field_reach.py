"""Class fields whose attribute another module reads into a token budget (``prompt_budget.lint.field_reach``;
set 51: haiku-rag's ``ProcessingConfig.chunk_size``, readmeai's ``ModelSettings.tokens``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, package_rows, rows

SETTINGS = (
    "from pydantic import BaseModel, Field\n\n"
    "class ProcessingConfig(BaseModel):\n    chunk_size: int = Field(default=256, gt=0)\n\n"
    "class ModelSettings(BaseModel):\n    tokens: int = Field(default=699, le=2048)\n"
)
CHUNKER = (
    "class Chunker:\n    def __init__(self, config):\n"
    "        self.chunk_size = config.processing.chunk_size\n"
    "        self.tok = HuggingFaceTokenizer(tokenizer=hf, max_tokens=self.chunk_size)\n"
)
MODEL = "class Handler:\n    def __init__(self, config):\n        self.max_tokens = config.llm.tokens\n"


def test_fields_read_into_a_budget_elsewhere_are_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"settings.py": SETTINGS, "chunker.py": CHUNKER, "model.py": MODEL})
    assert rows(found) == [
        ("settings.py", 4, "PB102", 256),
        ("settings.py", 7, "PB102", 699),
    ]
    chunk = next(f for f in found if f.value == 256)
    assert "`ProcessingConfig.chunk_size`" in chunk.message
    assert "`max_tokens=` of `HuggingFaceTokenizer` at pkg/chunker.py:4" in chunk.message
    assert chunk.fixable


def test_a_field_name_of_two_classes_is_not_reported(tmp_path: Path) -> None:
    splitter = "class TextSplitter:\n    chunk_size: int = 1000  # characters\n"
    files = {"settings.py": SETTINGS, "chunker.py": CHUNKER, "splitter.py": splitter}
    assert package_rows(tmp_path, files) == []


def test_reads_in_tests_and_reads_not_given_to_a_budget_are_not_taken(tmp_path: Path) -> None:
    test = "def test_chunks(config):\n    assert run(max_tokens=config.processing.chunk_size)\n"
    other = (
        "def show(config):\n    print(config.llm.tokens)\n    return pad(size=config.processing.chunk_size)\n"
    )
    files = {"settings.py": SETTINGS, "test_chunks.py": test, "show.py": other}
    assert package_rows(tmp_path, files) == []
