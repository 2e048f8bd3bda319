"""``prompt-budget baseline``: write or compare the token baseline."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from prompt_budget.cli.options import add_counting_args, add_jobs_args, counting_run, project
from prompt_budget.cli.output import EXIT_BROKEN, EXIT_OK, EXIT_USAGE, Output


def add(sub: Any) -> None:
    p = sub.add_parser(
        "baseline",
        help="write or compare the token baseline",
        description="update: count the configured files and write their tokens into the baseline "
        "(entries this command does not measure, such as pytest checks, are kept). compare: count them "
        "again and compare with the baseline, or with git ref --base REF checked out into a temporary "
        "worktree. Exit 1 when an item grew past its growth gate.",
    )
    p.add_argument("action", choices=["update", "compare"])
    p.add_argument(
        "path", nargs="?", default=None, metavar="PATH", help="project folder or config file (default: .)"
    )
    p.add_argument("--baseline", metavar="FILE", help="baseline file (default: config baseline.path)")
    p.add_argument("--prune", action="store_true", help="update: drop file entries no longer measured")
    p.add_argument("--base", metavar="REF", help="compare: count at this git ref instead of reading the file")
    p.add_argument(
        "--max-growth", metavar="GROWTH", help="compare: '5%%', 300 or '5%% or 300' (default: config)"
    )
    p.add_argument(
        "--format",
        choices=["text", "json", "markdown", "github"],
        default="text",
        help="compare: output format; github adds ::error annotations (default: text)",
    )
    p.add_argument("--report", metavar="FILE.md", help="compare: also write the Markdown summary to FILE.md")
    p.add_argument("--all", action="store_true", help="compare: list unchanged items too")
    add_counting_args(p)
    add_jobs_args(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget import baseline as bl
    from prompt_budget.counting import shown_path
    from prompt_budget.files import default_cache
    from prompt_budget.report import baseline as report

    found = project(args, out)
    if found is None:
        return EXIT_USAGE
    config, no_files = found
    if no_files:
        out.note(f"{no_files}: no files to measure")
    path = Path(args.baseline) if args.baseline else config.resolve(config.baseline.path)
    shown = shown_path(path)
    cache = None if args.no_cache else default_cache(config)
    measured = bl.measure_files(config, cache=cache, **counting_run(args, out, "measuring"))
    outcome = bl.run_baseline(
        config,
        measured,
        path=path,
        shown=shown,
        update=args.action == "update",
        prune=args.prune,
        max_growth=args.max_growth,
        max_growth_source="--max-growth",
        files_only=True,
        base=args.base,
        cache=cache,
    )
    if outcome.error is not None:
        raise outcome.error
    if cache is not None:
        cache.save()
    if outcome.note:
        out.note(outcome.note)
    if outcome.ratcheted:
        out.note(report.ratchet_line(shown, outcome.ratcheted))
    comparison = outcome.comparison
    assert comparison is not None  # set whenever there is no error
    if outcome.update is not None:
        if outcome.written:
            out.print(f"{shown}: written ({outcome.update.describe()})")
        elif comparison.missing:
            out.print(
                f"{shown}: not written: no files measured "
                "(the checks of pytest tests are written by `pytest --prompt-budget-update`)"
            )
        else:
            out.print(f"{shown}: up to date ({outcome.update.describe()})")
        return EXIT_OK
    markdown = report.markdown_summary(comparison)
    if args.report:
        Path(args.report).write_text(markdown, encoding="utf-8")
    report.append_step_summary(markdown, written=Path(args.report) if args.report else None)
    out.exit_code = EXIT_BROKEN if comparison.failures else EXIT_OK
    if args.format == "json":
        out.json(comparison.to_dict())
    elif args.format == "markdown":
        out.out.write(markdown)
    else:
        for table in report.comparison_tables(comparison, changed_only=not args.all):
            out.table(table)
            out.print()
        for line in report.summary_lines(comparison):
            out.print(line)
        if args.format == "github":
            for line in report.github_annotations(
                comparison, report.file_locations(config.root, config.path)
            ):
                out.command(line)
    return out.exit_code
