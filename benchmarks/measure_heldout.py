"""The shipped OpenAI calibrations measured on the held-out corpus of ``heldout_corpus.py``.

Usage: python benchmarks/measure_heldout.py [--corpus PATH] [--unders] [--classes]

Prints, for ``calibrated:o200k_base`` and ``calibrated:cl100k_base`` (the prefix-merge bounds; with
``--classes``, the character-class estimates ``calibrated:ENCODING-classes`` instead) against the exact
encodings, the error table per content class (Markdown, as in docs/calibration.md), and with
``--unders`` every underestimated document. Needs the ``fast`` extra.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import heldout_corpus  # noqa: E402

from prompt_budget.calibrate import error_table, render_error_table  # noqa: E402
from prompt_budget.tokenizers import get_tokenizer  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=heldout_corpus.OUT)
    ap.add_argument("--unders", action="store_true")
    ap.add_argument("--classes", action="store_true", help="the character-class estimates")
    args = ap.parse_args()
    if not args.corpus.exists():
        heldout_corpus.main()
    docs = [json.loads(line) for line in args.corpus.read_text(encoding="utf-8").splitlines()]
    for encoding in ("o200k_base", "cl100k_base"):
        spec = f"calibrated:{encoding}-classes" if args.classes else f"calibrated:{encoding}"
        est, ref = get_tokenizer(spec), get_tokenizer(encoding)
        samples = [(d["category"], est.count(d["text"]), ref.count(d["text"])) for d in docs]
        print(f"### {spec} (reference: {encoding} (exact)), {len(docs)} held-out documents\n")
        print(render_error_table(error_table(samples)))
        if args.unders:
            for d, (_, e, r) in zip(docs, samples, strict=True):
                if e < r:
                    print(f"  under {100 * (e - r) / r:+.1f}%  {d['category']:10} {d['id']}")
        print()


if __name__ == "__main__":
    main()
