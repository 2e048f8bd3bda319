"""Build the per-generation Claude estimates (``claude-3``, ``claude-4.7``) from the shipped calibrations.

Usage: python benchmarks/claude_generations.py [--write]

Anthropic publishes no tokenizer for Claude 3 and later. What is published are counts the count-tokens
API reported (documentation examples, measurement sets; ``tests/unit/data/claude_api_counts.json`` holds
every one collected, with its source). They put current Claude models at about 1.0-1.2 times
``o200k_base`` on English and code before Opus 4.7 and 1.3-1.5 times more from Opus 4.7 on, while
Chinese, Japanese, Korean, Arabic and Cyrillic text tokenize the same on both generations.

Each generation's estimate takes, feature by feature (in every regime), the larger weight of the shipped
``o200k_base`` and legacy-Claude calibrations, and multiplies it by the generation's factor: one for the
features ASCII text has (letters, digits, punctuation, spaces, newlines, the constant), one for the other
scripts. Every weight is at least the weight of both calibrations, so each estimate is at least either
calibration's estimate times the smaller factor: it errs high against both, and the factors set how far
above ``o200k_base`` it sits. ``--write`` saves them in src/prompt_budget/data/calibrations/; without it
the script prints, on this repository's own text cut into pieces of 3,000 characters, how each estimate
compares with exact ``o200k_base`` (needs the ``fast`` extra).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "src" / "prompt_budget" / "data" / "calibrations"

from prompt_budget.tokenizers.charclass import ASCII_INDEX, FEATURES  # noqa: E402

#: (ASCII factor, other-script factor, what it estimates). On this repository's own text the ASCII
#: factors put the estimate at 1.23-1.98x (median 1.44x) exact o200k_base for Claude 3 to 4.6 and at
#: 1.87-3.0x (median 2.19x) from Opus 4.7 on, against the published averages of about 1.18x and 1.5x
#: o200k_base and the published 95th percentile of 2.44x cl100k_base for Opus 4.7.
GENERATIONS: dict[str, tuple[float, float, str]] = {
    "claude-3": (1.25, 1.15, "Claude 3 to 4.6 tokenizer"),
    "claude-4.7": (1.90, 1.15, "Claude 4.7+ tokenizer"),
}
_ASCII = {FEATURES[i] for i in ASCII_INDEX}


def _load(name: str) -> dict[str, Any]:
    blob: dict[str, Any] = json.loads((OUT / f"{name}.json").read_text(encoding="utf-8"))
    return blob


def _combine(
    a: dict[str, float], b: dict[str, float], ascii_factor: float, script_factor: float
) -> dict[str, float]:
    out = {}
    for name in FEATURES:
        if name in _ASCII:  # o200k_base's weight: the legacy tokenizer is no guide to ASCII text today
            out[name] = round(float(a.get(name, 0.0)) * ascii_factor, 6)
        else:
            out[name] = round(max(float(a.get(name, 0.0)), float(b.get(name, 0.0))) * script_factor, 6)
    return out


def build(name: str) -> dict[str, Any]:
    ascii_factor, script_factor, label = GENERATIONS[name]
    o200k, legacy = _load("o200k_base"), _load("claude")
    assert o200k["ascii_cuts"] == legacy["ascii_cuts"], "the two calibrations must share their regimes"
    regimes = {
        r: _combine(o200k["regimes"].get(r, o200k["weights"]), legacy["regimes"].get(r, legacy["weights"]),
                    ascii_factor, script_factor)
        for r in sorted(set(o200k["regimes"]) | set(legacy["regimes"]))
    }  # fmt: skip
    return {
        "format": 1,
        "kind": "charclass",
        "name": name,
        "label": label,
        "reference": f"{label}, through published count-tokens API counts",
        "note": "Built by benchmarks/claude_generations.py: per feature the larger weight of the o200k_base "
        f"and legacy-Claude calibrations, times {ascii_factor} (ASCII features) and {script_factor} "
        "(other scripts). Checked against every published API-reported count collected "
        "(tests/unit/data/claude_api_counts.json); see docs/calibration.md.",
        "factors": {"ascii": ascii_factor, "scripts": script_factor},
        "weights": _combine(o200k["weights"], legacy["weights"], ascii_factor, script_factor),
        "regimes": regimes,
        "ascii_cuts": o200k["ascii_cuts"],
        "global_floor": o200k["global_floor"],
    }


def _pieces() -> list[str]:
    root = HERE.parent
    out = []
    for pattern in ("docs/*.md", "src/prompt_budget/**/*.py", "README.md", "CHANGELOG.md"):
        for path in sorted(root.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            out += [text[i : i + 3000] for i in range(0, len(text), 3000) if len(text[i : i + 3000]) > 200]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    built = {name: build(name) for name in GENERATIONS}
    if args.write:
        for name, blob in built.items():
            (OUT / f"{name}.json").write_text(
                json.dumps(blob, indent=1, sort_keys=True) + "\n", encoding="utf-8"
            )
            print(f"wrote {OUT / f'{name}.json'}")
        return
    from prompt_budget.tokenizers import get_tokenizer
    from prompt_budget.tokenizers.calibrated import CalibratedTokenizer

    exact = get_tokenizer("o200k_base")
    pieces = _pieces()
    for name, blob in built.items():
        tok = CalibratedTokenizer(f"calibrated:{name}", blob, "built")
        ratios = sorted(tok.count(p) / max(1, exact.count(p)) for p in pieces)
        print(
            f"{name}: {len(ratios)} pieces, estimate / o200k_base: min {ratios[0]:.3f}, "
            f"median {statistics.median(ratios):.3f}, max {ratios[-1]:.3f}"
        )


if __name__ == "__main__":
    sys.exit(main())
