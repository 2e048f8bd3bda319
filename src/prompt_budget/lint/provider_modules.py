"""Which model provider a module serves, for PB108 (one budget name, different values in different
modules): sibling backends of one project (set 35: chatarena's ``backends/anthropic.py``, ``bard.py``,
``cohere.py``, ``langchain.py`` and ``openai.py``) each bind their own ``DEFAULT_MAX_TOKENS`` as the
default of their own class, read there and imported nowhere. Each provider has its own default: five
providers' defaults are not one budget that drifted.

A module serves a provider when its name says so (``anthropic.py``, ``openai_chat.py``), else when the
folder it is in does (``providers/bedrock/completion.py``), else when the SDKs it imports at its top name
exactly one provider (``import cohere``; the project's own package never counts: ``llama_index``'s own
modules import ``llama_index``). Two words naming different providers, or none, name no provider.
Kept apart from the rule: word lists and name tests, no reading of a tree.
"""

from __future__ import annotations

import ast
from pathlib import PurePath

from prompt_budget.lint.names import SMALLEST_MODEL_WINDOW

#: Words of a module's or a folder's name, and top-level names of the SDKs a module imports, that name
#: a provider (mapped to one name per provider: Bard, Gemini and Vertex are all Google's).
_PROVIDERS: dict[str, str] = {
    "openai": "openai",
    "chatgpt": "openai",
    "azure": "azure",
    "anthropic": "anthropic",
    "claude": "anthropic",
    "cohere": "cohere",
    "google": "google",
    "bard": "google",
    "bardapi": "google",
    "gemini": "google",
    "vertex": "google",
    "vertexai": "google",
    "palm": "google",
    "mistral": "mistral",
    "mistralai": "mistral",
    "ollama": "ollama",
    "bedrock": "bedrock",
    "sagemaker": "sagemaker",
    "huggingface": "huggingface",
    "huggingface_hub": "huggingface",
    "transformers": "huggingface",
    "langchain": "langchain",
    "langchain_core": "langchain",
    "langchain_community": "langchain",
    "llama_index": "llamaindex",
    "llamaindex": "llamaindex",
    "groq": "groq",
    "together": "together",
    "fireworks": "fireworks",
    "replicate": "replicate",
    "deepseek": "deepseek",
    "perplexity": "perplexity",
    "ai21": "ai21",
    "xai": "xai",
    "grok": "xai",
    "litellm": "litellm",
    "vllm": "vllm",
    "llama_cpp": "llamacpp",
    "llamacpp": "llamacpp",
    "zhipu": "zhipu",
    "zhipuai": "zhipu",
    "dashscope": "qwen",
    "qwen": "qwen",
    "tongyi": "qwen",
    "qianfan": "baidu",
    "ernie": "baidu",
    "erniebot": "baidu",
    "moonshot": "moonshot",
    "kimi": "moonshot",
    "minimax": "minimax",
    "watsonx": "watsonx",
    "ibm_watsonx_ai": "watsonx",
    "openrouter": "openrouter",
    "cerebras": "cerebras",
    "sambanova": "sambanova",
    "deepinfra": "deepinfra",
    "voyageai": "voyage",
    "voyage": "voyage",
    "jina": "jina",
}


def _provider_of_name(name: str) -> str | None:
    """The one provider a module's or folder's name names (``anthropic``, ``openai_chat``,
    ``hf_transformers``); None for none or several."""
    found = {_PROVIDERS[w] for w in {name.lower(), *name.lower().split("_")} if w in _PROVIDERS}
    return found.pop() if len(found) == 1 else None


def _provider_of_import(top: str) -> str | None:
    """The provider an SDK's top-level name names (``cohere``, ``langchain_openai``: OpenAI's)."""
    if top in _PROVIDERS:
        return _PROVIDERS[top]
    if top.startswith("langchain_"):
        return _PROVIDERS.get(top[len("langchain_") :])
    return None


def provider_imports(tree: ast.Module) -> list[tuple[ast.stmt, str]]:
    """(the import, the top-level name) of the provider SDKs a module imports at its top (also under a
    top-level ``try`` or ``if``: ``try: import anthropic``), absolute imports only."""
    stmts: list[ast.stmt] = []
    for stmt in tree.body:
        stmts.append(stmt)
        if isinstance(stmt, ast.Try):
            stmts.extend(stmt.body)
        elif isinstance(stmt, ast.If):
            stmts.extend(stmt.body + stmt.orelse)
    out: list[tuple[ast.stmt, str]] = []
    for stmt in stmts:
        if isinstance(stmt, ast.Import):
            tops = [a.name.split(".", 1)[0] for a in stmt.names]
        elif isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
            tops = [stmt.module.split(".", 1)[0]]
        else:
            continue
        out.extend((stmt, top) for top in tops if _provider_of_import(top) is not None)
    return out


