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
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_shares import unpacked
from prompt_budget.lint.fallbacks import local_bindings
from prompt_budget.lint.names import words
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.shares import SHARE_DIVISORS
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule
    from prompt_budget.lint.token_reach import TokenReach

    Function = ast.FunctionDef | ast.AsyncFunctionDef


class WeakBudgetShares:
    """The literal shares of weakly named budgets waiting for their function's evidence."""

    def __init__(self) -> None:
        #: (id of the function, name) -> the line of a share of the name reaching a token use
        self._reached: dict[tuple[int, str], int] = {}
        #: (the function, the name, the literal, its value, its config key, what it is) of each share not
        #: reaching one itself
        self._waiting: list[tuple[ast.AST, str, ast.expr, float, str, str]] = []
        #: (id of the function, name) -> (the function, its class, the name) of a local bound to a share
        self._bound: dict[tuple[int, str], tuple[Function, ast.ClassDef | None, str]] = {}
        #: (the function, the division, the local divided, the scope) of ``local // 4``
        self._divided: list[tuple[ast.AST, ast.BinOp, str, str]] = []

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
            self._waiting.append((fn, name, literal, value, key, f"{value} of `{name}`"))

    def bound(self, rule: LintRule, target: ast.expr, value: ast.expr) -> None:
        """``alloc_code, alloc_summaries = 0.60, 0.15``: a local of a function bound to a literal share,
        looked for at the end of the module as the factor of a plain budget (``named_shares``)."""
        fn = rule.ctx.function()
        if fn is not None and type(target) is ast.Name and fraction(value) is not None:
            self._bound.setdefault((id(fn), target.id), (fn, rule.ctx.enclosing_class(), target.id))

    def _named_shares(self, rule: LintRule, reach: Callable[[], TokenReach]) -> None:
        """``budget_code = int(budget * alloc_code)``: a plain budget times a local bound only to literal
        shares in the function; each literal waits for the function's evidence, which this product gives
        when it reaches a token use itself. Read from the function's kept walk, not the rule's (pruned)
        one: the product's line may hold no number."""
        for fn, owner, name in self._bound.values():
            literals: list[tuple[ast.expr, float]] | None = None
            for node in walk(fn):
                if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
                    continue
                sides = (node.left, node.right)
                budget = next(
                    (b for b, s in (sides, sides[::-1]) if _named(s, name) and type(b) is ast.Name), None
                )
                if budget is None or not rule.names.is_weak_budget(budget.id):
                    continue
                if literals is None:
                    literals = _share_bindings(fn, name)
                    key = f"{_scope(fn, owner)} {name}".strip()
                    said = f"a share of `{budget.id}`"
                    self._waiting.extend(
                        (fn, budget.id, lit, value, key, f"{name} = {value}, {said}")
                        for lit, value in literals
                    )
                if literals and reach().of_node(fn, node, owner) is not None:
                    self._reached.setdefault((id(fn), budget.id), node.lineno)

    def divided(self, rule: LintRule, node: ast.BinOp) -> None:
        """``budget_summaries // 4``: a local divided by a whole number (``shares.SHARE_DIVISORS``), judged
        at the end of the module by what the local is bound to (``divisions_decided``)."""
        fn = rule.ctx.function()
        right = node.right
        if (
            fn is not None
            and type(node.left) is ast.Name
            and type(right) is ast.Constant
            and type(right.value) is int
            and right.value in SHARE_DIVISORS
        ):
            self._divided.append((fn, node, node.left.id, rule.scope_key()))

    def _divisions(self, rule: LintRule, made: set[int]) -> list[tuple[ast.expr, float, str, str]]:
        """(the divisor, its value, its config key, the message) of each division of a local that every
        binding of in its function (one at least) holds a share reported (by the rule, or in ``made``):
        ``budget_summaries = int(budget * 0.20)`` ... ``budget_summaries // 4``, a share of a share of a
        token budget."""
        found: list[tuple[ast.expr, float, str, str]] = []
        for fn, node, name, scope in self._divided:
            values = [stmt.value for stmt in local_bindings(fn, name)]
            shares = [next((n for n in walk(v) if id(n) in made or _share(rule, n)), None) for v in values]
            if values and all(shares) and not is_reported(rule, node.right) and not _characters(name):
                line = getattr(shares[0], "lineno", 0)
                message = (
                    f"hard-coded budget share `{ast.unparse(node)}`: `{name}` is bound to a share of a token "
                    f"budget at line {line}; move the divisor to config so the share can be tuned per model"
                )
                value = getattr(node.right, "value", 0)
                found.append((node.right, value, f"{scope} {name} divisor".strip(), message))
        return found

    def decided(
        self, rule: LintRule, reach: Callable[[], TokenReach], advice: str
    ) -> list[tuple[ast.expr, float, str, str]]:
        """(the literal, its value, the config key, the message) of each waiting share of a name its
        function shows is a token budget, then of each division of a local bound to a share."""
        self._named_shares(rule, reach)
        found: list[tuple[ast.expr, float, str, str]] = []
        why_of: dict[tuple[int, str], str | None] = {}
        seen: set[int] = set()
        for fn, name, literal, value, config_key, said in self._waiting:
            key = (id(fn), name)
            if key not in why_of:
                why_of[key] = _evidence(rule, fn, name, self._reached.get(key))
            why = why_of[key]
            if why is not None and not is_reported(rule, literal) and id(literal) not in seen:
                seen.add(id(literal))
                message = f"hard-coded budget ratio {said}: {why}; {advice}"
                found.append((literal, value, config_key, message))
        return found + self._divisions(rule, seen)


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


def _share_bindings(fn: ast.AST, name: str) -> list[tuple[ast.expr, float]]:
    """(literal, value) of each share ``name`` is bound to in ``fn`` (``a, b = 0.60, 0.15`` too), when
    every binding of it there is a literal share or zero; else none."""
    found: list[tuple[ast.expr, float]] = []
    assigned: set[int] = set()
    for node in walk(fn):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for bound, value in unpacked(target, node.value):
                    if type(bound) is not ast.Name or bound.id != name:
                        continue
                    assigned.add(id(bound))
                    share = fraction(value)
                    if share is not None:
                        found.append((value, share))
                    elif not (isinstance(value, ast.Constant) and value.value in (0, 0.0)):
                        return []
        elif (
            isinstance(node, (ast.Name, ast.arg))
            and (node.id if isinstance(node, ast.Name) else node.arg) == name
            and not isinstance(getattr(node, "ctx", None), ast.Load)
            and id(node) not in assigned
        ):
            return []  # a parameter, a loop's target, ``+=``: no literal share alone
    return found


def _named(node: ast.expr, name: str) -> bool:
    return type(node) is ast.Name and node.id == name


def _scope(fn: ast.AST, owner: ast.ClassDef | None) -> str:
    """The scope a config key is made with (``LintRule.scope_key``): the function, else its class."""
    name = getattr(fn, "name", "")
    return name if name and name != "__init__" else (owner.name if owner else "")


def _share(rule: LintRule, node: ast.AST) -> bool:
    """A literal share (``0.20``) this rule reported."""
    code = rule.CODE
    return fraction(node) is not None and any(
        r.code == code and (r.target is node or r.node is node) for r in rule.ctx.reports
    )


def _characters(name: str) -> bool:
    """A name of a length in characters (``hard_limit_chars``): a part of it is PB104's, no share."""
    return bool(set(words(name)) & {"char", "chars", "character", "characters", "len", "length"})
