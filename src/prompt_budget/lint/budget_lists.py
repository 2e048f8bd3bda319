"""A class field holding a list of budgets, for PB102: a sweep's values (set 371: mrm-trace's ``SweepConfig``,
``context_lengths: List[int] = Field(default_factory=lambda: [2048])`` handed one by one to ``n_ctx=`` and
``output_tokens: List[int] = Field(default_factory=lambda: [128])`` to ``max_tokens=``). The field's name says
an amount of tokens (``output_tokens``, not ``stop_tokens``, ids) or is the plural of a budget's setting
(``context_lengths``); its first number is reported. A module's list named as the plural of a budget
(``CONTEXT_SIZES = (4096, 8192, 16384, 32768)``, the choices a setup wizard offers; set 529: tala-ai) is one too;
another module's list (``DEFAULT_SEQ_LENGTHS = [4096]``) is still decided by its reads.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def listed_budget(rule: LintRule, name: str) -> str | None:
    """Why the list of numbers bound to the class field (or module constant) ``name`` holds budgets, else None."""
    names = rule.names
    if not rule.ctx.scopes and name[-1:] in {"s", "S"} and names.is_budget(name[:-1]):
        # ``CONTEXT_SIZES = (4096, 8192, 16384, 32768)`` ... ``replace(choices, num_ctx=size) for size in
        # CONTEXT_SIZES``: a module's choices of one budget, each given as one (set 529: tala-ai)
        keyword = _iterated_into_budget(rule, name)
        return f"as the first of a list of budgets, each given as `{keyword}=`" if keyword else None
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


def _iterated_into_budget(rule: LintRule, name: str) -> str | None:
    """The budget keyword a loop or comprehension over the module's ``name`` gives each item under (``for size in
    CONTEXT_SIZES`` ... ``num_ctx=size``), else None: a list only cut from strings stays undecided."""
    tree = rule.ctx.tree
    for node in walk(tree) if tree is not None else ():
        loops: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            loops = [(g.iter, g.target) for g in node.generators]
        elif isinstance(node, ast.For):
            loops = [(node.iter, node.target)]
        for it, target in loops:
            if type(it) is not ast.Name or it.id != name or type(target) is not ast.Name:
                continue
            item = target.id
            for kw in (k for k in walk(node) if type(k) is ast.keyword):
                if (
                    kw.arg
                    and type(kw.value) is ast.Name
                    and kw.value.id == item
                    and rule.names.is_budget(kw.arg)
                ):
                    return kw.arg
    return None
