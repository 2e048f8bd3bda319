"""Findings per rule on the pinned agent packages (the table in docs/lint.md), and the full list of
findings for hand-checking precision, written to ``benchmarks/.cache/lint-findings.txt``.

Usage: python benchmarks/lint_study.py [--held-out | --measure | --tuned-19]

``--held-out`` lints the packages in ``HELD_OUT`` instead (never used while writing the rules);
``--measure`` the packages in ``MEASURE`` (never used while writing or tuning them: the precision and
recall table of docs/lint.md).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from lint_fetch import (  # noqa: E402
    CACHE,
    HELD_OUT,
    MEASURE,
    PINNED,
    TUNED_19,
    corpus_dirs,
    held_out_dirs,
    measure_dirs,
    pairs,
    tuned_19_dirs,
)


def main() -> None:
    from prompt_budget.lint.api import run_lint
    from prompt_budget.lint.engine import all_rules, known_codes
    from prompt_budget.lint.options import parse_lint_options

    held_out = "--held-out" in sys.argv
    measure = "--measure" in sys.argv
    tuned = "--tuned-19" in sys.argv
    if tuned:
        dirs, packages = tuned_19_dirs(), pairs(TUNED_19)
    elif measure:
        dirs, packages = measure_dirs(), pairs(MEASURE)
    else:
        dirs, packages = (held_out_dirs(), pairs(HELD_OUT)) if held_out else (corpus_dirs(), pairs(PINNED))
    options = parse_lint_options({}, root=CACHE / "src", known_codes=known_codes())
    report = run_lint(dirs, options)
    codes = [r.CODE for r in all_rules()]
    per_pkg: dict[str, Counter[str]] = {}
    for f in report.findings:
        per_pkg.setdefault(f.path.split("/")[0], Counter())[f.code] += 1
    print("| package | " + " | ".join(codes) + " | total |")
    print("|---|" + "---:|" * (len(codes) + 1))
    totals: Counter[str] = Counter()
    for name, version in packages:
        counts = per_pkg.get(f"{name}-{version}", Counter())
        totals.update(counts)
        cells = " | ".join(str(counts.get(c, 0)) for c in codes)
        print(f"| {name} {version} | {cells} | {sum(counts.values())} |")
    print(
        "| **all** | "
        + " | ".join(f"**{totals.get(c, 0)}**" for c in codes)
        + f" | **{sum(totals.values())}** |"
    )
    name = "tuned-19" if tuned else "measure" if measure else "held-out" if held_out else ""
    out = CACHE / (f"lint-findings-{name}.txt" if name else "lint-findings.txt")
    with out.open("w", encoding="utf-8") as fh:
        for i, f in enumerate(report.findings, start=1):
            fh.write(f"{i:3d} {f.path}:{f.line}:{f.column} {f.code} {f.message}\n")
    print(f"\n{len(report.findings)} findings written to {out.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
