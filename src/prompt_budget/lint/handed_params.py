"""A constructor's parameter handed to another module's class under another keyword or through its copy
on ``self``, and a parameter whose default is an imported constant handed so (PB102; set 99: raglib's
``GraphContextWindow`` and facade)::

    # graph_context/engine.py
    def __init__(self, chunk_size: int = 180, chunk_overlap: int = 25):
        self._chunk_size = chunk_size
        self._chunk_overlap = min(chunk_overlap, max(0, chunk_size - 1))
        self._splitter = ChunkSplitter(chunk_size=self._chunk_size, overlap=self._chunk_overlap)

    # facade.py
    from raglib.constants import DEFAULT_CHUNK_SIZE
    def __init__(self, chunk_size: int = DEFAULT_CHUNK_SIZE):
        self._splitter = ChunkSplitter(chunk_size=chunk_size)

``ChunkSplitter``'s own ``chunk_size`` and ``overlap`` are token budgets by its data flow (compared with
a token count: ``forwarded.TAKE_FACT``); a value handed to that parameter is the same setting written
again. ``forwarded`` follows a default passed under its own name (``f(n=n)``, ``f(n)``); this adds a
pass under another keyword (``overlap=chunk_overlap``) or of the parameter's copy on ``self`` (bound
in the same function to the parameter or to ``min``/``max``/``int`` of it: ``PASS_AS_FACT``, callee,
keyword, the parameter's name), and the pass of an imported constant that is a parameter's default
(``CONST_FACT``: callee, keyword, the constant's module stem and name), reported where the constant is
bound (its ``flow.BIND_FACT``). Only keywords are followed; a callee the module defines is left to
``token_reach``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import BIND_FACT, finding_where_bound, imported_names, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import callee_name, defaults
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

PASS_AS_FACT = "\x00pass-as "
CONST_FACT = "\x00pass-const "

#: Calls that hand on the value of their argument (``min(overlap, size - 1)``: at most the setting).
CARRIERS = frozenset({"min", "max", "int"})

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _carries(value: ast.expr, name: str) -> bool:
    """``value`` is the parameter ``name``, or ``min``/``max``/``int`` of it."""
    if type(value) is ast.Name:
        return value.id == name
    return (
        type(value) is ast.Call
        and type(value.func) is ast.Name
        and value.func.id in CARRIERS
        and any(type(a) is ast.Name and a.id == name for a in value.args)
    )


def _self_copies(fn: Function, name: str) -> set[str]:
    """The attributes of ``self`` that ``fn`` binds to the parameter ``name`` (``self._size = size``)."""
    return {
        t.attr
        for n in walk(fn)
        if type(n) is ast.Assign and len(n.targets) == 1 and _carries(n.value, name)
        for t in n.targets
        if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self"
    }


def handed(fn: Function, name: str, own: bool) -> Iterator[tuple[ast.Call, str]]:
    """The calls of ``fn`` given the parameter ``name`` by a keyword, with the keyword: under another
    keyword, through its copy on ``self``, and under its own name too when ``own``."""
    copies: set[str] | None = None
    for call in walk(fn):
        if type(call) is not ast.Call:
            continue
        for kw in call.keywords:
            value = kw.value
            if kw.arg is None:
                continue
            if type(value) is ast.Name and value.id == name and (own or kw.arg != name):
                yield call, kw.arg
            elif type(value) is ast.Attribute and type(value.value) is ast.Name and value.value.id == "self":
                if copies is None:
                    copies = _self_copies(fn, name)
                if value.attr in copies:
                    yield call, kw.arg


def record_handed(
    rule: LintRule, literal: ast.expr, fn: Function, name: str, defined: set[str], passer: str
) -> None:
    """``PASS_AS_FACT`` for the first call of another module's callable ``fn`` hands ``name`` to."""
    for call, keyword in handed(fn, name, False):
        callee = callee_name(call)
        if callee and callee != "super" and not (type(call.func) is ast.Name and callee in defined):
            value = getattr(literal, "value", 0)
            rule.fact(literal, f"{PASS_AS_FACT}{callee} -1 {keyword} {name} {passer}", value)
            return


def constant_defaults(rule: LintRule, node: ast.arguments) -> None:
    """``def f(chunk_size=CHUNK_SIZE): ... Splitter(chunk_size=chunk_size)``, ``CHUNK_SIZE`` imported by
    name: ``CONST_FACT`` for each keyword the default is handed under."""
    fn = rule.ctx.function()
    tree = rule.ctx.tree
    if fn is None or fn.args is not node or not isinstance(tree, ast.Module):
        return
    given = [(a.arg, d.id) for a, d in defaults(node) if type(d) is ast.Name and d.id.isupper()]
    if not given:
        return  # the common case: no default names a constant
    imported = imported_names(tree)
    body = tree.body
    defined = {s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    for param, constant in given:
        source = imported.get(constant)
        if source is None:
            continue
        for call, keyword in handed(fn, param, True):
            callee = callee_name(call)
            if callee and callee != "super" and not (type(call.func) is ast.Name and callee in defined):
                rule.fact(node, f"{CONST_FACT}{callee} {keyword} {source}", 0)


def handed_passes(facts: Sequence[Fact]) -> list[tuple[Fact, list[str]]]:
    """The ``PASS_AS_FACT`` passes as ``forwarded_budgets`` reads them: callee, slot, keyword, the
    parameter's name, the passer's callable and position."""
    return [(fact, fields) for fact, fields in tagged(facts, PASS_AS_FACT, 6) if len(fields) == 6]


def same_project(fact: Fact, other: Fact, root: Path | None) -> bool:
    """``fact`` is no pass of ``handed_params``, or was recorded in the project of ``other`` (a lint run
    over several packages must not let one package's class decide for another's constant)."""
    if root is None or not fact.name.startswith((PASS_AS_FACT, CONST_FACT)):
        return True
    return fact_project(fact, root) == fact_project(other, root)


def handed_constants(
    rule: type[LintRule],
    facts: Sequence[Fact],
    takes: dict[tuple[str, str], tuple[int, Fact]],
    root: Path | None = None,
) -> list[Finding]:
    """The imported constants handed to a callee's token budget (``CONST_FACT`` meeting a take): findings
    where they are bound."""
    from prompt_budget.lint.cache import module_name

    def project(fact: Fact) -> Path | None:
        return fact_project(fact, root) if root is not None else None

    wanted: dict[tuple[Path | None, str, str], tuple[str, str]] = {}
    for given, (callee, keyword, stem, constant) in tagged(facts, CONST_FACT, 4):
        found = takes.get((callee, keyword))
        if found is not None and same_project(given, found[1], root):
            wanted.setdefault((project(given), stem, constant), (callee, keyword))
    if not wanted:
        return []
    findings = []
    for fact, (name,) in tagged(facts, BIND_FACT, 1):
        hit = wanted.get((project(fact), module_name(fact.path), name))
        if hit is None:
            continue
        callee, keyword = hit
        take = takes[hit][1]
        message = (
            f"token budget {name} = {fact.value}: a parameter's default handed to `{callee}()` as its "
            f"`{keyword}`, a token budget ({take.path}:{take.line}); move it to config so both read one value"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return findings
