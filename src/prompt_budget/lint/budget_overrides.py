"""A literal passed for a parameter whose default is a token budget (PB102; set 52: loopgpt's
``summarizer._chunk_text(page_text, chunk_size=60)``, where ``def _chunk_text(self, text, chunk_size=900)``
compares ``chunk_size`` with a token count).

The rule reports the default; a call giving that parameter another literal overrides the budget, so the
literal is one too::

    # loopgpt/summarizer.py: the default is reported (compared with the token count)
    def _chunk_text(self, text: str, chunk_size=900): ...

    # loopgpt/tools/pdf.py
    summarizer = Summarizer()
    chunks = list(summarizer._chunk_text(page_text, chunk_size=60))

Which function a call reaches is resolved, not guessed from its name alone: ``self.method(...)`` in the
class defining it, ``x.method(...)`` where the function binds ``x = Class(...)``, ``Class(...)`` for its
``__init__``, ``function(...)`` for a module-level function of the module or one it imports by name,
``self.x.method(...)`` where the class binds ``self.x = Class(...)``. The argument is matched by keyword or by
position (``self`` left out). What a call passes may be a setting's fallback (set 161: isage-refiner's
operators, ``REFORMCompressor(keep_prefix=self.cfg.get("keep_prefix", 50))``, and ``budget =
self.cfg.get("budget", 2048)`` ... ``self.compressor.compress(budget=budget)``): the fallback of a dict's
``.get`` (not of an environment read), given whole or through a local bound only to it. Guards: the default
was reported by PB102 in its own module (not by a project-wide join); the literal is 16 or more (a smaller one is
no budget by convention) and not reported already; one function of that name and parameter with a reported
default in the project. Facts ``DEFAULT_FACT`` (a reported default: function key, parameter, position)
and ``PASSED_FACT`` (a literal passed: function key, keyword or ``#position``) are joined per project.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.factory_receivers import (
    project_factories,
    record_factories,
    source_name,
    through_factory,
)
from prompt_budget.lint.fallbacks import fallback_literals
from prompt_budget.lint.flow import finding_where_bound, is_test_module, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rule import defaults, is_env_read
from prompt_budget.lint.walks import own_statements, statements, walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

DEFAULT_FACT = "\x00override-default "
PASSED_FACT = "\x00override-passed "
#: PB105's (its own facts: ``noqa: PB105`` at the literal silences them).
RATIO_DEFAULT_FACT = "\x00pb105 override-default "
RATIO_PASSED_FACT = "\x00pb105 override-passed "


def _tags(ratio: bool) -> tuple[str, str]:
    """The facts of a reported default and of a literal passed: PB105's (``ratio``) or PB102's."""
    return (RATIO_DEFAULT_FACT, RATIO_PASSED_FACT) if ratio else (DEFAULT_FACT, PASSED_FACT)


#: The smallest literal taken as a budget passed.
_SMALLEST = 16
_SELF = frozenset({"self", "cls"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _positional(fn: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[str]:
    """The names a call's positional arguments fill (a method's ``self`` left out)."""
    names = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    return names[1:] if method and names and names[0] in _SELF else names


def _passed_constants(value: ast.expr) -> tuple[ast.expr, ...]:
    """The literals an argument passes: itself, or the fallback of a caller's own value (set 99:
    raglocal's ``split(text, chunk_size=chunk_size if chunk_size is not None else 600)``, and
    ``chunk_size or 600``)."""
    kind = type(value)
    if kind is ast.Constant:
        return (value,)
    if kind is ast.IfExp:
        assert isinstance(value, ast.IfExp)
        return tuple(b for b in (value.body, value.orelse) if type(b) is ast.Constant)
    if kind is ast.BoolOp and isinstance(value, ast.BoolOp) and type(value.op) is ast.Or:
        last = value.values[-1]
        return (last,) if type(last) is ast.Constant else ()
    if kind is ast.Call and isinstance(value, ast.Call):
        return _setting_fallback(value)
    return ()


def _setting_fallback(call: ast.Call) -> tuple[ast.expr, ...]:
    """``cfg.get("keep_prefix", 50)``: the literal a dict's lookup falls back to (``fallbacks``' reading of a
    ``.get`` read whole; an environment read's fallback is never reported)."""
    if not (type(call.func) is ast.Attribute and call.func.attr == "get") or is_env_read(call):
        return ()
    return tuple(fallback_literals(call))


