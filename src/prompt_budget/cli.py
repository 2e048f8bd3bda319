"""``prompt-budget``: arguments -> api -> render. No logic of its own.

Exit codes: 0 when everything holds, 1 when a budget or rule is broken, 2 on a usage or config error.
Each command has its own section below: ``_add_<command>`` builds its arguments and ``_run_<command>``
calls the domain modules and renders.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from prompt_budget._version import __version__
from prompt_budget.errors import PromptBudgetError

__all__ = ["EXIT_BROKEN", "EXIT_OK", "EXIT_USAGE", "Output", "main"]

EXIT_OK = 0
EXIT_BROKEN = 1
EXIT_USAGE = 2


class Output:
    """The CLI's one console: rich tables on a terminal, plain text when piped, under ``NO_COLOR``
    or ``--color never``; markup is always off so file names print as they are."""

    def __init__(self, color: str = "auto", out: TextIO | None = None, err: TextIO | None = None) -> None:
        self.out = out if out is not None else sys.stdout
        self.err = err if err is not None else sys.stderr
        if color == "always":
            self.rich = True
        elif color == "never" or os.environ.get("NO_COLOR"):
            self.rich = False
        else:
            self.rich = self.out.isatty() and os.environ.get("TERM") != "dumb"
        self._console: Any = None
        # The exit code a command has decided on before printing its report: what the run exits
        # with if the reader of its output goes away mid-report (`| head`), so a broken budget is
        # never an exit 0.
        self.verdict = EXIT_OK

    def console(self) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(
                file=self.out,
                markup=False,
                highlight=False,
                emoji=False,
                force_terminal=self.rich,
                no_color=not self.rich or bool(os.environ.get("NO_COLOR")),
            )
        return self._console

    def print(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def table(self, table: Any) -> None:
        if self.rich:
            self.console().print(table.to_rich())
        else:
            self.out.write(table.to_text())

    def json(self, data: object) -> None:
        self.out.write(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n")

    def error(self, message: str) -> None:
        self.err.write(f"prompt-budget: error: {message}\n")

    def note(self, message: str) -> None:
        self.err.write(f"prompt-budget: {message}\n")


Handler = Callable[[argparse.Namespace, Output], int]


def _amount_of(n: int, one: str, many: str) -> str:
    """``1 file``, ``2 files``."""
    return f"{n} {one if n == 1 else many}"


def _config(args: argparse.Namespace, start: str | Path | None = None) -> Any:
    from prompt_budget.config import load_config
    from prompt_budget.tokenizers import anthropic
    from prompt_budget.tokenizers.api_counts import COUNTS_FILE

    config = load_config(args.config, start=start)
    # Count-tokens API results are cached beside the config, wherever the command runs from.
    if not os.environ.get("PROMPT_BUDGET_COUNTS_FILE"):
        anthropic.set_counts_path(config.resolve(COUNTS_FILE))
    return config


def _add_counting_args(p: Any, *, tokenizer: bool = True, cache: bool = True) -> None:
    """The options every counting command shares."""
    if tokenizer:
        p.add_argument(
            "--tokenizer", "-t", metavar="SPEC", help="tokenizer spec (default: config, else o200k_base)"
        )
    if cache:
        p.add_argument("--no-cache", action="store_true", help="do not read or write the on-disk count cache")


# --- count --------------------------------------------------------------------------------------


def _add_count(sub: Any) -> None:
    p = sub.add_parser(
        "count",
        help="count the tokens of files, folders or stdin",
        description="Count tokens per file; folders recurse (skipping VCS and virtual-env folders and "
        "what .gitignore excludes); '-' reads standard input.",
    )
    p.add_argument("paths", nargs="*", default=None, metavar="PATH", help="files, folders, or - for stdin")
    _add_counting_args(p, cache=False)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--max-tokens", metavar="N", help="exit 1 when the total is over N tokens")
    _add_counting_args(p, tokenizer=False)
    p.add_argument("--list-tokenizers", action="store_true", help="list the tokenizer specs and exit")
    p.add_argument(
        "--outline",
        action="store_true",
        help="per Markdown file, the tokens of each heading section (folders: Markdown files only)",
    )
    p.set_defaults(run=_run_count)


def _run_count(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget.config import parse_tokens
    from prompt_budget.counting import DiskCache, FileProblem, count_path, read_text
    from prompt_budget.text.table import Column, Table, fmt_int
    from prompt_budget.tokenizers import get_tokenizer, known_specs
    from prompt_budget.walk import iter_paths

    if args.list_tokenizers:
        for spec in known_specs():
            out.print(spec)
        return EXIT_OK
    config = _config(args)
    limit = parse_tokens(args.max_tokens, key="--max-tokens") if args.max_tokens else None
    tok = get_tokenizer(args.tokenizer or config.tokenizer)
    cache = None if args.no_cache else DiskCache(config.resolve(config.cache_dir))
    if args.outline:  # imported only here: a plain count does without it
        from prompt_budget import outline as md
    paths: list[str] = args.paths or ["."]
    rows: list[dict[str, Any]] = []
    problems = 0
    cwd = os.getcwd()

    def add(label: str, tokens: int, chars: int, notes: Sequence[str], text: str | None = None) -> None:
        row: dict[str, Any] = {"path": label, "tokens": tokens, "chars": chars, "notes": list(notes)}
        if args.outline:  # the sections of a Markdown text; None for another file
            row["sections"] = None if text is None else md.outline(text, tok)
        rows.append(row)

    for raw in paths:
        if raw == "-":
            text = sys.stdin.buffer.read()
            try:
                decoded = text.decode("utf-8")
                notes: tuple[str, ...] = ()
            except UnicodeDecodeError:
                decoded = text.decode("utf-8", errors="replace")
                notes = ("not valid UTF-8; counted after replacement decoding",)
            add("<stdin>", tok.count(decoded), len(decoded), notes, decoded)
            for note in notes:
                out.note(f"<stdin>: {note}")
            continue
        if not raw:  # `count "$DIR"` with DIR unset: say so rather than count the current folder
            out.error("'': an empty path (use . for the current folder)")
            problems += 1
            continue
        explicit = not os.path.isdir(raw)
        targets = [raw] if explicit else list(iter_paths(Path(raw)))
        if args.outline and not explicit:
            targets = [t for t in targets if md.is_markdown(t)]
            if not targets:
                out.note(
                    f"{_display(raw, cwd)}: no Markdown files ({', '.join(md.MARKDOWN_SUFFIXES)}) to outline"
                )
        for target in targets:
            shown = _display(target, cwd)
            try:
                fc = count_path(target, tok, cache)
                text = read_text(Path(target))[0] if args.outline and md.is_markdown(target) else None
            except FileProblem as exc:
                if not explicit and exc.reason.startswith(("binary", "broken symbolic link")):
                    out.note(f"{shown}: skipped: {exc.reason}")
                    continue
                out.error(f"{shown}: {exc.reason}")
                problems += 1
                continue
            add(shown, fc.tokens, fc.chars, fc.notes, text)
            for note in fc.notes:
                out.note(f"{shown}: {note}")
            if args.outline and text is None:
                suffixes = ", ".join(md.MARKDOWN_SUFFIXES)
                out.note(f"{shown}: not Markdown ({suffixes}), no outline; {fc.tokens:,} tokens")
    if cache is not None:
        cache.save()
    total = sum(r["tokens"] for r in rows)
    over = limit is not None and total > limit
    out.verdict = EXIT_USAGE if problems else EXIT_BROKEN if over else EXIT_OK
    if args.json:
        if args.outline:
            rows = [{**r, "sections": _section_dicts(r["sections"])} for r in rows]
        out.json(
            {
                "version": 1,
                "tokenizer": tok.name,
                "exact": tok.exact,
                "files": rows,
                "total": total,
                "max_tokens": limit,
                "errors": problems,
            }
        )
    elif args.outline:
        tables = [_outline_table(r, tok) for r in rows if r["sections"] is not None]
        for i, table in enumerate(tables):
            if i:
                out.print()
            if table.rows:
                out.table(table)
            else:  # an empty file, or blank lines only
                out.print(table.title)
    elif rows or not problems:
        kind = "" if tok.exact else " (estimated)"
        table = Table(
            [Column("file"), Column("tokens", "right"), Column("chars", "right")],
            title=f"tokens by {tok.name}{kind}",
        )
        for r in rows:
            table.add_row(r["path"], fmt_int(r["tokens"]), fmt_int(r["chars"]))
        files = _amount_of(len(rows), "file", "files")
        table.footer = [f"total ({files})", fmt_int(total), fmt_int(sum(r["chars"] for r in rows))]
        out.table(table)
    if problems:
        return EXIT_USAGE
    if limit is not None and over:
        out.error(f"total {total:,} tokens exceeds --max-tokens {limit:,} by {total - limit:,}")
    return out.verdict


def _section_dicts(sections: Sequence[Any] | None) -> list[dict[str, Any]] | None:
    return None if sections is None else [s.to_dict() for s in sections]


def _outline_table(row: dict[str, Any], tok: Any) -> Any:
    """A Markdown file's sections in document order, indented by level: their lines (with their
    subsections), own tokens, total tokens and the total's share of the file's count."""
    from prompt_budget.text.table import Column, Table, fmt_int, fmt_pct

    kind = "" if tok.exact else " (estimated)"
    title = f"{row['path']}: {fmt_int(row['tokens'])} tokens by {tok.name}{kind}"
    table = Table(
        [
            Column("section"),
            Column("lines", "right"),
            Column("own", "right"),
            Column("total", "right"),
            Column("% of file", "right"),
        ],
        title=title if row["sections"] else f"{title}, no sections",
    )
    for s in row["sections"]:
        first, last = s.start_line, s.total_end_line
        table.add_row(
            "  " * max(s.level - 1, 0) + s.label,
            str(first) if first == last else f"{first}-{last}",
            fmt_int(s.tokens),
            fmt_int(s.total_tokens),
            fmt_pct(100.0 * s.total_tokens / row["tokens"] if row["tokens"] else None),
        )
    return table


def _display(path: str | Path, cwd: str | None = None) -> str:
    """The path relative to the current folder when inside it. Symbolic links are not resolved, so
    a link is shown under its own name."""
    absolute = os.fspath(path)
    if not os.path.isabs(absolute):
        absolute = os.path.abspath(absolute)
    prefix = (cwd or os.getcwd()).rstrip(os.sep) + os.sep
    if absolute.startswith(prefix):
        rel = absolute[len(prefix) :]
        return rel if os.sep == "/" else rel.replace(os.sep, "/")
    return os.path.normpath(path)


# --- check (file budgets, load plans, baselines) -------------------------------------------------


def _add_check(sub: Any) -> None:
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
        choices=["text", "json", "github", "markdown", "sarif"],
        default="text",
        help="text (default): the file table, then a line per broken or warned rule; json; github: the "
        "text, then an ::error or ::warning workflow command per broken or warned rule, on its file or "
        "its line of the config; markdown: a document for a pull-request comment or $GITHUB_STEP_SUMMARY; "
        "sarif: SARIF 2.1.0 for GitHub code scanning",
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
    _add_counting_args(p)
    p.set_defaults(run=_run_check)


def _project(args: argparse.Namespace, out: Output) -> tuple[Path, Any] | None:
    """The folder (or config file) a command was pointed at and its config, with ``--tokenizer``
    applied; None (after saying why) when the path does not exist."""
    target = Path(args.path) if args.path else Path(".")
    if args.path and not target.exists():
        out.error(f"{args.path}: no such file or folder")
        return None
    explicit = args.config or (str(target) if target.is_file() else None)
    config = _config(argparse.Namespace(config=explicit), start=target)
    if args.tokenizer:
        config = config.with_overrides(tokenizer=args.tokenizer)
    return target, config


def _no_file_entries(config: Any, target: Path) -> str:
    """Why there are no files to check (and where the config came from), or ``""`` when there are."""
    if config.files or config.preset:
        return ""
    where = config.path or f"no prompt_budget.toml or [tool.prompt_budget] above {target.resolve()}"
    return f"no [[tool.prompt_budget.files]] entries and no preset ({where})"


def _run_check(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget import files
    from prompt_budget.report import files as report

    if args.json and args.format not in ("text", "json"):
        out.error(f"--json means --format json; it cannot go with --format {args.format}")
        return EXIT_USAGE
    fmt = "json" if args.json else args.format
    if args.explain and fmt not in ("text", "json"):
        out.error(f"--explain prints text or JSON, not --format {fmt}")
        return EXIT_USAGE
    found = _project(args, out)
    if found is None:
        return EXIT_USAGE
    target, config = found
    no_files = _no_file_entries(config, target)
    if no_files:
        out.error(f"nothing to check: {no_files}")
        return EXIT_USAGE
    cache = None if args.no_cache else files.default_cache(config)
    fileset = files.resolve(config)
    if args.explain:
        explanation = files.explain(fileset, args.explain, cache=cache)
        if cache is not None:
            cache.save()
        failed = any(v.status == "fail" for v in explanation.verdicts)
        out.verdict = EXIT_BROKEN if failed else EXIT_OK
        if fmt == "json":
            out.json(explanation.to_dict())
        else:
            out.out.write(report.explain_text(explanation))
        return out.verdict
    result = files.check(fileset, cache=cache)
    comparison = None
    if not args.no_baseline:
        from prompt_budget import baseline

        comparison = baseline.compare_files_report(config, result, max_growth=args.max_growth)
    grew = bool(comparison is not None and comparison.failures)
    out.verdict = EXIT_BROKEN if result.status == "fail" or grew else EXIT_OK
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
            return out.verdict
        if fmt == "sarif":
            from prompt_budget.report.sarif import files_sarif

            out.out.write(files_sarif(result, comparison, version=__version__))
            return out.verdict
        out.table(report.files_table(result, hide_passed=args.hide_passed))
        plan = report.plan_table(result) if args.plan else None
        if plan is not None:
            out.print()
            out.table(plan)
        lines = report.problem_lines(result)
        if lines:
            out.print()
            for line in lines:
                out.print(line)
        if comparison is not None:
            from prompt_budget.report.baseline import comparison_tables, github_annotations, mismatch_line

            for table in comparison_tables(comparison, changed_only=True):
                out.print()
                out.table(table)
            mismatched = mismatch_line(comparison)
            if mismatched:
                out.print(mismatched)
            for item in comparison.failures:
                gate = f" (gate: {item.gate_source})" if item.gate_source else ""
                out.print(f"FAIL: {item.id}: {item.message}{gate}")
        if fmt == "github":
            for line in report.github_annotations(result, config.root, config.path):
                out.print(line)
            if comparison is not None:
                from prompt_budget.report.baseline import file_locations

                for line in github_annotations(comparison, file_locations(config.root, config.path)):
                    out.print(line)
    return out.verdict


def _codes(text: str) -> list[str]:
    return [c.strip().upper() for c in text.split(",") if c.strip()]


def _add_lint(sub: Any) -> None:
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
    p.add_argument(
        "--jobs", "-j", type=int, default=None, metavar="N", help="worker processes (default: every core)"
    )
    p.set_defaults(run=_run_lint)


def _run_lint(args: argparse.Namespace, out: Output) -> int:
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
    )
    out.verdict = outcome.exit_code
    out.out.write(outcome.output)
    for note in outcome.notes:
        out.note(note)
    return outcome.exit_code


# --- calibrate ----------------------------------------------------------------------------------


def _add_calibrate(sub: Any) -> None:
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
    p.set_defaults(run=_run_calibrate)


def _run_calibrate(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget.calibrate import (
        fit,
        match_reference_counts,
        read_corpus,
        read_reference_counts,
        reference_ids,
        render_error_table,
    )
    from prompt_budget.errors import ConfigError
    from prompt_budget.tokenizers import get_tokenizer

    docs = read_corpus(args.corpus)
    ref_path = Path(args.reference)
    reference: Callable[[Any], int]
    ref_tok: Any = None
    if args.reference.endswith(".json") and ref_path.is_file():
        raw_counts = read_reference_counts(ref_path)
        counts = match_reference_counts(raw_counts, ref_path.parent)
        missing = [d.id for d in docs if d.id not in counts]
        if missing:
            ids = {d.id for d in docs}
            unmatched = [k for k in raw_counts if not ids & reference_ids(k, ref_path.parent)]
            hint = ""
            if unmatched:
                more = ", ..." if len(unmatched) > 3 else ""
                hint = (
                    f"; ids in the file that match no document: {', '.join(map(repr, unmatched[:3]))}{more}"
                )
            raise ConfigError(
                f"no count for {len(missing)} document(s), first {missing[0]!r}{hint} (a file's id is its "
                "path from the current folder or from the reference file's folder)",
                file=ref_path,
            )
        reference = lambda d: counts[d.id]  # noqa: E731
    elif args.reference.endswith(".json") and ":" not in args.reference:
        raise ConfigError(
            f"--reference {args.reference}: no such file (expected a JSON file of counts or a tokenizer "
            "spec such as o200k_base, hf:PATH or anthropic:MODEL)"
        )
    else:
        ref_tok = get_tokenizer(args.reference)
        reference = lambda d: ref_tok.count(d.text)  # noqa: E731
    base = get_tokenizer(args.base).count if args.base else None
    out_path = Path(args.out)
    result = fit(
        docs,
        reference,
        name=args.name or out_path.stem,
        reference_name=args.reference,
        base=base,
        base_name=args.base,
    )
    if ref_tok is not None and not ref_tok.exact:
        out.note(f"warning: the reference {args.reference} fell back to an estimate for some documents")
    try:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        out_path.write_text(json.dumps(result.calibration, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write: {exc.strerror or exc}", file=out_path) from None
    if args.json:
        out.json({"out": str(out_path), "held_out": [r.to_dict() for r in result.held_out_rows]})
    else:
        fitted = result.calibration["fitted_on"]
        out.print(
            f"calibration {result.calibration['name']!r} fitted on {fitted['train']} documents; error on "
            f"{fitted['held_out']} held-out documents (estimate - reference) / reference:"
        )
        out.print(render_error_table(result.held_out_rows).rstrip("\n"))
        out.print(f'wrote {out_path}; use it with tokenizer = "calibrated:{out_path.as_posix()}"')
    return EXIT_OK


# --- baseline -----------------------------------------------------------------------------------


def _add_baseline(sub: Any) -> None:
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
    _add_counting_args(p)
    p.set_defaults(run=_run_baseline)


def _run_baseline(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget import baseline as bl
    from prompt_budget.files import default_cache
    from prompt_budget.report import baseline as report

    found = _project(args, out)
    if found is None:
        return EXIT_USAGE
    target, config = found
    no_files = _no_file_entries(config, target)
    if no_files:
        out.note(f"{no_files}: no files to measure")
    path = Path(args.baseline) if args.baseline else config.resolve(config.baseline.path)
    shown = _display(path)
    cache = None if args.no_cache else default_cache(config)
    measured = bl.measure_files(config, cache=cache)
    stored = bl.load_baseline(path)
    if args.action == "update":
        new, summary = bl.update(stored, measured.entries, prune=args.prune, scope=_file_scope)
        if stored is None and not new.entries:
            out.print(
                f"{shown}: not written: no files measured "
                "(the checks of pytest tests are written by `pytest --prompt-budget-update`)"
            )
        elif stored is not None and new == stored:
            out.print(f"{shown}: up to date ({summary.describe()})")
        else:
            bl.save_baseline(new, path)
            out.print(f"{shown}: written ({summary.describe()})")
        return EXIT_OK
    policy = bl.GrowthPolicy.from_config(
        config, max_growth=args.max_growth, max_growth_source="--max-growth", rule_for=measured.rule_for
    )
    if args.base:
        comparison, note = bl.compare_at_ref(config, args.base, measured, policy, cache=cache)
        if note:
            out.note(note)
    else:
        files_only = None if stored is None else bl.file_entries(stored, measured.entries)
        comparison = bl.compare(files_only, measured.entries, policy, path=shown)
        if stored is not None:
            lowered, ids = bl.ratchet(stored, comparison)
            if ids:
                bl.save_baseline(lowered, path)
                n = _amount_of(len(ids), "entry", "entries")
                out.note(f"{shown}: ratcheted down {n} that shrank: {', '.join(ids)}")
    if cache is not None:
        cache.save()
    markdown = report.markdown_summary(comparison)
    if args.report:
        Path(args.report).write_text(markdown, encoding="utf-8")
    report.append_step_summary(markdown, written=Path(args.report) if args.report else None)
    out.verdict = EXIT_BROKEN if comparison.failures else EXIT_OK
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
            from prompt_budget.report.baseline import file_locations

            for line in report.github_annotations(comparison, file_locations(config.root, config.path)):
                out.print(line)
    return out.verdict


def _file_scope(check_id: str, entry: Any) -> bool:
    """Entries the CLI measures (file checks); pytest's ``check``/``section`` entries are left alone."""
    from prompt_budget.baseline import FILE_KINDS

    return bool(entry.kind in FILE_KINDS)


