"""The constants a score's threshold parameter defaults to, for PB105 (set 149: brainmarks-agent's duplicate
finder)::

    DEFAULT_THRESHOLD = 0.8
    def detect_duplicates(store, threshold: float = DEFAULT_THRESHOLD):
        ...
        if jaccard(a, b) >= threshold:        # a similarity's cut-off: so is the constant

A parameter compared with a score is a cut-off on the score, and so is the module constant it defaults to.
A local is a score when every value bound to it is a call of a function named for a score, or given one
(set 160: manul-engine's ``_conf = _confidence(best_score)`` ... ``if _conf >= THRESHOLD_CONTEXT_REUSE``).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.ratio_names import side_name
from prompt_budget.lint.rule import callee_name, defaults

if TYPE_CHECKING:
    from prompt_budget.lint.names import NameJudge


def score_cutoffs(judge: NameJudge, names: Sequence[str | None], fn: ast.AST | None) -> set[str]:
    """The names compared with a score (``names``: a comparison's two sides' names), and the constants the
    parameters of ``fn`` among them default to."""
    compared = {n for n in names if n and not judge.is_score(n)}
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
    values = bound_values(fn, name)
    return bool(values) and all(
        isinstance(v, ast.Call)
        and (
            judge.is_score(callee_name(v) or "")
            or any(type(a) is ast.Name and judge.is_score(a.id) for a in v.args)
        )
        for v in values
    )