def _passed_on(fn: ast.AST, name: str) -> list[tuple[ast.Call, str]]:
    """The calls in ``fn`` given the local ``name`` whole, each with the slot it fills (keyword or
    ``#position``)."""
    out: list[tuple[ast.Call, str]] = []
    for node in walk(fn):
        if type(node) is not ast.Call:
            continue
        assert isinstance(node, ast.Call)
        out.extend((node, f"#{i}") for i, a in enumerate(node.args) if type(a) is ast.Name and a.id == name)
        out.extend(
            (node, kw.arg)
            for kw in node.keywords
            if kw.arg is not None and type(kw.value) is ast.Name and kw.value.id == name
        )
    return out


def _receiver_class(rule: LintRule, name: str) -> str | None:
    """The class ``name`` is bound to an instance of in the enclosing function (``x = Summarizer()``),
    else None (bound twice, to something else, or not bound there)."""
    fn, tree = rule.ctx.function(), rule.ctx.tree
    if fn is None and tree is None:
        return None
    # module-level code (a ``__main__`` demo, set 93): the module's own statements, not its functions'
    stmts = statements(fn) if fn is not None else own_statements(tree) if tree is not None else ()
    return _one_class(
        s.value
        for s in stmts
        if type(s) is ast.Assign and any(type(t) is ast.Name and t.id == name for t in s.targets)
    )


def _one_class(values: Iterable[ast.expr], after_none: bool = False) -> str | None:
    """The one class every value calls (``Summarizer()``), else None (two classes, or a value that is no
    such call; with ``after_none``, ``None`` values are passed over: ``self._compressor = None`` first)."""
    found: set[str] = set()
    for value in values:
        if after_none and type(value) is ast.Constant and value.value is None:
            continue
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return None
        found.add(value.func.id)
    return next(iter(found)) if len(found) == 1 else None


def _held_class(rule: LintRule, attribute: ast.Attribute) -> str | None:
    """The class (by the module's name for it) of which ``self.<attr>`` is bound to an instance in the
    enclosing class (``self.compressor = LongRefinerCompressor(...)``, perhaps after ``= None``), else None
    (bound to two or to something else)."""
    cls, tree = rule.ctx.enclosing_class(), rule.ctx.tree
    if not (type(attribute.value) is ast.Name and attribute.value.id in _SELF) or cls is None:
        return None
    held = _one_class(
        (
            node.value
            for node in walk(cls)
            if type(node) is ast.Assign
            and any(
                type(t) is ast.Attribute
                and t.attr == attribute.attr
                and type(t.value) is ast.Name
                and t.value.id in _SELF
                for t in node.targets
            )
        ),
        after_none=True,
    )
    return source_name(tree, held) if held is not None and isinstance(tree, ast.Module) else None