# --- init ---------------------------------------------------------------------------------------


def _add_init(sub: Any) -> None:
    p = sub.add_parser(
        "init",
        help="scan a repository and write a starting [tool.prompt_budget]",
        description="Find the prompt-bearing files (CLAUDE.md, AGENTS.md, .claude/skills, agents and "
        "commands, .claude/rules, CLAUDE.md @path imports, .cursor/rules, prompts/, *.prompt, linked "
        "reference docs), count them, and write caps at today's size plus headroom into pyproject.toml "
        "(or prompt_budget.toml when there is none). "
        "An existing, different configuration is only replaced with --force. Exit 1 when it differs "
        "and --force was not given.",
    )
    p.add_argument("path", nargs="?", default=".", metavar="PATH", help="repository root (default: .)")
    p.add_argument(
        "--headroom", default="25%", metavar="PERCENT", help="room over today's size (default: 25%%)"
    )
    _add_counting_args(p, cache=False)
    p.add_argument(
        "--model",
        metavar="NAME",
        help="a known model name; sets context_window, and the tokenizer when none is given",
    )
    p.add_argument("--dry-run", action="store_true", help="print the proposal; write nothing")
    p.add_argument("--force", action="store_true", help="replace an existing, different configuration")
    p.add_argument("--no-baseline", action="store_true", help="do not create the baseline file")
    p.add_argument("--lint", action="store_true", help="also run lint and list the magic budgets it finds")
    p.set_defaults(run=_run_init)


