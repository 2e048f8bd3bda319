"""Lint speed on the pinned agent packages: cold (no cache), warm (cache hit), and fixit running one
equivalent rule (PB101's keyword case, ``benchmarks/fixit_rules/inline_budget.py``) on the same files.

Usage: python benchmarks/lint_bench.py [--no-fixit] [--jobs N]

Downloads the corpus on first use (``lint_fetch.py``) and installs fixit 2.2.1 into its own venv under
``benchmarks/.cache/venv-fixit`` so it cannot disturb the dev environment. Prints wall and CPU seconds
(CPU includes worker processes): on a shared machine the CPU figures are the comparable ones.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from lint_fetch import CACHE, PINNED, corpus_dirs  # noqa: E402

FIXIT_VERSION = "2.2.1"


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _lines(dirs: list[Path]) -> tuple[int, int]:
    files = [p for d in dirs for p in d.rglob("*.py")]
    return len(files), sum(p.read_bytes().count(b"\n") for p in files)


def run_lint(dirs: list[Path], cache_dir: Path | None, jobs: int | None) -> tuple[float, float, object]:
    from prompt_budget.lint.api import run_lint as lint
    from prompt_budget.lint.engine import known_codes
    from prompt_budget.lint.options import parse_lint_options

    options = parse_lint_options({}, root=CACHE / "src", known_codes=known_codes())
    wall, cpu = time.perf_counter(), _cpu()
    report = lint(dirs, options, cache_dir=cache_dir, jobs=jobs)
    return time.perf_counter() - wall, _cpu() - cpu, report


def fixit_python() -> Path:
    venv = CACHE / "venv-fixit"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", f"fixit=={FIXIT_VERSION}"], check=True
        )
    return python


def run_fixit(dirs: list[Path]) -> tuple[float, float, int]:
    python = fixit_python()
    with tempfile.TemporaryDirectory() as tmp:
        # fixit reads config from the files' parents; give it a root of its own
        work = Path(tmp)
        (work / "pyproject.toml").write_text("[tool.fixit]\nroot = true\n")
        for d in dirs:
            shutil.copytree(d, work / d.name)
        env = dict(os.environ, PYTHONPATH=str(HERE))
        wall, cpu = time.perf_counter(), _cpu()
        proc = subprocess.run(
            [
                str(python),
                "-m",
                "fixit",
                "--rules",
                "fixit_rules.inline_budget",
                "lint",
                *[d.name for d in dirs],
            ],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        elapsed, used = time.perf_counter() - wall, _cpu() - cpu
    reported = sum(1 for line in proc.stdout.splitlines() if "InlineBudget" in line)
    return elapsed, used, reported


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-fixit", action="store_true")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    dirs = corpus_dirs()
    files, lines = _lines(dirs)
    print(f"corpus: {len(PINNED)} packages, {files} files, {lines:,} lines; {os.cpu_count()} cores")
    cache_dir = Path(tempfile.mkdtemp(prefix="lint-bench-cache-"))
    cold_wall, cold_cpu, report = run_lint(dirs, cache_dir, args.jobs)
    print(
        f"prompt-budget lint, cold : {cold_wall:6.2f} s wall, {cold_cpu:6.2f} s CPU "
        f"({report.parsed} files parsed, {len(report.findings)} findings)"
    )  # type: ignore[attr-defined]
    warm_wall, warm_cpu, report = run_lint(dirs, cache_dir, args.jobs)
    print(
        f"prompt-budget lint, warm : {warm_wall:6.2f} s wall, {warm_cpu:6.2f} s CPU "
        f"({report.cached} of {report.files} files from the cache)"
    )  # type: ignore[attr-defined]
    shutil.rmtree(cache_dir, ignore_errors=True)
    if not args.no_fixit:
        fx_wall, fx_cpu, fx_found = run_fixit(dirs)
        print(
            f"fixit {FIXIT_VERSION}, one rule   : {fx_wall:6.2f} s wall, {fx_cpu:6.2f} s CPU ({fx_found} reports)"
        )
        print(f"cold speed-up over fixit : {fx_wall / cold_wall:5.1f}x wall, {fx_cpu / cold_cpu:5.1f}x CPU")


if __name__ == "__main__":
    main()
