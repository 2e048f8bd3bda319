"""`prompt-budget check` over 10,000 instruction files: one source tree against another, in the same run.

The tree holds what agent harnesses load: 2,000 nested ``AGENTS.md`` files (each with a ``CLAUDE.md``
symbolic link beside it), 3,000 skills in ``.claude/skills/``, 1,000 Cursor rules, 1,000 Copilot
path instructions and 3,000 other Markdown files, about 2 KB each (20 MB). It is checked under two
configurations:

- ``files``: ``[[files]]`` entries only (what a configuration without harnesses does; every version
  of the product reads it);
- ``harnesses``: the same entries plus ``harnesses = ["claude-code", "codex", "cursor", "copilot"]``
  (discovery, per-harness and per-folder must-load totals, the AGENTS.md chains, the skill listing).

Each (source tree, configuration) pair runs ``python -m prompt_budget check --json`` in a fresh process
with ``PYTHONPATH`` set to that source tree: cold (no count cache) and warm, best of ``--runs``, CPU
time of the child (user + system) and wall time. A source tree that does not know a configuration key
(an older one and ``harnesses``) is reported as such.

Usage: python benchmarks/bench_harness_check.py --src main=/path/to/main/src --src branch=src
    [--files 10000] [--runs 3] [--tokenizer o200k_base]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_check import paragraph as text  # the same generated prose as the other check benchmark


def generate(root: Path, files: int, size: int) -> int:
    """The tree; returns its size in bytes."""
    rng = random.Random(18)
    layout = [(0.2, "agents"), (0.3, "skill"), (0.1, "cursor"), (0.1, "copilot"), (0.3, "doc")]
    total = 0
    counts = {kind: int(files * share) for share, kind in layout}
    write = [(root / "AGENTS.md", text(rng, size))]
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    for i in range(counts["agents"] - 1):
        folder = root / "src" / f"area-{i % 40:02d}" / f"mod-{i:05d}"
        write.append((folder / "AGENTS.md", text(rng, size)))
    for i in range(counts["skill"]):
        description = re.sub(r"[`#:\n-]+", " ", text(rng, 120)).strip()
        head = f"---\nname: skill-{i:05d}\ndescription: {description}\n---\n"
        write.append((root / ".claude" / "skills" / f"skill-{i:05d}" / "SKILL.md", head + text(rng, size)))
    for i in range(counts["cursor"]):
        kind = ("alwaysApply: true", f'globs: "src/area-{i % 40:02d}/**"', "description: a rule")[i % 3]
        write.append(
            (root / ".cursor" / "rules" / f"rule-{i:05d}.mdc", f"---\n{kind}\n---\n" + text(rng, size))
        )
    for i in range(counts["copilot"]):
        head = f'---\napplyTo: "src/area-{i % 40:02d}/**"\n---\n'
        write.append(
            (root / ".github" / "instructions" / f"i-{i:05d}.instructions.md", head + text(rng, size))
        )
    for i in range(files - len(write)):
        write.append((root / "docs" / f"part-{i % 30:02d}" / f"doc-{i:05d}.md", text(rng, size)))
    for path, body in write:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
        total += len(body.encode("utf-8"))
    for folder in (root / "src").glob("area-*/mod-*"):
        (folder / "CLAUDE.md").symlink_to("AGENTS.md")
    return total


FILES = """
[[files]]
name = "agents"
path = ["AGENTS.md", "**/AGENTS.md", "CLAUDE.md", "**/CLAUDE.md"]
max_tokens = 5000
[[files]]
name = "skills"
path = ".claude/skills/*/SKILL.md"
max_tokens = 5000
frontmatter_max_tokens = 200
[[files]]
name = "cursor"
path = ".cursor/rules/*.mdc"
max_tokens = 5000
[[files]]
name = "copilot"
path = ".github/instructions/*.instructions.md"
max_tokens = 5000
[[files]]
name = "docs"
path = "docs/**/*.md"
max_tokens = 5000
load = "skippable"
"""
CONFIGS = {
    "files": 'tokenizer = "TOKENIZER"\n' + FILES,
    "harnesses": 'tokenizer = "TOKENIZER"\nharnesses = ["claude-code", "codex", "cursor", "copilot"]\n'
    + FILES,
}


def run_check(root: Path, src: str) -> tuple[float, float, int, str]:
    """(CPU seconds of the child, wall seconds, exit code, last stderr line)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "prompt_budget", "check", "--json", str(root)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_COLOR": "1", "PYTHONPATH": src},
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = (proc.stderr.strip().splitlines() or [""])[-1]
    return cpu, wall, proc.returncode, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", action="append", required=True, metavar="LABEL=PATH")
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--size", type=int, default=2000, help="characters per file")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tokenizer", default="o200k_base")
    args = parser.parse_args()
    sources = [(s.split("=", 1)[0], str(Path(s.split("=", 1)[1]).resolve())) for s in args.src]

    with tempfile.TemporaryDirectory(prefix="bench-harness-") as tmp:
        root = Path(tmp)
        size = generate(root, args.files, args.size)
        print(f"tree: {args.files:,} instruction files, {size / 1e6:.1f} MB; tokenizer {args.tokenizer}")
        print("| source | config | cold CPU (s) | cold wall (s) | warm CPU (s) | warm wall (s) | exit |")
        print("|---|---|---:|---:|---:|---:|---|")
        for config_name, body in CONFIGS.items():
            (root / "prompt_budget.toml").write_text(
                body.replace("TOKENIZER", args.tokenizer), encoding="utf-8"
            )
            for label, src in sources:
                cold, warm = [], []
                for _ in range(args.runs):
                    shutil.rmtree(root / ".prompt-budget", ignore_errors=True)
                    cold.append(run_check(root, src))
                for _ in range(args.runs):
                    warm.append(run_check(root, src))
                rc = cold[-1][2]
                if rc == 2:
                    print(f"| {label} | {config_name} | - | - | - | - | 2: {cold[-1][3][:80]} |")
                    continue
                print(
                    f"| {label} | {config_name} | {min(c for c, *_ in cold):.2f} | {min(w for _, w, *_ in cold):.2f} "
                    f"| {min(c for c, *_ in warm):.2f} | {min(w for _, w, *_ in warm):.2f} | {rc} |"
                )


if __name__ == "__main__":
    main()