def _run_init(args: argparse.Namespace, out: Output) -> int:
    from prompt_budget import scaffold as init
    from prompt_budget.text.table import Column, Table, fmt_int

    headroom = init.parse_headroom(args.headroom)
    proposal = init.propose(
        args.path, tokenizer=args.tokenizer, headroom=headroom, model=args.model, target=args.config
    )
    target = _display(proposal.target)
    caps = {f.path: e for e in proposal.entries for f in e.files}
    table = Table(
        [Column("file"), Column("kind"), Column("tokens", "right"), Column("cap", "right"), Column("load")],
        title=f"prompt-bearing files in {_display(proposal.root) or '.'} ({proposal.tokenizer})",
    )
    for f in proposal.found:
        entry = caps[f.path]
        table.add_row(f.path, f.kind, fmt_int(f.tokens), fmt_int(entry.max_tokens), entry.load_of(f) or "-")
    table.footer = [
        f"total ({_amount_of(len(proposal.found), 'file', 'files')})",
        "",
        fmt_int(sum(f.tokens for f in proposal.found)),
        "",
        "",
    ]
    out.table(table)
    if not proposal.found:
        out.note("no prompt-bearing files found; the configuration holds settings only")
    if args.dry_run:
        _, kept_tables = init.planned_text(proposal)  # fails here, not later, when it cannot be merged
        out.print(f"\n# would write {target}:")
        out.print(init.render(proposal).rstrip("\n"))
        if kept_tables:
            out.print(f"# and keep as they are: {', '.join(kept_tables)}")
        code = EXIT_OK
    else:
        result = init.apply(proposal, force=args.force)
        if result.status == "conflict":
            out.error(
                f"{target} already has a different prompt-budget configuration; --dry-run shows the "
                "proposal, --force replaces it (tables init does not write are kept)"
            )
            return EXIT_BROKEN
        kept = f" (kept: {', '.join(result.kept)})" if result.kept else ""
        out.print(f"{target}: {result.status}{kept}")
        if not args.no_baseline:
            out.print(init.create_baseline(proposal)[1])
        code = EXIT_OK
    if args.lint:
        report = init.run_lint(proposal)
        if report.note:
            out.print(report.note)
        elif report.findings:
            out.print(f"lint: {len(report.findings)} magic budget(s) in code:")
            for finding in report.findings:
                where = f"{finding.get('path')}:{finding.get('line')}"
                out.print(f"  {where}: {finding.get('code')} {finding.get('message')}")
            out.print(f"move them into config with: {report.fix_command}  (preview: add --diff)")
        else:
            out.print("lint: no magic budgets found")
    config_flag = (
        "" if proposal.target.name in ("pyproject.toml", "prompt_budget.toml") else f" --config {target}"
    )
    out.print("next:")
    if not proposal.found:
        # Nothing to measure yet: `check` would say "nothing to check" until files are listed.
        files_table = "[[files]]" if proposal.standalone else "[[tool.prompt_budget.files]]"
        out.print(f"  add {files_table} entries for your prompt files to {target} (see docs/files.md)")
    out.print(f"  prompt-budget{config_flag} check")
    if proposal.python or not proposal.standalone:
        out.print("  python -m pytest")
    else:
        # .prompt-budget holds the baseline; it is not there when none was created.
        state = " .prompt-budget" if (proposal.root / ".prompt-budget").is_dir() else ""
        out.print(f"  git add {target}{state} && git commit -m 'Add token budgets'")
    return code


