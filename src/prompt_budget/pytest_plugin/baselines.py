"""Baselines in a pytest run: compare every recorded check with the committed baseline, fail the run
when one grew past its growth gate, and write the baseline with ``--prompt-budget-update``.

``BudgetSession.finish`` calls ``baseline_gate`` once, on the xdist controller (or in a run without
xdist), after every worker's records are merged and the report file is written. Workers never read or
write the baseline, so ``-n 2 --prompt-budget-update`` writes one file, once.

How a growth-gate failure fails the run: every test has already passed or failed by the time the
session finishes, so the gate sets the session's exit status (as syrupy does for unused snapshots):
``pytest.ExitCode.TESTS_FAILED`` (1) when checks grew past their gate, ``pytest.ExitCode.USAGE_ERROR``
(4) when the baseline file cannot be read. The ids that failed are listed in the terminal summary under
``prompt budget baseline``, each with its ``tokens A -> B (+N, +P%), allowed ...`` line and where the
gate is set. Nothing changes when the exit status already says something worse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from prompt_budget.baseline import Comparison, UpdateSummary
    from prompt_budget.pytest_plugin.session import BudgetSession

__all__ = ["BaselineOutcome", "BaselineSummary", "baseline_gate", "get_outcome"]

_KEY = pytest.StashKey["BaselineOutcome"]()
_SUMMARY_PLUGIN = "prompt_budget_baseline_summary"

#: Record kinds that are not token counts (a turn budget counts tool calls), never baselined.
NOT_TOKENS = ("turns",)


@dataclass
class BaselineOutcome:
    """What the baseline step of a run did: the comparison, or the update, or the error."""

    path: Path
    shown: str
    comparison: Comparison | None = None
    update: UpdateSummary | None = None
    written: bool = False
    ratcheted: tuple[str, ...] = ()
    error: str | None = None
    verbose: bool = False
    quiet_missing: bool = False
    prune_skipped: str | None = None

    @property
    def failed(self) -> bool:
        return self.update is None and self.comparison is not None and bool(self.comparison.failures)

    def lines(self) -> list[str]:
        from prompt_budget.report.baseline import summary_lines

        if self.error is not None:
            return [f"prompt-budget: error: {self.error}"]
        if self.update is not None:
            u = self.update
            if not (u.added or u.changed or u.unchanged):
                return [f"{self.shown}: baseline left as it is: this run measured no checks"]
            verb = "written" if self.written else "up to date"
            written = [f"{self.shown}: baseline {verb} ({self.update.describe()})"]
            if self.prune_skipped is not None:
                written.append(
                    f"{self.shown}: not pruned: {self.prune_skipped}, so entries it did not measure are "
                    "kept; prune with a complete run"
                )
            return written
        out: list[str] = []
        if self.comparison is not None:
            out += summary_lines(self.comparison)
        if self.failed and self.comparison is not None:
            failed = len(self.comparison.failures)
            out.append(
                f"{failed} check{'s' if failed > 1 else ''} grew past {'their' if failed > 1 else 'its'} growth gate, so "
                "the run fails; shrink the prompt, or accept the growth with `pytest --prompt-budget-update`"
            )
        if self.ratcheted:
            entries = f"{len(self.ratcheted)} entr{'y' if len(self.ratcheted) == 1 else 'ies'}"
            out.append(f"{self.shown}: ratcheted down {entries} that shrank: {', '.join(self.ratcheted)}")
        return out


def get_outcome(config: pytest.Config) -> BaselineOutcome | None:
    return config.stash.get(_KEY, None)


def _measured(records: list[dict[str, Any]]) -> dict[str, Any]:
    from prompt_budget.baseline import measured_from_records

    usable = []
    for rec in records:
        details = rec.get("details") or {}
        if rec.get("kind") in NOT_TOKENS:
            continue
        if isinstance(details, dict) and (details.get("problem") or details.get("missing")):
            continue
        usable.append(rec)
    return measured_from_records(usable)


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def _stopped_early(budget: BudgetSession, session: pytest.Session) -> str | None:
    """Why the run did not measure everything it collected (Ctrl-C, ``pytest.exit``, ``-x`` or
    ``--maxfail``, a crashed xdist worker), or None for a complete run. ``--prompt-budget-prune``
    would otherwise drop the entries of every test the run never reached."""
    if budget.workers_missing:
        return f"no checks came back from {', '.join(budget.workers_missing)}"
    if session.exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        return f"the run was interrupted (exit status {int(session.exitstatus)})"
    if session.shouldfail or session.shouldstop:
        return f"the run stopped early ({session.shouldfail or session.shouldstop})"
    return None


def baseline_gate(budget: BudgetSession, session: pytest.Session) -> BaselineOutcome | None:
    """Compare (or, with ``--prompt-budget-update``, write) the baseline from the run's records; set
    the exit status on a gate failure or a broken baseline file; extend the report file; arrange for
    the terminal summary. Returns what it did (also kept in ``config.stash``), or None when the run
    recorded nothing and was not asked to update."""
    from prompt_budget import baseline as bl
    from prompt_budget.config import BaselineConfig
    from prompt_budget.errors import ConfigError

    if budget.is_worker:
        return None
    config = budget.config
    options = budget.options
    update = bool(options.get("update"))
    records = budget.records
    if not records and not update:
        return None
    path = config.resolve(config.baseline.path)
    outcome = BaselineOutcome(
        path=path,
        shown=_display(path, session.config.invocation_params.dir),
        verbose=bool(options.get("verbose")),
        quiet_missing=not (
            config.baseline != BaselineConfig()
            or options.get("max_growth")
            or options.get("verbose")
            or options.get("report")
        ),
    )
    try:
        stored = bl.load_baseline(path)
        measured = _measured(records)
        policy = bl.GrowthPolicy.from_config(config, max_growth=options.get("max_growth"))
        if update:
            if not measured:
                outcome.update = bl.UpdateSummary(kept=tuple(sorted(stored.entries)) if stored else ())
            else:
                prune = bool(options.get("prune"))
                if prune:
                    outcome.prune_skipped = _stopped_early(budget, session)
                    prune = outcome.prune_skipped is None
                new, outcome.update = bl.update(stored, measured, prune=prune)
                if stored is None or new != stored:
                    bl.save_baseline(new, path)
                    outcome.written = True
            outcome.comparison = bl.compare(stored, measured, policy, path=outcome.shown)
        else:
            outcome.comparison = bl.compare(stored, measured, policy, path=outcome.shown)
            if stored is not None:
                lowered, outcome.ratcheted = bl.ratchet(stored, outcome.comparison)
                if outcome.ratcheted:
                    bl.save_baseline(lowered, path)
    except ConfigError as exc:
        outcome.error = str(exc)
    if outcome.error is not None:
        if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
    elif outcome.failed and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    session.config.stash[_KEY] = outcome
    _extend_report(budget, outcome)
    manager = session.config.pluginmanager
    previous = manager.get_plugin(_SUMMARY_PLUGIN)
    if previous is not None:
        manager.unregister(previous)
    manager.register(BaselineSummary(outcome), _SUMMARY_PLUGIN)
    return outcome


def _extend_report(budget: BudgetSession, outcome: BaselineOutcome) -> None:
    """Add the comparison to the report file the session wrote: a ``baseline`` key in the JSON report,
    a section in the Markdown report (which ``BudgetSession.finish`` then appends to
    ``$GITHUB_STEP_SUMMARY`` when set)."""
    report_path = budget.options.get("report_path")
    if report_path is None or outcome.comparison is None or not Path(report_path).is_file():
        return
    from prompt_budget.report.baseline import markdown_summary

    path = Path(report_path)
    suffix = path.suffix.lower()
    try:
        if suffix == ".json":
            doc = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(doc, dict):
                doc["baseline"] = {**outcome.comparison.to_dict(), "updated": outcome.update is not None}
                path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        elif suffix == ".md":
            text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
            text += markdown_summary(outcome.comparison, title="Prompt budget")
            path.write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        from prompt_budget.pytest_plugin.session import warn_about

        warn_about(path, f"cannot add the baseline comparison to {path}: {exc}")


class BaselineSummary:
    """Writes the baseline section of the terminal summary (registered by ``baseline_gate``)."""

    def __init__(self, outcome: BaselineOutcome) -> None:
        self.outcome = outcome

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        o = self.outcome
        c = o.comparison
        if o.error is None and o.update is None and c is not None and c.missing and o.quiet_missing:
            return  # no baseline and none configured: nothing to say
        terminalreporter.write_sep("-", "prompt budget baseline")
        if o.verbose and c is not None and o.update is None:
            from prompt_budget.report.baseline import comparison_tables
            from prompt_budget.report.terminal import needed_width

            writer = terminalreporter.config.get_terminal_writer()
            for table in comparison_tables(c, changed_only=True):
                # never cut a check id: wider than the terminal, the terminal wraps it
                width = max(writer.fullwidth, needed_width(table))
                terminalreporter.write(table.render(width, writer.hasmarkup))
        for line in o.lines():
            red = line.startswith(("FAILED", "prompt-budget: error"))
            terminalreporter.write_line(line, red=red, bold=red)
