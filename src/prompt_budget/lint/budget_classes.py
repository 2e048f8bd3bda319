"""A class named for a token budget, whose field named only as a limit is that budget (PB102; set 228:
excergic-token's ``class TokenBudget(BaseModel)`` with ``limit: int = 200_000``, ``used`` charged with input and
output tokens). A name such as ``limit`` or ``total`` says no unit alone; the class's name gives it. So does a
budget class's docstring allocating tokens to each field (set 275: rdc's ``class ContextBudget`` documented "Token budget
allocation per layer." with ``identity: int = 200``, ``recent: int = 1500``), and a budget class's docstring naming
a token budget (set 607: narecli's ``class Budget`` documented "Token budget tracking." with ``total: int = 200000``, a
constructor's ``total_budget``). Judges no finding itself.
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
    if limit and named & _BUDGET_WORDS and _names_token_budget(scopes[-1]):
        return f"as a field of `{owner}`, the token budget its docstring names"  # set 607: ``class Budget``
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


#: A class's docstring (its first paragraph) naming what the class holds a token budget: "Token budget tracking.",
#: "Manages token budget and planning." (set 607: narecli's ``Budget`` and ``BudgetManager``).
_TOKEN_BUDGET = re.compile(r"^\W*(?:\w+\s+)?token budgets?\b", re.IGNORECASE)


def _names_token_budget(cls: ast.ClassDef) -> bool:
    # what the docstring opens on, not a mention ("Dollar budget per month, tracked beside the token budget.")
    return _TOKEN_BUDGET.search((ast.get_docstring(cls) or "").split("\n\n")[0]) is not None


def constructor_budget(rule: LintRule, name: str) -> str | None:
    """How ``name``, a parameter of the constructor being visited (the caller asks only of ``__init__``'s own parameters,
    not a lambda's inside it) named only as a limit (``total_budget``), is
    the token budget of a class named for a budget whose docstring names a token budget (``class
    BudgetManager: \"\"\"Manages token budget and planning.\"\"\"`` ... ``def __init__(self, total_budget: int =
    200000)``, set 607: narecli), else None."""
    cls = rule.ctx.enclosing_class()
    ws = set(words(name))
    if cls is None or not ws or not ws <= _LIMIT_WORDS:
        return None
    if ws <= {"hard", "soft", "default"} or not set(words(cls.name)) & _BUDGET_WORDS:
        return None
    return (
        f"a parameter of `{cls.name}`, the token budget its docstring names"
        if _names_token_budget(cls)
        else None
    )