class BudgetOverrides:
    """One module's literals passed to a resolved function, and its reported parameter defaults. With
    ``ratio``, PB105's: fractions passed for a parameter whose default is a reported budget ratio (set 159:
    ultrastable's ``ContextPressureDetector(max_tokens=2200, warn_fraction=0.75, critical_fraction=0.92)``,
    whose ``critical_fraction=0.95`` is compared with the share of the window used)."""

    def __init__(self, ratio: bool = False) -> None:
        #: (the literal, function key, keyword or ``#position``, amount)
        self.passed: list[tuple[ast.expr, str, str, int | float]] = []
        self._ratio = ratio
        self._tags = _tags(ratio)
        self._names: set[str] | None = None
        self._test: bool | None = None

    def _in_test(self, rule: LintRule) -> bool:
        if self._test is None:
            self._test = is_test_module(rule.ctx.path)
        return self._test

    def _callable_names(self, rule: LintRule) -> set[str]:
        """The module's top-level functions and classes, and the names it imports from a module."""
        if self._names is None:
            tree = rule.ctx.tree
            names: set[str] = set()
            for stmt in tree.body if isinstance(tree, ast.Module) else []:
                if isinstance(stmt, (*_FUNCTIONS, ast.ClassDef)):
                    names.add(stmt.name)
                elif isinstance(stmt, ast.ImportFrom):
                    names.update(a.asname or a.name for a in stmt.names)
            self._names = names
        return self._names

    def _key(self, rule: LintRule, call: ast.Call) -> str | None:
        func = call.func
        if isinstance(func, ast.Name):
            return func.id if func.id in self._callable_names(rule) else None
        if not isinstance(func, ast.Attribute):
            return None
        if isinstance(func.value, ast.Attribute):  # ``self.compressor.compress(...)``
            held = _held_class(rule, func.value)
            return f"{held}.{func.attr}" if held is not None else None
        if not isinstance(func.value, ast.Name):
            return None
        owner = func.value.id
        if owner in _SELF:
            cls = rule.ctx.enclosing_class()
            return f"{cls.name}.{func.attr}" if cls is not None else None
        found = _receiver_class(rule, owner)  # a class, or a factory (``factory_receivers``)
        tree = rule.ctx.tree
        if found is not None and isinstance(tree, ast.Module):
            found = source_name(tree, found)
        return f"{found}.{func.attr}" if found is not None else None

    def call(self, rule: LintRule, node: ast.Call) -> None:
        """``summarizer._chunk_text(page_text, chunk_size=60)``: literals passed to a resolved function."""
        constants: list[tuple[str, ast.expr]] = []
        self._bound_fallback(rule, node)
        for i, arg in enumerate(node.args):
            constants.extend((f"#{i}", c) for c in _passed_constants(arg))
        for kw in node.keywords:
            if kw.arg is not None:
                constants.extend((kw.arg, c) for c in _passed_constants(kw.value))
        if not constants:
            return
        literals = [
            (slot, value, amount)
            for slot, value in constants
            if (amount := self._amount(rule, value)) is not None and (self._ratio or amount >= _SMALLEST)
        ]
        if not literals or any(type(a) is ast.Starred for a in node.args) or self._in_test(rule):
            return
        key = self._key(rule, node)
        if key is not None:
            self.passed.extend((value, key, slot, amount) for slot, value, amount in literals)

    def _bound_fallback(self, rule: LintRule, node: ast.Call) -> None:
        """``budget = self.cfg.get("budget", 2048)`` ... ``self.compressor.compress(budget=budget)``: the
        fallback of a local bound only to it, passed where the function gives the local whole."""
        fallback = _setting_fallback(node)
        fn, stmt = rule.ctx.function(), rule.ctx.parent(node)
        if not fallback or fn is None or type(stmt) is not ast.Assign or self._in_test(rule):
            return
        assert isinstance(stmt, ast.Assign)
        target = stmt.targets[0] if len(stmt.targets) == 1 else None
        if not isinstance(target, ast.Name) or len(bound_values(fn, target.id)) != 1:
            return
        amount = self._amount(rule, fallback[0])
        if amount is None or not (self._ratio or amount >= _SMALLEST):
            return
        for call, slot in _passed_on(fn, target.id):
            key = self._key(rule, call)
            if key is not None and not any(type(a) is ast.Starred for a in call.args):
                self.passed.append((fallback[0], key, slot, amount))

    def _amount(self, rule: LintRule, value: ast.expr) -> int | float | None:
        return fraction(value) if self._ratio else rule.budget_literal(value)

    def finish(self, rule: LintRule, module: ast.Module) -> None:
        """Report the literals passed for a parameter whose default this module reports; keep the
        others, and the reported defaults, as project facts."""
        reported = {id(r.target) for r in rule.ctx.reports if r.code == rule.CODE and r.target is not None}
        found: dict[tuple[str, str], tuple[str, int | float, int]] = {}
        for key, fn, method in _functions(module) if reported else ():
            for arg, default in defaults(fn.args):
                value = self._amount(rule, default) if id(default) in reported else None
                if value is not None:
                    positional = _positional(fn, method)
                    pos = positional.index(arg.arg) if arg.arg in positional else -1
                    found[(key, arg.arg)] = found[(key, f"#{pos}")] = (arg.arg, value, default.lineno)
                    rule.fact(default, f"{self._tags[0]}{key} {arg.arg} {pos}", value)
        done = reported_ids(rule)
        factories = record_factories(rule, module)  # ``client = get_client()``: its class's method
        for literal, made, slot, amount in self.passed:
            key = through_factory(made, factories)
            if id(literal) in done:
                continue
            hit = found.get((key, slot))
            if hit is None:
                rule.fact(literal, f"{self._tags[1]}{key} {slot}", amount)
                continue
            param, was, line = hit
            message = _message(param, amount, key, was, f"line {line}", self._ratio)
            rule.report_literal(literal, message, amount, param)
            done.add(id(literal))


