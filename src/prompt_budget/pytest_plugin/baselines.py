"""Baselines in a pytest run: the run's records through the one baseline flow
(``prompt_budget.baseline.run_baseline``), and what pytest makes of its outcome.

``BudgetSession.finish`` calls ``gate`` once, on the xdist controller (or in a run without xdist),
after every worker's records are merged and the report file is written. Workers never read or write
the baseline, so ``-n 2 --prompt-budget-update`` writes one file, once.

How a growth-gate failure fails the run: every test has already passed or failed by the time the
session finishes, so the gate sets the session's exit status (as syrupy does for unused snapshots):
``pytest.ExitCode.TESTS_FAILED`` (1) when checks grew past their gate, ``pytest.ExitCode.USAGE_ERROR``
(4) when the baseline file cannot be read. The ids that failed are listed in the terminal summary under
``prompt budget baseline``, each with its ``tokens A -> B (+N, +P%), allowed ...`` line and where the
gate is set. Nothing changes when the exit status already says something worse.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from prompt_budget.baseline import BaselineOutcome, Measurement, measured_from_records, run_baseline
from prompt_budget.pytest_plugin.warning import warn_about

if TYPE_CHECKING:
    from prompt_budget.config import Config
    from prompt_budget.model import FileRule
    from prompt_budget.pytest_plugin.options import PluginOptions


_GOING_ON = (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED)


def gate(
    config: Config,
    options: PluginOptions,
    records: Sequence[Mapping[str, Any]],
    rules: Mapping[str, FileRule],
    session: pytest.Session,
    workers_missing: Iterable[str] = (),
) -> tuple[BaselineOutcome, str | None] | None:
    """Compare (or, with ``--prompt-budget-update``, write) the baseline from the run's records and
    set the exit status on a gate failure or a broken baseline file. Returns the outcome and why
    ``--prompt-budget-prune`` did not prune (or None), or None when the run recorded nothing and was
    not asked to update."""
    if not records and not options.update:
        return None
    not_pruned = _stopped_early(list(workers_missing), session) if options.update and options.prune else None
    path = config.resolve(config.baseline.path)
    outcome = run_baseline(
        config,
        Measurement(measured_from_records(records), rules),
        path=path,
        shown=_display(path, session.config.invocation_params.dir),
        update=options.update,
        prune=options.prune and not_pruned is None,
        max_growth=options.max_growth,
    )
    if outcome.error is not None:
        if session.exitstatus in _GOING_ON:
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
    elif outcome.failed and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    return outcome, not_pruned


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def _stopped_early(workers_missing: list[str], session: pytest.Session) -> str | None:
    """Why the run did not measure everything it collected (Ctrl-C, ``pytest.exit``, ``-x`` or
    ``--maxfail``, a crashed xdist worker), or None for a complete run. ``--prompt-budget-prune``
    would otherwise drop the entries of every test the run never reached."""
    if workers_missing:
        return f"no checks came back from {', '.join(workers_missing)}"
    if session.exitstatus not in _GOING_ON:
        return f"the run was interrupted (exit status {int(session.exitstatus)})"
    if session.shouldfail or session.shouldstop:
        return f"the run stopped early ({session.shouldfail or session.shouldstop})"
    return None


def outcome_lines(outcome: BaselineOutcome, not_pruned: str | None = None) -> list[str]:
    """The lines of the ``prompt budget baseline`` summary section."""
    from prompt_budget.report.baseline import ratchet_line, summary_lines

    shown = outcome.shown
    if outcome.error is not None:
        return [f"prompt-budget: error: {outcome.error}"]
    u = outcome.update
    if u is not None:
        if not (u.added or u.changed or u.unchanged):
            return [f"{shown}: baseline left as it is: this run measured no checks"]
        written = [f"{shown}: baseline {'written' if outcome.written else 'up to date'} ({u.describe()})"]
        if not_pruned is not None:
            written.append(
                f"{shown}: not pruned: {not_pruned}, so entries it did not measure are kept; prune with a "
                "complete run"
            )
        return written
    c = outcome.comparison
    out = summary_lines(c) if c is not None else []
    if outcome.failed and c is not None:
        n = len(c.failures)
        out.append(
            f"{n} check{'s' if n > 1 else ''} grew past {'their' if n > 1 else 'its'} growth gate, so "
            "the run fails; shrink the prompt, or accept the growth with `pytest --prompt-budget-update`"
        )
    if outcome.ratcheted:
        out.append(ratchet_line(shown, outcome.ratcheted))
    return out


def write_summary(
    reporter: pytest.TerminalReporter,
    outcome: BaselineOutcome,
    not_pruned: str | None,
    *,
    verbose: bool,
    quiet_missing: bool,
) -> None:
    """The ``prompt budget baseline`` section of the terminal summary (with ``-v``, the table of
    checks that changed); nothing when there is no baseline and none is configured."""
    c = outcome.comparison
    if outcome.error is None and outcome.update is None and c is not None and c.missing and quiet_missing:
        return
    from prompt_budget.report.github import shield  # no line may start a GitHub workflow command

    reporter.write_sep("-", "prompt budget baseline")
    if verbose and c is not None and outcome.update is None:
        from prompt_budget.report.baseline import comparison_tables
        from prompt_budget.report.terminal import needed_width

        writer = reporter.config.get_terminal_writer()
        for table in comparison_tables(c, changed_only=True):
            # never cut a check id: wider than the terminal, the terminal wraps it
            reporter.write(shield(table.render(max(writer.fullwidth, needed_width(table)), writer.hasmarkup)))
    for line in outcome_lines(outcome, not_pruned):
        red = line.startswith(("FAILED", "prompt-budget: error"))
        reporter.write_line(shield(line), red=red, bold=red)


def extend_report(report_path: Path | None, outcome: BaselineOutcome) -> None:
    """Add the comparison to the report file the session wrote: a ``baseline`` key in the JSON report,
    a section in the Markdown report (which the session then appends to ``$GITHUB_STEP_SUMMARY`` when
    set)."""
    if report_path is None or outcome.comparison is None or not report_path.is_file():
        return
    from prompt_budget.report.baseline import markdown_summary

    suffix = report_path.suffix.lower()
    try:
        if suffix == ".json":
            doc = json.loads(report_path.read_text(encoding="utf-8"))
            if isinstance(doc, dict):
                doc["baseline"] = {**outcome.comparison.to_dict(), "updated": outcome.update is not None}
                report_path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        elif suffix == ".md":
            text = report_path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
            report_path.write_text(
                text + markdown_summary(outcome.comparison, title="Prompt budget"), encoding="utf-8"
            )
    except (OSError, ValueError) as exc:
        warn_about(report_path, f"cannot add the baseline comparison to {report_path}: {exc}")
