"""Fit the shipped calibrations (o200k_base, cl100k_base, claude) on the evaluation corpus.

Usage: python benchmarks/fit_calibrations.py [--write]

References: the exact o200k_base and cl100k_base encodings, and for Claude the legacy Claude tokenizer
(``tokenizer.json`` shipped inside the ``anthropic==0.38.0`` wheel, fetched with ``pip download`` into
benchmarks/.cache/). Prints each calibration's held-out error table as Markdown; with ``--write`` saves
the calibrations under src/prompt_budget/data/calibrations/.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

from prompt_budget.calibrate import Document, fit, render_error_table  # noqa: E402
from prompt_budget.tokenizers import get_tokenizer  # noqa: E402

OUT = HERE.parent / "src" / "prompt_budget" / "data" / "calibrations"
ANTHROPIC_LEGACY = "0.38.0"


def legacy_claude_tokenizer() -> Path:
    target = corpus.CACHE / f"anthropic-{ANTHROPIC_LEGACY}-tokenizer.json"
    if target.exists():
        return target
    dl = corpus.CACHE / "anthropic-wheel"
    dl.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
         "--dest", str(dl), f"anthropic=={ANTHROPIC_LEGACY}"],
        check=True,
    )  # fmt: skip
    (wheel,) = dl.glob(f"anthropic-{ANTHROPIC_LEGACY}-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        target.write_bytes(zf.read("anthropic/tokenizer.json"))
    return target


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    docs = [Document(d["id"], d["category"], d["text"]) for d in corpus.load()]
    claude = legacy_claude_tokenizer()
    specs = {
        "o200k_base": ("o200k_base", "o200k_base (exact)", ""),
        "cl100k_base": ("cl100k_base", "cl100k_base (exact)", ""),
        "claude": (
            f"hf:{claude}",
            f"legacy Claude tokenizer (tokenizer.json in anthropic=={ANTHROPIC_LEGACY})",
            "Fitted against the legacy Claude tokenizer that the anthropic SDK shipped up to 0.38; "
            "current Claude models tokenize differently. Use anthropic:MODEL for exact counts.",
        ),
    }
    for name, (spec, ref_name, note) in specs.items():
        tok = get_tokenizer(spec)
        result = fit(docs, lambda d, t=tok: t.count(d.text), name=name, reference_name=ref_name, note=note)
        print(f"\n### calibrated:{name} (reference: {ref_name})\n")
        print(render_error_table(result.held_out_rows))
        if args.write:
            OUT.mkdir(parents=True, exist_ok=True)
            path = OUT / f"{name}.json"
            path.write_text(json.dumps(result.calibration, indent=1, sort_keys=True) + "\n")
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
