"""PB101's budgets written as a branch of a conditional expression where a budget goes (sets 12, 57, 58).

- ``split_length=size if size else 500`` given to a splitter that counts tokens: each number of the
  expression is a chunk's size in tokens (set 12: haystack-experimental);
- ``request.max_tokens if request.max_tokens is not None else 512``, ``int(max_tokens) if max_tokens is
  not None else 32768`` (set 57: shandu): a number given as the other branch of a budget's read (or of
  its conversion to a number) is that budget's fallback;
- ``max_tokens=300 if clf else 350`` (set 57: xturing), ``max_tokens=1000 if provider == "anthropic" else
  None`` (set 58: sentient): each number of an expression given to a budget keyword (by its name or by
  the call: ``_budget_keyword`` of PB101) is a cap the call is given, whichever branch runs. A nested
  expression (``a if x else (b if y else 512)``) is judged through its outer ones.

An expression assigned (``limit = 300 if x else 350``) is PB102's, but for the fallback of a budget's
read bound to a name PB102 does not judge (``assigned_fallback``); and a keyword naming an overlap, or the
number of completions sampled, is no budget.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.caller_budgets import caller_budget
from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.inline_forms import completions_count
from prompt_budget.lint.rule import attr_name, callee_name, sizes_token_chunks

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Conversions of a setting's value to a number.
_CONVERSIONS = frozenset({"int", "float"})
#: (the literal, the budget's name, its value, how)
Found = tuple[ast.expr, str, "int | float", str]


def _slot(rule: LintRule, node: ast.IfExp) -> tuple[ast.keyword, ast.Call] | None:
    """The keyword (and its call) the expression is given to, through the expressions holding it."""
    parent = rule.ctx.parent(node)
    while isinstance(parent, ast.IfExp) and node is not parent.test:
        node, parent = parent, rule.ctx.parent(parent)
    call = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else None
    if isinstance(parent, ast.keyword) and parent.arg and isinstance(call, ast.Call):
        return parent, call
    return None


def _converted(node: ast.expr) -> str | None:
    """``int(max_tokens)``, ``float(cfg.max_tokens)``: the name a number's conversion reads."""
    if isinstance(node, ast.Call) and callee_name(node) in _CONVERSIONS and len(node.args) == 1:
        return attr_name(node.args[0])
    return None


def _fallback(rule: LintRule, node: ast.IfExp) -> Found | None:
    """A number given as the other branch of a budget's read (or of its conversion): that budget's
    fallback."""
    for literal, other in ((node.orelse, node.body), (node.body, node.orelse)):
        value = rule.budget_literal(literal)
        # a local bound to a budget's read (``cw = context_window(model)``) by that budget's name (set 235)
        name = rule.budget_expr(other) or attr_name(other) or _converted(other) if value is not None else None
        if value is not None and name and rule.names.is_budget(name):
            return literal, name, value, f"used as the fallback of `{name}`"
    return None


def assigned_fallback(rule: LintRule, target: ast.expr | None, node: ast.IfExp) -> ast.expr | None:
    """The fallback of a budget's read (``_fallback``) in ``node`` bound to ``target``, a name PB102 does
    not judge nor says is another unit (``ctx_window = bc.context_window if bc else 200_000``, set 98:
    ashlar-ao): PB101's, as ``ctx_window = bc.context_window or 200_000`` is; else None."""
    name = attr_name(target) if target is not None else None
    if not name or rule.names.is_budget(name) or against_flow(name):
        return None
    found = _fallback(rule, node)
    return found[0] if found is not None else None


def branch_budgets(
    rule: LintRule, node: ast.IfExp, budget_keyword: Callable[[str, ast.Call], bool]
) -> Iterator[Found]:
    """The budgets written as the branches of ``node``, in the forms above."""
    parent = rule.ctx.parent(node)
    if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr)):
        one = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
        target = one if isinstance(parent, ast.Assign) else parent.target
        found = _fallback(rule, node) if assigned_fallback(rule, target, node) is not None else None
        if found is not None:  # ``ctx_window = bc.context_window if bc else 200_000``
            yield found
        return
    slot = _slot(rule, node)
    arg, call = (slot[0].arg or "", slot[1]) if slot is not None else ("", None)
    if call is not None and "overlap" not in arg and sizes_token_chunks(rule.names, arg, call, rule.ctx):
        how = f"given to `{callee_name(call)}`, which counts tokens"
        for literal in (node.body, node.orelse):
            if (value := rule.budget_literal(literal)) is not None:
                yield literal, arg, value, how
        return
    if (found := _fallback(rule, node)) is not None:
        yield found
        return
    if (given := caller_budget(rule, node)) is not None:  # ``return p.max_out(m) if p else 8_000`` (set 97)
        fn = rule.ctx.function_name()
        how = f"returned as the fallback of `{fn}()`, whose result the module uses as `{given[0]}` (line {given[1]})"
        for literal in (node.body, node.orelse):
            if (value := rule.budget_literal(literal)) is not None:
                yield literal, given[0], value, how
        return
    if (
        call is None
        or "overlap" in arg
        or completions_count(rule, arg, call)
        or not budget_keyword(arg, call)
    ):
        return
    how = f"given as `{arg}=` to `{callee_name(call)}` in a conditional expression"
    for literal in (node.body, node.orelse):
        if (value := rule.budget_literal(literal)) is not None:
            yield literal, arg, value, how