# --- main ---------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="prompt-budget",
        description="Token budgets for LLM prompts, skill files and agent code.",
        epilog="Exit codes: 0 all budgets hold, 1 a budget or rule is broken, 2 usage or config error.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--config", metavar="FILE", help="pyproject.toml or prompt_budget.toml to use")
    parser.add_argument("--color", choices=["auto", "always", "never"], default="auto")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (_add_count, _add_check, _add_lint, _add_calibrate, _add_baseline, _add_init):
        add(sub)
    for command in sub.choices.values():
        # `prompt-budget check --config FILE` as well as `prompt-budget --config FILE check`; when
        # not given after the command, the one given before it stands
        command.add_argument(
            "--config",
            metavar="FILE",
            default=argparse.SUPPRESS,
            help="pyproject.toml or prompt_budget.toml to use",
        )
    return parser


def _one_line_format(default: Callable[..., str]) -> Callable[..., str]:
    """A ``warnings.formatwarning`` that writes prompt-budget's own warnings (an unknown config key, a
    fallback to an estimate) as one ``prompt-budget: warning:`` line, without Python's file and source
    line; other warnings keep the default format. Only the format changes: filters, ``-W error`` and
    anything recording warnings (pytest, ``catch_warnings(record=True)``) see the warning as raised."""

    def formatwarning(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        line: str | None = None,
    ) -> str:
        if category.__module__.startswith("prompt_budget"):
            return f"prompt-budget: warning: {message}\n"
        return default(message, category, filename, lineno, line)

    return formatwarning


