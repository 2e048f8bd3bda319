"""PB108 across modules: sibling backends of different providers each keep their own default (set 35:
chatarena's ``backends/*.py`` ``DEFAULT_MAX_TOKENS``); one provider's modules, or a default another
module imports, are still one budget."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_tree

_BACKEND = (
    "{imports}\n\nDEFAULT_MAX_TOKENS = {value}\n\n\n"
    "class {cls}:\n    def __init__(self, max_tokens: int = DEFAULT_MAX_TOKENS):\n"
    "        self.max_tokens = max_tokens\n"
)


def _backend(value: int, imports: str = "", cls: str = "Backend") -> str:
    return _BACKEND.format(imports=imports or "import os", value=value, cls=cls)


def _lint(tmp_path: Path, files: dict[str, str]) -> set[str]:
    return {
        f.path
        for f in lint_tree(
            tmp_path, {"pkg/__init__.py": "", "pkg/backends/__init__.py": "", **files}, select=("PB108",)
        )
    }


def test_each_provider_its_own_default(tmp_path: Path) -> None:
    files = {
        "pkg/backends/anthropic.py": _backend(
            256, "try:\n    import anthropic\nexcept ImportError:\n    pass"
        ),
        "pkg/backends/bard.py": _backend(4096, "import bardapi"),
        "pkg/backends/cohere.py": _backend(200, "import cohere"),
        "pkg/backends/openai.py": _backend(256, "import openai"),
    }
    assert _lint(tmp_path, files) == set()


def test_the_provider_named_by_the_sdk_imported_or_the_folder(tmp_path: Path) -> None:
    files = {
        "pkg/backends/chat.py": _backend(256, "from mistralai import Mistral"),
        "pkg/backends/completion.py": _backend(1024, "from langchain_anthropic import ChatAnthropic"),
        "pkg/providers/__init__.py": "",
        "pkg/providers/bedrock/__init__.py": "",
        "pkg/providers/bedrock/client.py": _backend(4096),
    }
    assert _lint(tmp_path, files) == set()


def test_two_modules_of_one_provider_share_it(tmp_path: Path) -> None:
    files = {
        "pkg/backends/openai_chat.py": _backend(256, "import openai"),
        "pkg/backends/openai_completion.py": _backend(1024, "import openai"),
        "pkg/backends/cohere.py": _backend(200, "import cohere"),
    }
    assert _lint(tmp_path, files) == {"pkg/backends/openai_chat.py", "pkg/backends/openai_completion.py"}


def test_a_default_another_module_imports_is_shared(tmp_path: Path) -> None:
    files = {
        "pkg/backends/anthropic.py": _backend(256, "import anthropic"),
        "pkg/backends/openai.py": _backend(4096, "import openai"),
        "pkg/arena.py": "from .backends.openai import DEFAULT_MAX_TOKENS\n\nprint(DEFAULT_MAX_TOKENS)\n",
    }
    assert _lint(tmp_path, files) == {"pkg/backends/anthropic.py", "pkg/backends/openai.py"}


def test_a_module_serving_no_provider_is_compared(tmp_path: Path) -> None:
    files = {
        "pkg/backends/anthropic.py": _backend(256, "import anthropic"),
        "pkg/memory.py": _backend(4096),
    }
    assert _lint(tmp_path, files) == {"pkg/backends/anthropic.py", "pkg/memory.py"}


def test_an_unread_constant_is_compared(tmp_path: Path) -> None:
    files = {
        "pkg/backends/anthropic.py": "import anthropic\n\nDEFAULT_MAX_TOKENS = 256\n",
        "pkg/backends/cohere.py": "import cohere\n\nDEFAULT_MAX_TOKENS = 200\n",
    }
    assert _lint(tmp_path, files) == {"pkg/backends/anthropic.py", "pkg/backends/cohere.py"}


def test_another_project_importing_a_module_of_that_name_shares_nothing(tmp_path: Path) -> None:
    # ``other``'s ``from . import anthropic`` imports its own module, not ``pkg``'s backend
    files = {
        "pkg/backends/anthropic.py": _backend(256, "import anthropic"),
        "pkg/backends/cohere.py": _backend(200, "import cohere"),
        "other/__init__.py": "",
        "other/anthropic.py": "",
        "other/use.py": "from . import anthropic\nfrom .cohere import DEFAULT_MAX_TOKENS\n",
    }
    assert _lint(tmp_path, files) == set()


def test_variants_of_one_role_beside_a_provider_s_each_their_own(tmp_path: Path) -> None:
    # set 92: hx-cli's ``providers/claude_code_catalogue.py`` (64000) beside ``codex_catalogue.py``
    # (128000): one catalogue per service, the services no word list knows named by the modules
    files = {
        "pkg/providers/__init__.py": "",
        "pkg/providers/claude_catalogue.py": _backend(64_000),
        "pkg/providers/acme_catalogue.py": _backend(128_000),
        "pkg/providers/zeta_catalogue.py": _backend(32_000),
    }
    assert _lint(tmp_path, files) == set()


def test_variants_of_one_role_still_compared_when_no_variant_names_a_provider(tmp_path: Path) -> None:
    files = {
        "pkg/agents/__init__.py": "",
        "pkg/agents/coder_agent.py": _backend(4096),
        "pkg/agents/planner_agent.py": _backend(8192),
    }
    assert _lint(tmp_path, files) == {"pkg/agents/coder_agent.py", "pkg/agents/planner_agent.py"}


def test_a_generic_variant_or_an_imported_one_is_compared(tmp_path: Path) -> None:
    files = {
        "pkg/providers/__init__.py": "",
        "pkg/providers/claude_client.py": _backend(64_000),
        "pkg/providers/base_client.py": _backend(4096),
        "pkg/providers/acme_client.py": _backend(128_000),
        "pkg/app.py": "from .providers.acme_client import DEFAULT_MAX_TOKENS\n\nprint(DEFAULT_MAX_TOKENS)\n",
    }
    assert _lint(tmp_path, files) == {
        "pkg/providers/claude_client.py",
        "pkg/providers/base_client.py",
        "pkg/providers/acme_client.py",
    }


def test_a_backend_no_word_list_knows_beside_named_providers_serves_its_own(tmp_path: Path) -> None:
    """Set 313: agentkernel-cli's ``providers/local.py`` (an Ollama or vLLM endpoint) keeps its own window beside
    ``anthropic.py``'s and ``openai.py``'s; a generic module (``base.py``) of the folder serves none, and a folder
    not named for backends makes no variant of its modules."""
    files = {
        "pkg/providers/__init__.py": "",
        "pkg/providers/anthropic.py": _backend(200_000),
        "pkg/providers/openai.py": _backend(128_000),
        "pkg/providers/local.py": _backend(8192),
    }
    assert _lint(tmp_path, files) == set()
    files["pkg/providers/base.py"] = _backend(4096)
    assert _lint(tmp_path / "b", files) == {
        "pkg/providers/base.py",
        "pkg/providers/anthropic.py",
        "pkg/providers/openai.py",
        "pkg/providers/local.py",
    }
    renamed = {k.replace("providers", "tools"): v for k, v in files.items() if "base" not in k}
    assert _lint(tmp_path / "c", renamed) == {
        "pkg/tools/anthropic.py",
        "pkg/tools/openai.py",
        "pkg/tools/local.py",
    }


def test_two_settings_one_module_reads_apart_are_not_one_budget(tmp_path: Path) -> None:
    """Set 321: aisafe's ``estimate.py`` reads ``claude_judge.MAX_TOKENS`` (256) and ``llamaguard.MAX_TOKENS`` (20),
    each through its own module: two judges' caps sharing a name. Without that reader they are compared."""
    judge = "MAX_TOKENS = {value}\n\ndef ask(client):\n    return client.create(max_tokens=MAX_TOKENS)\n"
    files = {
        "pkg/judges/__init__.py": "",
        "pkg/judges/claude_judge.py": judge.format(value=256),
        "pkg/judges/llamaguard.py": judge.format(value=20),
    }
    reader = (
        "def estimate():\n    from pkg.judges import claude_judge, llamaguard\n\n"
        "    return [claude_judge.MAX_TOKENS, llamaguard.MAX_TOKENS]\n"
    )
    assert _lint(tmp_path / "a", {**files, "pkg/judges/estimate.py": reader}) == set()
    assert _lint(tmp_path / "b", files) == {"pkg/judges/claude_judge.py", "pkg/judges/llamaguard.py"}
    one = reader.replace("llamaguard.MAX_TOKENS", "claude_judge.MAX_TOKENS")  # one module read twice
    assert _lint(tmp_path / "c", {**files, "pkg/judges/estimate.py": one}) == {
        "pkg/judges/claude_judge.py",
        "pkg/judges/llamaguard.py",
    }
