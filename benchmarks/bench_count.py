"""Counting speed: prompt-budget against its raw backend and tiktoken, the CLI cold vs warm (and where a
warm run's time goes), import time.

Run from the repository root with the dev extra installed:

    python benchmarks/bench_count.py            # the figures, with targets
    python benchmarks/bench_count.py --quick    # fewer repetitions

Every figure is the best of several runs (the least disturbed by other work on the machine), measured in
one process on one corpus. References: the raw ``quicktok`` call (``Encoding.count``) for the overhead,
``tiktoken`` (``len(Encoding.encode_ordinary(text))``) for the speed ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
N_FILES = 2_000


# --- corpus ------------------------------------------------------------------------------------------


def corpus(n_docs: int = 1_200, seed: int = 11) -> list[str]:
    """Standard-library sources and their docstrings, JSON, CJK, Korean and mixed-script text."""
    rng = random.Random(seed)
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    sources = sorted(p for p in stdlib.glob("*.py"))
    sources += sorted((stdlib / "email").rglob("*.py")) + sorted((stdlib / "asyncio").rglob("*.py"))
    docs: list[str] = []
    for path in sources:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        docs.append(text[:12_000])
        if len(docs) >= n_docs // 2:
            break
    blocks = [(0xAC00, 0xD7A3), (0x4E00, 0x9FFF), (0x3041, 0x3096), (0x0410, 0x044F), (0x1F600, 0x1F64F)]
    words = [
        "the",
        "budget",
        "of",
        "a",
        "prompt",
        "is",
        "counted",
        "in",
        "tokens",
        "and",
        "each",
        "section",
        "has",
        "a",
        "cap",
    ]
    while len(docs) < n_docs:
        kind = len(docs) % 3
        if kind == 0:
            obj = {
                f"{rng.choice(words)}_{i}": [rng.random(), rng.choice(words), i]
                for i in range(rng.randint(5, 80))
            }
            docs.append(json.dumps(obj, ensure_ascii=False, indent=2))
        else:
            parts = []
            for _ in range(rng.randint(50, 800)):
                if rng.random() < 0.5:
                    parts.append(rng.choice(words))
                else:
                    lo, hi = rng.choice(blocks)
                    parts.append("".join(chr(rng.randint(lo, hi)) for _ in range(rng.randint(1, 5))))
                parts.append(rng.choice([" ", " ", "\n", ", ", ". "]))
            docs.append("".join(parts))
    return docs


def make_tree(root: Path, docs: list[str], n_files: int = N_FILES) -> int:
    """``n_files`` text files in nested folders (with a .gitignore and a .git folder to skip), built
    from the corpus; returns the total size in bytes."""
    rng = random.Random(5)
    size = 0
    (root / ".git").mkdir(parents=True, exist_ok=True)
    (root / ".gitignore").write_text("*.log\nbuild/\n", encoding="utf-8")
    for i in range(n_files):
        folder = root / f"pkg{i % 20}" / f"sub{i % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        text = docs[i % len(docs)][: rng.randint(1_000, 12_000)]
        path = folder / f"doc{i}.md"
        path.write_text(text, encoding="utf-8")
        size += path.stat().st_size
    for i in range(50):  # ignored: not counted
        (root / "build").mkdir(exist_ok=True)
        (root / "build" / f"out{i}.md").write_text("x" * 1000, encoding="utf-8")
        (root / f"pkg{i % 20}" / f"run{i}.log").write_text("y" * 1000, encoding="utf-8")
    return size


def make_sized_tree(root: Path, docs: list[str], chars: int, n_files: int = N_FILES) -> int:
    """``n_files`` files of ``chars`` characters each, concatenated from random corpus documents;
    returns the total size in bytes."""
    rng = random.Random(7)
    size = 0
    for i in range(n_files):
        folder = root / f"pkg{i % 20}" / f"sub{i % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        parts: list[str] = []
        n = 0
        while n < chars:
            doc = docs[rng.randrange(len(docs))]
            parts.append(doc)
            n += len(doc)
        path = folder / f"doc{i}.md"
        path.write_text("".join(parts)[:chars], encoding="utf-8")
        size += path.stat().st_size
    return size


# --- timing ------------------------------------------------------------------------------------------


def best(fn: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None) -> float:
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


class Report:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str, str, str]] = []

    def add(self, what: str, figure: str, target: str = "", verdict: str = "") -> None:
        self.lines.append((what, figure, target, verdict))
        print(f"  {what:<58} {figure:>18}  {target:<14} {verdict}", flush=True)


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


# --- the sections ------------------------------------------------------------------------------------


def bench_exact(report: Report, docs: list[str], repeat: int) -> None:
    import quicktok
    import tiktoken

    import prompt_budget
    from prompt_budget.tokenizers import get_tokenizer

    for name in ("o200k_base", "cl100k_base"):
        raw = quicktok.get_encoding(name)
        ref = tiktoken.get_encoding(name)
        tok = get_tokenizer(name)
        tok.inner.load()  # type: ignore[attr-defined]
        assert [tok.count(d) for d in docs] == [raw.count(d) for d in docs]
        chars = sum(map(len, docs))

        def run_raw(count: Callable[[str], int] = raw.count) -> int:
            return sum(count(d) for d in docs)

        def run_ours(name: str = name) -> int:
            count = prompt_budget.count
            return sum(count(d, name) for d in docs)

        def run_tiktoken(encode: Callable[[str], list[int]] = ref.encode_ordinary) -> int:
            return sum(len(encode(d)) for d in docs)

        # Interleave the three so that load on the machine hits them alike.
        t_raw = t_ours = t_tik = float("inf")
        for _ in range(repeat):
            t_raw = min(t_raw, best(run_raw, 1))
            t_ours = min(t_ours, best(run_ours, 1, setup=tok.cache_clear))
            t_tik = min(t_tik, best(run_tiktoken, 1))
        t_hit = best(run_ours, repeat)  # every text already in the LRU
        print(f"\n{name}: {len(docs):,} documents, {chars / 1e6:.1f} M characters")
        report.add(f"{name} raw quicktok Encoding.count", f"{t_raw * 1e3:.1f} ms", "reference")
        overhead = t_ours / t_raw - 1
        report.add(
            f"{name} prompt_budget.count (LRU cold)",
            f"{t_ours * 1e3:.1f} ms ({overhead:+.1%})",
            "<= +10%",
            verdict(overhead <= 0.10),
        )
        report.add(f"{name} prompt_budget.count (LRU warm)", f"{t_hit * 1e3:.1f} ms")
        ratio = t_tik / t_ours
        report.add(
            f"{name} tiktoken encode_ordinary",
            f"{t_tik * 1e3:.1f} ms ({ratio:.1f}x)",
            ">= 3x",
            verdict(ratio >= 3),
        )

    # Short strings (chat messages): the Python wrapper's own cost per call shows here.
    raw = quicktok.get_encoding("o200k_base")
    short = [d[:100] for d in docs]
    t_raw = best(lambda: [raw.count(s) for s in short], repeat * 3)
    t_ours = best(lambda: [prompt_budget.count(s, "o200k_base") for s in short], repeat * 3)
    per_call = (t_ours - t_raw) / len(short) * 1e9
    report.add(
        "100-char strings: overhead per call", f"{per_call:.0f} ns ({t_ours / t_raw - 1:+.0%})", "info"
    )


def bench_cli(report: Report, docs: list[str], repeat: int) -> None:
    from prompt_budget import cli
    from prompt_budget.tokenizers import get_tokenizer

    tmp = Path(tempfile.mkdtemp(prefix="pb-bench-"))
    try:
        tree = tmp / "repo"
        size = make_tree(tree, docs)
        # Files changed in the last 2 s are "racy" (their stat signature is not trusted yet): in a real
        # project files are older than that by the time they are counted.
        time.sleep(2.1)
        cache = tree / ".prompt-budget"
        print(f"\nprompt-budget count: {N_FILES:,} files, {size / 1e6:.1f} MB")
        tok = get_tokenizer("o200k_base")
        tok.inner.load()  # type: ignore[attr-defined]  # in-process: the encoding is loaded once

        def drop_cache() -> None:
            shutil.rmtree(cache, ignore_errors=True)
            tok.cache_clear()

        def run_main(*extra: str) -> None:
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                code = cli.main(["count", *extra, str(tree)])
            assert code == 0, code
            # the generated files and the .gitignore; not the ignored ones nor .git
            assert f"total ({N_FILES + 1} files)" in out.getvalue()

        cwd = os.getcwd()
        os.chdir(tree)
        try:
            cold = best(run_main, repeat, setup=drop_cache)
            run_main()
            warm = best(run_main, repeat)
            nocache = best(lambda: run_main("--no-cache"), repeat, setup=tok.cache_clear)
        finally:
            os.chdir(cwd)
        report.add("one process, encoding loaded: cold (no disk cache)", f"{cold * 1e3:.0f} ms")
        report.add("one process, encoding loaded: --no-cache", f"{nocache * 1e3:.0f} ms")
        report.add(
            "one process, encoding loaded: warm (disk cache)",
            f"{warm * 1e3:.0f} ms ({cold / warm:.1f}x)",
            "info",
        )

        # A fresh process per run, as a user runs the command; CPU time (user + system) of the child,
        # which other work on the machine disturbs less than wall time. Bytecode is written (as after
        # any install), so no run compiles modules. Cold runs start without the count cache.
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONDONTWRITEBYTECODE")}
        outputs: dict[str, str] = {}

        def run_proc(argv: list[str], where: Path) -> tuple[float, str]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)  # microseconds, unlike os.times()
            proc = subprocess.run(argv, cwd=where, capture_output=True, text=True, env=env, check=False)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            assert proc.returncode == 0, proc.stderr
            return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc.stdout

        # The console script a user runs (beside this interpreter, as pip installs it), else `-m`.
        script = Path(sys.executable).with_name("prompt-budget")
        argv = [str(script)] if script.is_file() else [sys.executable, "-m", "prompt_budget"]
        print(f"  (running {' '.join(argv)} count .; CPU time, best of {max(3, repeat // 2)})")

        def whole(where: Path) -> float:
            cpu, out = run_proc([*argv, "count", "."], where)
            # Every run, warm or cold, prints what the first one printed.
            assert outputs.setdefault(str(where), out) == out, "a warm run printed other counts"
            return cpu

        def phases(where: Path, script: str) -> dict[str, float]:
            _, out = run_proc([sys.executable, "-c", script], where)
            return {k: float(v) for k, v in (line.split("=") for line in out.split())}

        n = max(3, repeat // 2)

        def best_of(fn: Callable[[], float], cold: bool, where: Path = tree) -> float:
            times = []
            for _ in range(n):
                if cold:
                    shutil.rmtree(where / ".prompt-budget", ignore_errors=True)
                times.append(fn())
            return min(times)

        whole(tree)  # writes the bytecode and the cache
        cold_cpu = best_of(lambda: whole(tree), True)
        warm_cpu = best_of(lambda: whole(tree), False)  # after the cold runs: each wrote the cache
        report.add("subprocess `prompt-budget count` cold", f"{cold_cpu * 1e3:.0f} ms CPU")
        report.add(
            "subprocess `prompt-budget count` warm (count cache)",
            f"{warm_cpu * 1e3:.0f} ms CPU ({cold_cpu / warm_cpu:.1f}x)",
            "info",
        )

        # Where a warm run's time goes: the interpreter alone; `import prompt_budget.cli` and
        # `cli.main` timed inside a fresh process; then each step of `cli.main`, timed the same way.
        bare = best_of(lambda: run_proc([sys.executable, "-c", "pass"], tree)[0], False)
        steps: dict[str, float] = {}
        for _ in range(n):
            for script in (TIMER, PHASES):
                for key, value in phases(tree, script).items():
                    steps[key] = min(steps.get(key, float("inf")), value)
        report.add("  warm: python start (python -c pass)", f"{bare * 1e3:.1f} ms CPU", "info")
        report.add("  warm: import prompt_budget.cli", f"{steps['cli'] * 1e3:.1f} ms CPU", "info")
        report.add("  warm: cli.main(['count', '.'])", f"{steps['main'] * 1e3:.1f} ms CPU", "info")
        for key, what in PHASE_NAMES.items():
            report.add(f"  warm: {what}", f"{steps[key] * 1e3:.1f} ms CPU", "info")
        per_file = steps["files"] / (N_FILES + 1) * 1e6
        report.add("  warm: per file", f"{per_file:.1f} us", "info")

        # The same command on larger files: a warm run costs the same, a cold one grows.
        print(f"\nsubprocess `prompt-budget count` on {N_FILES:,} files of other sizes (CPU time)")
        for chars in (10_000, 25_000):
            sized = tmp / f"sized-{chars}"
            total = make_sized_tree(sized, docs, chars)
            time.sleep(2.1)
            sized_cold = best_of(lambda where=sized: whole(where), True, sized)
            sized_warm = best_of(lambda where=sized: whole(where), False, sized)
            report.add(
                f"  {total / N_FILES / 1e3:.1f} KB per file ({total / 1e6:.0f} MB): cold / warm",
                f"{sized_cold * 1e3:.0f} / {sized_warm * 1e3:.0f} ms ({sized_cold / sized_warm:.1f}x)",
                "info",
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


#: `import prompt_budget.cli` and `cli.main(["count", "."])`, each timed (CPU) in a fresh process.
TIMER = """\
import contextlib, io, time
t = time.process_time()
from prompt_budget import cli
steps = {"cli": time.process_time() - t}
t = time.process_time()
with contextlib.redirect_stdout(io.StringIO()):
    assert cli.main(["count", "."]) == 0
