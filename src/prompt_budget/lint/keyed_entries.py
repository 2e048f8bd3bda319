"""A dict's entry keyed by a parameter whose default the project reports as a token budget (PB102; set 597:
solvent-agent's jobs)::

    # solvent/quote_cmd.py: the default is reported (a parameter named for tokens)
    def quote(topic: str, est_tokens: int = 8_000) -> dict: ...

    # solvent/capacity.py: the same amount written as a job's entry
    REFERENCE_JOB = {"est_tokens": 9_000, "market_data_calls": 2, "web_search_calls": 8}

A key such as ``est_tokens`` names an amount of tokens but not a limit (``is_budget_setting``, not ``is_budget``),
so a dict entry under it alone is no finding: usage reports and fakes write such keys too. Where the same project
gives a function a parameter of that name whose default PB102 reports (``budget_overrides.DEFAULT_FACT``), the
entry holds the amount that parameter takes: a token budget written again. Guards: not in a test module nor in a
schema's examples, a literal of 16 or more not reported already, a key naming tokens and no count used
(``tokens_used``, ``prompt_tokens`` of a usage report are never such parameters). Facts ``ENTRY_FACT`` (an entry's
literal: its key) are joined with the reported defaults per project.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.budget_overrides import DEFAULT_FACT
from prompt_budget.lint.chunk_units import is_chunk_key
from prompt_budget.lint.flow import finding_where_bound, is_test_module, tagged
from prompt_budget.lint.inline_forms import in_examples
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

ENTRY_FACT = "\x00keyed-entry "
#: The smallest literal taken as a budget written under such a key.
_SMALLEST = 16


class KeyedEntries:
    """One module's dict entries under a key naming an amount of tokens; at the module's end those not reported
    become project facts."""

    def __init__(self) -> None:
        self.entries: list[tuple[ast.expr, str, int | float]] = []

    def dict(self, rule: LintRule, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values, strict=False):
            name = string_value(key) if key is not None else None
            if (
                not name or "token" not in name.lower()
            ):  # an amount of tokens not named as a budget: ``*_tokens``
                continue
            if not name.isidentifier() or is_chunk_key(name) or not rule.names.is_budget_setting(name):
                continue  # a chunk's size is ``chunk_units``'s
            amount = rule.budget_literal(value)
            if amount is None or amount < _SMALLEST or rule.names.is_budget(name):
                continue
            if is_test_module(rule.ctx.path) or in_examples(rule):
                return
            self.entries.append((value, name, amount))

    def finish(self, rule: LintRule) -> None:
        done = reported_ids(rule)
        for literal, name, amount in self.entries:
            if id(literal) not in done:
                rule.fact(literal, ENTRY_FACT + name, amount)


def project_entries(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The entries written under a parameter's name whose default the same project reports as a token budget."""
    project = partial(fact_project, root=root)
    defaults: dict[tuple[Path, str], Fact] = {}
    for fact, (_, param, _) in tagged(facts, DEFAULT_FACT, 3):
        defaults.setdefault((project(fact), param), fact)
    if not defaults:
        return []
    findings = []
    for fact, (key,) in tagged(facts, ENTRY_FACT, 1):
        default = defaults.get((project(fact), key))
        if default is None:
            continue
        message = (
            f"token budget {key}={fact.value} written under `{key}`, the parameter whose default "
            f"`{key}={default.value}` is a token budget (at {default.path}:{default.line}); move it to config "
            "so it can be tuned and tested"
        )
        findings.append(finding_where_bound(rule, fact, message, key, config_key(key)))
    return findings
