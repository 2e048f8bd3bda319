"""Sets 93 and 94 (issue 19), the project-wide halves (PB102): a literal passed to a method of an instance
made by a factory another module defines, annotated to return the class whose default of that parameter
is a token budget, overrides it (``factory_receivers``; set 94: nexus-agent-memory); a config field named
as the trigger of a compaction that another module orders against a count of tokens is a threshold of
tokens (``compared_fields``; set 93: tack-agent)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, reported_lines

LOCAL = (
    "class OllamaClient:\n    def summarize(self, content: str, max_length: int = 300):\n"
    '        """Summarize.\n\n        Args:\n            max_length: Maximum summary length in tokens\n'
    '        """\n        return self.post({"options": {"num_predict": max_length}})\n\n'
    "def get_client() -> OllamaClient:\n    return OllamaClient()\n"
)
CORE = (
    "try:\n    from .local import get_client as _get_llm_client\nexcept ImportError:\n"
    "    _get_llm_client = lambda: None\n\n"
    "def save(content):\n    client = _get_llm_client()\n    return client.summarize(content, max_length=200)\n"
)


def test_a_literal_passed_through_an_imported_factory_overrides_the_budget(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "local.py": LOCAL, "core.py": CORE})
    assert reported_lines(found, "PB102") == [("pkg/core.py", 8), ("pkg/local.py", 2)]


def test_a_factory_of_another_class_or_not_annotated_resolves_nothing(tmp_path: Path) -> None:
    for i, local in enumerate(
        (
            LOCAL.replace("-> OllamaClient:", ":"),
            LOCAL.replace("-> OllamaClient:", "-> Session:"),
        )
    ):
        root = tmp_path / str(i)
        root.mkdir()
        found = lint_package(root, {"__init__.py": "", "local.py": local, "core.py": CORE})
        assert reported_lines(found, "PB102") == [("pkg/local.py", 2)]


def test_a_parameter_counting_lines_is_not_overridden(tmp_path: Path) -> None:
    local = (
        "class OllamaClient:\n    def summarize(self, content: str, max_lines: int = 300):\n"
        '        return "\\n".join(content.splitlines()[:max_lines])\n\n'
        "def get_client() -> OllamaClient:\n    return OllamaClient()\n"
    )
    core = CORE.replace("max_length", "max_lines")
    assert (
        reported_lines(
            lint_package(tmp_path, {"__init__.py": "", "local.py": local, "core.py": core}), "PB102"
        )
        == []
    )


CONFIG = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Config:\n    compact_threshold: int = 40_000\n"
)
LOOP = (
    "from pkg.config import Config\n\n"
    "def step(config: Config, last_input_tokens: int) -> int:\n"
    "    if last_input_tokens > config.compact_threshold:\n        return 1\n    return 0\n"
)
FALLBACK = (
    "def compact(config, input_tokens, threshold=None):\n"
    "    threshold = threshold if threshold is not None else config.compact_threshold\n"
    "    if input_tokens < threshold:\n        return None\n    return []\n"
)


def test_a_compaction_trigger_another_module_compares_with_tokens_is_reported(tmp_path: Path) -> None:
    for i, loop in enumerate((LOOP, FALLBACK)):
        root = tmp_path / str(i)
        root.mkdir()
        found = lint_package(root, {"__init__.py": "", "config.py": CONFIG, "loop.py": loop})
        assert reported_lines(found, "PB102") == [("pkg/config.py", 5)]


def test_a_trigger_compared_with_something_else_or_a_generic_field_is_not(tmp_path: Path) -> None:
    others = (
        LOOP.replace("last_input_tokens", "n_messages"),
        LOOP.replace("last_input_tokens >", "len(text) >"),
        LOOP.replace("config.compact_threshold", "self.compact_threshold"),
    )
    generic = CONFIG.replace("compact_threshold", "block_size")
    cases = [(CONFIG, o) for o in others] + [(generic, LOOP.replace("compact_threshold", "block_size"))]
    for i, (config, loop) in enumerate(cases):
        root = tmp_path / str(i)
        root.mkdir()
        found = lint_package(root, {"__init__.py": "", "config.py": config, "loop.py": loop})
        assert reported_lines(found, "PB102") == []
