"""A module whose budget is money, for PB105 (budget-ratio): ``budget_total: float = 100.0``,
``default_budget: float = 10.00``, ``def check_phase_budget(self, phase, total_budget: float)`` (set 285:
pact-agents, whose project budget is dollars a run may spend). A token budget is a whole number; a budget
annotated ``float`` and named for no tokens, with no budget annotated ``int`` beside it, is one of money, and a
share named for a budget alone there (``shaping_budget_pct = 0.15``, "Max fraction of budget for shaping") is a
share of that money, not of tokens. Judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.walks import kept_per_file, walk

#: Words of a name that is a share of something, not the budget itself.
_SHARE_WORDS = frozenset(
    {
        "ratio",
        "pct",
        "percent",
        "percentage",
        "fraction",
        "share",
        "threshold",
        "frac",
        "factor",
        "multiplier",
    }
    | {"scale", "reduction", "rate", "weight"}  # ``budget_reduction_factor: float = 0.5``: a share, not money
)
#: Words of a budget that is tokens, a context or a window whatever it is annotated.
_TOKEN_SIDE = TOKEN_WORDS | {"context", "ctx", "window"}

#: The last tree asked about, with its answer.
_last: list[tuple[ast.AST, bool]] = kept_per_file([])


def _budget_annotations(tree: ast.AST) -> set[str]:
    """The annotations (``float``, ``int``) of the fields and parameters named for a budget alone."""
    found: set[str] = set()
    for node in walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name, annotation = node.target.id, node.annotation
        elif isinstance(node, ast.arg) and node.annotation is not None:
            name, annotation = node.arg, node.annotation
        else:
            continue
        ws = set(words(name))
        if "budget" in ws and not ws & (_SHARE_WORDS | _TOKEN_SIDE) and isinstance(annotation, ast.Name):
            found.add(annotation.id)
    return found


def money_budget(tree: ast.AST | None) -> bool:
    """``tree`` annotates a budget named for no tokens ``float``, and none ``int``: its budget is money."""
    if tree is None:
        return False
    if _last and _last[0][0] is tree:
        return _last[0][1]
    kinds = _budget_annotations(tree)
    answer = "float" in kinds and "int" not in kinds
    _last[:] = [(tree, answer)]
    return answer


def money_share(tree: ast.AST | None, name: str) -> bool:
    """``name`` is a share named for a budget and no tokens (``shaping_budget_pct``) in a module whose budget
    is money."""
    ws = set(words(name))
    return "budget" in ws and not ws & _TOKEN_SIDE and money_budget(tree)


#: Words of a field counting money.
_MONEY_WORDS = frozenset({"cost", "costs", "price", "usd", "dollars", "spend", "spending"})


def money_class(cls: ast.ClassDef | None) -> bool:
    """``cls`` holds fields of money (``max_daily_cost: float = 10.0  # USD``) and none of tokens: a share
    commented "80% of budget" among them is a share of that money (set 527: ragbox-core's ``CostBudget``)."""
    if cls is None:
        return False
    fields = [
        words(s.target.id) for s in cls.body if isinstance(s, ast.AnnAssign) and type(s.target) is ast.Name
    ]
    return any(_MONEY_WORDS.intersection(ws) for ws in fields) and not any(
        _TOKEN_SIDE.intersection(ws) for ws in fields
    )
