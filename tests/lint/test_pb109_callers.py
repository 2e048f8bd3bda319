"""PB109's fallback in a counting function written for OpenAI's models, which its callers decide
(``pb109_openai_callers``, set 40: vocode's ``num_tokens_from_functions``, called only from its
``openai_utils.py`` for the OpenAI/Azure agent)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_tree

_COUNT = (
    "import tiktoken\n\n\n"
    'def num_tokens_from_functions(functions, model="gpt-3.5-turbo-0613"):\n'
    "    try:\n        encoding = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
    '        encoding = tiktoken.get_encoding("cl100k_base")\n'
    "    return sum(len(encoding.encode(f)) for f in functions)\n"
)
_OPENAI_CALLER = (
    "from pkg.token_utils import num_tokens_from_functions\n\n\n"
    "def context_size(functions, model_name):\n"
    "    return num_tokens_from_functions(functions, model=model_name)\n"
)


def _pb109(tmp_path: Path, files: dict[str, str]) -> set[str]:
    tree = {"pkg/__init__.py": "", "pkg/token_utils.py": _COUNT, **files}
    return {f"{f.path}:{f.line}" for f in lint_tree(tmp_path, tree) if f.code == "PB109"}


def test_a_fallback_called_only_from_a_module_for_openai_is_not_reported(tmp_path: Path) -> None:
    assert _pb109(tmp_path, {"pkg/openai_utils.py": _OPENAI_CALLER}) == set()


def test_a_fallback_called_only_from_a_function_for_openai_is_not_reported(tmp_path: Path) -> None:
    caller = _OPENAI_CALLER.replace("def context_size", "def openai_context_size")
    assert _pb109(tmp_path, {"pkg/agents.py": caller}) == set()


def test_a_fallback_nothing_calls_is_reported(tmp_path: Path) -> None:
    assert _pb109(tmp_path, {}) == {"pkg/token_utils.py:8"}


def test_a_fallback_called_from_other_code_is_reported(tmp_path: Path) -> None:
    files = {"pkg/openai_utils.py": _OPENAI_CALLER, "pkg/agents.py": _OPENAI_CALLER}
    assert _pb109(tmp_path, files) == {"pkg/token_utils.py:8"}


def test_a_fallback_passed_as_a_value_is_reported(tmp_path: Path) -> None:
    passed = (
        "from pkg.token_utils import num_tokens_from_functions\n\nCOUNTERS = [num_tokens_from_functions]\n"
    )
    files = {"pkg/openai_utils.py": _OPENAI_CALLER, "pkg/registry.py": passed}
    assert _pb109(tmp_path, files) == {"pkg/token_utils.py:8"}


def test_a_fallback_its_own_module_calls_from_other_code_is_reported(tmp_path: Path) -> None:
    own = (
        _COUNT
        + "\n\ndef count_any(functions, model):\n    return num_tokens_from_functions(functions, model)\n"
    )
    tree = {"pkg/__init__.py": "", "pkg/token_utils.py": own, "pkg/openai_utils.py": _OPENAI_CALLER}
    assert {f"{f.path}:{f.line}" for f in lint_tree(tmp_path, tree) if f.code == "PB109"} == {
        "pkg/token_utils.py:8"
    }


def test_a_fallback_with_no_openai_default_is_reported_at_once(tmp_path: Path) -> None:
    count = _COUNT.replace('model="gpt-3.5-turbo-0613"', "model")
    tree = {"pkg/__init__.py": "", "pkg/token_utils.py": count, "pkg/openai_utils.py": _OPENAI_CALLER}
    assert {f"{f.path}:{f.line}" for f in lint_tree(tmp_path, tree) if f.code == "PB109"} == {
        "pkg/token_utils.py:8"
    }


def test_a_call_of_another_modules_function_of_that_name_decides_nothing(tmp_path: Path) -> None:
    other = _OPENAI_CALLER.replace("pkg.token_utils", "pkg.other_utils")
    assert _pb109(tmp_path, {"pkg/openai_utils.py": other}) == {"pkg/token_utils.py:8"}
