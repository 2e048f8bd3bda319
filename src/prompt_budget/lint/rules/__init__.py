"""The built-in rules, one a module, each holding its own VALID and INVALID cases.

The rules work on the standard library's ``ast``; only ``--fix`` needs libcst.
"""

from __future__ import annotations

from prompt_budget.lint.rule import LintRule
from prompt_budget.lint.rules.pb101_inline_budget import InlineBudget
from prompt_budget.lint.rules.pb102_budget_constant import BudgetConstant
from prompt_budget.lint.rules.pb103_token_threshold import TokenThreshold
from prompt_budget.lint.rules.pb104_chars_per_token import CharsPerToken
from prompt_budget.lint.rules.pb105_budget_ratio import BudgetRatio
from prompt_budget.lint.rules.pb106_reserve_arithmetic import ReserveArithmetic
from prompt_budget.lint.rules.pb107_budget_table import BudgetTable
from prompt_budget.lint.rules.pb108_inconsistent_budget import InconsistentBudget
from prompt_budget.lint.rules.pb109_tokenizer_mismatch import TokenizerMismatch

BUILTIN_RULES: tuple[type[LintRule], ...] = (
    InlineBudget,
    BudgetConstant,
    TokenThreshold,
    CharsPerToken,
    BudgetRatio,
    ReserveArithmetic,
    BudgetTable,
    InconsistentBudget,
    TokenizerMismatch,
)