def _functions(module: ast.Module) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, bool]]:
    """The module's top-level functions and its top-level classes' methods, by the key a call resolves
    to (``_chunk_text``, ``Summarizer._chunk_text``, ``Summarizer`` for its ``__init__``)."""
    out: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, bool]] = []
    for stmt in module.body:
        if isinstance(stmt, _FUNCTIONS):
            out.append((stmt.name, stmt, False))
        elif isinstance(stmt, ast.ClassDef):
            for item in stmt.body:
                if isinstance(item, _FUNCTIONS):
                    key = stmt.name if item.name == "__init__" else f"{stmt.name}.{item.name}"
                    out.append((key, item, True))
    return out


def _message(param: str, amount: int | float, key: str, default: object, where: str, ratio: bool) -> str:
    if ratio:
        return (
            f"hard-coded budget ratio {param}={amount} passed to `{key}`, whose default `{param}={default}` is "
            f"a budget ratio (at {where}); move it to config so the threshold can be tuned per model"
        )
    return (
        f"token budget {param}={amount} passed to `{key}`, whose default `{param}={default}` is a token "
        f"budget (at {where}); move it to config so it can be tuned and tested"
    )


def project_overrides(
    rule: type[LintRule], facts: Sequence[Fact], root: Path, ratio: bool = False
) -> list[Finding]:
    """The literals passed for a parameter whose default another module reports as a token budget (with
    ``ratio``: fractions, for one reported as a budget ratio)."""
    project = partial(fact_project, root=root)
    default_tag, passed_tag = _tags(ratio)
    bound: dict[tuple[Path, str, str], list[tuple[Fact, str]]] = defaultdict(list)
    for fact, (key, param, pos) in tagged(facts, default_tag, 3):
        top = project(fact)
        bound[(top, key, param)].append((fact, param))
        if pos != "-1":
            bound[(top, key, f"#{pos}")].append((fact, param))
    if not bound:
        return []
    findings = []
    factories = project_factories(facts, project)
    for fact, (made, slot) in tagged(facts, passed_tag, 2):
        key = through_factory(made, factories.get(project(fact), {}))
        hits = bound.get((project(fact), key, slot), [])
        if len(hits) != 1:
            continue  # no reported default, or two functions of that key: which one is reached is unknown
        default, param = hits[0]
        message = _message(param, fact.value, key, default.value, f"{default.path}:{default.line}", ratio)
        findings.append(finding_where_bound(rule, fact, message, param, config_key(param)))
    return findings
