"""`prompt-budget count` and `check` on trees of 1,000 / 10,000 / 100,000 Markdown files, cold and warm,
against the machine's limit: a plain script that walks the tree, reads every file and counts it with the
same backend in as many processes as there are cores.

Each figure is the best of N rounds of the real command in a fresh process (wall time, and CPU time of
the process and its workers), with its peak resident memory; each round runs every measure once, in
turn, so a change in the machine's load falls on all of them alike; the warm runs, a few tenths of a
second each, run as ``--warm`` triples a round (count, check, ``--version``), and the warm ratio is the
median of the triples' ratios. Files are distinct (each opens with its own line) and are
counted at least 2 s after they were written (younger files are not trusted by their stat signature).

Usage: python benchmarks/bench_scale.py [--tiers 1000,10000,100000] [--size 6000] [--runs 3] [--warm 5]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).parent))
from bench_check import paragraph

#: The reference: every core, each process loading the encoding once, no cache, no output but the total.
FLOOR = """
import os, sys
from multiprocessing import Pool

def init():
    global count
    try:
        import quicktok
        count = quicktok.get_encoding(sys.argv[2]).count
    except ImportError:
        import tiktoken
        enc = tiktoken.get_encoding(sys.argv[2])
        count = lambda text: len(enc.encode_ordinary(text))

def work(paths):
    total = 0
    for p in paths:
        with open(p, encoding="utf-8") as fh:
            total += count(fh.read())
    return total

if __name__ == "__main__":
    paths = [os.path.join(d, f) for d, _, fs in os.walk(sys.argv[1]) for f in fs if f.endswith(".md")]
    chunks = [paths[i : i + 64] for i in range(0, len(paths), 64)]
    with Pool(os.cpu_count(), initializer=init) as pool:
        print(sum(pool.imap_unordered(work, chunks)))
"""

CONFIG = """[tool.prompt_budget]
tokenizer = "o200k_base"
context_window = 200_000

[[tool.prompt_budget.files]]
path = ".claude/skills/*/SKILL.md"
max_tokens = 1_000_000
frontmatter_max_tokens = 1_000
load = "skippable"

[[tool.prompt_budget.files]]
path = "docs/**/*.md"
max_tokens = 1_000_000
load = "skippable"
"""


def generate(root: Path, files: int, size: int) -> int:
    """``files`` distinct Markdown files of about ``size`` bytes (a tenth of them skills with
    frontmatter), in folders of at most 100; returns the bytes written."""
    rng = random.Random(files)
    corpus = paragraph(rng, 4_000_000)
    total = 0
    for i in range(files):
        start = rng.randrange(0, len(corpus) - size)
        body = f"# Document {i}\n\n{corpus[start : start + size]}\n"
        if i % 10 == 0:
            path = root / ".claude" / "skills" / f"skill-{i:06d}" / "SKILL.md"
            body = f"---\nname: skill-{i:06d}\ndescription: what skill {i} does and when\n---\n{body}"
        else:
            path = root / "docs" / f"area-{i // 100:04d}" / f"doc-{i:06d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
        total += len(body.encode("utf-8"))
    (root / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    return total


@dataclass
class Run:
    wall: float
    cpu: float
    rss_mb: float
    code: int


#: The commands' environment: byte-code written and reused, as for an installed package (with
#: PYTHONDONTWRITEBYTECODE set, every run compiles each module it imports from source: a `check`
#: imports more modules than a `count`, and the compiling alone took 2 to 3 us a file of a warm
#: `check` of 10,000 files).
ENV: Final = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"NO_COLOR": "1"}


def timed(argv: list[str], cwd: Path) -> Run:
    """Run ``argv`` and wait for it: wall time, CPU time (it and its reaped children), peak RSS."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({code}): {err}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code)


def best(runs: list[Run]) -> Run:
    return min(runs, key=lambda r: r.wall)