def main(argv: Sequence[str] | None = None) -> int:
    """The ``prompt-budget`` console script. What is still buffered is written before the exit code is
    returned: a reader gone by then (``| head``) leaves the code as it is; output that cannot be written
    (a full disk, ``> /dev/full``) is one line on stderr and exit code 2, never a traceback."""
    try:
        code = _run(argv)
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BrokenPipeError:
        _discard_output()
        return EXIT_OK
    except OSError as exc:
        return _cannot_write(exc)
    return code


def _run(argv: Sequence[str] | None) -> int:
    import warnings

    parser = build_parser()
    args = parser.parse_args(argv)
    out = Output(args.color)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    default_format = warnings.formatwarning
    warnings.formatwarning = _one_line_format(default_format)
    try:
        code: int = args.run(args, out)
    except PromptBudgetError as exc:
        out.error(str(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        out.error("interrupted")
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): the verdict stands, quietly
        _discard_output()
        return out.verdict
    finally:
        warnings.formatwarning = default_format
    return code


def _discard_output() -> None:
    """Point standard output at the null device, so the interpreter's last flush of what could not be
    written does not fail again at exit (Python's documented remedy for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (an in-process caller's buffer)
        pass


def _cannot_write(exc: OSError) -> int:
    """A run whose output could not be written (a full disk or quota, `> /dev/full`, an I/O error;
    Windows reports a closed pipe as EINVAL) ends with one line on stderr and exit code 2. Any other
    OSError is a bug, and is raised."""
    import errno

    if exc.errno not in {getattr(errno, n, None) for n in ("ENOSPC", "EDQUOT", "EIO", "EFBIG", "EINVAL")}:
        raise exc
    _discard_output()
    try:
        sys.stderr.write(f"prompt-budget: error: cannot write the output: {exc.strerror or exc}\n")
        sys.stderr.flush()
    except (OSError, AttributeError):
        pass
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
