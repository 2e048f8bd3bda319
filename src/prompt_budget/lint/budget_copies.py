"""A budget a function writes again (PB102; sets 77 and 79: zil-ai's ``_detect_model_context``, janito4's
config prompt)::

    def _detect_model_context(project_dir):
        if not adapter_path.is_file():
            return 128_000                                  # the same window, written again
        try:
            return _CONTEXT_WINDOWS.get(provider, 128_000)  # reported: a window table's fallback
        except Exception:
            return 128_000                                  # and again

    def configure(existing_context_window):
        default_context = existing_context_window if existing_context_window else 65536  # again
        ...
        context_window = 65536                              # reported: a context window

    def create(token_budget=typer.Option(100_000, "--token-budget")):  # reported: a parameter default
        if token_budget != 100_000:                         # the default, written again to tell it
            budgets = {"tokens": token_budget}              # from the user's value (set 81: agent47)

A number a rule reported as a budget in a function (PB101-PB103) is that budget where the function writes
it again in the same role: returned (``return 128_000``) by a function that returns the reported one
too, or bound to a local (plainly, as a branch of ``a if c else N`` or the fallback of ``a or N``) where
the reported one is bound to a local too and the two locals share a budget word (``default_context``
beside ``context_window``), or where the other branch is a budget (``existing_context_window if ...``);
or compared (``==``, ``!=``) with the parameter whose reported default it is (``token_budget !=
100_000``: whether the caller changed the default, which must follow the default into config).

Guards: the same value, 256 or more; one function (not its nested ones); the copy's local says no other
unit, credential or time; a literal already reported is left alone; not in test modules. A method's default of
the name and value of another method's reported default, in one class, is that budget too (``_twin_defaults``).
Read at the module's end from the reports made so far and the function's cached statements
(``walks.statements``), only for functions holding a report.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import against_flow, is_test_module
from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import defaults
from prompt_budget.lint.walks import innermost, own_statements, source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef

_SMALLEST = 256
_CODES = frozenset({"PB101", "PB102", "PB103"})
#: Words two locals may share to name one budget (``default_context``, ``context_window``).
_SHARED = frozenset({"context", "ctx", "window", "token", "tokens", "budget", "limit", "output", "input"})


def _values(value: ast.expr | None) -> Iterator[tuple[ast.Constant, ast.expr | None]]:
    """The literals a statement's value writes as a whole, each with the other branch beside it: ``N``,
    ``a if c else N``, ``a or N``."""
    if type(value) is ast.Constant:
        yield value, None
    elif type(value) is ast.IfExp:
        for side, other in ((value.body, value.orelse), (value.orelse, value.body)):
            if type(side) is ast.Constant:
                yield side, other
    elif (
        type(value) is ast.BoolOp and isinstance(value.op, ast.Or) and type(value.values[-1]) is ast.Constant
    ):
        yield value.values[-1], value.values[0]


def _role(stmt: ast.AST) -> tuple[str, ast.expr | None] | None:
    """``("", value)`` for a ``return``, ``(local, value)`` for a local bound to a value, else None."""
    if type(stmt) is ast.Return:
        return "", stmt.value
    if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
        return stmt.targets[0].id, stmt.value
    if type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name:
        return stmt.target.id, stmt.value
    return None


def _shares_budget_word(a: str, b: str) -> bool:
    return bool(set(words(a)) & set(words(b)) & _SHARED)


def written_again(rule: LintRule, module: ast.Module) -> None:
    """Report the copies of a reported budget its function writes again in the same role."""
    reported: list[tuple[ast.AST, int | float]] = [
        (r.target, r.value)
        for r in rule.ctx.reports
        if r.code in _CODES
        and r.target is not None
        and type(r.value) in (int, float)
        and isinstance(r.value, (int, float))
        and r.value >= _SMALLEST
    ]
    if is_test_module(rule.ctx.path):
        return
    targets = {id(r.target) for r in rule.ctx.reports if r.code in _CODES and r.target is not None}
    if targets:
        _twin_defaults(rule, module, targets, {id(r.target) for r in rule.ctx.reports})
        if "add_argument" in source_of(rule.ctx.lines)[0]:
            _option_twins(rule, module, targets, {id(r.target) for r in rule.ctx.reports})
    if not reported:
        return
    functions = [n for n in walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    by_function: dict[int, tuple[Function, list[tuple[ast.AST, int | float]]]] = {}
    for target, value in reported:
        fn = innermost(functions, getattr(target, "lineno", 0))
        if fn is not None:
            by_function.setdefault(id(fn), (fn, []))[1].append((target, value))
    done = {id(r.target) for r in rule.ctx.reports} | {id(r.node) for r in rule.ctx.reports}
    for fn, found in by_function.values():
        _copies(rule, fn, found, done)


def _twin_defaults(rule: LintRule, module: ast.Module, reported: set[int], done: set[int]) -> None:
    """``def estimate(self, ..., chunk_size: int = 512)`` beside ``def index(self, ..., chunk_size: int =
    512)`` whose default is reported (set 163: brainpalace-cli's API client, whose estimate mirrors the
    indexing call's arguments): a method's parameter of the same name and default as a reported default of
    another method of its class is that budget again (any value the rules report, not only 256 or more)."""
    # each class's methods, and the module's own functions (set 257: veracium's ``wiki_input_budget: int = 8000``
    # of ``compile_wiki`` written again in ``_policy_digest``, ``needs_recompile`` and ``ensure_wiki``)
    groups = [cls.body for cls in module.body if isinstance(cls, ast.ClassDef)] + [module.body]
    for body in groups:
        methods = [m for m in body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
        twins: dict[tuple[str, object], tuple[str, int]] = {}
        for method in methods:
            for arg, default in defaults(method.args):
                if id(default) in reported and type(default) is ast.Constant:
                    twins.setdefault((arg.arg, default.value), (method.name, default.lineno))
        for method in methods if twins else ():
            for arg, default in defaults(method.args):
                twin = twins.get((arg.arg, default.value)) if isinstance(default, ast.Constant) else None
                amount = rule.budget_literal(default)
                if twin is None or twin[0] == method.name or id(default) in done or amount is None:
                    continue
                message = (
                    f"token budget {arg.arg}={amount} as a parameter default, the same as the reported default "
                    f"of `{twin[0]}()` (line {twin[1]}); move it to config so callers share one tunable value"
                )
                rule.report_literal(default, message, amount, arg.arg)
                done.add(id(default))


def _option_twins(rule: LintRule, module: ast.Module, reported: set[int], done: set[int]) -> None:
    """``parser.add_argument("--min-context", type=int, default=16384)`` beside the reported ``_MIN_CONTEXT_LENGTH =
    16384`` of the module (set 189: durallm's discovery command): an option's default of the value of a reported
    module constant whose name holds the option's words (a budget word among them) is that budget written again."""
    constants: dict[object, tuple[str, int]] = {}
    for stmt in module.body:
        target = (
            stmt.targets[0]
            if type(stmt) is ast.Assign and len(stmt.targets) == 1
            else getattr(stmt, "target", None)
        )
        value = getattr(stmt, "value", None)
        if type(target) is ast.Name and type(value) is ast.Constant and id(value) in reported:
            constants.setdefault(value.value, (target.id, stmt.lineno))
    for node in walk(module) if constants else ():
        found = argparse_default(node) if type(node) is ast.Call else None
        if found is None or type(found[0]) is not ast.Constant or id(found[0]) in done:
            continue
        written, name = found[0], found[1]
        twin = constants.get(written.value)
        ws = set(words(name))
        if twin is None or not ws & _SHARED or not ws <= set(words(twin[0])):
            continue
        amount = rule.budget_literal(written)
        if amount is not None:
            message = (
                f"token budget {name}={amount} as a command-line option's default, the same as the reported "
                f"constant `{twin[0]}` (line {twin[1]}); move it to config so it can be tuned and tested"
            )
            rule.report_literal(written, message, amount, name)
            done.add(id(written))


def _compared_defaults(
    rule: LintRule, fn: Function, own: list[ast.AST], found: list[tuple[ast.AST, int | float]], done: set[int]
) -> None:
    """``if token_budget != 100_000:`` where ``100_000`` is the reported default of ``token_budget``."""
    args = fn.args
    params = [*args.posonlyargs, *args.args][-len(args.defaults) :] if args.defaults else []
    pairs = [*zip(params, args.defaults, strict=True), *zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    defaults: dict[str, tuple[int | float, int]] = {}
    for param, default in pairs:
        inside = {id(n) for n in walk(default)} if default is not None else set()
        for target, value in found:
            if id(target) in inside:
                defaults[param.arg] = (value, default.lineno if default is not None else fn.lineno)
    if not defaults:
        return
    for stmt in own:
        test = stmt.test if type(stmt) in (ast.If, ast.While) else None  # type: ignore[attr-defined]
        for node in walk(test) if test is not None else ():
            if (
                type(node) is not ast.Compare
                or len(node.ops) != 1
                or type(node.ops[0]) not in (ast.Eq, ast.NotEq)
            ):
                continue
            left, right = node.left, node.comparators[0]
            name, literal = (left, right) if type(left) is ast.Name else (right, left)
            if type(name) is not ast.Name or name.id not in defaults or type(literal) is not ast.Constant:
                continue
            amount = rule.budget_literal(literal)
            value, line = defaults[name.id]
            if amount is None or amount != value or id(literal) in done:
                continue
            message = (
                f"token budget {name.id} = {amount}: the default of `{name.id}` reported at line {line}, "
                "compared again to tell whether it was changed; move it to config so it can be tuned and tested"
            )
            rule.report_literal(literal, message, amount, name.id)
            done.add(id(literal))


def _copies(rule: LintRule, fn: Function, found: list[tuple[ast.AST, int | float]], done: set[int]) -> None:
    own = own_statements(fn)
    _compared_defaults(rule, fn, own, found, done)
    # each reported literal's role: the statement of the function holding it (a return, a local's binding)
    roles: list[tuple[str, int | float, int]] = []
    for stmt in own:
        role = _role(stmt)
        if role is None or role[1] is None:
            continue
        inside = {id(n) for n in walk(role[1])}
        line = getattr(stmt, "lineno", 0)
        roles.extend((role[0], value, line) for target, value in found if id(target) in inside)
    if not roles:
        return
    for stmt in own:
        role = _role(stmt)
        if role is None:
            continue
        local, value = role
        for literal, other in _values(value):
            amount = rule.budget_literal(literal)
            if amount is None or id(literal) in done:
                continue
            line = _same_role(rule, local, other, amount, roles)
            if line is None:
                continue
            name = local or fn.name
            written = f"{local} = {amount}" if local else f"`return {amount}`"
            message = (
                f"token budget {written}: the budget reported at line {line} of `{fn.name}`, written "
                "again; move it to config so it can be tuned and tested"
            )
            rule.report_literal(literal, message, amount, name)
            done.add(id(literal))


def _same_role(
    rule: LintRule,
    local: str,
    other: ast.expr | None,
    amount: int | float,
    roles: list[tuple[str, int | float, int]],
) -> int | None:
    """The line of a reported budget of this value the copy writes again in the same role, else None."""
    if local and (against_flow(local) or rule.names.is_excluded(local)):
        return None
    other_name = other.id if type(other) is ast.Name else other.attr if type(other) is ast.Attribute else ""
    for name, value, line in roles:
        if value != amount or bool(name) != bool(local):
            continue
        if not local or _shares_budget_word(local, name) or (other_name and rule.names.is_budget(other_name)):
            return line
    return None