steps["main"] = time.process_time() - t
print(" ".join(f"{k}={v}" for k, v in steps.items()))
"""
#: The steps of a warm `prompt-budget count .`, each timed (CPU) in a fresh process, as `cli.main`
#: runs them: the imports it needs, the config, the walk, a stat and cache lookup per file, the table.
PHASES = """\
import io, time
from pathlib import Path
clock = time.process_time
t = clock()
import prompt_budget.cli, prompt_budget.config, prompt_budget.counting, prompt_budget.text.table
from prompt_budget.cli import options, count as command
from prompt_budget.cli.output import Output
from prompt_budget.counting import DiskCache, FileCounts, CountedFile, count_path, shown_path
from prompt_budget.walk import iter_paths
from prompt_budget.tokenizers import get_tokenizer
steps = {"imports": clock() - t}
t = clock()
prompt_budget.cli.build_parser().parse_args(["count", "."])
steps["parse"] = clock() - t
t = clock()
config = options.load(None)
tok = get_tokenizer(config.tokenizer)
steps["config"] = clock() - t
t = clock()
cache = DiskCache(config.resolve(config.cache_dir))
cache._load()
steps["cache"] = clock() - t
t = clock()
paths = list(iter_paths(Path(".")))
steps["walk"] = clock() - t
t = clock()
found, cwd = FileCounts(tok), str(Path.cwd())
for p in paths:
    fc = count_path(p, tok, cache)
    assert fc.cached
    found.rows.append(CountedFile(shown_path(p, cwd), fc.tokens, fc.chars, fc.notes))
