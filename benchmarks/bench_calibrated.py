"""Speed and error of the calibrated estimates, and exact counting against tiktoken, on one corpus.

Usage: python benchmarks/bench_calibrated.py [--repeat 5]

1. Throughput of the character-class estimates (``calibrated:o200k_base-classes``, ``calibrated:claude``;
   pure Python) in MB/s of UTF-8 text, per document and on the whole corpus as one text; target 100
   MB/s. Then the prefix-merge bounds (``calibrated:o200k_base``, ``calibrated:cl100k_base``; pure
   Python): per document with the piece cache cold (a fresh tokenizer) and warm (the same documents
   again), and the first use in a fresh process (Unicode classes, pattern, vocabulary).
2. Exact o200k_base / cl100k_base counting through prompt-budget (the fastest exact backend it finds)
   against ``tiktoken`` (``encode_ordinary``) on the same documents in the same run, in CPU time;
   target 3x.
3. The held-out error of chars/4, (chars*3)//8 and the calibrated estimates against the exact counts.

The corpus is built by benchmarks/corpus.py (pinned packages; cached under benchmarks/.cache/).
tiktoken reads its encoding files from TIKTOKEN_CACHE_DIR (seeded from bpe-openai when unset).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

import corpus  # noqa: E402

from prompt_budget.calibrate import error_table, held_out, render_error_table  # noqa: E402
from prompt_budget.tokenizers import get_tokenizer  # noqa: E402

_FIRST_USE = """
import time
t = time.perf_counter()
from prompt_budget.tokenizers.prefix_bpe import PrefixBPE
PrefixBPE("{name}").count("x")
print(f"{{1000 * (time.perf_counter() - t):.0f}} ms")
"""


def best_of(fn: Callable[[], object], repeat: int, clock: Callable[[], float] = time.perf_counter) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        fn()
        best = min(best, clock() - start)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    docs = corpus.load()
    texts = [d["text"] for d in docs]
    whole = "".join(texts)
    mb = len(whole.encode("utf-8")) / 1e6
    print(f"corpus: {len(texts)} documents, {mb:.2f} MB UTF-8, {len(whole):,} characters")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores\n")

    print("1. calibrated estimate throughput (pure Python)")
    for spec in ("calibrated:o200k_base-classes", "calibrated:claude"):
        inner = get_tokenizer(spec).inner.count  # the estimate itself, not the in-memory LRU
        per_doc = best_of(lambda c=inner: [c(t) for t in texts], args.repeat)
        one = best_of(lambda c=inner: c(whole), args.repeat)
        cpu = best_of(lambda c=inner: [c(t) for t in texts], args.repeat, time.process_time)
        print(
            f"   {spec:24} per document {mb / per_doc:6.1f} MB/s (CPU time {mb / cpu:6.1f} MB/s)   "
            f"whole corpus {mb / one:6.1f} MB/s"
        )
    print("   target: 100 MB/s (wall-clock figures drop on a loaded machine; CPU time does not)\n")

    print("1b. prefix-merge bounds (pure Python), CPU time")
    from prompt_budget.tokenizers.prefix_bpe import PrefixBPE

    for name in ("o200k_base", "cl100k_base"):
        first = subprocess.run(
            [sys.executable, "-c", _FIRST_USE.format(name=name)], capture_output=True, text=True, check=True
        ).stdout.strip()
        cold = best_of(
            lambda n=name: [c(t) for c in [PrefixBPE(n).count] for t in texts], args.repeat, time.process_time
        )
        warm_tok = PrefixBPE(name)
        [warm_tok.count(t) for t in texts]
        warm = best_of(lambda c=warm_tok.count: [c(t) for t in texts], args.repeat, time.process_time)
        print(
            f"   calibrated:{name:12} per document, cold piece cache {mb / cold:5.1f} MB/s, warm {mb / warm:5.1f} "
            f"MB/s; first use {first}"
        )
    print()

    print("2. exact counting: prompt-budget vs tiktoken on the same documents")
    if not os.environ.get("TIKTOKEN_CACHE_DIR"):
        from conftest import seed_tiktoken_cache

        os.environ["TIKTOKEN_CACHE_DIR"] = str(seed_tiktoken_cache(Path(tempfile.mkdtemp()) / "tiktoken"))
    import tiktoken

    for name in ("o200k_base", "cl100k_base"):
        ours = get_tokenizer(name)
        enc = tiktoken.get_encoding(name)
        count = ours.inner.count
        ours_counts = [count(t) for t in texts]
        ref_counts = [len(enc.encode_ordinary(t)) for t in texts]
        assert ours_counts == ref_counts, f"{name}: counts differ from tiktoken"
        t_ours = best_of(lambda c=count: [c(t) for t in texts], args.repeat, time.process_time)
        t_tik = best_of(
            lambda e=enc: [len(e.encode_ordinary(t)) for t in texts], args.repeat, time.process_time
        )
        backend = getattr(ours.inner, "backend", "?")
        print(
            f"   {name:12} prompt-budget ({backend}) {mb / t_ours:7.1f} MB/s   tiktoken "
            f"{tiktoken.__version__} {mb / t_tik:6.1f} MB/s   ratio {t_tik / t_ours:5.2f}x (identical counts)"
        )
    print("   target: 3x tiktoken\n")

    print("3. held-out error against the exact counts")
    test = [d for d in docs if held_out(d["id"])]
    for name in ("o200k_base", "cl100k_base"):
        exact = get_tokenizer(name).inner.count
        refs = [exact(d["text"]) for d in test]
        for spec in ("chars4", "conservative", f"calibrated:{name}-classes", f"calibrated:{name}"):
            est = get_tokenizer(spec).inner.count
            rows = error_table((d["category"], est(d["text"]), r) for d, r in zip(test, refs, strict=True))
            total = rows[-1]
            print(
                f"   {spec:24} vs {name:12} under {total.under_share:6.1%}  worst {total.worst_under:+7.1%}  "
                f"mean over {total.mean_over:+6.1%}  median {total.median:+6.1%}"
            )
            if spec.startswith("calibrated") and "--tables" in sys.argv:
                print(render_error_table(rows))


if __name__ == "__main__":
    main()
