"""The state of one pytest run: the resolved config and every check recorded, pass or fail.

The ``BudgetSession`` lives in ``config.stash`` (``get_session(config)``). Anything that checks a
budget (the ``prompt_budget`` fixture, collected file items, turn budgets, baselines) calls
``session.record(entry)`` with a plain dict, so records cross pytest-xdist workers unchanged and go
into every report format.

Record schema (version 1 of the JSON report; ``record`` fills the optional keys):

============  ========================  ===============================================================
key           type                      meaning
============  ========================  ===============================================================
nodeid        str (required)            the test or item that made the check
label         str (required)            what was checked (``system``, a file path, ``sections``)
kind          str (required)            ``prompt``, ``messages``, ``request``, ``sections``, ``file``,
                                        ``turns``, ...
tokenizer     str (required)            tokenizer name (``o200k_base``, ``chars4``)
exact         bool (required)           False for estimates
tokens        int (required)            tokens counted
max_tokens    int | None (required)     the cap, None when there was none
status        "pass"|"warn"|"fail"      required
cap_source    str | None                where the cap was set (``call argument max_tokens=100``,
                                        ``marker @pytest.mark.prompt_budget(max_tokens=100)``,
                                        ``pyproject.toml [tool.prompt_budget.sections] system_prompt``)
id            str                       unique in the run; default ``NODEID::LABEL`` (``#2``, ``#3``
                                        appended to repeats)
percent       float | None              100 * tokens / max_tokens, rounded to 0.1; filled in
sections      list[dict]                ``name``, ``tokens``, ``max_tokens``, ``cap_source``,
                                        ``status``; default []
parts         dict[str, int]            a request's parts (system, messages, tools, ...); default {}
message       str                       the failure or warning message; default ""
============  ========================  ===============================================================

Other keys are kept as they are (they must be JSON values).

Under pytest-xdist each worker puts its records into ``config.workeroutput`` in
``pytest_sessionfinish``; the controller merges them in ``pytest_testnodedown`` (``xdist.py``) and
alone prints the summary and writes the report files.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pytest

from prompt_budget.config import Config, load_config

__all__ = [
    "REQUIRED_KEYS",
    "WORKER_KEY",
    "BudgetSession",
    "PromptBudgetWarning",
    "get_session",
    "set_session",
]

_KEY = pytest.StashKey["BudgetSession"]()
WORKER_KEY: Final = "prompt_budget_records"
REQUIRED_KEYS: Final = ("nodeid", "label", "kind", "tokenizer", "exact", "tokens", "max_tokens", "status")
_STATUSES: Final = ("pass", "warn", "fail")


class PromptBudgetWarning(pytest.PytestWarning):
    """A check crossed its warning threshold (``threshold`` of its cap), or the report could not be
    written. Filter it like any pytest warning (``-W error::prompt_budget...``)."""


def warn_about(path: str | Path, message: str) -> None:
    """A ``PromptBudgetWarning`` about a file the session could not write, shown at that file: the
    warnings summary then names it, not the line of prompt-budget that noticed."""
    warnings.warn_explicit(PromptBudgetWarning(message), PromptBudgetWarning, os.fspath(path), 0)


def get_session(config: pytest.Config) -> BudgetSession | None:
    return config.stash.get(_KEY, None)


def set_session(config: pytest.Config, session: BudgetSession) -> None:
    config.stash[_KEY] = session


def _report_formats() -> dict[str, Any]:
    from prompt_budget.plugins import get_plugin_manager
    from prompt_budget.report import json_report, markdown

    formats: dict[str, Any] = {".json": json_report.render, ".md": markdown.render}
    for extra in get_plugin_manager().hook.prompt_budget_report_formats():
        formats.update(extra or {})
    return formats


@dataclass
class BudgetSession:
    config: Config
    options: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    is_worker: bool = False
    workers_missing: list[str] = field(default_factory=list)
    report_error: str | None = None
    _ids: dict[str, int] = field(default_factory=dict)
    _cache: Any = None

    def count_cache(self) -> Any:
        """The on-disk count cache (``cache_dir``), shared with file items; saved at the end of the
        run (each xdist worker merges its own entries into the file atomically)."""
        if self._cache is None:
            from prompt_budget.counting import DiskCache

            self._cache = DiskCache(self.config.resolve(self.config.cache_dir))
        return self._cache

    @classmethod
    def from_pytest(cls, pconfig: pytest.Config) -> BudgetSession:
        from prompt_budget.errors import ConfigError

        explicit = pconfig.getoption("--prompt-budget-config")
        try:
            config = load_config(explicit, start=pconfig.rootpath)
        except ConfigError as exc:
            raise pytest.UsageError(f"prompt-budget: {exc}") from None
        tokenizer = pconfig.getoption("--prompt-budget-tokenizer")
        if tokenizer:
            from prompt_budget.errors import PromptBudgetError
            from prompt_budget.tokenizers import get_tokenizer

            try:  # once here, not once per test: resolving a spec loads no vocabulary
                get_tokenizer(tokenizer)
            except PromptBudgetError as exc:
                message = getattr(exc, "message", None) or str(exc)
                raise pytest.UsageError(f"--prompt-budget-tokenizer: {message}") from None
            config = config.with_overrides(tokenizer=tokenizer)
        report = pconfig.getoption("--prompt-budget-report")
        report_path: Path | None = None
        if report:
            report_path = Path(report)
            if not report_path.is_absolute():
                report_path = pconfig.invocation_params.dir / report_path
            suffix = report_path.suffix.lower()
            if suffix not in (".json", ".md") and suffix not in _report_formats():
                raise pytest.UsageError(
                    f"--prompt-budget-report: expected a path ending in .json or .md, got {report!r}"
                )
        max_growth = pconfig.getoption("--prompt-budget-max-growth")
        if max_growth:
            from prompt_budget.config import parse_growth

            try:  # here, not after every test has run
                parse_growth(max_growth)
            except ConfigError as exc:
                message = getattr(exc, "message", None) or str(exc)
                raise pytest.UsageError(f"--prompt-budget-max-growth: {message}") from None
        options = {
            "report": report,
            "report_path": report_path,
            "update": pconfig.getoption("--prompt-budget-update"),
            "prune": pconfig.getoption("--prompt-budget-prune"),
            "max_growth": max_growth,
            "lint": pconfig.getoption("--prompt-budget-lint"),
            "files": not pconfig.getoption("--no-prompt-budget-files"),
            "offline": pconfig.getoption("--prompt-budget-offline"),
            "verbose": pconfig.getoption("verbose") > 0,
        }
        _configure_counting(config, offline=bool(options["offline"]))
        return cls(config=config, options=options, is_worker=hasattr(pconfig, "workerinput"))

    # -- recording ------------------------------------------------------------------------------

    def record(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Add one check (see the module docstring for the keys); returns the stored record."""
        missing = [k for k in REQUIRED_KEYS if k not in entry]
        if missing:
            raise ValueError(f"prompt-budget record is missing {', '.join(missing)}: {entry!r}")
        if entry["status"] not in _STATUSES:
            raise ValueError(
                f"prompt-budget record status must be pass, warn or fail, got {entry['status']!r}"
            )
        rec_id = entry.get("id")
        if rec_id is None:
            base = f"{entry['nodeid']}::{entry['label']}"
            n = self._ids.get(base, 0) + 1
            self._ids[base] = n
            rec_id = base if n == 1 else f"{base}#{n}"
        cap = entry["max_tokens"]
        rec: dict[str, Any] = {"id": rec_id}
        for key in REQUIRED_KEYS:
            rec[key] = entry[key]
        rec["cap_source"] = entry.get("cap_source")
        rec["percent"] = entry.get("percent", round(100.0 * entry["tokens"] / cap, 1) if cap else None)
        rec["sections"] = list(entry.get("sections", []))
        rec["parts"] = dict(entry.get("parts", {}))
        rec["message"] = entry.get("message", "")
        rec.update((k, v) for k, v in entry.items() if k not in rec)
        self.records.append(rec)
        return rec

    def sorted_records(self) -> list[dict[str, Any]]:
        """Records by node id, then in the order each test made them (a stable sort), so serial and
        xdist runs report the same."""
        return sorted(self.records, key=lambda r: str(r["nodeid"]))

    # -- xdist ------------------------------------------------------------------------------------

    def merge(self, payload: object, worker: str = "?") -> None:
        """Controller side: add one worker's records."""
        if not isinstance(payload, list):
            self.workers_missing.append(worker)
            return
        for rec in payload:
            if isinstance(rec, dict):
                self.records.append(rec)

    # -- end of run -----------------------------------------------------------------------------

    def finish(self, session: pytest.Session) -> None:
        pconfig = session.config
        if self._cache is not None:
            self._cache.save()
        if self.is_worker:
            workeroutput = getattr(pconfig, "workeroutput", None)
            if workeroutput is not None:
                workeroutput[WORKER_KEY] = self.records
            return
        path: Path | None = self.options.get("report_path")
        written = path is not None and self.write_report(path)
        from prompt_budget.pytest_plugin.baselines import baseline_gate

        baseline_gate(self, session)
        if written and path is not None and path.suffix.lower() == ".md":
            self._append_step_summary(path)

    def _append_step_summary(self, path: Path) -> None:
        """The whole Markdown report (with the baseline section) to GitHub Actions' job summary, once,
        when ``$GITHUB_STEP_SUMMARY`` names it."""
        from prompt_budget.report.baseline import append_step_summary

        try:
            append_step_summary(path.read_text(encoding="utf-8"))
        except OSError as exc:
            warn_about(
                os.environ.get("GITHUB_STEP_SUMMARY", "$GITHUB_STEP_SUMMARY"),
                f"cannot append the prompt-budget report to $GITHUB_STEP_SUMMARY: {exc.strerror or exc}",
            )

    def write_report(self, path: Path) -> bool:
        """Write the report file; False (with a ``PromptBudgetWarning``) when it cannot be written."""
        render = _report_formats()[path.suffix.lower()]
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render(self.sorted_records()), encoding="utf-8")
        except OSError as exc:
            self.report_error = f"cannot write the prompt-budget report {path}: {exc.strerror or exc}"
            warn_about(path, self.report_error)
            return False
        return True

    def terminal_summary(self, reporter: pytest.TerminalReporter) -> None:
        if self.is_worker or not self.records:
            return
        if not (self.options.get("verbose") or self.options.get("report")):
            return
        from prompt_budget.report import terminal

        writer = reporter.config.get_terminal_writer()
        reporter.write_sep("-", "prompt budget")
        reporter.write(terminal.render(self.sorted_records(), width=writer.fullwidth, color=writer.hasmarkup))
        if self.workers_missing:
            reporter.write_line(
                f"prompt-budget: no checks came back from {', '.join(self.workers_missing)} (crashed worker?)"
            )
        path = self.options.get("report_path")
        if self.report_error is not None:
            reporter.write_line(f"prompt-budget: {self.report_error}", red=True, bold=True)
        elif path is not None:
            reporter.write_line(f"prompt-budget report written to {path}")


def _configure_counting(config: Config, *, offline: bool) -> None:
    """Point the count-tokens API cache at the project (``.prompt-budget/counts.json`` beside the
    config) and forbid network use under ``--prompt-budget-offline``. The SDK is not imported here."""
    import os

    from prompt_budget.tokenizers import anthropic
    from prompt_budget.tokenizers.api_counts import COUNTS_FILE

    if not os.environ.get("PROMPT_BUDGET_COUNTS_FILE"):
        anthropic.set_counts_path(config.resolve(COUNTS_FILE))
    if offline:
        anthropic.set_offline(True)
