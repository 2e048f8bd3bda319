"""The truncated vocabularies of ``calibrated:o200k_base`` / ``calibrated:cl100k_base``: choose N, write them.

Usage:
    python benchmarks/prefix_vocab.py --choose     # the training-split table at every N, and the N chosen
    python benchmarks/prefix_vocab.py --write      # write src/prompt_budget/data/prefix/*.bin.gz

The estimate (:mod:`prompt_budget.tokenizers.prefix_bpe`) is the encoding's byte-pair encoding with only
its first N merges (the tokens of rank < N): never below the exact count, and higher the smaller N is.

The rule that chooses N, fixed before anything was measured: for each encoding, the smallest N in steps
of 8,000 (8,000, 16,000, ...) at which every content class of the *training split* of the fitting
corpus (``corpus.py --version 3``; a document is in the training split when ``held_out(id)`` is False,
the split ``fit_calibrations.py`` fits on) has a mean over-count of at most 20% (:data:`MAX_MEAN_OVER`):
the issue's bound is 25%, and the 5 points are a margin for the shift to text never seen. The held-out
corpus (``heldout_corpus.py``) is not read here; it is measured once, afterwards, by
``measure_heldout.py``.

Counts here come from ``tiktoken.Encoding`` built from the truncated ranks and the official
pre-tokenizer pattern (the oracle the unit tests compare the pure-Python counter with). The ranks are
read from bpe-openai's copies of tiktoken's own files (``bpe_openai/data/*.tiktoken.gz``). Needs the
``dev`` extra.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import io
import sys
from pathlib import Path
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

from prompt_budget.calibrate import error_table, held_out, render_error_table  # noqa: E402

OUT = HERE.parent / "src" / "prompt_budget" / "data" / "prefix"
ENCODINGS = ("o200k_base", "cl100k_base")
STEP = 8_000
MAX_MEAN_OVER = 0.20
#: N chosen by ``--choose`` with the rule above (the figures are in docs/calibration.md).
CHOSEN: dict[str, int] = {"o200k_base": 88_000, "cl100k_base": 72_000}


def full_ranks(name: str) -> dict[bytes, int]:
    import bpe_openai

    path = Path(bpe_openai.__file__).parent / "data" / f"{name}.tiktoken.gz"
    ranks: dict[bytes, int] = {}
    with gzip.open(path, "rt", encoding="ascii") as fh:
        for line in fh:
            if line.strip():
                token, rank = line.split()
                ranks[base64.b64decode(token)] = int(rank)
    return ranks


def official_pattern(name: str, ranks: dict[bytes, int]) -> str:
    from tiktoken_ext import openai_public

    with mock.patch.object(openai_public, "load_tiktoken_bpe", return_value=ranks):
        return str(getattr(openai_public, name)()["pat_str"])


def truncated(ranks: dict[bytes, int], n: int) -> dict[bytes, int]:
    return {t: r for t, r in ranks.items() if r < n}


def encoding(name: str, n: int | None = None):  # type: ignore[no-untyped-def]
    """tiktoken's encoding ``name`` restricted to ranks < ``n`` (all of them when None)."""
    import tiktoken

    ranks = full_ranks(name)
    pat = official_pattern(name, ranks)
    if n is not None:
        ranks = truncated(ranks, n)
    return tiktoken.Encoding(f"{name}-{n}", pat_str=pat, mergeable_ranks=ranks, special_tokens={})


def choose(name: str, docs: list[dict[str, str]]) -> int:
    exact_enc = encoding(name)
    exact = [len(exact_enc.encode_ordinary(d["text"])) for d in docs]
    n = STEP
    print(f"## {name}: training split, {len(docs)} documents (mean over-count per class at each N)\n")
    while True:
        enc = encoding(name, n)
        rows = error_table(
            (d["category"], len(enc.encode_ordinary(d["text"])), x) for d, x in zip(docs, exact, strict=True)
        )
        worst = max((r for r in rows if r.category != "all"), key=lambda r: r.mean_over)
        total = rows[-1]
        print(
            f"N={n:>7,}  all {total.mean_over:+6.1%}  under {total.under_share:.1%}  "
            f"worst class {worst.category} {worst.mean_over:+6.1%}"
        )
        if worst.mean_over <= MAX_MEAN_OVER:
            print(f"\nchosen: N={n:,}\n")
            print(render_error_table(rows))
            return n
        n += STEP


def write(name: str, n: int) -> Path:
    """``OUT/NAME.bin.gz``, the format :func:`prompt_budget.tokenizers.prefix_bpe.load_ranks` reads: a
    line ``MAGIC NAME N``, N bytes (each token's length, in rank order), then the tokens' bytes; gzipped
    reproducibly (no file name or time in the header). Half the size of tiktoken's own line format
    (base64 token and rank per line) gzipped."""
    from prompt_budget.tokenizers.prefix_bpe import MAGIC

    tokens = [t for t, _ in sorted(truncated(full_ranks(name), n).items(), key=lambda kv: kv[1])]
    assert len(tokens) == n
    assert all(len(t) < 256 for t in tokens)
    raw = f"{MAGIC} {name} {n}\n".encode("ascii") + bytes(map(len, tokens)) + b"".join(tokens)
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(raw)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.bin.gz"
    path.write_bytes(buf.getvalue())
    print(f"{path.relative_to(HERE.parent)}: {n:,} tokens, {len(buf.getvalue()):,} bytes")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--choose", action="store_true", help="measure the training split at each N")
    ap.add_argument("--write", action="store_true", help="write the shipped files with the chosen N")
    args = ap.parse_args()
    if args.choose:
        docs = [d for d in corpus.load(corpus.DEFAULT_OUT) if not held_out(d["id"])]
        for name in ENCODINGS:
            choose(name, docs)
    if args.write:
        for name in ENCODINGS:
            write(name, CHOSEN[name])
    if not (args.choose or args.write):
        ap.print_help()


if __name__ == "__main__":
    main()
