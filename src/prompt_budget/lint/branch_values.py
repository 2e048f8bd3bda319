"""PB102's local names given a number on several branches (set 76: mojentic's model registry).

``flow.Bindings`` drops a name bound to two numbers (which value reaches a read is then unknown), and
so a local given one number per branch of an ``if`` chain was never followed:

    if is_gpt5:
        output_tokens = 50000 if not mini else 32768
    else:
        output_tokens = 32768
    caps[model] = Capabilities(max_output_tokens=output_tokens)

Whichever value reaches the read, it is one of those numbers; when every read of the name in its
function is given as a budget keyword (``flow.Uses`` judges each read as it would a candidate's), each
number the function binds it to is a budget. A name read any other way in that function (a count of
items, a string's slice, a log's argument, a difference with a window that may count characters:
metagpt's ``padding_size = 20 if n > 20 else 0``) is left alone. Only names ``Bindings`` dropped, so
no number is judged twice; functions only (a module's constants bound twice are judged by their
imports).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.estimator_callers import result_budget
from prompt_budget.lint.flow import Uses
from prompt_budget.lint.rule import callee_name, number, string_value
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A candidate number bound in a function: (the literal, its value, its config key's parts).
Held = tuple[ast.expr, int | float, tuple[str, ...]]


def _reads(
    node: ast.AST, name: str, chain: list[ast.AST]
) -> Iterator[list[ast.AST]]:  # the ancestors of each read of ``name``, the read last
    chain.append(node)
    if isinstance(node, ast.Name) and node.id == name:
        if isinstance(node.ctx, ast.Load):
            yield list(chain)
    else:
        for child in ast.iter_child_nodes(node):
            yield from _reads(child, name, chain)
    chain.pop()


def _given_as_keyword(rule: LintRule, ancestors: list[ast.AST]) -> bool:
    """The read is a keyword's value (``max_tokens=n``), alone or as a branch or fallback of it
    (``max_tokens=n if n else cap``, ``max_tokens=n or cap``), or the value written under a budget's key
    of a dict (``options.update({"num_predict": n})``, set 77: gimle-hugin): the strongest use, the one a
    name bound to several numbers must meet (a difference, ``window - padding``, may be in another unit)."""
    parent = ancestors[-2] if len(ancestors) > 1 else None
    child = ancestors[-1]
    if isinstance(parent, (ast.IfExp, ast.BoolOp)) and len(ancestors) > 2:
        child, parent = parent, ancestors[-3]
    if isinstance(parent, ast.Dict):
        keys = [k for k, v in zip(parent.keys, parent.values, strict=False) if v is child]
        key = string_value(keys[0]) if len(keys) == 1 else None
        return bool(key) and rule.names.is_budget(key or "")
    return isinstance(parent, ast.keyword)


def _scaled_in_place(name: str, ancestors: list[ast.AST]) -> bool:
    """The read is scaled by a number and bound back to its own name (``n = int(n * 1.5)``)."""
    stmt = next((a for a in reversed(ancestors) if isinstance(a, ast.stmt)), None)
    if not (isinstance(stmt, ast.Assign) and [getattr(t, "id", "") for t in stmt.targets] == [name]):
        return False
    value = stmt.value
    if isinstance(value, ast.Call) and callee_name(value) in {"int", "round"} and len(value.args) == 1:
        value = value.args[0]
    return (
        isinstance(value, ast.BinOp)
        and isinstance(value.op, (ast.Mult, ast.FloorDiv))
        and ancestors[-1] in (value.left, value.right)
        and any(number(side) is not None for side in (value.left, value.right))
    )


def _returned_by_getter(rule: LintRule, fn: ast.AST, ancestors: list[ast.AST]) -> str | None:
    """Why a read returned by a function named for a budget is one: ``return n`` or ``return min(n, CAP)``
    in ``def _calculate_max_tokens`` (set 303: ai-council-orchestrator's ladder of output caps), or by a function
    whose calls in the module are bound or given as a budget (``thinking_budget = _estimate_thinking_budget(p)``,
    set 607: narecli, ``estimator_callers.result_budget``)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    parent = ancestors[-2]
    if isinstance(parent, ast.Call) and callee_name(parent) in {"min", "max"} and len(ancestors) > 2:
        parent = ancestors[-3]
    if not isinstance(parent, ast.Return):
        return None
    if rule.names.is_budget(fn.name):
        return f"returned by {fn.name}() at line {parent.lineno}"
    tree = rule.ctx.tree
    owner = (
        next((a for a in walk(tree) if isinstance(a, ast.ClassDef) and fn in a.body), None) if tree else None
    )
    budget = result_budget(rule, fn, owner)
    return f"returned by {fn.name}() at line {parent.lineno}, whose result is `{budget}`" if budget else None


def _clamped_in_place(name: str, ancestors: list[ast.AST]) -> bool:
    """The read is clamped and bound back to its own name (``budget = max(budget, 2048)``, set 607: narecli's
    floors of a thinking budget): the same budget, its bound PB103's."""
    stmt = next((a for a in reversed(ancestors) if isinstance(a, ast.stmt)), None)
    return (
        isinstance(stmt, ast.Assign)
        and [getattr(t, "id", "") for t in stmt.targets] == [name]
        and isinstance(stmt.value, ast.Call)
        and callee_name(stmt.value) in {"min", "max"}
        and ancestors[-2] is stmt.value
    )


def _bound_by_assignment(fn: ast.AST, name: str, literals: list[Held]) -> bool:
    """Each literal is the value (or a branch of the conditional value) of ``name = ...`` in ``fn``,
    and ``fn`` neither declares the name global nor takes it as a parameter."""
    up = parents(fn)
    for literal, _, _ in literals:
        stmt = up.get(literal)
        while isinstance(stmt, (ast.IfExp, ast.BoolOp)):  # ``n = reserve or 16_000`` too
            stmt = up.get(stmt)
        targets: list[ast.expr]
        if isinstance(stmt, ast.AnnAssign):
            targets = [stmt.target]
        elif isinstance(stmt, ast.Assign):
            targets = stmt.targets
        else:
            return False
        if not all(isinstance(t, ast.Name) and t.id == name for t in targets):
            return False
    assert isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
    params = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    return not any(a.arg == name for a in params) and not any(
        isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names for n in walk(fn)
    )


def branch_local_budgets(
    rule: LintRule, held: dict[ast.AST, dict[str, list[Held]]], dropped: set[str]
) -> None:
    """Report the numbers of each function's local dropped by ``Bindings`` (``dropped``) whose every
    read in that function is a budget use."""
    for fn, by_name in held.items():
        for name, literals in by_name.items():
            if name not in dropped or not _bound_by_assignment(fn, name, literals):
                continue
            found: list[tuple[int, str]] = []  # each read's line and why it is a budget
            for ancestors in _reads(fn, name, []):
                if _scaled_in_place(name, ancestors) or _clamped_in_place(name, ancestors):
                    continue  # ``base_tokens = int(base_tokens * 1.5)``: the same budget, scaled
                uses = Uses()
                uses.read(name, ancestors, rule, ratio=False)
                why = uses.reasons.get(name) if _given_as_keyword(rule, ancestors) else None
                if why is None and not uses.sliced:
                    why = _returned_by_getter(rule, fn, ancestors)
                if why is None or uses.sliced:
                    found = []
                    break
                found.append((getattr(ancestors[-1], "lineno", 0), why))
            if not found:
                continue
            for literal, value, parts in literals:
                # the first read after the number, else the first read
                why = next((w for line, w in found if line > literal.lineno), found[0][1])
                message = (
                    f"token budget {name} = {value}: {why}, one of the numbers the name is bound to; "
                    "move it to config so it can be tuned and tested"
                )
                rule.report(literal, message, target=literal, value=value, key_parts=parts)