def module_provider(path: str, imported: set[str]) -> str | None:
    """The one provider the module at ``path`` serves: named by its file's name, else by its folder's,
    else by the provider SDKs in ``imported`` (top-level names) that are not the project's own
    packages (a folder of ``path``)."""
    parts = PurePath(path).parts
    stem = PurePath(path).stem
    if stem != "__init__":
        found = _provider_of_name(stem)
        if found is not None:
            return found
    if len(parts) > 1:
        found = _provider_of_name(parts[-2])
        if found is not None:
            return found
    own = set(parts[:-1])
    providers = {p for top in imported - own if (p := _provider_of_import(top)) is not None}
    return providers.pop() if len(providers) == 1 else None


#: Keys of ``_PROVIDERS`` that name a library, not a service whose models have a window.
_NOT_SERVICES = frozenset(
    {"transformers", "langchain", "langchain_core", "langchain_community", "llama_index"}
)


def names_service(key: str) -> bool:
    """``"anthropic"``, ``"openai"``, ``"gemini"``: a string naming a model provider's service (not a
    library: ``"transformers"``, ``"langchain"``)."""
    lowered = key.lower()
    return lowered in _PROVIDERS and lowered not in _NOT_SERVICES


def provider_windows(node: ast.Dict) -> int:
    """How many rows of a table are a model provider's window (``{"anthropic": 200_000, "ollama":
    32_000}``): a key naming a provider's service and a whole number no smaller than any model's window.
    A table named as a window keyed so holds each provider's window for models no registry knows (set 75:
    miiflow-agent's ``_PROVIDER_FALLBACK_WINDOW``)."""
    return sum(
        1
        for key, value in zip(node.keys, node.values, strict=False)
        if isinstance(key, ast.Constant)
        and isinstance(key.value, str)
        and names_service(key.value)
        and isinstance(value, ast.Constant)
        and type(value.value) is int
        and SMALLEST_MODEL_WINDOW <= value.value < 100_000_000
    )


#: Leading words of a module's name that name no variant of a role (``base_client.py``, the shared
#: parent of ``openai_client.py``): a module so named serves every provider, or none.
_NO_VARIANT = frozenset(
    {"base", "common", "core", "default", "generic", "shared", "util", "utils", "abstract"}
)


def sibling_providers(paths: set[str]) -> dict[str, str]:
    """Modules of one folder named as variants of one role (``<variant>_<role>.py``) where a variant
    names a provider: each of the others serves the variant its own name says, a provider no word list
    knows (set 92: hx-cli's ``providers/claude_code_catalogue.py`` beside ``codex_catalogue.py`` and
    ``devin_catalogue.py``, one catalogue per service). Path -> that variant (``codex``), for the paths
    of ``paths`` no provider's name, folder or SDK names; a generic variant (``base_``, ``common_``)
    names none."""
    roles: dict[tuple[str, str], dict[str, str]] = {}
    for path in paths:
        pure = PurePath(path)
        variant, _, role = pure.stem.rpartition("_")
        if variant and role:
            roles.setdefault((str(pure.parent), role), {})[path] = variant.lower()
    out: dict[str, str] = {}
    for members in roles.values():
        if len(members) < 2 or not any(_provider_of_name(v) for v in members.values()):
            continue
        for path, variant in members.items():
            if _provider_of_name(variant) is None and not set(variant.split("_")) & _NO_VARIANT:
                out[path] = f"variant {variant}"
    return {**_folder_variants(paths), **out}


#: Folders holding one module per backend (``providers/anthropic.py`` beside ``providers/local.py``).
_BACKEND_FOLDERS = frozenset({"providers", "provider", "backends", "backend", "llms", "llm_providers"})


def _folder_variants(paths: set[str]) -> dict[str, str]:
    """Modules of a folder named for backends (``providers/``) where two modules at least are named for
    a provider: each of the others serves the backend its name says, one no word list knows (set 313:
    agentkernel-cli's ``providers/local.py``, an Ollama or vLLM endpoint, its ``DEFAULT_CONTEXT_WINDOW = 8192``
    beside ``anthropic.py``'s 200_000 and ``openai.py``'s 128_000); a generic name (``base.py``) serves none."""
    folders: dict[PurePath, list[PurePath]] = {}
    for path in map(PurePath, paths):
        folders.setdefault(path.parent, []).append(path)
    out: dict[str, str] = {}
    for folder, members in folders.items():
        named = sum(1 for m in members if _provider_of_name(m.stem) is not None)
        if folder.name.lower() not in _BACKEND_FOLDERS or named < 2:
            continue
        for m in members:
            stem = m.stem.lower()
            if (
                _provider_of_name(stem) is None
                and not stem.startswith("_")
                and not set(stem.split("_")) & _NO_VARIANT
            ):
                out[str(m)] = f"variant {stem}"
    return out
