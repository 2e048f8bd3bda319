"""The lint's entry points for the CLI and the pytest plugin: load options from config, lint paths with
the cache and the worker processes, optionally fix, and render.

    >>> from prompt_budget.lint.api import lint_command
    >>> outcome = lint_command(["src/"], fmt="json")   # doctest: +SKIP
    >>> outcome.exit_code, outcome.output               # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.errors import PromptBudgetError
from prompt_budget.lint.engine import Linter, LintReport, all_rules, known_codes
from prompt_budget.lint.findings import Finding
from prompt_budget.lint.options import LintOptions, parse_lint_options

if TYPE_CHECKING:
    from prompt_budget.count_pool import Progress

EXIT_OK, EXIT_FINDINGS = 0, 1


def load_options(
    config: str | Path | None = None,
    *,
    start: str | Path | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    extend_select: Sequence[str] = (),
    extend_ignore: Sequence[str] = (),
) -> tuple[LintOptions, Path]:
    """Options from ``[tool.prompt_budget.lint]`` (the file given, or the one found from ``start``),
    with command-line selections applied; and the cache directory. Raises ``ConfigError``."""
    from prompt_budget.config import load_config

    cfg = load_config(config, start=start)
    options = parse_lint_options(
        cfg.lint,
        root=cfg.root,
        config_file=cfg.path,
        known_codes=known_codes(),
        existing_values=cfg.values,
        select=select,
        ignore=ignore,
        extend_select=extend_select,
        extend_ignore=extend_ignore,
    )
    return options, cfg.resolve(cfg.cache_dir)


def run_lint(
    paths: Sequence[str | Path],
    options: LintOptions,
    *,
    cache_dir: Path | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> LintReport:
    """Lint ``paths``; ``cache_dir=None`` runs without the cache; ``progress`` is told how many of the
    files to parse are done."""
    from prompt_budget.lint.cache import LintCache, rules_fingerprint

    linter = Linter(options, jobs=jobs)
    linter.progress = progress
    if cache_dir is not None:
        linter.cache = LintCache(cache_dir, rules_fingerprint(list(linter.rules), options.fingerprint()))
    return linter.lint_paths([Path(p) for p in paths])


@dataclass
class LintOutcome:
    report: LintReport
    output: str
    exit_code: int
    notes: list[str]


def lint_command(
    paths: Sequence[str | Path],
    *,
    config: str | Path | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    extend_select: Sequence[str] = (),
    fmt: str = "text",
    fix: bool = False,
    diff: bool = False,
    show_suppressed: bool = False,
    cache: bool = True,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> LintOutcome:
    """``prompt-budget lint``: the whole command short of printing. Exit code 0 when nothing counts
    (all fixed, all suppressed or clean), 1 when findings remain (or, with ``--diff``, when there is
    something to change). Raises ``ConfigError`` on bad configuration (the CLI's exit code 2)."""
    from prompt_budget._version import __version__
    from prompt_budget.lint.formats import by_code, render

    for path in paths:
        # Named on the command line: a typo must not pass as a clean run. (The pytest lint items
        # skip files that vanished after collection instead.)
        if not os.path.exists(path):
            raise PromptBudgetError(f"{path}: no such file or folder")
        if not (os.path.isfile(path) or os.path.isdir(path)):
            raise PromptBudgetError(f"{path}: not a file or folder (a pipe or device); lint reads files")
    options, cache_dir = load_options(config, select=select, ignore=ignore, extend_select=extend_select)
    report = run_lint(
        paths or ["."], options, cache_dir=cache_dir if cache else None, jobs=jobs, progress=progress
    )
    findings = report.findings
    notes: list[str] = []
    diff_text = ""
    if fix or diff:
        from prompt_budget.lint.fix import apply_fixes

        result = apply_fixes(findings, options, write=fix and not diff)
        diff_text = result.diff
        fixed = {id(f) for f in result.fixed}
        if fix and not diff:
            findings = [f for f in findings if id(f) not in fixed]
            if result.fixed:
                where = options.relative(result.config_file) if result.config_file else "config"
                notes.append(
                    f"fixed {len(result.fixed)} finding(s) in {len(result.changed)} file(s); "
                    f"{len(result.values)} value(s) written to {where}"
                )
        for finding, why in result.skipped:
            notes.append(f"not fixed: {finding.path}:{finding.line}: {finding.code}: {why}")
        if diff:
            # the diff shows only what --fix changes: say what else keeps the exit code at 1
            left = [f for f in findings if f.suppressed is None and id(f) not in fixed]
            if left:
                notes.append(
                    f"{len(left)} finding(s) that --fix does not change ({by_code(left)}); "
                    "run without --diff to list them"
                )
    counted = remaining(findings)
    if diff:
        output = diff_text
        exit_code = EXIT_FINDINGS if diff_text or counted else EXIT_OK
    else:
        output = render(
            fmt,
            findings,
            show_suppressed=show_suppressed,
            files=report.files,
            rules=[r for r in all_rules() if options.enabled(r.CODE)],
            root=options.root,
            version=__version__,
        )
        exit_code = EXIT_FINDINGS if counted else EXIT_OK
    return LintOutcome(report=report, output=output, exit_code=exit_code, notes=notes)


def remaining(findings: Sequence[Finding]) -> list[Finding]:
    """The findings that count: not suppressed."""
    return [f for f in findings if f.suppressed is None]
