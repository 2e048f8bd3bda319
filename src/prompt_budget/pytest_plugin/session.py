"""The state of one pytest run, in one ``BudgetSession`` kept in ``config.stash``
(``get_session(config)``): the resolved config and the parsed options, every check recorded (pass or
fail), the configured files (``FilesState``), the lint state, the one count cache, the items being
run, and the baseline outcome. The plugin keeps no state anywhere else.

Anything that checks a budget (the ``prompt_budget`` fixture, collected file items, turn budgets)
calls ``session.record(entry)`` with a plain dict, so records cross pytest-xdist workers unchanged
and go into every report format.

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
``pytest_sessionfinish``; the controller merges them in ``pytest_testnodedown`` (``XdistController``) and
alone prints the summary and writes the report files.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pytest

from prompt_budget.config import Config, load_config
from prompt_budget.pytest_plugin.baselines import extend_report, gate, write_summary
from prompt_budget.pytest_plugin.options import PluginOptions, report_formats
from prompt_budget.pytest_plugin.warning import warn_about

if TYPE_CHECKING:
    from prompt_budget.baseline import BaselineOutcome
    from prompt_budget.counting import DiskCache
    from prompt_budget.files import FileSet, FilesReport
    from prompt_budget.model import FileRule, Verdict
    from prompt_budget.pytest_plugin.lint_items import LintState


_KEY = pytest.StashKey["BudgetSession"]()
WORKER_KEY: Final = "prompt_budget_records"
REQUIRED_KEYS: Final = ("nodeid", "label", "kind", "tokenizer", "exact", "tokens", "max_tokens", "status")
_STATUSES: Final = ("pass", "warn", "fail")


def get_session(config: pytest.Config) -> BudgetSession | None:
    return config.stash.get(_KEY, None)


class FilesState:
    """The configured files of the run (collected as items, ``items.py``): resolved once, and checked
    as a whole once (for the plan item)."""

    def __init__(self, session: BudgetSession) -> None:
        config = session.config
        self.session = session
        self.enabled = (
            session.options.files
            and config.path is not None
            and bool(config.files or config.preset or config.harnesses)
        )
        #: ids of the files collected where pytest's walk met them (once each: a folder reached again
        #: through a symbolic link leads to the same files)
        self.collected: set[str] = set()

    @cached_property
    def fileset(self) -> FileSet:
        from prompt_budget.errors import ConfigError
        from prompt_budget.files import resolve

        try:
            return resolve(self.session.config)
        except ConfigError as exc:  # a folder the walk cannot read: the run stops, naming it
            raise pytest.UsageError(f"prompt-budget: {exc}") from None

    @cached_property
    def report(self) -> FilesReport:
        from prompt_budget.files import check

        return check(self.fileset, cache=self.session.count_cache())

    def rules(self, records: list[dict[str, Any]]) -> dict[str, FileRule]:
        """File id -> its ``[[files]]`` entry (for growth gates), when ``records`` hold file checks."""
        from prompt_budget.baseline import FILE_ENTRY_KINDS, rules_of

        if not self.enabled or not any(r.get("kind") in FILE_ENTRY_KINDS for r in records):
            return {}
        return rules_of(self.fileset)


@dataclass(eq=False)
class BudgetSession:
    config: Config
    options: PluginOptions = field(default_factory=PluginOptions)
    is_worker: bool = False
    records: list[dict[str, Any]] = field(default_factory=list)
    workers_missing: list[str] = field(default_factory=list)
    report_error: str | None = None
    #: the test items being run, innermost last (pytester runs pytest inside a test): the item the
    #: ``prompt_budget`` fixture binds to, so that it need not request ``request``
    running: list[pytest.Item] = field(default_factory=list)
    #: what the baseline step did (on the controller, at the end of the run), and why it did not prune
    baseline: BaselineOutcome | None = None
    not_pruned: str | None = None
    _ids: dict[str, int] = field(default_factory=dict)
    _cache: DiskCache | None = None
    _lint: LintState | None = None

    @classmethod
    def start(cls, pconfig: pytest.Config) -> BudgetSession:
        """Parse the options and load the config once, and keep the session in ``pconfig.stash``."""
        from prompt_budget.errors import ConfigError
        from prompt_budget.tokenizers import anthropic
        from prompt_budget.tokenizers.api_counts import COUNTS_FILE

        options = PluginOptions.parse(pconfig)
        try:
            config = load_config(options.config_file, start=pconfig.rootpath)
        except ConfigError as exc:
            raise pytest.UsageError(f"prompt-budget: {exc}") from None
        if options.tokenizer:
            config = replace(config, tokenizer=options.tokenizer)
        # The count-tokens API cache beside the config (``.prompt-budget/counts.json``); the SDK is not
        # imported here.
        if not os.environ.get("PROMPT_BUDGET_COUNTS_FILE"):
            anthropic.set_counts_path(config.resolve(COUNTS_FILE))
        if options.offline:
            anthropic.set_offline(True)
        session = cls(config, options, is_worker=hasattr(pconfig, "workerinput"))
        pconfig.stash[_KEY] = session
        return session

    def count_cache(self) -> DiskCache:
        """The one on-disk count cache (``cache_dir``) of the run, for the fixture and the file items;
        saved at the end of the run (each xdist worker merges its own entries into the file
        atomically)."""
        if self._cache is None:
            from prompt_budget.counting import DiskCache

            self._cache = DiskCache(self.config.resolve(self.config.cache_dir))
        return self._cache

    @cached_property
    def files(self) -> FilesState:
        return FilesState(self)

    def collect_lint(self, file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
        """``--prompt-budget-lint``: the lint item of a Python file (``lint_items.py``)."""
        if not self.options.lint or file_path.suffix != ".py":
            return None
        from prompt_budget.pytest_plugin.lint_items import LintState, collect_lint_item

        if self._lint is None:
            self._lint = LintState(parent.config)
        return collect_lint_item(file_path, parent, self._lint)

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

    def record_verdict(self, item: pytest.Item, verdict: Verdict, **keys: Any) -> dict[str, Any]:
        """Record ``item``'s check from its ``Verdict`` (``keys`` give the label, the kind and any
        more) and add it to the item's JUnit properties (``--junitxml``)."""
        from prompt_budget.report.junit import properties

        rec = self.record(
            {
                "nodeid": item.nodeid,
                "tokenizer": verdict.usage.tokenizer,
                "exact": verdict.usage.exact,
                "tokens": verdict.tokens,
                "max_tokens": verdict.max_tokens,
                "cap_source": verdict.cap_source,
                "status": verdict.status,
                "message": verdict.message,
                **keys,
            }
        )
        item.user_properties.extend(properties(rec))
        return rec

    def sorted_records(self) -> list[dict[str, Any]]:
        """Records by node id, then in the order each test made them (a stable sort), so serial and
        xdist runs report the same."""
        return sorted(self.records, key=lambda r: str(r["nodeid"]))

    def merge(self, payload: object, worker: str = "?") -> None:
        """Controller side: add one worker's records."""
        if not isinstance(payload, list):
            self.workers_missing.append(worker)
            return
        for rec in payload:
            if isinstance(rec, dict):
                self.records.append(rec)

    def finish(self, session: pytest.Session) -> None:
        """Save the count cache; on a worker, send the records to the controller; else write the
        report, run the baseline step, and append a Markdown report to the job summary."""
        if self._cache is not None:
            self._cache.save()
        if self.is_worker:
            workeroutput = getattr(session.config, "workeroutput", None)
            if workeroutput is not None:
                workeroutput[WORKER_KEY] = self.records
            return
        path = self.options.report_path
        html = path is not None and path.suffix.lower() == ".html"  # written with the baseline step's outcome
        written = path is not None and not html and self.write_report(path)
        rules = self.files.rules(self.records)
        gated = gate(self.config, self.options, self.records, rules, session, self.workers_missing)
        if gated is not None:
            self.baseline, self.not_pruned = gated
            extend_report(path, self.baseline)
        if html and path is not None:
            self.write_report(path)
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
        from prompt_budget.report import html

        render = report_formats()[path.suffix.lower()]
        try:
            if render is html.render:  # the page also draws the configured files and the baseline
                comparison = self.baseline.comparison if self.baseline is not None else None
                text = html.render_run(
                    self.sorted_records(),
                    self.files.report if self.files.enabled else None,
                    comparison if comparison is not None and not comparison.missing else None,
                )
            else:
                text = render(self.sorted_records())
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.report_error = f"cannot write the prompt-budget report {path}: {exc.strerror or exc}"
            warn_about(path, self.report_error)
            return False
        return True

    def terminal_summary(self, reporter: pytest.TerminalReporter) -> None:
        """The table of every check (with ``-v`` or a report), then the baseline section."""
        if self.is_worker:
            return
        if self.records and (self.options.verbose or self.options.report):
            self._records_summary(reporter)
        if self.baseline is not None:
            from prompt_budget.config import BaselineConfig

            configured = self.config.baseline != BaselineConfig()
            opts = self.options
            quiet = not (configured or opts.max_growth or opts.verbose or opts.report)
            write_summary(reporter, self.baseline, self.not_pruned, verbose=opts.verbose, quiet_missing=quiet)

    def _records_summary(self, reporter: pytest.TerminalReporter) -> None:
        from prompt_budget.report import terminal
        from prompt_budget.report.github import shield

        writer = reporter.config.get_terminal_writer()
        reporter.write_sep("-", "prompt budget")
        # shielded: a label or check id cannot start a GitHub workflow command of its own
        rendered = terminal.render(self.sorted_records(), width=writer.fullwidth, color=writer.hasmarkup)
        reporter.write(shield(rendered))
        if self.workers_missing:
            reporter.write_line(
                f"prompt-budget: no checks came back from {', '.join(self.workers_missing)} (crashed worker?)"
            )
        path = self.options.report_path
        if self.report_error is not None:
            reporter.write_line(f"prompt-budget: {self.report_error}", red=True, bold=True)
        elif path is not None:
            reporter.write_line(f"prompt-budget report written to {path}")
