"""A class named for a token budget, whose field named only as a limit is that budget (PB102; set 228:
excergic-token's ``class TokenBudget(BaseModel)`` with ``limit: int = 200_000``, ``used`` charged with input and
output tokens). A name such as ``limit`` or ``total`` says no unit alone; the class's name gives it. So does a
budget class's docstring allocating tokens to each field (set 275: rdc's ``class ContextBudget`` documented "Token budget
allocation per layer." with ``identity: int = 200``, ``recent: int = 1500``). Judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.names import TOKEN_WORDS, UNIT_WORDS, words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a class's name saying it holds a budget (with a word of tokens: ``TokenBudget``, ``TokenLimits``).
_BUDGET_WORDS = frozenset(
    {"budget", "budgets", "limit", "limits", "quota", "quotas", "allowance", "cap", "caps"}
)
#: A class's docstring giving its fields as budgets of tokens ("Token budget allocation per layer", "budgets in
#: tokens for each section").
_ALLOCATES = re.compile(
    r"\btoken budgets?\b.*\b(?:per|each|for)\b|\bbudgets?\b.*\bin tokens\b", re.IGNORECASE
)
#: Words a field's name may be made of to be the class's limit (``limit``, ``hard_limit``, ``max_total``).
_LIMIT_WORDS = frozenset(
    {
        "limit",
        "max",
        "maximum",
        "cap",
        "total",
        "budget",
        "ceiling",
        "hard",
        "soft",
        "allowance",
        "quota",
        "default",
    }
)


def class_budget_field(rule: LintRule, target: ast.expr) -> str | None:
    """How ``target``, a field of the class being visited (its body's ``limit: int = 200_000``), is that class's
    token budget by the class's name, else None."""
    scopes = rule.ctx.scopes
    if type(target) is not ast.Name or not scopes or not isinstance(scopes[-1], ast.ClassDef):
        return None
    ws = set(words(target.id))
    owner = scopes[-1].name
    named = set(words(owner))
    limit = bool(ws) and ws <= _LIMIT_WORDS and not ws <= {"hard", "soft", "default"}
    if limit and named & TOKEN_WORDS and named & _BUDGET_WORDS:
        return f"as a field of `{owner}`, the token budget its class is named for"
    # ``class ContextBudget: """Token budget allocation per layer."""`` ... ``recent: int = 1500`` (set 275: rdc): a
    # section's allocation; not a constant or a level the data flow judges (``WARNING_THRESHOLD``)
    if limit or target.id.isupper() or ws & {"threshold", "warning", "critical"} or not named & _BUDGET_WORDS:
        return None
    if rule.names.is_excluded(target.id) or ws & UNIT_WORDS:
        return None
    doc = ast.get_docstring(scopes[-1]) or ""
    return (
        f"as a field of `{owner}`, whose docstring allocates a token budget to each"
        if _ALLOCATES.search(doc.split("\n\n")[0])
        else None
    )
