"""Lint speed on the pinned agent packages: cold (no cache), warm (cache hit), and fixit running one
equivalent rule (PB101's keyword case, ``benchmarks/fixit_rules/inline_budget.py``) on the same files.

Usage: python benchmarks/lint_bench.py [--no-fixit] [--jobs N] [--repeat N] [--baseline-src PATH]
       python benchmarks/lint_bench.py --compare-findings --baseline-src PATH
       python benchmarks/lint_bench.py --compare-walk

``--compare-findings`` lints every pinned package (the corpus, the held-out, tuning and measuring sets
of ``lint_fetch.py``), each package as its own run, with this checkout's code and with the code under
``--baseline-src``, and prints every finding that differs (every field: path, line, column, end, code,
message, value, key, suggestion, suppression). The baseline's findings are kept under
``benchmarks/.cache/findings-<hash of the baseline's sources>.json`` so a re-run lints only this checkout.
A speed change must print "identical"; it exits 1 otherwise. ``--compare-walk`` compares, in this
checkout, the findings of the pruned walk (``src/prompt_budget/lint/prune.py``) with those of a walk of
every statement: run it after any change to a rule (the pruning declares what each built-in rule acts
on).

Also measured in the same run, on the same files: ``ruff check --select PLR2004`` (the magic-value rule,
the speed of light of a Python linter here), the parse floor (``ast.parse`` of every file in two
processes, as the lint's workers would) and, with ``--baseline-src``, the cold lint of another
checkout's ``src`` (to compare with the code before a change). With ``--repeat N`` each wall and each CPU
figure is the best of N runs, the runs interleaved (the machine is shared; the best run is the least
disturbed one); the ratios are printed for both, with the load average at the end.

Every lint measured here, this checkout's and the baseline's, runs in a fresh interpreter with its
checkout's ``src`` first on ``sys.path`` and is timed inside it around the lint alone (the interpreter's
start and the imports of the package and its rules are left out of both), cold with a new cache and then
warm with the same cache; its CPU includes its worker processes'.

Downloads the corpus on first use (``lint_fetch.py``) and installs fixit 2.2.1 into its own venv under
``benchmarks/.cache/venv-fixit`` so it cannot disturb the dev environment. Prints wall and CPU seconds
(CPU includes worker processes): on a shared machine the CPU figures are the comparable ones.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
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

from lint_fetch import CACHE, HELD_OUT, MEASURE, PINNED, TUNED_19, corpus_dirs, fetch, pairs  # noqa: E402

FIXIT_VERSION = "2.2.1"


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _lines(dirs: list[Path]) -> tuple[int, int]:
    files = [p for d in dirs for p in d.rglob("*.py")]
    return len(files), sum(p.read_bytes().count(b"\n") for p in files)


#: The lint of one checkout, cold (a new cache) then warm (the same cache), in an interpreter of its own
#: with the checkout's ``src`` first on ``sys.path``; each run timed around the lint alone (the
#: interpreter's start and the imports of the package and its rules are left out), the CPU of the worker
#: processes included. Prints one JSON line.
_LINT_TWICE = """
import json, resource, sys, tempfile, time, pathlib
from prompt_budget.lint.api import run_lint
from prompt_budget.lint.engine import known_codes
from prompt_budget.lint.options import parse_lint_options

def cpu():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

dirs, root, jobs, warm = json.loads(sys.argv[1])
options = parse_lint_options({}, root=pathlib.Path(root), known_codes=known_codes())
cache = pathlib.Path(tempfile.mkdtemp(prefix="lint-bench-cache-"))
out = []
for _ in range(2 if warm else 1):
    wall, used = time.perf_counter(), cpu()
    report = run_lint([pathlib.Path(d) for d in dirs], options, cache_dir=cache, jobs=jobs)
    out.append([time.perf_counter() - wall, cpu() - used, report.parsed, len(report.findings), report.cached, report.files])
print(json.dumps(out))
"""


def this_src() -> Path:
    """The ``src`` folder of the ``prompt_budget`` this interpreter imports (this checkout's, installed
    editable, or the one ``PYTHONPATH`` names)."""
    import importlib.util

    spec = importlib.util.find_spec("prompt_budget")
    if spec is None or spec.origin is None:
        raise SystemExit("prompt_budget is not importable: install the project or set PYTHONPATH")
    return Path(spec.origin).resolve().parents[1]


def run_lints(src: Path, dirs: list[Path], jobs: int | None, warm: bool = True) -> list[list[float]]:
    """The cold lint (and with ``warm`` the warm one) of the checkout whose ``src`` is given, each as
    ``[wall, cpu, parsed, findings, cached, files]`` (``_LINT_TWICE``). This checkout and a baseline are
    measured the same way, each in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=str(src))
    arg = json.dumps([[str(d) for d in dirs], str(CACHE / "src"), jobs, warm])
    proc = subprocess.run(
        [sys.executable, "-c", _LINT_TWICE, arg], env=env, check=True, capture_output=True, text=True
    )
    runs: list[list[float]] = json.loads(proc.stdout.strip().splitlines()[-1])
    return runs