steps["files"] = clock() - t
t = clock()
Output("never", out=io.StringIO()).table(command._count_table(found))
steps["render"] = clock() - t
print(" ".join(f"{k}={v}" for k, v in steps.items()))
"""
PHASE_NAMES = {
    "imports": "  import the modules a count needs (prompt_budget.cli too)",
    "parse": "  build the parser, parse the arguments",
    "config": "  find the config (none here), resolve the tokenizer",
    "cache": "  read the count cache (one JSON file)",
    "walk": f"  walk the tree ({N_FILES:,} files, .gitignore)",
    "files": "  stat + cache lookup + shown path, every file",
    "render": "  render the table",
}

_IMPORT_LINE = re.compile(r"import time:\s+(\d+)\s+\|\s+(\d+)\s+\|(\s*)(\S+)")
HEAVY = ("rich", "libcst", "quicktok", "tiktoken", "tokenizers", "anthropic", "pytest", "_pytest", "pluggy")


def bench_import(report: Report, repeat: int) -> None:
    own_best = cumulative_best = float("inf")
    heavy: set[str] = set()
    for _ in range(repeat):
        proc = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import prompt_budget"],
            capture_output=True,
            text=True,
            check=True,
        )
        own = 0
        cumulative = 0
        for line in proc.stderr.splitlines():
            m = _IMPORT_LINE.match(line)
            if not m:
                continue
            self_us, cum_us, module = int(m.group(1)), int(m.group(2)), m.group(4)
            if module == "prompt_budget" or module.startswith("prompt_budget."):
                own += self_us
            if module == "prompt_budget":
                cumulative = cum_us
            if module.split(".")[0] in HEAVY:
                heavy.add(module.split(".")[0])
        own_best = min(own_best, own / 1e3)
        cumulative_best = min(cumulative_best, cumulative / 1e3)
    print("\nimport prompt_budget (python -X importtime)")
    report.add("own modules' self time", f"{own_best:.1f} ms", "< 30 ms", verdict(own_best < 30))
    report.add(
        "cumulative, with the stdlib it pulls in",
        f"{cumulative_best:.1f} ms",
        "< 30 ms",
        verdict(cumulative_best < 30),
    )
    report.add("heavy modules imported", ", ".join(sorted(heavy)) or "none", "none", verdict(not heavy))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument(
        "--only", choices=["exact", "cli", "import"], help="run one section (default: all three)"
    )
    args = parser.parse_args()
    repeat = 3 if args.quick else 7

    # tiktoken reads its encoding files offline from the copies bpe-openai ships (tests/conftest.py).
    spec = importlib.util.spec_from_file_location("_pb_conftest", ROOT / "tests" / "conftest.py")
    assert spec is not None
    assert spec.loader is not None
    conftest: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    cache_dir = Path(tempfile.gettempdir()) / "pb-bench-tiktoken"
    os.environ["TIKTOKEN_CACHE_DIR"] = str(conftest.seed_tiktoken_cache(cache_dir))

    print(f"python {sys.version.split()[0]} on {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
    report = Report()
    docs = corpus()
    if args.only in (None, "exact"):
        bench_exact(report, docs, repeat)
    if args.only in (None, "cli"):
        bench_cli(report, docs, repeat)
    if args.only in (None, "import"):
        bench_import(report, repeat)
    missed = [line for line in report.lines if line[3] == "MISSED"]
    print(f"\n{len(missed)} target(s) missed" if missed else "\nall targets met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
