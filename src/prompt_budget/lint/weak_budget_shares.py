"""Shares of a weakly named budget that the function shows is of tokens, for PB105 (budget-ratio).

``budget`` or ``limit`` alone says no unit, so a literal share of it (``int(budget * 0.10)``) is reported
only where the share reaches a token use (``shares.share_reaching_tokens``). The function's other reads
of the same name can show the unit too (set 69: know-cli's context engine): a share of the name that
reaches a token use (``budget_code = int(budget * 0.40)`` ... ``if code_used + chunk.tokens >
budget_code``), or the name given under a keyword naming a token budget (``ctx.invoke(workflow,
context_budget=budget, ...)``). Then ``budget`` is the function's token budget, and every literal share of
it there (``budget_overview = int(budget * 0.10)``, ``total_used < budget * 0.2``) is a share of that
budget. Only a name the function does not bind anew (a parameter, or a name bound once) is so decided.

Kept apart from the rule: the shares wait until the module is walked; the evidence is read from the
function's kept walk (``walks.walk``), once per function and name.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


class WeakBudgetShares:
    """The literal shares of weakly named budgets waiting for their function's evidence."""

    def __init__(self) -> None:
        #: (id of the function, name) -> the line of a share of the name reaching a token use
        self._reached: dict[tuple[int, str], int] = {}
        #: (the function, the name, the literal, its value, its config key) of each share not reaching
        #: one itself
        self._waiting: list[tuple[ast.AST, str, ast.expr, float, str]] = []

    def reached(self, rule: LintRule, name: str, line: int) -> None:
        """A share of ``name`` at ``line`` reaches a token use in the function being walked."""
        fn = rule.ctx.function()
        if fn is not None and rule.names.is_weak_budget(name):
            self._reached.setdefault((id(fn), name), line)

    def wait(self, rule: LintRule, name: str, literal: ast.expr, value: float) -> None:
        """A share ``literal`` of ``name`` that reaches no token use by itself."""
        fn = rule.ctx.function()
        if fn is not None and rule.names.is_weak_budget(name):
            key = f"{rule.scope_key()} {name} ratio".strip()  # as ``report_literal`` scopes it
            self._waiting.append((fn, name, literal, value, key))

    def decided(self, rule: LintRule) -> list[tuple[ast.expr, float, str, str]]:
        """(the literal, its value, the config key, why) of each waiting share of a name its function
        shows is a token budget."""
        found: list[tuple[ast.expr, float, str, str]] = []
        why_of: dict[tuple[int, str], str | None] = {}
        for fn, name, literal, value, config_key in self._waiting:
            key = (id(fn), name)
            if key not in why_of:
                why_of[key] = _evidence(rule, fn, name, self._reached.get(key))
            why = why_of[key]
            if why is not None:
                found.append((literal, value, config_key, f"{value} of `{name}`: {why}"))
        return found


def _evidence(rule: LintRule, fn: ast.AST, name: str, line: int | None) -> str | None:
    """Why ``name`` is a token budget in ``fn``: a share of it reaching a token use at ``line``, or the
    name given under a keyword naming a token budget; None if ``fn`` binds the name more than once."""
    bound = 0
    given: str | None = None
    for sub in walk(fn):
        if isinstance(sub, ast.Name) and sub.id == name and not isinstance(sub.ctx, ast.Load):
            bound += 1
        elif (
            given is None
            and isinstance(sub, ast.keyword)
            and isinstance(sub.value, ast.Name)
            and sub.value.id == name
            and sub.arg
            and rule.names.is_budget(sub.arg)
        ):
            given = sub.arg
    args = getattr(fn, "args", None)
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)} if args else set()
    if bound > (0 if name in params else 1):
        return None
    if line is not None:
        return f"`{name}` is the function's token budget: its share at line {line} reaches a token use"
    if given is not None:
        return f"`{name}` is the function's token budget: it is given as `{given}=`"
    return None