def _parse_file(path: str) -> int:
    import ast
    import warnings

    with open(path, "rb") as fh:
        data = fh.read()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return 0
    return 1


def run_parse_floor(dirs: list[Path], jobs: int) -> tuple[float, float]:
    """``ast.parse`` of every file in ``jobs`` processes: the floor under any ast-based linter."""
    from concurrent.futures import ProcessPoolExecutor

    files = [str(p) for d in dirs for p in d.rglob("*.py")]
    wall, cpu = time.perf_counter(), _cpu()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        sum(pool.map(_parse_file, files, chunksize=16))
    return time.perf_counter() - wall, _cpu() - cpu


def run_ruff(dirs: list[Path]) -> tuple[float, float, int]:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    wall, cpu = time.perf_counter(), _cpu()
    proc = subprocess.run(
        [
            ruff,
            "check",
            "--no-cache",
            "--isolated",
            "--select",
            "PLR2004",
            "--output-format",
            "concise",
            *map(str, dirs),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    found = sum(1 for line in proc.stdout.splitlines() if "PLR2004" in line)
    return time.perf_counter() - wall, _cpu() - cpu, found


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


# --- findings identical to a baseline's --------------------------------------------------------------


def all_package_dirs() -> list[Path]:
    """Every pinned package of ``lint_fetch.py`` (fetched on demand)."""
    sets = (PINNED, HELD_OUT, TUNED_19, MEASURE)
    return [fetch(name, version) for pinned in sets for name, version in pairs(pinned)]


def dump_findings(out: Path, jobs: int | None, full_walk: bool = False) -> None:
    """Lint each package as its own run with the ``prompt_budget`` on ``sys.path``; write every finding
    as JSON, by package (run as a subprocess with the checkout to measure on PYTHONPATH). With
    ``full_walk`` the rules walk every statement (no pruning)."""
    from dataclasses import asdict

    if full_walk:
        from prompt_budget.lint import prune

        prune.ENABLED = False

    from prompt_budget.lint.api import run_lint as lint
    from prompt_budget.lint.engine import known_codes
    from prompt_budget.lint.options import parse_lint_options

    options = parse_lint_options({}, root=CACHE / "src", known_codes=known_codes())
    found: dict[str, list[dict[str, object]]] = {}
    for d in all_package_dirs():
        report = lint([d], options, cache_dir=None, jobs=jobs)
        found[d.name] = [asdict(f) for f in report.findings]
    out.write_text(json.dumps(found, indent=0, sort_keys=True))


def _findings_of(
    src: Path, jobs: int | None, full_walk: bool = False
) -> tuple[dict[str, list[dict[str, object]]], float]:
    """The findings of the code under ``src`` on every package, and the wall time it took."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "findings.json"
        env = dict(os.environ, PYTHONPATH=str(src))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--dump-findings", str(out)]
        if jobs is not None:
            cmd += ["--jobs", str(jobs)]
        if full_walk:
            cmd.append("--full-walk")
        wall = time.perf_counter()
        subprocess.run(cmd, env=env, check=True)
        elapsed = time.perf_counter() - wall
        return json.loads(out.read_text()), elapsed


def _tree_hash(src: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(src.rglob("*.py")):
        digest.update(str(path.relative_to(src)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def compare_findings(baseline_src: Path, jobs: int | None, src: Path | None = None) -> int:
    """Every finding of this checkout (or of the code under ``src``) against the baseline's; 0 when
    identical."""
    saved = CACHE / f"findings-{_tree_hash(baseline_src)}.json"
    if saved.exists():
        before = json.loads(saved.read_text())
    else:
        before, elapsed = _findings_of(baseline_src, jobs)
        saved.write_text(json.dumps(before))
        print(f"baseline ({baseline_src}): {elapsed:.1f} s, kept in {saved}")
    here = src or Path(__file__).resolve().parent.parent / "src"
    after, elapsed = _findings_of(here, jobs)
    print(f"this checkout ({here}): {elapsed:.1f} s")
    return _differences(before, after)


def compare_walk(jobs: int | None, src: Path | None = None) -> int:
    """This checkout's findings with the walk pruned (``lint/prune.py``) against a walk of every
    statement; 0 when identical. Run it after any change to a rule."""
    here = src or Path(__file__).resolve().parent.parent / "src"
    before, elapsed = _findings_of(here, jobs, full_walk=True)
    print(f"every statement walked ({here}): {elapsed:.1f} s")
    after, elapsed = _findings_of(here, jobs)
    print(f"pruned walk: {elapsed:.1f} s")
    return _differences(before, after)


def _differences(
    before: dict[str, list[dict[str, object]]], after: dict[str, list[dict[str, object]]]
) -> int:
    differ = 0
    for package in sorted(set(before) | set(after)):
        old = [json.dumps(f, sort_keys=True) for f in before.get(package, [])]
        new = [json.dumps(f, sort_keys=True) for f in after.get(package, [])]
        if old == new:
            continue
        differ += 1
        print(f"{package}: {len(old)} findings before, {len(new)} now")
        for line in difflib.unified_diff(old, new, "baseline", "now", lineterm="", n=0):
            print("  " + line)
    total = sum(len(v) for v in before.values())
    if differ:
        print(f"findings differ in {differ} of {len(before)} packages")
        return 1
    print(f"identical: {total} findings in {len(before)} packages")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-fixit", action="store_true")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--baseline-src", type=Path, default=None)
    parser.add_argument("--compare-findings", action="store_true")
    parser.add_argument("--src", type=Path, default=None, help="the code to compare (default: this checkout)")
    parser.add_argument("--compare-walk", action="store_true")
    parser.add_argument("--dump-findings", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--full-walk", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump_findings is not None:
        dump_findings(args.dump_findings, args.jobs, args.full_walk)
        return
    if args.compare_walk:
        raise SystemExit(compare_walk(args.jobs, args.src))
    if args.compare_findings:
        if args.baseline_src is None:
            parser.error("--compare-findings needs --baseline-src (the checkout to compare with)")
        raise SystemExit(compare_findings(args.baseline_src, args.jobs, args.src))
    dirs = corpus_dirs()
    files, lines = _lines(dirs)
    jobs = args.jobs or os.cpu_count() or 1
    print(f"corpus: {len(PINNED)} packages, {files} files, {lines:,} lines; {os.cpu_count()} cores")
    best: dict[str, tuple[float, float]] = {}
    ruff_found = 0

    def keep(name: str, wall: float, cpu: float) -> None:
        # the best wall and the best CPU of the runs, each on its own (a shared machine disturbs
        # the two differently)
        old_wall, old_cpu = best.get(name, (wall, cpu))
        best[name] = (min(wall, old_wall), min(cpu, old_cpu))

    src = this_src()
    parsed = found = cached = 0.0
    for _ in range(args.repeat):
        (wall, cpu, parsed, found, _, _), (warm_wall, warm_cpu, _, _, cached, _) = run_lints(
            src, dirs, args.jobs
        )
        keep("cold", wall, cpu)
        keep("warm", warm_wall, warm_cpu)
        wall, cpu, ruff_found = run_ruff(dirs)
        keep("ruff", wall, cpu)
        keep("parse", *run_parse_floor(dirs, jobs))
        if args.baseline_src is not None:
            ((wall, cpu, *_),) = run_lints(args.baseline_src, dirs, args.jobs, warm=False)
            keep("baseline", wall, cpu)

    def row(label: str, name: str, note: str = "") -> None:
        wall, cpu = best[name]
        print(f"{label:<36}: {wall:6.2f} s wall, {cpu:6.2f} s CPU {note}")

    row("prompt-budget lint, cold", "cold", f"({parsed:.0f} files parsed, {found:.0f} findings; {src})")
    row("prompt-budget lint, warm", "warm", f"({cached:.0f} of {files} from the cache)")
    row("ruff check --select PLR2004", "ruff", f"({ruff_found} reports)")
    row(f"ast.parse floor, {jobs} processes", "parse")

    def ratio(label: str, other: str) -> None:
        wall = best["cold"][0] / best[other][0]
        cpu = best["cold"][1] / best[other][1]
        print(f"{label:<26}: {wall:5.2f}x wall, {cpu:5.2f}x CPU")

    if "baseline" in best:
        row(f"baseline lint, cold ({args.baseline_src})", "baseline")
        ratio("cold lint vs baseline", "baseline")
    ratio("cold lint vs parse floor", "parse")
    ratio("cold lint vs ruff", "ruff")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.no_fixit:
        fx_wall, fx_cpu, fx_found = run_fixit(dirs)
        print(
            f"fixit {FIXIT_VERSION}, one rule   : {fx_wall:6.2f} s wall, {fx_cpu:6.2f} s CPU ({fx_found} reports)"
        )
        print(
            f"cold speed-up over fixit : {fx_wall / best['cold'][0]:5.1f}x wall, {fx_cpu / best['cold'][1]:5.1f}x CPU"
        )


if __name__ == "__main__":
    main()
