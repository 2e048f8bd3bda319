"""PB109's project-wide pass sees a module that shows only that the package serves another provider: no
tiktoken call and no budget word in it, so the pre-check must still let it be parsed (set 37: phospho's
``lab/language_models.py`` routing to Mistral's API, whose prompts ``phospho/utils.py`` counts with
cl100k)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_tree

_FITS = (
    "def fits_in_context_window(prompt: str, context_window_size: int) -> bool:\n"
    "    import tiktoken\n\n"
    '    encoding = tiktoken.get_encoding("cl100k_base")\n'
    "    return len(encoding.encode(prompt)) <= context_window_size\n"
)
_MISTRAL = (
    "from openai import OpenAI\n\n\ndef client(provider: str) -> OpenAI:\n"
    '    if provider == "mistral":\n        return OpenAI(base_url="https://api.mistral.ai/v1/")\n'
    "    return OpenAI()\n"
)
_OPENAI_ONLY = (
    "from openai import OpenAI\n\n\ndef client(provider: str) -> OpenAI:\n"
    '    if provider == "azure":\n        return OpenAI(base_url="https://example.azure.com/")\n'
    "    return OpenAI()\n"
)


def _pb109(tmp_path: Path, files: dict[str, str], select: tuple[str, ...]) -> set[str]:
    return {f"{f.path}:{f.line}" for f in lint_tree(tmp_path, files, select) if f.code == "PB109"}


def _package(models: str) -> dict[str, str]:
    """A package counting with cl100k in ``pkg/utils.py`` whose ``pkg/lab/models.py`` is ``models``."""
    return {
        "pkg/__init__.py": "",
        "pkg/utils.py": _FITS,
        "pkg/lab/__init__.py": "",
        "pkg/lab/models.py": models,
    }


def test_a_module_routing_to_another_provider_is_seen_by_the_project_pass(tmp_path: Path) -> None:
    for select in (("PB",), ("PB109",)):
        assert _pb109(tmp_path, _package(_MISTRAL), select) == {"pkg/utils.py:4"}


def test_a_package_routing_to_openai_alone_is_not_reported(tmp_path: Path) -> None:
    assert _pb109(tmp_path, _package(_OPENAI_ONLY), ("PB",)) == set()
