"""Sets 93 and 94 (issue 19), the project-wide half of ``factory_receivers`` (PB102; set 94:
nexus-agent-memory): a literal passed to a method of an instance made by a factory another module
defines, annotated to return the class whose default of that parameter is a token budget, overrides it."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

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


def _found(findings: list, code: str) -> list[tuple[str, int]]:
    return sorted((f.path, f.line) for f in findings if f.code == code and f.suppressed is None)


def test_a_literal_passed_through_an_imported_factory_overrides_the_budget(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "local.py": LOCAL, "core.py": CORE})
    assert _found(found, "PB102") == [("pkg/core.py", 8), ("pkg/local.py", 2)]


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
        assert _found(found, "PB102") == [("pkg/local.py", 2)]


def test_a_parameter_counting_lines_is_not_overridden(tmp_path: Path) -> None:
    local = (
        "class OllamaClient:\n    def summarize(self, content: str, max_lines: int = 300):\n"
        '        return "\\n".join(content.splitlines()[:max_lines])\n\n'
        "def get_client() -> OllamaClient:\n    return OllamaClient()\n"
    )
    core = CORE.replace("max_length", "max_lines")
    assert (
        _found(lint_package(tmp_path, {"__init__.py": "", "local.py": local, "core.py": core}), "PB102") == []
    )
