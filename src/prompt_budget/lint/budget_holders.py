"""A budget read off an object holding budgets: ``self._budgets.guild_daily_prompt_tokens`` (set 287: icelake's
meter, whose ``BudgetsConfig`` holds each guild's token ceilings), ``limits.monthly_tokens``. The field's name alone
says a count of tokens (``daily_prompt_tokens``), the object it is read from says it is the budget of them. Judges
no finding itself.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.names import NameJudge

#: Words of an object holding budgets (``self._budgets``, ``cfg.limits``, ``quotas``).
_HOLDER_WORDS = frozenset({"budget", "budgets", "limits", "quota", "quotas", "caps"})
_HOLDER_TEXT = re.compile(r"budget|limit|quota|caps", re.IGNORECASE)


def held_budget(names: NameJudge, node: ast.AST) -> bool:
    """``node`` reads a field naming tokens (``guild_daily_prompt_tokens``) off an object named for budgets."""
    if not isinstance(node, ast.Attribute):
        return False
    holder = attr_name(node.value)
    if not holder or not _HOLDER_TEXT.search(holder):  # a cheap look at the holder's name first
        return False
    return bool(_HOLDER_WORDS.intersection(words(holder))) and names.is_token_amount(node.attr)
