"""The constants a score's threshold parameter defaults to, for PB105 (set 149: brainmarks-agent's duplicate
finder)::

    DEFAULT_THRESHOLD = 0.8
    def detect_duplicates(store, threshold: float = DEFAULT_THRESHOLD):
        ...
        if jaccard(a, b) >= threshold:        # a similarity's cut-off: so is the constant

A parameter compared with a score is a cut-off on the score, and so is the module constant it defaults to.
A local is a score when every value bound to it is a call of a function named for a score, or given one
(set 160: manul-engine's ``_conf = _confidence(best_score)`` ... ``if _conf >= THRESHOLD_CONTEXT_REUSE``).

A ratio reported by its name alone (``summarize_threshold: float = Field(default=0.6)`` in a config class) is
withdrawn when another module of the tree linted compares that name with a score (set 561: acm-context-management's
relevance encoder, ``elif rel < self.summarize_threshold`` over ``for ep, rel in zip(episodes, scores)``): each
module records its ratios so reported (``NAMED_FACT``) and the names it compares with a score (``SCORED_FACT``),
and the project-wide pass (``scored_elsewhere``) withdraws the findings (``findings.WITHDRAWN``).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import replace
from pathlib import PurePath
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.fact_tags import tagged
from prompt_budget.lint.findings import WITHDRAWN
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.ratio_names import side_name
from prompt_budget.lint.rule import attr_name, callee_name, defaults
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.names import NameJudge
    from prompt_budget.lint.rule import LintRule, Report

#: A ratio a module reports by its name alone, and a name a module compares with a score.
NAMED_FACT, SCORED_FACT = "\x00pb105 named-ratio ", "\x00pb105 score-cutoff "


def score_cutoffs(judge: NameJudge, names: Sequence[str | None], fn: ast.AST | None) -> set[str]:
    """The names compared with a score (``names``: a comparison's two sides' names), and the constants the
    parameters of ``fn`` among them default to."""
    # ``score >= self._threshold`` stored from the parameter ``threshold`` (set 615: eracore's difflib cut-off)
    compared = {m for n in names if n and not judge.is_score(n) for m in {n, n.lstrip("_")}}
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return compared
    return compared | {d.id for arg, d in defaults(fn.args) if arg.arg in compared and type(d) is ast.Name}


#: Statistics of a sample a cut-off is computed as (``np.percentile(scores, 85)``, ``statistics.median``).
_STATISTICS = frozenset({"percentile", "quantile", "nanpercentile", "nanquantile", "median", "mean", "std"})


def statistic_fallback(fn: ast.AST | None, name: str) -> bool:
    """``threshold = np.percentile(all_combined, 85)`` ... ``else: threshold = 0.5``: the local ``name`` is
    elsewhere in ``fn`` a statistic of a sample of scores, so its literal is that statistic's fallback, a
    cut-off on the scores, not a share of a budget beside them (set 154: autochunks' boundary scores)."""
    return fn is not None and any(
        isinstance(v, ast.Call) and callee_name(v) in _STATISTICS for v in bound_values(fn, name)
    )


def score_compared(judge: NameJudge, node: ast.Compare, fn: ast.AST | None) -> set[str]:
    """The names ``node`` compares with a score (``score_cutoffs``): one of its two named sides is named for
    a score, or is a local of ``fn`` bound only to a score (``_conf = _confidence(best_score)``)."""
    sides = (node.left, *node.comparators)
    names = [side_name(side) for side in sides]
    if len(names) != 2 or not all(names):
        return set()
    if any(n and judge.is_score(n) for n in names):
        return score_cutoffs(judge, names, fn)
    for side, other in ((sides[0], names[1]), (sides[1], names[0])):
        # the function is read only for a local ordered against a name that says a ratio
        if (
            type(side) is ast.Name
            and fn is not None
            and judge.is_ratio(other or "")
            and _scored(judge, fn, side.id)
        ):
            return score_cutoffs(judge, names, fn)
    return set()


def _scored(judge: NameJudge, fn: ast.AST, name: str) -> bool:
    if _runs_over_scores(judge, fn, name):
        return True
    values = bound_values(fn, name)
    return bool(values) and all(
        isinstance(v, ast.Call)
        and (
            judge.is_score(callee_name(v) or "")
            or any(type(a) is ast.Name and judge.is_score(a.id) for a in v.args)
        )
        for v in values
    )


def _runs_over_scores(judge: NameJudge, fn: ast.AST, name: str) -> bool:
    """The local ``name`` is a loop's item of a list of scores (``for rel in scores``, ``for ep, rel in
    zip(episodes, scores)``, ``for i, s in enumerate(scores)``; set 561: acm-context-management's relevance
    encoder, ``elif rel < self.summarize_threshold``)."""
    for node in walk(fn):
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            continue
        target, over = node.target, node.iter
        if isinstance(target, ast.Name) and target.id == name:
            return judge.is_score(attr_name(over) or "")
        if (
            isinstance(target, ast.Tuple)
            and isinstance(over, ast.Call)
            and callee_name(over) in {"zip", "enumerate"}
        ):
            at = next((i for i, t in enumerate(target.elts) if type(t) is ast.Name and t.id == name), None)
            lists = over.args if callee_name(over) == "zip" else [ast.Constant(None), *over.args[:1]]
            if at is not None and at < len(lists):
                return judge.is_score(attr_name(lists[at]) or "")
    return False


def named_after_scores(
    rule: LintRule,
    module: ast.Module,
    named: Sequence[tuple[str, Report]],
    scored: set[str],
    dropped: set[str],
) -> list[tuple[str, Report]]:
    """The ratios of ``named`` (name, report) not ``dropped``, each recorded (``NAMED_FACT``) with the names
    the module compares with a score (``scored``, as ``SCORED_FACT``), for ``scored_elsewhere``."""
    kept = [(n, r) for n, r in named if n not in dropped]
    for name, report in kept:
        rule.fact(report.node, f"{NAMED_FACT}{name}", report.value if isinstance(report.value, float) else 0)
    for name in scored:
        rule.fact(module, f"{SCORED_FACT}{name}", 0)
    return kept


def scored_elsewhere(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The findings of ratios reported by name that a module of the same tree compares with a score,
    withdrawn (``_tree``)."""
    scored = {
        (_tree(f, root), name) for f, (name,) in tagged(facts, SCORED_FACT, 1) if not is_test_module(f.path)
    }
    return [
        replace(rule.finding_at(f, ""), suppressed=WITHDRAWN)
        for f, (name,) in (tagged(facts, NAMED_FACT, 1) if scored else ())
        if (_tree(f, root), name) in scored
    ]


def _tree(fact: Fact, root: Path) -> str:
    """The top folder under the lint's root holding the module of ``fact`` (the packages of one distribution,
    which read one another's config: acm's ``acm_gateway`` reads ``getattr(rel, "summarize_threshold", 0.6)``
    that its ``acm_engine/_vendor`` compares), else its project."""
    parts = PurePath(fact.path).parts
    return (
        parts[0]
        if len(parts) > 1 and not PurePath(fact.path).is_absolute()
        else str(fact_project(fact, root))
    )
