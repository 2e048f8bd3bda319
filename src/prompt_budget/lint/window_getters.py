"""A ratio compared with the share of the window in use that a getter of another module returns, for PB105
(budget-ratio): ``ratio = usage.usage_ratio`` ... ``if ratio >= self.FORCE_RATIO`` in one module, with
``usage_ratio`` a property of a class of another module of the project returning ``self.used_tokens /
self.max_tokens`` (set 103: somnia's janitor thresholds beside its ``ContextWindowUsage``).

Decided by data flow across modules: each module records the getters of its classes that return a share
of tokens (``GETTER_FACT``, ``compared_shares.record_window_shares``) and the followed ratios no use
decided whose read is ordered against a read of a getter it does not define (``COMPARED_FACT``); the
project-wide pass joins the two by the getter's name within a project.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import finding_where_bound, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions
    from prompt_budget.lint.rule import LintRule

#: A getter returning a share of tokens: ``<getter> <the division>``.
GETTER_FACT = "\x00pb105 share-getter "
#: A ratio ordered against a read of a getter its module does not define: ``<getter> <line> <name>``.
COMPARED_FACT = "\x00pb105 getter-compared "


def project_window_getters(
    rule: type[LintRule], facts: Sequence[Fact], options: LintOptions
) -> list[Finding]:
    """The ratios ordered against a getter that a module of the same project defines as a share of tokens."""
    root: Path = options.root
    shares: dict[tuple[Path, str], str] = {}
    for fact, (getter, division) in tagged(facts, GETTER_FACT, 2):
        shares.setdefault((fact_project(fact, root), getter), f"`{division}` ({fact.path}:{fact.line})")
    findings = []
    for fact, (getter, line, name) in tagged(facts, COMPARED_FACT, 3) if shares else ():
        if (share := shares.get((fact_project(fact, root), getter))) is not None:
            message = (
                f"hard-coded budget ratio {name} = {fact.value:g}: compared at line {line} with `{getter}`, "
                f"the share {share}; move it to config so the threshold can be tuned per model"
            )
            findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return findings
