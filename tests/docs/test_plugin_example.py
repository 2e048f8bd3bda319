"""The third-party tokenizer of docs/plugin-api.md (examples/plugin-tokenizer) installed with pip and
found through its entry point, as a user's would be: the CLI, the Python API, the config validator and
the pytest plugin all accept its spec."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "plugin-tokenizer"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """pip-install the example into a folder of its own (offline: no index, no build isolation; the
    dev extra provides setuptools) and return an environment that puts it on sys.path."""
    work = tmp_path_factory.mktemp("plugin-example")
    source = work / "src"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    site = work / "site"
    proc = subprocess.run(
        [
            sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
            "--no-build-isolation", "--target", str(site), str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert (site / "prompt_budget_bytes-1.0.0.dist-info" / "entry_points.txt").is_file()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_BUDGET_")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["NO_COLOR"] = "1"
    return env


def run(env: dict[str, str], cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_cli_counts_with_the_plugin(installed: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "note.txt").write_text("héllo wörld\n", encoding="utf-8")  # 14 bytes in UTF-8
    proc = run(
        installed,
        tmp_path,
        sys.executable,
        "-m",
        "prompt_budget",
        "count",
        "--json",
        "-t",
        "bytes:4",
        "note.txt",
    )
    assert proc.returncode == 0, proc.stderr
    assert '"tokenizer": "bytes:4"' in proc.stdout
    assert '"total": 4' in proc.stdout  # ceil(14 / 4)
    listed = run(installed, tmp_path, sys.executable, "-m", "prompt_budget", "count", "--list-tokenizers")
    assert "bytes:" in listed.stdout.split()


def test_api_and_config_accept_the_spec(installed: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text('tokenizer = "bytes:2"\n', encoding="utf-8")
    code = (
        "import prompt_budget\n"
        "assert prompt_budget.count('héllo', tokenizer='bytes:1') == 6\n"
        "assert prompt_budget.load_config('prompt_budget.toml').tokenizer == 'bytes:2'\n"
        "try:\n"
        "    prompt_budget.get_tokenizer('bytes:zero')\n"
        "except prompt_budget.ConfigError as exc:\n"
        "    print(exc)\n"
    )
    proc = run(installed, tmp_path, sys.executable, "-c", code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "tokenizer: expected bytes:N with N a whole number >= 1, got 'bytes:zero'"


def test_without_the_plugin_the_spec_is_unknown(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_BUDGET_")}
    proc = run(env, tmp_path, sys.executable, "-m", "prompt_budget", "count", "-t", "bytes:4", "-")
    assert proc.returncode == 2
    assert "unknown tokenizer 'bytes:4'" in proc.stderr


def test_disabling_plugins_blocks_it(installed: dict[str, str], tmp_path: Path) -> None:
    env = {**installed, "PROMPT_BUDGET_DISABLE_PLUGINS": "bytes"}
    proc = run(env, tmp_path, sys.executable, "-m", "prompt_budget", "count", "-t", "bytes:4", "-")
    assert proc.returncode == 2
    assert "unknown tokenizer 'bytes:4'" in proc.stderr
    # The error says the plugins were switched off, which a forgotten CI variable would explain.
    assert "Plugins blocked by PROMPT_BUDGET_DISABLE_PLUGINS=bytes are not asked." in proc.stderr


@pytest.mark.parametrize("ratio", ["\u00b2", "\u0663", "-1"])
def test_a_ratio_that_is_not_ascii_digits_is_a_config_error(
    installed: dict[str, str], tmp_path: Path, ratio: str
) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` raises: the example crashed with a ValueError."""
    proc = run(
        installed, tmp_path, sys.executable, "-m", "prompt_budget", "count", "-t", f"bytes:{ratio}", "-"
    )
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"prompt-budget: error: tokenizer: expected bytes:N with N a whole number >= 1, got 'bytes:{ratio}'"
    ]


def test_pytest_plugin_uses_it(installed: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "test_prompt.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.prompt_budget(tokenizer='bytes:4')\n"
        "def test_count(prompt_budget):\n"
        "    assert prompt_budget.count('x' * 40) == 10\n",
        encoding="utf-8",
    )
    proc = run(
        installed, tmp_path, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_prompt.py"
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "1 passed" in proc.stdout
