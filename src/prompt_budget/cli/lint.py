"""``prompt-budget lint``: magic-number token budgets in Python code."""

from __future__ import annotations

import argparse
from typing import Any

from prompt_budget.cli.options import add_jobs_args
from prompt_budget.cli.output import Output


def _codes(text: str) -> list[str]:
    return [c.strip().upper() for c in text.split(",") if c.strip()]


def add(sub: Any) -> None:
    p = sub.add_parser(
        "lint",
        help="find magic-number token budgets in Python code",
        description="Find token budgets hard-coded in Python code and move them into config "
        "(rules: docs/rules/; suppress one with '# noqa: PB101 -- reason').",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: .)")
    p.add_argument(
        "--select",
        type=_codes,
        default=None,
        metavar="CODES",
        help="only these codes or prefixes (PB1,PB104)",
    )
    p.add_argument(
        "--extend-select", type=_codes, default=[], metavar="CODES", help="add codes to the selection"
    )
    p.add_argument(
        "--ignore", type=_codes, default=None, metavar="CODES", help="skip these codes or prefixes"
    )
    p.add_argument(
        "--format",
        choices=["text", "json", "sarif", "github"],
        default="text",
        help="output format (default: text)",
    )
    p.add_argument(
        "--fix",
        action="store_true",
        help="move the literals into [tool.prompt_budget.values] and read them with prompt_budget.value()",
    )
    p.add_argument("--diff", action="store_true", help="show what --fix would change, without writing")
    p.add_argument(
        "--show-suppressed",
        action="store_true",
        help="also list findings silenced by noqa or per-file-ignores",
    )
    p.add_argument("--no-cache", action="store_true", help="do not read or write the lint cache")
    add_jobs_args(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget.cli.progress import progress_for
    from prompt_budget.lint.api import lint_command

    outcome = lint_command(
        args.paths,
        config=args.config,
        select=args.select,
        ignore=args.ignore,
        extend_select=args.extend_select,
        fmt=args.format,
        fix=args.fix,
        diff=args.diff,
        show_suppressed=args.show_suppressed,
        cache=not args.no_cache,
        jobs=args.jobs,
        progress=progress_for(out.err, args.quiet, "linting"),
    )
    out.exit_code = outcome.exit_code
    if args.format == "github":  # workflow commands, each value escaped by report.github.annotation
        if outcome.output:
            out.command(outcome.output.removesuffix("\n"))
    else:
        out.out.write(outcome.output)
    for note in outcome.notes:
        out.note(note)
    return outcome.exit_code