def tier(files: int, size: int, runs: int, jobs: str | None, warm: int) -> dict[str, list[Run]]:
    with tempfile.TemporaryDirectory(prefix=f"bench-scale-{files}-") as tmp:
        root = Path(tmp)
        written = generate(root, files, size)
        time.sleep(2.1)
        floor_script = root / "floor.py"
        floor_script.write_text(FLOOR, encoding="utf-8")
        cli = [sys.executable, "-m", "prompt_budget"]
        extra = ["--quiet"] + (["--jobs", jobs] if jobs else [])
        cache = root / ".prompt-budget"
        # rounds, each measure once a round: a change in the machine's load falls on every measure alike
        rounds: dict[str, list[Run]] = {}
        for command in ("count", "check"):  # once first: every module's byte-code written
            timed([*cli, command, *extra], root)
        for _ in range(runs):
            rounds.setdefault("script", []).append(
                timed([sys.executable, str(floor_script), ".", "o200k_base"], root)
            )
            for command in ("count", "check"):
                shutil.rmtree(cache, ignore_errors=True)
                rounds.setdefault(f"{command} cold", []).append(timed([*cli, command, *extra], root))
            # warm runs are short (0.3 s at 10,000 files): one slow process start moves a ratio by a
            # quarter, so each round runs ``warm`` triples (count, check, start-up) back to back
            for _ in range(warm):
                for command in ("count", "check"):
                    rounds.setdefault(f"{command} warm", []).append(timed([*cli, command, *extra], root))
                rounds.setdefault("startup", []).append(timed([*cli, "--version"], root))
        print(f"\n## {files:,} files, {written / 1e6:.1f} MB", flush=True)
        return rounds


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def report(files: int, rounds: dict[str, list[Run]]) -> None:
    r = {name: best(each) for name, each in rounds.items()}
    script = r["script"]
    print("| measure | wall s | CPU s | peak RSS MB | wall vs script |")
    print("|---|---:|---:|---:|---:|")
    for name, run in r.items():
        ratio = f"{run.wall / script.wall:.2f}x" if name != "startup" else ""
        print(f"| {name} | {run.wall:.3f} | {run.cpu:.3f} | {run.rss_mb:.0f} | {ratio} |")
    base = r["startup"].wall
    per = {c: (r[f"{c} warm"].wall - base) / files * 1e6 for c in ("count", "check")}
    cpu = {c: (r[f"{c} warm"].cpu - r["startup"].cpu) / files * 1e6 for c in ("count", "check")}
    print(
        f"\nwarm per file (less `--version`'s start-up): count {per['count']:.1f} us, check "
        f"{per['check']:.1f} us wall ({per['check'] / per['count']:.2f}x); CPU count {cpu['count']:.1f} us, "
        f"check {cpu['check']:.1f} us ({cpu['check'] / cpu['count']:.2f}x)"
    )
    print(
        f"cold vs script: count {r['count cold'].wall / script.wall:.2f}x, "
        f"check {r['check cold'].wall / script.wall:.2f}x",
        flush=True,
    )
    # the same ratios taken within each round (its measures ran back to back, under the same load),
    # then their median over the rounds: steadier than the best of each measure on a noisy machine
    n = len(rounds["script"])
    cold = {
        c: _median([rounds[f"{c} cold"][i].wall / rounds["script"][i].wall for i in range(n)])
        for c in ("count", "check")
    }
    # each warm triple's ratio (its three runs back to back), then the median over every triple
    triples = len(rounds["startup"])
    warm = _median(
        [
            (rounds["check warm"][i].wall - rounds["startup"][i].wall)
            / (rounds["count warm"][i].wall - rounds["startup"][i].wall)
            for i in range(triples)
        ]
    )
    medians = {c: _median([w.wall for w in rounds[f"{c} warm"]]) for c in ("count", "check")}
    start = _median([w.wall for w in rounds["startup"]])
    print(
        f"median over {n} rounds of each round's ratio: cold count {cold['count']:.2f}x, cold check "
        f"{cold['check']:.2f}x the script; warm check per file {warm:.2f}x warm count (median of "
        f"{triples} warm triples; median walls: count {medians['count']:.3f} s, check "
        f"{medians['check']:.3f} s, start-up {start:.3f} s)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiers", default="1000,10000,100000", help="file counts, comma-separated")
    parser.add_argument("--size", type=int, default=6000, help="bytes per file (about)")
    parser.add_argument(
        "--runs",
        type=int,
        default=None,
        help="rounds, each measure once a round (best taken); default 3, 1 above 50,000",
    )
    parser.add_argument(
        "--warm", type=int, default=5, help="warm triples (count, check, start-up) a round; default 5"
    )
    parser.add_argument("--jobs", default=None, help="--jobs for the commands (default: theirs)")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average at start: {os.getloadavg()}")
    for files in (int(t) for t in args.tiers.split(",")):
        runs = args.runs if args.runs is not None else 1 if files > 50_000 else 3
        results = tier(files, args.size, runs, args.jobs, args.warm)
        report(files, results)
        print(f"load average now: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main()
