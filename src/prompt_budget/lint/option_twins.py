"""A command-line option declared again in another parser of the package, without the help text that
made it a budget (PB102; set 101: tagword-codeagent's ``--budget``)::

    # pkg/cli/main.py: the option's help says what it counts (reported: ``option_default``)
    run.add_argument("--budget", type=int, default=2000, help="Token budget")
    # pkg/cli/entrypoint.py: an older entry point declaring the same option, no help
    run.add_argument("--budget", type=int, default=2000)

A generic name (``--budget``, ``--limit``, ``--max-length``: ``NameJudge.is_weak_budget``) says its unit
only through the help text; the same option (one name as argparse names its destination) with the same
default in another module of the project, declared with no help text at all, is the same setting of the
same tool: a twin of the reported one. A help text saying anything else (``"Budget in USD"``) keeps an
option apart; one module's parsers, a test module's, or a different default are not joined. Facts
``TWIN_FACT`` (each such option: its name, whether its help says tokens) are joined per project.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import finding_where_bound, is_test_module, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

TWIN_FACT = "\x00option-twin "


def record_option(rule: LintRule, written: ast.expr, name: str, value: int | float, said: bool) -> None:
    """Keep ``add_argument(..., default=<written>)`` of a generic name as a fact: one whose help says
    tokens (``said``, reported), or one with no help text (``option_default`` passes None's help as not
    said; a help saying something else is not recorded)."""
    if rule.names.is_weak_budget(name) and not is_test_module(rule.ctx.path):
        rule.fact(written, f"{TWIN_FACT}{name} {int(said)}", value)


def option_twins(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The options with no help text whose twin (same name, same default, another module of the
    project) has a help text saying tokens, reported where their default is written."""
    project = partial(fact_project, root=root)
    options: dict[tuple[Path, str, int | float], list[tuple[Fact, bool]]] = defaultdict(list)
    for fact, (name, flag) in tagged(facts, TWIN_FACT, 2):
        options[(project(fact), name, fact.value)].append((fact, flag == "1"))
    findings = []
    for (_, name, value), found in options.items():
        reported = [f for f, said in found if said]
        for fact, said in found:
            twin = next((r for r in reported if r.path != fact.path), None)
            if said or twin is None:
                continue
            message = (
                f"token budget {name}={value} as a command-line option's default, the same option as the "
                f"one at {twin.path}:{twin.line} whose help says tokens; move it to config so it can be "
                "tuned and tested"
            )
            findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return findings
