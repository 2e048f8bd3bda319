"""Release packaging: ``python -m build`` makes a wheel and an sdist that pass ``twine check``; the
wheel holds the package data and entry points, installs into a fresh virtual environment, and there
pytest lists the plugin and the ``prompt-budget`` command runs."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from prompt_budget import __version__


def test_twine_check_passes(built_dist: dict[str, Path]) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "twine",
            "check",
            "--strict",
            str(built_dist["wheel"]),
            str(built_dist["sdist"]),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("PASSED") == 2, proc.stdout


def test_wheel_contents(built_dist: dict[str, Path]) -> None:
    wheel = built_dist["wheel"]
    assert wheel.name == f"pytest_prompt_budget-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        dist_info = f"pytest_prompt_budget-{__version__}.dist-info"
        entry_points = zf.read(f"{dist_info}/entry_points.txt").decode()
        metadata = zf.read(f"{dist_info}/METADATA").decode()
    for required in (
        "prompt_budget/__init__.py",
        "prompt_budget/py.typed",
        "prompt_budget/data/models.json",
        "prompt_budget/data/calibrations/o200k_base.json",
        "prompt_budget/data/prefix/o200k_base.bin.gz",
        "prompt_budget/data/prefix/cl100k_base.bin.gz",
        "prompt_budget/pytest_plugin/__init__.py",
        "prompt_budget/scaffold/__init__.py",
    ):
        assert required in names, f"{required} missing from the wheel"
    assert not [n for n in names if n.startswith(("tests/", "docs/", "examples/", "benchmarks/"))]
    assert "[pytest11]\nprompt_budget = prompt_budget.pytest_plugin" in entry_points
    assert "prompt-budget = prompt_budget.cli:main" in entry_points
    assert "Classifier: Framework :: Pytest" in metadata
    assert "Provides-Extra: fast" in metadata


def test_sdist_contents(built_dist: dict[str, Path]) -> None:
    with tarfile.open(built_dist["sdist"]) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    for required in ("pyproject.toml", "README.md", "LICENSE", "src/prompt_budget/__init__.py",
                     "src/prompt_budget/data/models.json", "src/prompt_budget/py.typed",
                     "src/prompt_budget/data/prefix/o200k_base.bin.gz"):  # fmt: skip
        assert required in names, f"{required} missing from the sdist"


@pytest.fixture(scope="module")
def wheel_venv(
    built_dist: dict[str, Path],
    tmp_path_factory: pytest.TempPathFactory,
    venv_factory: Callable[..., Path],
) -> Path:
    """A fresh virtual environment with the built wheel installed (dependencies borrowed)."""
    python = venv_factory(tmp_path_factory.mktemp("wheel-venv") / "venv")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", "--no-index",
         str(built_dist["wheel"])],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return python


def test_installed_wheel_is_what_imports(wheel_venv: Path, tmp_path: Path) -> None:
    proc = subprocess.run(
        [str(wheel_venv), "-c", "import prompt_budget; print(prompt_budget.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert Path(proc.stdout.strip()).is_relative_to(wheel_venv.parent.parent), proc.stdout


def test_pytest_lists_the_plugin(wheel_venv: Path, tmp_path: Path) -> None:
    proc = subprocess.run(
        [str(wheel_venv), "-m", "pytest", "--version", "--version"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    listing = proc.stdout + proc.stderr
    line = next((ln for ln in listing.splitlines() if f"pytest-prompt-budget-{__version__}" in ln), None)
    assert line is not None, listing
    assert str(wheel_venv.parent.parent) in line, line  # the plugin module is the wheel's


def test_console_script_runs(wheel_venv: Path, tmp_path: Path) -> None:
    script = wheel_venv.parent / "prompt-budget"
    proc = subprocess.run(
        [str(script), "--version"], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"prompt-budget {__version__}"
    (tmp_path / "CLAUDE.md").write_text("Be brief.\n", encoding="utf-8")
    counted = subprocess.run(
        [str(script), "count", "--json", "-t", "chars4", "CLAUDE.md"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert counted.returncode == 0, counted.stderr
    assert '"total": 3' in counted.stdout  # ceil(10 / 4)
