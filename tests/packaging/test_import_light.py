"""``import prompt_budget``, the pytest plugin's registration and ``prompt-budget --version`` stay light:
none of them imports libcst, rich or a tokenizer backend (each checked in a fresh interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("libcst", "rich", "quicktok", "tiktoken", "tokenizers", "anthropic", "bpe_openai", "rs_bpe", "yaml")

_PROBE = f"""
import json, sys
HEAVY = {HEAVY!r}
def heavy():
    return sorted({{m.split(".")[0] for m in sys.modules}} & set(HEAVY))
"""


def run(code: str, cwd: Path) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE + code],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    loaded: list[str] = json.loads(last)
    return loaded


def test_the_probe_sees_heavy_imports(tmp_path: Path) -> None:
    """The check can fail: importing rich directly is seen."""
    assert run("import rich.console\nprint(json.dumps(heavy()))", tmp_path) == ["rich"]


def test_import_prompt_budget_is_light(tmp_path: Path) -> None:
    code = "import prompt_budget\nprompt_budget.ConfigError\nprint(json.dumps(heavy()))"
    assert run(code, tmp_path) == []


def test_plugin_registration_is_light(tmp_path: Path) -> None:
    """pytest loads the plugin through its entry point, configures it and collects a test file."""
    (tmp_path / "test_nothing.py").write_text("def test_a():\n    pass\n", encoding="utf-8")
    code = (
        "import pytest\n"
        "seen = []\n"
        "class Probe:\n"
        "    def pytest_collection_finish(self, session):\n"
        "        assert session.config.pluginmanager.hasplugin('prompt_budget'), 'plugin not registered'\n"
        "        seen.extend(heavy())\n"
        "code = pytest.main(['-q', '--co', '-p', 'no:cacheprovider', 'test_nothing.py'], plugins=[Probe()])\n"
        "assert code == 0, code\n"
        "print(json.dumps(seen))\n"
    )
    assert run(code, tmp_path) == []


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["init", "--help"]])
def test_cli_startup_is_light(argv: list[str], tmp_path: Path) -> None:
    code = (
        "from prompt_budget.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print()\nprint(json.dumps(heavy()))"
    )
    assert run(code, tmp_path) == []
