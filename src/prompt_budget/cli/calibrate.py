"""``prompt-budget calibrate``: fit a calibrated estimate to the user's documents."""

from __future__ import annotations

import argparse
from typing import Any

from prompt_budget.cli.output import EXIT_OK, Output


def add(sub: Any) -> None:
    p = sub.add_parser(
        "calibrate",
        help="fit a calibrated estimate to your documents",
        description="Fit character-class weights (or, with --base, a ratio per content class over an "
        "exact base tokenizer) so the estimate almost never undershoots the reference on your "
        "documents; about 30% are held out and the error table is measured on them. Use the result "
        'with tokenizer = "calibrated:FILE".',
    )
    p.add_argument("corpus", nargs="+", metavar="CORPUS", help="files, folders, or .jsonl corpora")
    p.add_argument(
        "--reference",
        required=True,
        metavar="SPEC",
        help="what to match: a tokenizer spec (o200k_base, hf:PATH, anthropic:MODEL) or a JSON file of "
        "provider-reported counts {doc id or path: tokens}",
    )
    p.add_argument("--base", metavar="SPEC", help="fit a ratio per content class over this tokenizer")
    p.add_argument("--out", required=True, metavar="FILE", help="where to write the calibration (JSON)")
    p.add_argument("--name", metavar="NAME", help="the calibration's name (default: the file's stem)")
    p.add_argument("--json", action="store_true", help="print the error table as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget.calibrate import calibrate, render_error_table

    done = calibrate(args.corpus, args.reference, args.out, name=args.name, base=args.base)
    if done.estimated_reference:
        out.note(f"warning: the reference {args.reference} fell back to an estimate for some documents")
    rows = done.result.held_out_rows
    if args.json:
        out.json({"out": str(done.out), "held_out": [r.to_dict() for r in rows]})
        return EXIT_OK
    calibration = done.result.calibration
    fitted = calibration["fitted_on"]
    out.print(
        f"calibration {calibration['name']!r} fitted on {fitted['train']} documents; error on "
        f"{fitted['held_out']} held-out documents (estimate - reference) / reference:"
    )
    out.print(render_error_table(rows).rstrip("\n"))
    out.print(f'wrote {done.out}; use it with tokenizer = "calibrated:{done.out.as_posix()}"')
    return EXIT_OK
