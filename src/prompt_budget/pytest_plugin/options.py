"""Command-line options, each with a help string that gives its default."""

from __future__ import annotations

import pytest

__all__ = ["add_options"]


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
        help="write a report of every check: PATH.json (versioned JSON) or PATH.md (Markdown); also "
        "prints the summary table.",
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
