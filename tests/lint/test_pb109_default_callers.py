"""PB109's OpenAI model fixed by a counting function's default that no caller in the project changes
(``pb109_default_callers``, set 49: bbook-maker's ``num_tokens_from_text(text,
model="gpt-3.5-turbo-0301")`` called with the text alone by loaders serving every provider)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_tree

_COUNT = (
    "import tiktoken\n\n\n"
    'def num_tokens_from_text(text, model="gpt-3.5-turbo-0301"):\n'
    "    try:\n        encoding = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
    '        encoding = tiktoken.get_encoding("cl100k_base")\n'
    '    if model == "gpt-3.5-turbo-0301":\n        return len(encoding.encode(text)) + 7\n'
    "    else:\n        raise NotImplementedError(model)\n"
)
_LOADER = "from pkg.utils import num_tokens_from_text\n\n\ndef size(unit):\n    return num_tokens_from_text(unit.text)\n"
_CLAUDE = 'import anthropic\n\nENDPOINT = "https://api.anthropic.com/v1"\n\n\ndef client():\n    return anthropic.Anthropic()\n'


def _pb109(tmp_path: Path, files: dict[str, str]) -> set[str]:
    tree = {"pkg/__init__.py": "", "pkg/utils.py": _COUNT, **files}
    return {f"{f.path}:{f.line}" for f in lint_tree(tmp_path, tree) if f.code == "PB109"}


def test_a_default_no_caller_changes_in_a_package_serving_claude_is_reported(tmp_path: Path) -> None:
    assert _pb109(tmp_path, {"pkg/loader.py": _LOADER, "pkg/claude.py": _CLAUDE}) == {"pkg/utils.py:4"}


def test_a_package_serving_openai_alone_is_not_reported(tmp_path: Path) -> None:
    assert _pb109(tmp_path, {"pkg/loader.py": _LOADER}) == set()


def test_a_caller_giving_the_model_decides_nothing(tmp_path: Path) -> None:
    giving = _LOADER.replace("(unit.text)", "(unit.text, model=unit.model)")
    assert _pb109(tmp_path, {"pkg/loader.py": giving, "pkg/claude.py": _CLAUDE}) == set()


def test_callers_for_openai_alone_are_not_reported(tmp_path: Path) -> None:
    assert _pb109(tmp_path, {"pkg/openai_utils.py": _LOADER, "pkg/claude.py": _CLAUDE}) == set()


def test_a_function_passed_as_a_value_is_not_reported(tmp_path: Path) -> None:
    passed = "from pkg.utils import num_tokens_from_text\n\nCOUNTERS = [num_tokens_from_text]\n"
    files = {"pkg/loader.py": _LOADER, "pkg/registry.py": passed, "pkg/claude.py": _CLAUDE}
    assert _pb109(tmp_path, files) == set()


# --- a class's constructor default (set 76: mojentic's ``TokenizerGateway(model="cl100k_base")``) --------

_GATEWAY = (
    "import tiktoken\n\n\nclass TokenizerGateway:\n"
    '    def __init__(self, model: str = "cl100k_base"):\n        self.tokenizer = tiktoken.get_encoding(model)\n\n'
    "    def encode(self, text):\n        return self.tokenizer.encode(text)\n"
)
_SESSION = (
    "from pkg.gateway import TokenizerGateway\n\n\nclass ChatSession:\n"
    "    def __init__(self, llm, tokenizer_gateway: TokenizerGateway = None):\n"
    "        self.tokenizer_gateway = tokenizer_gateway or TokenizerGateway()\n"
)
_SPEC = (
    "from pkg.gateway import TokenizerGateway\n\n\ndef test_trim(mocker):\n"
    "    gateway = mocker.Mock(spec=TokenizerGateway)\n    assert gateway\n"
)


def _gateway(tmp_path: Path, files: dict[str, str]) -> set[str]:
    tree = {"pkg/__init__.py": "", "pkg/gateway.py": _GATEWAY, **files}
    return {f"{f.path}:{f.line}" for f in lint_tree(tmp_path, tree) if f.code == "PB109"}


def test_a_constructor_default_no_caller_changes_is_reported(tmp_path: Path) -> None:
    files = {"pkg/session.py": _SESSION, "pkg/session_spec.py": _SPEC, "pkg/claude.py": _CLAUDE}
    assert _gateway(tmp_path, files) == {"pkg/gateway.py:5"}
    message = next(f.message for f in lint_tree(tmp_path, {}) if f.code == "PB109")
    assert "get_encoding('cl100k_base'), the default of `TokenizerGateway()`" in message


def test_a_constructor_given_the_encoding_or_derived_from_is_not_reported(tmp_path: Path) -> None:
    giving = _SESSION.replace("TokenizerGateway()\n", 'TokenizerGateway("o200k_base")\n')
    assert _gateway(tmp_path / "a", {"pkg/session.py": giving, "pkg/claude.py": _CLAUDE}) == set()
    derived = "from pkg.gateway import TokenizerGateway\n\n\nclass Wide(TokenizerGateway):\n    pass\n"
    files = {"pkg/session.py": _SESSION, "pkg/wide.py": derived, "pkg/claude.py": _CLAUDE}
    assert _gateway(tmp_path / "b", files) == set()


def test_a_constructor_made_for_openai_alone_or_in_a_package_of_openai_is_not_reported(
    tmp_path: Path,
) -> None:
    assert _gateway(tmp_path / "a", {"pkg/openai_gateway.py": _SESSION, "pkg/claude.py": _CLAUDE}) == set()
    assert _gateway(tmp_path / "b", {"pkg/session.py": _SESSION}) == set()
