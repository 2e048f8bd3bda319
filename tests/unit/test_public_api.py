"""The public names of ``prompt_budget`` stay what DESIGN.md promises, whatever was imported first."""

from __future__ import annotations

import subprocess
import sys

import pytest

import prompt_budget

PUBLIC_FUNCTIONS = [
    "count",
    "get_tokenizer",
    "assert_within_budget",
    "load_config",
    "truncate",
    "assemble",
    "check_sections",
    "value",
]


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_public_function_is_callable(name: str) -> None:
    assert callable(getattr(prompt_budget, name)), name
    assert name in prompt_budget.__all__


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_public_function_survives_importing_every_submodule_first(name: str) -> None:
    # Importing a submodule sets an attribute of the package; none may shadow a public function.
    code = (
        "import pkgutil, importlib, prompt_budget\n"
        "for m in pkgutil.walk_packages(prompt_budget.__path__, 'prompt_budget.'):\n"
        "    if '.lint' in m.name or m.name.endswith('__main__'):\n"
        "        continue\n"
        "    importlib.import_module(m.name)\n"
        f"obj = getattr(prompt_budget, {name!r})\n"
        "import types\n"
        "assert not isinstance(obj, types.ModuleType), obj\n"
        "assert callable(obj)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_truncate_after_submodule_import() -> None:
    import prompt_budget.truncation
    from prompt_budget import truncate

    assert prompt_budget.count(truncate("word " * 100, 10)) <= 10
