"""``prompt-budget check``: files and load plans against their budgets, and the baseline."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_budget import count_pool
from prompt_budget._version import __version__
from prompt_budget.cli.count import SAVE_BESIDE
from prompt_budget.cli.options import (
    add_counting_args,
    add_jobs_args,
    counting_run,
    project,
    without_cyclic_gc,
)
from prompt_budget.cli.output import EXIT_BROKEN, EXIT_OK, EXIT_USAGE, Output
from prompt_budget.text.globs import remembered as remembered_globs

if TYPE_CHECKING:
    from prompt_budget.config import Config
    from prompt_budget.files import FilesReport


def add(sub: Any) -> None:
    p = sub.add_parser(
        "check",
        help="check files and load plans against their budgets",
        description="Check every file matched by [[tool.prompt_budget.files]] (and the preset) against "
        "its cap, the must-load total against the usable budget, the load plan, and the growth over the "
        "baseline when there is one. Exit 0 when every rule holds (a warning too), 1 when one is broken "
        "or a count grew past its growth gate, 2 on a usage or config error; the same in every format.",
    )
    p.add_argument(
        "path",
        nargs="?",
        default=None,
        metavar="PATH",
        help="project folder or config file (default: .); the config is found from there upwards",
    )
    p.add_argument("--json", action="store_true", help="same as --format json")
    p.add_argument(
        "--format",
        choices=["text", "json", "github", "markdown", "sarif", "html"],
        default="text",
        help="text (default): the file table, then a line per broken or warned rule; json; github: the "
        "text, then an ::error or ::warning workflow command per broken or warned rule, on its file or "
        "its line of the config; markdown: a document for a pull-request comment or $GITHUB_STEP_SUMMARY; "
        "sarif: SARIF 2.1.0 for GitHub code scanning; html: a self-contained page with the context-window map "
        "(write it with -o)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the report (any format) to FILE instead of standard output",
    )
    p.add_argument(
        "--max-growth", metavar="GROWTH", help="growth allowed over the baseline: '5%%', 300 or '5%% or 300'"
    )
    p.add_argument(
        "--no-baseline",
        action="store_true",
        help="do not compare with the baseline file (baseline.path, default .prompt-budget/baseline.json)",
    )
    p.add_argument(
        "--plan",
        action="store_true",
        help="also show the load plan, stage by stage (text, github, markdown; json always holds it)",
    )
    p.add_argument(
        "--explain",
        metavar="FILE",
        help="show which entry applies to FILE and why, then exit (text, or JSON with --json)",
    )
    p.add_argument(
        "--hide-passed",
        action="store_true",
        help="list only files that fail or warn (text, github, markdown)",
    )
    add_counting_args(p)
    add_jobs_args(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, out: Output) -> int:
    return without_cyclic_gc(_run_to, args, out)


def _run_to(args: argparse.Namespace, out: Output) -> int:
    """``_run``, writing the report to ``--output`` when given."""
    if not getattr(args, "output", None):
        return _run(args, out)
    path = Path(args.output)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        stream = path.open("w", encoding="utf-8", newline="\n")
    except OSError as exc:
        out.error(f"cannot write {args.output}: {exc.strerror or exc}")
        return EXIT_USAGE
    shown, rich = out.out, out.rich
    out.out, out.rich = stream, False
    try:
        code = _run(args, out)
    finally:
        out.out, out.rich = shown, rich
        stream.close()
    out.note(f"report written to {args.output}")
    return code


def _nothing_to_compare(config: Config, max_growth: str | None) -> bool:
    """True when there is no baseline file (nor a temporary file a killed write of it left, which a
    comparison would clean up) and no ``--max-growth`` to read: the baseline's modules are not even
    imported (a sixth of a warm check's start-up)."""
    if max_growth:
        return False
    file = config.resolve(config.baseline.path)
    if os.path.lexists(file):
        return False
    try:
        names = os.listdir(file.parent)
    except OSError:
        return True
    return not any(n.startswith(f".{file.name}.") and n.endswith(".tmp") for n in names)


def _run(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget import files

    if args.json and args.format not in ("text", "json"):
        out.error(f"--json means --format json; it cannot go with --format {args.format}")
        return EXIT_USAGE
    fmt = "json" if args.json else args.format
    if args.explain and fmt not in ("text", "json"):
        out.error(f"--explain prints text or JSON, not --format {fmt}")
        return EXIT_USAGE
    found = project(args, out)
    if found is None:
        return EXIT_USAGE
    config, no_files = found
    if no_files:
        out.error(f"nothing to check: {no_files}")
        return EXIT_USAGE
    cache = None if args.no_cache else files.default_cache(config)
    if args.explain:
        fileset = files.resolve(config)
        explanation = files.explain(fileset, args.explain, cache=cache)
        if cache is not None:
            cache.save()
        failed = any(v.status == "fail" for v in explanation.verdicts)
        out.exit_code = EXIT_BROKEN if failed else EXIT_OK
        if fmt == "json":
            out.json(explanation.to_dict())
        else:
            out.out.write("\n".join(explanation.lines()) + "\n")
        return out.exit_code
    run_with = counting_run(args, out, "checking")
    # while a long walk finishes (and its files are matched) in a child, a large count cache is read; a
    # first run counts every file: the vocabulary is loaded meanwhile, and the workers start counting
    # the files while this process builds the matches
    jobs = run_with["jobs"]
    head = files.HeadStart(config, cache, jobs)
    try:
        # the globs' regexes as pathspec gave them last time (a warm run does not import it)
        with remembered_globs(cache.folder if cache is not None else None):
            fileset = files.resolve(config, meanwhile=head.beside_the_walk(), found=head.found)
        result = files.check(fileset, cache=cache, save=False, ahead=head.ahead, **run_with)
    finally:
        head.close()
    # a large cache is written by a child process while this one reports; a small one here, first:
    # its entries (most of a warm run's memory) go before the report is rendered
    save = None
    if cache is not None and cache.unsaved() >= SAVE_BESIDE:
        save = cache.save
    elif cache is not None:
        cache.save()
    del cache
    with count_pool.beside(save):
        del save
        return _report(args, out, fmt, config, result)


def _report(args: argparse.Namespace, out: Output, fmt: str, config: Config, result: FilesReport) -> int:
    from prompt_budget.report import files as report

    comparison = None
    if not args.no_baseline and not _nothing_to_compare(config, args.max_growth):
        from prompt_budget.baseline import measurement_of, run_baseline
        from prompt_budget.report import baseline as growth

        shown = str(config.baseline.path)
        outcome = run_baseline(
            config,
            measurement_of(result),
            shown=shown,
            max_growth=args.max_growth,
            max_growth_source="--max-growth",
            files_only=True,
            compare_missing=False,
        )
        if outcome.error is not None:
            raise outcome.error
        if outcome.ratcheted:
            out.note(growth.ratchet_line(shown, outcome.ratcheted))
        if outcome.comparison is not None and not outcome.comparison.missing:
            comparison = outcome.comparison
    grew = bool(comparison is not None and comparison.failures)
    out.exit_code = EXIT_BROKEN if result.status == "fail" or grew else EXIT_OK
    if fmt == "json":
        data = result.to_dict()
        if comparison is not None:
            data["baseline"] = comparison.to_dict()
        out.json(data)
    else:
        for m in result.measured.values():
            for note in m.notes:
                out.note(f"{m.match.id}: {note}")
        if fmt == "markdown":
            out.out.write(
                report.files_markdown(result, comparison, plan=args.plan, hide_passed=args.hide_passed)
            )
            return out.exit_code
        if fmt == "html":
            from prompt_budget.report.html import render_check

            out.out.write(render_check(result, comparison))
            return out.exit_code
        if fmt == "sarif":
            from prompt_budget.report.sarif import files_sarif

            out.out.write(files_sarif(result, comparison, version=__version__))
            return out.exit_code
        out.table(report.files_table(result, hide_passed=args.hide_passed))
        harnesses = report.harness_table(result)
        if harnesses is not None:
            out.print()
            out.table(harnesses)
        for line in report.alias_lines(result):
            out.print(line)
        plan = report.plan_table(result, width=out.width()) if args.plan else None
        if plan is not None:
            out.print()
            out.table(plan)
        lines = report.problem_lines(result)
        if lines:
            out.print()
            for line in lines:
                out.print(line)
        if comparison is not None:
            from prompt_budget.report import baseline as growth

            for table in growth.comparison_tables(comparison, changed_only=True):
                out.print()
                out.table(table)
            mismatched = growth.mismatch_line(comparison)
            if mismatched:
                out.print(mismatched)
            for item in comparison.failures:
                gate = f" (gate: {item.gate_source})" if item.gate_source else ""
                out.print(f"FAIL: {item.id}: {item.message}{gate}")
        if fmt == "github":
            for line in report.github_annotations(result, config.root, config.path):
                out.command(line)
            if comparison is not None:
                from prompt_budget.report import baseline as growth

                locate = growth.file_locations(config.root, config.path)
                for line in growth.github_annotations(comparison, locate):
                    out.command(line)
    return out.exit_code
