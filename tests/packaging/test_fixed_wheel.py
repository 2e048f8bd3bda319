"""Code that ``prompt-budget lint --fix`` rewrote still works once its package leaves the checkout: a small
package is fixed, built into a wheel, installed into a fresh virtual environment, and imported and
called from an unrelated folder, with and without a config of that folder's own that defines the same
keys: it gets the values its code was written with. In the checkout, the same code reads its project's
config. Offline; about ten seconds (a venv, a wheel build, an install)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from cli_run import run_cli

ROOT = Path(__file__).resolve().parents[2]

PACKAGE = {
    "pyproject.toml": """\
        [build-system]
        requires = ["setuptools>=77"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "budgetlib"
        version = "0.1"

        [tool.setuptools.packages.find]
        where = ["src"]
        """,
    "src/budgetlib/__init__.py": '''\
        """A library with its token budgets written into the code."""

        import json

        CONTEXT_WINDOW = 200_000
        WINDOWS = {"gpt-4o": 128_000, "claude-3-5-sonnet": 200_000}


        def summarize(client, text):
            return client.create(messages=[text], max_tokens=1024)


        def estimate_tokens(text):
            return len(text) // 4


        def should_compact(used_tokens):
            return used_tokens > 0.8 * CONTEXT_WINDOW


        def report():
            class Client:
                def create(self, **kw):
                    return kw["max_tokens"]

            return json.dumps(
                {
                    "window": CONTEXT_WINDOW,
                    "windows": WINDOWS,
                    "summary": summarize(Client(), "hi"),
                    "estimate": estimate_tokens("x" * 40),
                    "compact": [should_compact(150_000), should_compact(170_000)],
                },
                sort_keys=True,
            )
        ''',
}

ORIGINAL = {
    "compact": [False, True],
    "estimate": 10,
    "summary": 1024,
    "window": 200000,
    "windows": {"claude-3-5-sonnet": 200000, "gpt-4o": 128000},
}

# A config of another project, with every key the fix writes, and other values.
FOREIGN = """\
[project]
name = "someone-else"

[tool.prompt_budget.values]
context_window = 7
summarize_max_tokens = 7
chars_per_token = 1
should_compact_context_window_ratio = 0.01
windows = { "gpt-4o" = 7, "claude-3-5-sonnet" = 7 }
"""


def _call(python: Path, cwd: Path, env: dict[str, str] | None = None) -> dict[str, object]:
    proc = subprocess.run(
        [str(python), "-c", "import budgetlib; print(budgetlib.report())"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    result: dict[str, object] = json.loads(proc.stdout)
    return result


def test_fixed_package_installed_from_a_wheel_keeps_its_values(
    tmp_path: Path, venv_factory: Callable[..., Path]
) -> None:
    project = tmp_path / "budgetlib"
    for name, text in PACKAGE.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(textwrap.dedent(text), encoding="utf-8")

    fixed = run_cli("lint", "--no-cache", "--fix", "-j", "1", cwd=project)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    source = (project / "src" / "budgetlib" / "__init__.py").read_text(encoding="utf-8")
    assert 'max_tokens=prompt_budget.value("summarize_max_tokens", 1024)' in source
    config = (project / "pyproject.toml").read_text(encoding="utf-8")
    assert "summarize_max_tokens = 1024\n" in config

    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--wheel-dir", str(dist), str(project)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = dist.glob("budgetlib-0.1-*.whl")

    # A fresh environment inside another project (whose config has the same keys): the installed
    # package must not read it. prompt_budget itself comes from the sources under test.
    other = tmp_path / "other-project"
    other.mkdir()
    (other / "pyproject.toml").write_text(FOREIGN, encoding="utf-8")
    python = venv_factory(other / ".venv")
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    Path(purelib, "_prompt_budget_under_test.pth").write_text(f"{ROOT / 'src'}\n", encoding="utf-8")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", "--no-index",
         str(wheel)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stdout + installed.stderr

    unrelated = tmp_path / "unrelated"
    unrelated.mkdir()
    assert _call(python, unrelated) == ORIGINAL  # no config anywhere near
    assert _call(python, other) == ORIGINAL  # a config of its own, with the same keys
    (unrelated / "prompt_budget.toml").write_text(FOREIGN.split("\n\n", 1)[1].replace(
        "[tool.prompt_budget.values]", "[values]"), encoding="utf-8")  # fmt: skip
    assert _call(python, unrelated) == ORIGINAL

    # In the checkout the code reads its project's config: a tuned value there is what it uses.
    (project / "pyproject.toml").write_text(
        config.replace("summarize_max_tokens = 1024", "summarize_max_tokens = 2048"), encoding="utf-8"
    )
    checkout = _call(python, other, env={"PYTHONPATH": str(project / "src"), "PYTHONWARNINGS": "ignore"})
    assert checkout == {**ORIGINAL, "summary": 2048}
