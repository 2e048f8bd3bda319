"""Counting's costs that do not depend on trees: the overhead of ``prompt_budget.count`` on small texts,
the memory left after counting many large texts, and time on adversarial inputs with each backend.

- **Overhead**: ``prompt_budget.count(text)`` against the raw backend call (quicktok's
  ``Encoding.count``) on distinct 1 KB and 100 KB texts, interleaved in rounds, best round of each.
- **Memory**: resident memory (``VmRSS``) after loading the encoding, then after counting 1,000
  distinct 500,000-character strings and dropping them.
- **Adversarial inputs**: 1 MB and 10 MB of one character, of letters without spaces, of spaces, and of
  words on a single line, through ``quicktok:o200k_base`` and ``tiktoken:o200k_base`` (tiktoken reads
  its encoding offline from the copies bpe-openai ships); linear growth is a 10 MB / 1 MB ratio near 10.

Usage: python benchmarks/bench_scale_inputs.py [--only overhead,memory,adversarial] [--rounds 40]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import itertools
import os
import random
import string
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_check import paragraph

_TIKTOKEN_URLS = {
    "o200k_base": "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
    "cl100k_base": "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
}


def seed_tiktoken() -> None:
    """tiktoken's encoding files, from the gzipped copies in bpe-openai, where tiktoken looks."""
    import bpe_openai

    folder = Path(tempfile.gettempdir()) / "prompt-budget-bench-tiktoken"
    folder.mkdir(exist_ok=True)
    data = Path(bpe_openai.__file__).parent / "data"
    for name, url in _TIKTOKEN_URLS.items():
        target = folder / hashlib.sha1(url.encode()).hexdigest()
        if not target.exists():
            target.write_bytes(gzip.decompress((data / f"{name}.tiktoken.gz").read_bytes()))
    os.environ["TIKTOKEN_CACHE_DIR"] = str(folder)


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def overhead(rounds: int) -> None:
    import prompt_budget
    from prompt_budget.tokenizers import get_tokenizer

    tok = get_tokenizer("o200k_base").inner.load()
    import quicktok

    raw = quicktok.get_encoding("o200k_base").count
    rng = random.Random(7)
    corpus = paragraph(rng, 6_000_000)
    counter = itertools.count()
    print("\n## prompt_budget.count against the raw backend call (distinct texts, best round)")
    print(f"backend: {tok!r}")
    print("| text size | raw | prompt_budget.count | overhead |")
    print("|---|---:|---:|---:|")
    for size, per_round in ((1_000, 500), (100_000, 10)):
        texts = [corpus[i * size : (i + 1) * size] for i in range(per_round * 4)]
        best = {"raw": 1e9, "count": 1e9}
        functions = {"raw": raw, "count": prompt_budget.count}
        names = list(functions)
        for r in range(rounds):
            rng.shuffle(names)
            for name in names:
                k = next(counter)
                batch = [f"{k}{t}" for t in texts[(r % 4) * per_round : (r % 4 + 1) * per_round]]
                fn = functions[name]
                start = time.perf_counter()
                for t in batch:
                    fn(t)
                best[name] = min(best[name], (time.perf_counter() - start) / len(batch))
        print(
            f"| {size:,} chars | {best['raw'] * 1e6:.2f} us | {best['count'] * 1e6:.2f} us | "
            f"{best['count'] / best['raw'] - 1:+.1%} |",
            flush=True,
        )


def memory() -> None:
    import gc

    import prompt_budget
    from prompt_budget.tokenizers import get_tokenizer

    get_tokenizer("o200k_base").inner.load()
    prompt_budget.count("warm up")
    base = paragraph(random.Random(3), 500_000)
    gc.collect()
    start = rss_mb()
    began = time.perf_counter()
    for i in range(1_000):
        prompt_budget.count(f"{i:04d}{base[4:]}")
    gc.collect()
    after = rss_mb()
    print("\n## memory after counting 1,000 distinct 500,000-character strings")
    print(f"resident after loading the encoding: {start:.0f} MB; after the 1,000 counts: {after:.0f} MB")
    print(f"growth: {after - start:+.0f} MB (target: at most +100 MB); {time.perf_counter() - began:.1f} s")


def adversarial() -> None:
    import prompt_budget

    seed_tiktoken()
    rng = random.Random(11)
    print("\n## adversarial inputs: seconds for 1 MB and 10 MB (best of 2), and the ratio")
    print("| input | backend | 1 MB | 10 MB | ratio |")
    print("|---|---|---:|---:|---:|")

    def inputs(n: int) -> dict[str, str]:
        words = [paragraph(rng, 40).replace("\n", " ")[:8] for _ in range(200)]
        return {
            "one character": "a" * n,
            "letters, no spaces": "".join(rng.choices(string.ascii_letters, k=n)),
            "spaces": " " * n,
            "a single line of words": " ".join(rng.choice(words) for _ in range(n // 9))[:n],
        }

    small, large = inputs(1_000_000), inputs(10_000_000)
    from prompt_budget.tokenizers import get_tokenizer

    for spec in ("quicktok:o200k_base", "tiktoken:o200k_base"):
        prompt_budget.count("load the encoding", spec)
        tok = get_tokenizer(spec)
        for name in small:
            times = []
            for text in (small[name], large[name]):
                runs = []
                for _ in range(2):
                    tok.cache_clear()  # a text under 1 M characters is kept: count it again
                    start = time.perf_counter()
                    prompt_budget.count(text, spec)
                    runs.append(time.perf_counter() - start)
                times.append(min(runs))
            print(
                f"| {name} | {spec.split(':')[0]} | {times[0]:.3f} | {times[1]:.3f} | "
                f"{times[1] / times[0]:.1f} |",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="overhead,memory,adversarial")
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average at start: {os.getloadavg()}")
    parts = args.only.split(",")
    if "overhead" in parts:
        overhead(args.rounds)
    if "memory" in parts:
        memory()
    if "adversarial" in parts:
        adversarial()
    print(f"\nload average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
