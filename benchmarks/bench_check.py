"""`prompt-budget check` on a generated tree of 5,000 Markdown files (20 MB): cold and warm times.

Cold: no count cache, every file tokenized. Warm: the on-disk cache holds every count, so a run costs
finding the files, reading and hashing them, and the checks. Each figure is the best of N runs of the
real command in a fresh process (interpreter start-up included), next to two named references:

- raw tokenization: ``tokenizer.count`` over the same 20 MB in one process (the floor for a cold run);
- read + BLAKE2b: reading and hashing every file in one process (the floor for a warm run).

Usage: python benchmarks/bench_check.py [--files 5000] [--size 4000] [--runs 3] [--tokenizer o200k_base]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = [
    "the",
    "agent",
    "loads",
    "skill",
    "files",
    "reference",
    "docs",
    "and",
    "tool",
    "results",
    "into",
    "its",
    "context",
    "window",
    "before",
    "each",
    "step",
    "budget",
    "tokens",
    "usage",
    "invoice",
    "payment",
    "ledger",
    "migration",
    "deploy",
    "review",
    "triage",
    "severity",
    "customer",
    "refund",
    "credit",
    "note",
    "dunning",
    "retry",
    "schedule",
    "runbook",
    "incident",
    "page",
    "on-call",
    "rollback",
    "release",
    "notes",
    "function",
    "class",
    "module",
    "import",
    "return",
    "value",
    "error",
    "exception",
    "config",
    "option",
    "flag",
    "default",
    "path",
    "glob",
    "def",
    "async",
    "await",
    "yield",
    "lambda",
    "None",
    "True",
    "False",
    "self",
    "cls",
    "kwargs",
    "args",
    "2024",
    "2025",
    "0.5",
    "42",
    "1,000",
    "EUR",
    "USD",
]


def paragraph(rng: random.Random, chars: int) -> str:
    out: list[str] = []
    n = 0
    while n < chars:
        line_words = [rng.choice(WORDS) for _ in range(rng.randint(6, 14))]
        line = " ".join(line_words).capitalize() + "."
        if rng.random() < 0.1:
            line = f"- `{rng.choice(WORDS)}()` {line}"
        if rng.random() < 0.05:
            line = f"\n## {rng.choice(WORDS).title()} {rng.choice(WORDS)}\n"
        out.append(line)
        n += len(line) + 1
    return "\n".join(out)[:chars]


def generate(root: Path, files: int, size: int) -> int:
    rng = random.Random(20_000)
    total = 0
    skills = files // 10
    for i in range(files):
        if i < skills:
            path = root / ".claude" / "skills" / f"skill-{i:04d}" / "SKILL.md"
            description = paragraph(rng, 160).replace("\n", " ").replace(": ", " ")
            head = f"---\nname: skill-{i:04d}\ndescription: {description}\n---\n"
            text = head + paragraph(rng, size - len(head))
        else:
            path = root / "docs" / f"area-{i % 50:02d}" / f"doc-{i:05d}.md"
            text = paragraph(rng, size)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        total += len(text.encode("utf-8"))
    (root / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "TOKENIZER"\ncontext_window = 200_000\n'
        "[[tool.prompt_budget.files]]\n"
        'path = ".claude/skills/*/SKILL.md"\nmax_tokens = 2000\nfrontmatter_max_tokens = 100\n'
        "[[tool.prompt_budget.files]]\n"
        'path = ["docs/**/*.md", "!docs/area-49/*.md"]\nmax_tokens = 2000\n'
        "[[tool.prompt_budget.files]]\n"
        'path = "docs/area-49/*.md"\nmax_tokens = 1500\nload = "skippable"\npriority = 1\n',
        encoding="utf-8",
    )
    return total


def run_check(root: Path) -> float:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "prompt_budget", "check", "--json", str(root)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"check failed ({proc.returncode}): {proc.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--size", type=int, default=4000, help="bytes per file (5,000 x 4,000 = 20 MB)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tokenizer", default="o200k_base")
    args = parser.parse_args()

    from prompt_budget.tokenizers import get_tokenizer

    tok = get_tokenizer(args.tokenizer)
    with tempfile.TemporaryDirectory(prefix="bench-check-") as tmp:
        root = Path(tmp)
        size = generate(root, args.files, args.size)
        config = root / "pyproject.toml"
        config.write_text(config.read_text().replace("TOKENIZER", args.tokenizer))
        cache = root / ".prompt-budget"
        paths = sorted(p for p in root.rglob("*.md"))

        start = time.perf_counter()
        for p in paths:
            tok.inner.count(p.read_text(encoding="utf-8"))
        raw_count = time.perf_counter() - start
        start = time.perf_counter()
        for p in paths:
            hashlib.blake2b(p.read_bytes(), digest_size=16).hexdigest()
        read_hash = time.perf_counter() - start
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import prompt_budget.cli"], check=True)
        startup = time.perf_counter() - start

        cold: list[float] = []
        for _ in range(args.runs):
            shutil.rmtree(cache, ignore_errors=True)
            cold.append(run_check(root))
        warm = [run_check(root) for _ in range(args.runs)]

    print(f"tree: {len(paths):,} Markdown files, {size / 1e6:.1f} MB; tokenizer {tok.name} ({tok!r})")
    print(f"reference  raw tokenization, one process:    {raw_count:7.3f} s")
    print(f"reference  read + BLAKE2b every file:         {read_hash:7.3f} s")
    print(f"reference  python -c 'import prompt_budget.cli': {startup:5.3f} s")
    print(
        f"check      cold (no cache), best of {args.runs}:      {min(cold):7.3f} s  (all: {', '.join(f'{t:.2f}' for t in cold)})"
    )
    print(
        f"check      warm (cache),    best of {args.runs}:      {min(warm):7.3f} s  (all: {', '.join(f'{t:.2f}' for t in warm)})"
    )
    print(
        f"ratios     cold / raw tokenization = {min(cold) / raw_count:.2f}x; warm / cold = {min(warm) / min(cold):.3f}"
    )
    verdict = "under" if min(warm) < 1.0 else "OVER"
    print(f"target     warm under 1 s: {verdict} ({min(warm):.3f} s)")


if __name__ == "__main__":
    main()
