"""The pytest plugin's own overhead.

Two suites of 2,000 trivial tests, each test given its own 1 KB prompt:

- ``check``: ``prompt_budget.check(PROMPT, 2_000)`` (count with o200k_base, compare, record, JUnit
  properties);
- ``len`` (the reference): ``assert len(PROMPT) <= 8_000``, the plugin loaded but unused;

plus ``len, plugin off`` (``-p no:prompt_budget``) to show what merely loading the plugin costs, and
``len + a fixture`` (a do-nothing function fixture) to show what pytest charges for any fixture.
``check`` reuses the on-disk count cache after the first run (an unchanged prompt costs a hash and the
vocabulary is never loaded); ``check, cold`` empties the cache before each run.
Each suite runs in a fresh ``python -m pytest`` process several times, interleaved; the best time
counts. Both wall time and CPU time (user + system of the child, which shared or loaded machines
disturb less) are printed; the verdict uses CPU time. The one-time cost of loading the tokenizer's
vocabulary (measured alone in a fresh process) is printed too, since it is paid once per process
whatever the number of tests. Target: ``check`` at most 10% slower than ``len``.

    python benchmarks/bench_plugin_overhead.py [--runs 5] [--tests 2000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

PROMPTS = """
import random

_rng = random.Random(1234)
_WORDS = ("agent", "budget", "token", "prompt", "tool", "result", "system", "context", "window", "cap",
          "the", "a", "of", "to", "and", "in", "is", "for", "with", "on")


def _prompt(i):
    words = []
    size = 0
    while size < 1024:
        w = _rng.choice(_WORDS)
        words.append(w)
        size += len(w) + 1
    return f"Prompt {i}: " + " ".join(words)[:1010]


PROMPTS = [_prompt(i) for i in range({n})]
"""

CHECK_SUITE = """
import pytest
from prompts import PROMPTS

@pytest.mark.parametrize("i", range(len(PROMPTS)))
def test_prompt(prompt_budget, i):
    prompt_budget.check(PROMPTS[i], 2_000)
"""

FIXTURE_SUITE = """
import pytest
from prompts import PROMPTS

@pytest.fixture
def nothing():
    return None

@pytest.mark.parametrize("i", range(len(PROMPTS)))
def test_prompt(nothing, i):
    assert len(PROMPTS[i]) <= 8_000
"""

LEN_SUITE = """
import pytest
from prompts import PROMPTS

@pytest.mark.parametrize("i", range(len(PROMPTS)))
def test_prompt(i):
    assert len(PROMPTS[i]) <= 8_000
"""


def run(folder: Path, cmd_tail: list[str]) -> tuple[float, float]:
    """(wall seconds, child CPU seconds) of one fresh process."""
    cmd = [sys.executable, *cmd_tail]
    before = os.times()
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    after = os.times()
    if proc.returncode != 0:
        sys.exit(f"benchmark run failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return elapsed, cpu


LOAD_ONLY = "from prompt_budget.tokenizers import get_tokenizer; get_tokenizer('o200k_base').count('x')"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tests", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "pyproject.toml").write_text(
            '[tool.prompt_budget]\ntokenizer = "o200k_base"\n[tool.pytest.ini_options]\naddopts = []\n',
            encoding="utf-8",
        )
        (folder / "prompts.py").write_text(
            textwrap.dedent(PROMPTS).replace("{n}", str(args.tests)), encoding="utf-8"
        )
        (folder / "test_check.py").write_text(CHECK_SUITE, encoding="utf-8")
        (folder / "test_len.py").write_text(LEN_SUITE, encoding="utf-8")
        (folder / "test_fixture.py").write_text(FIXTURE_SUITE, encoding="utf-8")
        pytest_cmd = ["-m", "pytest", "-q", "-p", "no:cacheprovider"]
        suites = {
            "check": [*pytest_cmd, "test_check.py"],
            "len": [*pytest_cmd, "test_len.py"],
            "len, plugin off": [*pytest_cmd, "test_len.py", "-p", "no:prompt_budget"],
            "len + a fixture": [*pytest_cmd, "test_fixture.py"],
            "check, cold": [*pytest_cmd, "test_check.py", "-o", "cache_dir=.x"],
            "tokenizer load": ["-c", LOAD_ONLY],
            "python startup": ["-c", "import prompt_budget"],
        }
        wall: dict[str, float] = {}
        cpu: dict[str, float] = {}
        for _ in range(args.runs):
            for name, cmd in suites.items():  # interleaved, so load drifts hit all alike
                if name == "check, cold":
                    shutil.rmtree(folder / ".prompt-budget", ignore_errors=True)
                w, c = run(folder, [a for a in cmd if a not in ("-o", "cache_dir=.x")])
                wall[name] = min(wall.get(name, w), w)
                cpu[name] = min(cpu.get(name, c), c)
    print(f"{args.tests:,} tests, 1 KB prompt each, best of {args.runs} runs (fresh process each)")
    print(f"  {'suite':<16} {'wall s':>8} {'cpu s':>8} {'cpu ms/test':>12} {'cpu vs len':>11}")
    for name in ("check", "check, cold", "len", "len, plugin off", "len + a fixture"):
        print(
            f"  {name:<16} {wall[name]:8.3f} {cpu[name]:8.3f} {1000 * cpu[name] / args.tests:12.3f} "
            f"{100 * (cpu[name] / cpu['len'] - 1):+10.1f}%"
        )
    load = cpu["tokenizer load"] - cpu["python startup"]
    print(f"  one-time o200k_base vocabulary load (cpu): {load:.3f} s")
    overhead = cpu["check"] / cpu["len"] - 1
    verdict = "within" if overhead <= 0.10 else "OVER"
    print(f"plugin overhead, check vs len (cpu): {100 * overhead:+.1f}%  ({verdict} the 10% target)")
    own = cpu["check"] / cpu["len + a fixture"] - 1
    print(
        f"  check vs len + a do-nothing fixture (cpu): {100 * own:+.1f}%  (what the plugin adds beyond pytest)"
    )
    cold = cpu["check, cold"] / cpu["len"] - 1
    print(f"plugin overhead, cold cache (cpu): {100 * cold:+.1f}%")
    print(f"plugin overhead, check vs len (wall): {100 * (wall['check'] / wall['len'] - 1):+.1f}%")


if __name__ == "__main__":
    main()
