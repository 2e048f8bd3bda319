"""Truncating a 1 MB document to 8,000 tokens, against a full count of the same document.

The reference is one full count of the document with the same tokenizer (``tok.count(doc)``); the
target (issue 8) is that truncation costs no more than about two full counts. Run:

    python benchmarks/bench_truncate.py [--tokenizer o200k_base] [--size 1000000] [--max-tokens 8000]

Prints the median of several runs for: full count, full encode, and truncate in each mode, each with
its ratio to the full count. The document is multilingual prose and code, repeated and varied so no
count cache helps (every run gets a fresh copy with a distinct first line).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "unit"))

from multilingual import SAMPLES

from prompt_budget.tokenizers import get_tokenizer
from prompt_budget.truncation import truncate_detailed


def document(size: int, salt: int) -> str:
    parts = [f"run {salt}\n"]
    n = len(parts[0])
    i = 0
    while n < size:
        piece = f"{i}: {SAMPLES[i % len(SAMPLES)]}"
        parts.append(piece)
        n += len(piece.encode("utf-8"))
        i += 1
    text = "".join(parts)
    while len(text.encode("utf-8")) > size:
        text = text[: len(text) - 64]
    return text


def timed(fn: object, runs: int) -> float:
    samples = []
    for salt in range(runs):
        t0 = time.perf_counter()
        fn(salt)  # type: ignore[operator]
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tokenizer", default="o200k_base", help="e.g. cl100k_base, tiktoken:o200k_base, chars4")
    ap.add_argument("--size", type=int, default=1_000_000, help="document size in bytes (UTF-8)")
    ap.add_argument("--max-tokens", type=int, default=8000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()

    tok = get_tokenizer(args.tokenizer)
    docs = [document(args.size, salt) for salt in range(args.runs * 8)]
    used = iter(docs)
    total = tok.inner.count(docs[0])
    print(f"document: {len(docs[0].encode('utf-8')):,} bytes, {len(docs[0]):,} characters, {total:,} tokens")
    print(f"tokenizer: {tok!r}; cut to {args.max_tokens:,} tokens; median of {args.runs} runs\n")

    ref = timed(lambda _s: tok.inner.count(next(used)), args.runs)
    rows = [("full count (reference)", ref)]
    rows.append(("full encode", timed(lambda _s: tok.inner.encode(next(used)), args.runs)))
    for mode in ("end", "start", "middle"):
        for lines in (False, True):

            def run(_s: int, mode: str = mode, lines: bool = lines) -> None:
                res = truncate_detailed(next(used), args.max_tokens, mode, tokenizer=tok, lines=lines)  # type: ignore[arg-type]
                assert res.tokens <= args.max_tokens

            label = f"truncate mode={mode}{' lines' if lines else ''}"
            rows.append((label, timed(run, args.runs)))
    print(f"{'what':<32} {'median':>10} {'x full count':>13}")
    for label, secs in rows:
        print(f"{label:<32} {secs * 1000:>8.1f}ms {secs / ref:>12.2f}x")
    worst = max(secs / ref for label, secs in rows if label.startswith("truncate"))
    print(f"\nworst truncate / full count: {worst:.2f}x (target: about 2x or less)")


if __name__ == "__main__":
    main()
