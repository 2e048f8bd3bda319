"""A class field holding a list of budgets, for PB102: a sweep's values (set 371: mrm-trace's ``SweepConfig``,
``context_lengths: List[int] = Field(default_factory=lambda: [2048])`` handed one by one to ``n_ctx=`` and
``output_tokens: List[int] = Field(default_factory=lambda: [128])`` to ``max_tokens=``). The field's name says
an amount of tokens (``output_tokens``, not ``stop_tokens``, ids) or is the plural of a budget's setting
(``context_lengths``); its first number is reported. A module's list named as the plural of a budget
(``CONTEXT_SIZES = (4096, 8192, 16384, 32768)``, the choices a setup wizard offers; set 529: tala-ai) is one too;
another module's list (``DEFAULT_SEQ_LENGTHS = [4096]``) is still decided by its reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def listed_budget(rule: LintRule, name: str) -> str | None:
    """Why the list of numbers bound to the class field (or module constant) ``name`` holds budgets, else None."""
    names = rule.names
    if not rule.ctx.scopes and name[-1:] in {"s", "S"} and names.is_budget(name[:-1]):
        # ``CONTEXT_SIZES = (4096, 8192, 16384, 32768)``: a module's choices of one budget (set 529: tala-ai)
        return "as the first of a list of budgets"
    if not rule.ctx.class_name() or rule.ctx.function() is not None:
        return None
    plural = name.endswith("s") and names.is_budget_setting(name[:-1])
    if (
        plural
        or names.is_budget_setting(name)
        or (names.is_token_amount(name) and not names.is_excluded(name))
    ):
        return "as the first of a class field's list of budgets"
    return None
