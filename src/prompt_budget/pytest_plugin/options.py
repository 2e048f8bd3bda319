"""Command-line options, each with a help string that gives its default, and ``PluginOptions``: the
run's options, parsed and checked once in ``pytest_configure``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("prompt-budget", "token budgets for prompts and skill files")
    group.addoption(
        "--prompt-budget-config",
        metavar="FILE",
        default=None,
        help="pyproject.toml or prompt_budget.toml to read (default: the nearest one from rootdir).",
    )
    group.addoption(
        "--prompt-budget-tokenizer",
        metavar="SPEC",
        default=None,
        help="tokenizer spec for every check (default: config 'tokenizer', else o200k_base).",
    )
    group.addoption(
        "--prompt-budget-report",
        metavar="PATH",
        default=None,
        help="write a report of every check: PATH.json (versioned JSON), PATH.md (Markdown) or PATH.html "
        "(a self-contained page with the context-window map); also prints the summary table.",
    )
    group.addoption(
        "--prompt-budget-update",
        action="store_true",
        default=False,
        help="write the baseline of token counts from this run.",
    )
    group.addoption(
        "--prompt-budget-prune",
        action="store_true",
        default=False,
        help="with --prompt-budget-update, drop baseline entries this run did not measure.",
    )
    group.addoption(
        "--prompt-budget-max-growth",
        metavar="GROWTH",
        default=None,
        help="growth allowed over the baseline: '5%%', 300 (tokens) or '5%% or 300' (default: config).",
    )
    group.addoption(
        "--prompt-budget-lint",
        action="store_true",
        default=False,
        help="collect magic-number token budget findings in Python files as test items.",
    )
    group.addoption(
        "--no-prompt-budget-files",
        action="store_true",
        default=False,
        help="do not collect the configured files (skills, docs) as budget test items.",
    )
    group.addoption(
        "--prompt-budget-offline",
        action="store_true",
        default=False,
        help="never call a count-tokens API; use the committed count cache or the calibrated estimate.",
    )


def report_formats() -> dict[str, Any]:
    """Report file suffix -> renderer: ``.json``, ``.md`` and ``.html``, and those plugins add."""
    from prompt_budget.plugins import get_plugin_manager
    from prompt_budget.report import html, json_report, markdown

    formats: dict[str, Any] = {".json": json_report.render, ".md": markdown.render, ".html": html.render}
    for extra in get_plugin_manager().hook.prompt_budget_report_formats():
        formats.update(extra or {})
    return formats


@dataclass(frozen=True)
class PluginOptions:
    """The plugin's command-line options, checked: a bad value is a ``pytest.UsageError`` naming the
    option before any test runs."""

    config_file: str | None = None
    tokenizer: str | None = None
    #: ``--prompt-budget-report`` as given, and resolved against the invocation folder
    report: str | None = None
    report_path: Path | None = None
    update: bool = False
    prune: bool = False
    max_growth: str | None = None
    lint: bool = False
    files: bool = True
    offline: bool = False
    verbose: bool = False

    @classmethod
    def parse(cls, pconfig: pytest.Config) -> PluginOptions:
        for option in _VALUED:
            given = pconfig.getoption(option)
            if isinstance(given, str) and not given.strip():
                # `--prompt-budget-max-growth "$GROWTH"` with GROWTH unset is not "not given"
                raise pytest.UsageError(f"{option}: expected a value, got an empty string")
        tokenizer = pconfig.getoption("--prompt-budget-tokenizer")
        if tokenizer:
            from prompt_budget.tokenizers import get_tokenizer

            _check("--prompt-budget-tokenizer", get_tokenizer, tokenizer)  # resolving loads no vocabulary
        report = pconfig.getoption("--prompt-budget-report")
        report_path = None
        if report:
            report_path = pconfig.invocation_params.dir / report  # an absolute report stays as it is
            suffix = report_path.suffix.lower()
            if suffix not in (".json", ".md", ".html") and suffix not in report_formats():
                raise pytest.UsageError(
                    f"--prompt-budget-report: expected a path ending in .json, .md or .html, got {report!r}"
                )
        max_growth = pconfig.getoption("--prompt-budget-max-growth")
        if max_growth:
            from prompt_budget.config import parse_growth

            _check("--prompt-budget-max-growth", parse_growth, max_growth)
        return cls(
            config_file=pconfig.getoption("--prompt-budget-config"),
            tokenizer=tokenizer or None,
            report=report or None,
            report_path=report_path,
            update=bool(pconfig.getoption("--prompt-budget-update")),
            prune=bool(pconfig.getoption("--prompt-budget-prune")),
            max_growth=max_growth or None,
            lint=bool(pconfig.getoption("--prompt-budget-lint")),
            files=not pconfig.getoption("--no-prompt-budget-files"),
            offline=bool(pconfig.getoption("--prompt-budget-offline")),
            verbose=pconfig.getoption("verbose") > 0,
        )


#: The options that take a value (checked for an empty one).
_VALUED = (
    "--prompt-budget-config",
    "--prompt-budget-tokenizer",
    "--prompt-budget-report",
    "--prompt-budget-max-growth",
)


def _check(option: str, parse: Any, value: str) -> None:
    from prompt_budget.errors import PromptBudgetError

    try:
        parse(value)
    except PromptBudgetError as exc:
        message = getattr(exc, "message", None) or str(exc)
        raise pytest.UsageError(f"{option}: {message}") from None
