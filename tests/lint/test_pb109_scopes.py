"""PB109's project-wide pass leaves code for OpenAI's models alone: a package folder named for OpenAI,
and text counted for an OpenAI embedder of the fixed encoding (set 30)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_tree

_ROUTE = (
    "import litellm\n\n\ndef ask(m: str, limit: int) -> object:\n"
    "    return litellm.completion(model=m, messages=[], max_tokens=limit)\n"
)
_COUNT = (
    "import tiktoken\n\n\ndef count(text: str, limit: int) -> list[int]:\n"
    '    enc = tiktoken.get_encoding("cl100k_base")\n    return enc.encode(text)[:limit]\n'
)
_EMBED = (
    "import tiktoken\nfrom chromadb.utils import embedding_functions\n\n\n"
    "def store(collection: object, texts: list[str], key: str) -> None:\n"
    '    ef = embedding_functions.OpenAIEmbeddingFunction(api_key=key, model_name="text-embedding-ada-002")\n'
    '    enc = tiktoken.get_encoding("cl100k_base")\n'
    "    parts = [t for t in texts if len(enc.encode(t)) < 8000]\n"
    "    collection.add(documents=parts, embedding_function=ef)\n"
)

#: A module that names another provider itself and counts with a fixed encoding: judged in its own pass.
_BOTH = _ROUTE + "\n\n" + _COUNT.replace("import tiktoken\n", "import tiktoken  # noqa: F401\n")


def _pb109(tmp_path: Path, files: dict[str, str]) -> set[str]:
    return {f.path for f in lint_tree(tmp_path, files) if f.code == "PB109"}


def test_a_folder_named_for_openai_is_an_openai_scope(tmp_path: Path) -> None:
    got = _pb109(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/route.py": _ROUTE,
            "pkg/openai_utils/__init__.py": "",
            "pkg/openai_utils/streaming.py": _COUNT,
            "pkg/utils/__init__.py": "",
            "pkg/utils/streaming.py": _COUNT,
        },
    )
    assert got == {"pkg/utils/streaming.py"}


def test_text_counted_for_an_openai_embedder_is_no_mismatch(tmp_path: Path) -> None:
    got = _pb109(
        tmp_path,
        {"pkg/__init__.py": "", "pkg/route.py": _ROUTE, "pkg/index.py": _EMBED, "pkg/count.py": _COUNT},
    )
    assert got == {"pkg/count.py"}


def test_the_folder_is_found_under_the_root_not_the_working_folder(tmp_path: Path) -> None:
    """A module that names another provider itself is judged in its own pass: its package folders are
    looked up under the lint's root, whatever folder the lint runs from (the suite runs from the
    checkout, not from ``tmp_path``)."""
    got = _pb109(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/openai_utils/__init__.py": "",
            "pkg/openai_utils/streaming.py": _BOTH,
            "pkg/utils/__init__.py": "",
            "pkg/utils/streaming.py": _BOTH,
        },
    )
    assert got == {"pkg/utils/streaming.py"}


def test_the_project_named_for_gpt_is_not_an_openai_scope(tmp_path: Path) -> None:
    """The outermost package is the project's own name (``gpt_engineer``): it serves every provider."""
    got = _pb109(tmp_path, {"gpt_tool/__init__.py": "", "gpt_tool/streaming.py": _BOTH})
    assert got == {"gpt_tool/streaming.py"}


def test_a_folder_with_no_init_inside_a_package_is_the_package_s(tmp_path: Path) -> None:
    """A plugin folder loaded by path (no ``__init__.py``) inside the package ships with it: the
    package's other modules show the providers it serves (set 32: optillm's plugins); a folder beside
    the package, outside it, stays a project of its own."""
    got = _pb109(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/route.py": _ROUTE,
            "pkg/plugins/count.py": _COUNT,
            "scripts/count.py": _COUNT,
        },
    )
    assert got == {"pkg/plugins/count.py"}


#: Set 34 (graphrag-sdk): a chunker fixes cl100k_base in the branch where the caller gives a base chunker,
#: and measures the document it sends to any model with it; the router is another module's.
_CONTEXTUAL = (
    "import tiktoken\n\n\nclass Contextual:\n"
    "    def __init__(self, llm: object, base: object = None, encoding_name: object = None) -> None:\n"
    "        self.llm = llm\n        if base is not None:\n"
    '            _encoding_name = "cl100k_base"\n        else:\n'
    '            _encoding_name = encoding_name if encoding_name is not None else "cl100k_base"\n'
    "        self.encoding_name = _encoding_name\n\n"
    "    async def enrich(self, text: str) -> object:\n"
    "        enc = tiktoken.get_encoding(self.encoding_name)\n"
    "        ref = enc.decode(enc.encode(text)[:16000])\n"
    "        return await self.llm.abatch_invoke([ref])\n"
)


def test_a_fixed_encoding_kept_on_self_counts_for_the_routed_models(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/route.py": _ROUTE, "pkg/contextual.py": _CONTEXTUAL}
    assert _pb109(tmp_path, files) == {"pkg/contextual.py"}


def test_a_fixed_encoding_measuring_chunks_only_is_the_chunkers_unit(tmp_path: Path) -> None:
    chunks = _CONTEXTUAL.replace("await self.llm.abatch_invoke([ref])", "[ref]")
    assert (
        _pb109(tmp_path, {"pkg/__init__.py": "", "pkg/route.py": _ROUTE, "pkg/contextual.py": chunks})
        == set()
    )


_PROVIDER_CLASS = (
    "import tiktoken\n\n\nclass {name}:\n    def prechecks(self, msgs: list[str]) -> int:\n"
    "        enc = tiktoken.encoding_for_model(self.model)\n"
    "        return sum(len(enc.encode(m)) for m in msgs)\n"
)


def test_a_class_named_for_openai_is_no_guard_by_its_name() -> None:
    # OpenAI's provider classes reach other providers' OpenAI-compatible APIs too (tuned 19: langchain's
    # ``ChatOpenAI``, griptape's ``OpenAiTokenizer``); set 48's evals ``OpenAISolver`` stays reported
    from lint_helpers import lint_snippet

    from prompt_budget.lint.rules.pb109_tokenizer_mismatch import TokenizerMismatch

    code = _PROVIDER_CLASS.format(name="OpenAISolver")
    got = lint_snippet(code, [TokenizerMismatch], path="pkg/providers/openai/openai_solver.py")
    assert [f.line for f in got] == [6]
