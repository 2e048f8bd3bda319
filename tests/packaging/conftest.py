"""Shared for the packaging tests: a copy of the project's sources to build from (so builds never write
into the working tree), and fresh virtual environments that borrow the dependencies of the running one.

Fresh environments: ``python -m venv --without-pip`` plus a ``.pth`` file naming this environment's
site-packages, so pytest, pluggy, libcst and rich are importable without downloading anything, while
prompt-budget itself exists only where the test installs it (the editable install's own ``.pth`` is not
processed in a borrowed folder). Offline and a few seconds per environment."""

from __future__ import annotations

import shutil
import site
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT_FILES = ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md")


def copy_project(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(
        ROOT / "src" / "prompt_budget",
        dest / "src" / "prompt_budget",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    return dest


def make_venv(path: Path, with_pip: bool = False) -> Path:
    """A new virtual environment at ``path`` that sees this one's packages; returns its python. With
    ``with_pip``, pip is installed into it first (ensurepip, offline), before the borrowed folder would
    make ensurepip believe pip is already there."""
    flags = [] if with_pip else ["--without-pip"]
    subprocess.run([sys.executable, "-m", "venv", *flags, str(path)], check=True, timeout=300)
    python = path / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if with_pip:  # Python < 3.12's venv also installs an old setuptools: use the borrowed, newer one
        subprocess.run(
            [str(python), "-m", "pip", "uninstall", "--yes", "--quiet", "setuptools"],
            capture_output=True,
            timeout=120,
            check=False,
        )
    borrowed = [*site.getsitepackages(), sysconfig.get_paths()["purelib"]]
    Path(purelib, "_borrowed_dev_env.pth").write_text(
        "\n".join(dict.fromkeys(p for p in borrowed if Path(p).is_dir())) + "\n", encoding="utf-8"
    )
    return python


@pytest.fixture(scope="session")
def venv_factory() -> Callable[..., Path]:
    """``make_venv`` as a fixture: ``venv_factory(path, with_pip=False)`` returns the new python."""
    return make_venv


@pytest.fixture(scope="session")
def built_dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``python -m build`` (sdist, then the wheel built from the sdist) on a copy of the sources."""
    work = tmp_path_factory.mktemp("build")
    src = copy_project(work / "project")
    out = work / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(src)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    wheels = sorted(out.glob("*.whl"))
    sdists = sorted(out.glob("*.tar.gz"))
    assert len(wheels) == 1, wheels
    assert len(sdists) == 1, sdists
    return {"wheel": wheels[0], "sdist": sdists[0], "dir": out}
