"""PB102's quota of tokens per unit of time bound by an assignment: a settings field's default
(``tpm_limit: int = 90_000``), an attribute (``self._tpm_limit = 90_000`` later given to a rate
limiter acquiring the tokens used), a constant or a variable (set 30: uptrain). Set 29 taught the
parameter defaults (``budget_defaults``); ``token_quotas`` says which names are such quotas (not a
quota of requests, nor the tokens a window has used).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.budget_bindings import report_binding
from prompt_budget.lint.flow import default_of
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.token_quotas import identity_quota, token_quota_name
from prompt_budget.lint.walks import source_of

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def judge_quota(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> bool:
    """Report ``tpm_limit = 90_000`` (one name bound to a number, also a field's ``Field(90_000)``)
    and say so; False when the statement binds no quota of tokens."""
    targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
    if len(targets) != 1 or node.value is None or not isinstance(targets[0], (ast.Name, ast.Attribute)):
        return False
    target = targets[0]
    name = attr_name(target)
    if not name or not token_quota_name(name) or identity_quota(name, source_of(rule.ctx.lines)[0]):
        return False  # (not ``token_rate_limit_per_minute`` beside ``ip_rate_limit_per_minute``)
    literal = default_of(node.value)
    value = rule.budget_literal(literal)
    if value is None or literal is None:
        return False
    upper = isinstance(target, ast.Name) and name.isupper()
    where = (
        "in an attribute"
        if isinstance(target, ast.Attribute)
        else "in a constant"
        if upper
        else "as a default"
    )
    report_binding(rule, literal, name, value, f"{where}, a rate limiter's quota of tokens per minute", upper)
    return True
