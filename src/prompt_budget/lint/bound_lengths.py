"""A length bound to a number once, under a name that alone says no budget, then given where a budget
goes (set 57: huixiangdou's test):

    max_length = 512
    outputs = model.generate(inputs.input_ids, max_length=max_length)

The name (``max_length``, ``max_len``) is a budget only by the call it reaches: a language model's
``generate``, a tokenizer that truncates (PB101's ``_budget_keyword``), so the number is reported where
it is bound, as the keyword's own number would be. Only a name bound once in its scope (no other
assignment, loop, ``with``, augmented assignment, parameter or nested scope's binding), by a plain
assignment before the call, and given bare to a keyword the call makes a budget. A name that is itself
a budget's (``max_tokens = 512``) is PB102's.

Only in a test module: elsewhere PB102 follows the same name to the same call (``deferred``'s
candidates) and reports it there; in tests PB102 holds no such candidate, while PB101 reports the same
number given inline (``model.generate(ids, max_length=512)``), which binding it to a name first does not
make a scenario the test checks.

PB101 follows the names so bound (its ``watched`` in ``prune._DECLARED``: the pruned walk keeps the
lines naming them, so a call with no digit on its lines is walked).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.generation_lengths import length_limit_keyword
from prompt_budget.lint.positional_args import choices
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_Scope = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _weak_length(rule: LintRule, name: str) -> bool:
    return (
        length_limit_keyword(name)
        and not rule.names.is_budget_setting(name)
        and not rule.names.is_excluded(name)
    )


def watch_bound(rule: LintRule, node: ast.Assign, watched: set[str]) -> None:
    """``max_length = 512``: a length bound to a number, followed to the calls that name it."""
    target = node.targets[0] if len(node.targets) == 1 else None
    if (
        type(target) is ast.Name
        and is_test_module(rule.ctx.path)
        and _weak_length(rule, target.id)
        and rule.budget_literal(node.value) is not None
    ):
        watched.add(target.id)


def watch_numbered(rule: LintRule, node: ast.Assign, watched: set[str]) -> None:
    """``budget = 500``, ``budget = int(arg) if arg else 500`` in a function: a local bound to a budget's
    number (or a choice of one), followed to the calls it is given to positionally (``positional_args``)."""
    target = node.targets[0] if len(node.targets) == 1 else None
    if (
        type(target) is ast.Name
        and rule.ctx.function() is not None
        and any(rule.budget_literal(one) is not None for one in choices(node.value))
    ):
        watched.add(target.id)


def _names(target: ast.AST) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for elt in target.elts:
            yield from _names(elt)
    elif isinstance(target, ast.Starred):
        yield from _names(target.value)


def _bindings(scope: ast.AST, name: str) -> list[ast.AST]:
    """The statements of ``scope`` (its nested scopes' too) binding ``name``, and its parameters."""
    out: list[ast.AST] = []
    for stmt in statements(scope):
        if isinstance(stmt, _Scope) and stmt is not scope:
            if stmt.name == name:
                out.append(stmt)
            if not isinstance(stmt, ast.ClassDef):
                args = stmt.args
                params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
                out.extend(stmt for a in params if a is not None and a.arg == name)
        targets: list[ast.AST] = []
        if isinstance(stmt, ast.Assign):
            targets = list(stmt.targets)
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = [stmt.target]
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            targets = [i.optional_vars for i in stmt.items if i.optional_vars is not None]
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)) and any(
            (a.asname or a.name.split(".")[0]) == name for a in stmt.names
        ):
            out.append(stmt)
        if any(n == name for t in targets for n in _names(t)):
            out.append(stmt)
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        args = scope.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        out.extend(scope for a in params if a is not None and a.arg == name)
    return out


def bound_lengths(
    rule: LintRule, call: ast.Call, watched: set[str], budget_keyword: Callable[[str, ast.Call], bool]
) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """The numbers bound once to the names ``call`` gives bare to a keyword it makes a budget."""
    for kw in call.keywords:
        if not kw.arg or type(kw.value) is not ast.Name or kw.value.id not in watched:
            continue
        if rule.names.is_budget_setting(kw.arg) or not budget_keyword(kw.arg, call):
            continue
        scopes = rule.ctx.scopes
        scope = scopes[-1] if scopes else rule.ctx.tree
        found = _bindings(scope, kw.value.id) if scope is not None else []
        if len(found) != 1 or not isinstance(bound := found[0], ast.Assign) or bound.lineno >= call.lineno:
            continue
        value = rule.budget_literal(bound.value)
        if value is not None and len(bound.targets) == 1 and not is_reported(rule, bound.value):
            how = f"bound to `{kw.value.id}`, given as `{kw.arg}=` to `{callee_name(call)}`"
            yield bound.value, kw.value.id, value, how
