"""A field's token default written again as the fallback of its read (set 71: hotaru-code's
``tokensNum: Optional[int] = Field(5000, ..., description="Token budget")`` ... ``"tokensNum":
params.tokensNum or 5000``): the fallback restates the field's budget, whatever the field is named, when
the module's class declares the field with that same default and names or describes it as tokens. The
class fields are found through the module's shared statement walk (``walks.statements``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.field_docstrings import field_description
from prompt_budget.lint.flow import default_of
from prompt_budget.lint.names import CHAR_WORDS, TOKENS_WORD, words
from prompt_budget.lint.rule import attr_name, number
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _says_tokens(rule: LintRule, name: str, value: ast.expr | None) -> bool:
    if rule.names.is_chars(name):
        return False
    text = field_description(value) or ""
    if text:
        return bool(TOKENS_WORD.search(text)) and not set(words(text)) & CHAR_WORDS
    return rule.names.is_token_amount(name)


def restated_default(rule: LintRule, read: ast.expr, fallback: float) -> bool:
    """``read`` (``params.tokensNum``) reads a field that a class of this module declares with the
    default ``fallback`` and names or describes as tokens."""
    tree = rule.ctx.tree
    name = attr_name(read)
    if tree is None or not name or not isinstance(read, ast.Attribute):
        return False
    found = [
        stmt
        for cls in statements(tree)
        if isinstance(cls, ast.ClassDef)
        for stmt in cls.body
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name
    ]
    return (
        len(found) == 1
        and number(default_of(found[0].value)) == fallback
        and _says_tokens(rule, name, found[0].value)
    )
