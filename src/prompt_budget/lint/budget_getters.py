"""A constructor's parameter that a class's token budget getter returns (PB102; set 53: rankify's
``RankLLM`` rerankers)::

    # rerank/rankllm.py: the constructor stores its parameter
    class RankLLM(ABC):
        def __init__(self, model, context_size, prompt_mode):
            self._context_size = context_size

    # rerank/listwise/listwise_rankllm.py: a getter named as a token budget returns it
    class ListwiseRankLLM(RankLLM, ABC):
        def max_tokens(self) -> int:
            return self._context_size

    # models/rank_fid.py: a subclass's default, forwarded to the constructor above
    class RankFiDDistill(ListwiseRankLLM):
        def __init__(self, model, context_size: int = 150, ...):
            super().__init__(model=model, context_size=context_size, ...)

A context name under the smallest model window (``context_size = 150``) is no window by its name alone
(``names.implausible``: 50 lines of diff context); the class says what it counts where its getter named
as a token budget (``max_tokens()``) returns the attribute the constructor stores the parameter in.

Facts, each of a class of the module (by its simple name): ``GETTER_FACT`` (a method whose name is a
token budget returning ``self.<attr>``), ``STORE_FACT`` (``self.<attr> = <param>`` in ``__init__``, the
parameter named as a budget), ``BASES_FACT`` (its bases, for a class with one of the others), and
``DEFAULT_FACT`` (a constructor's default of 16 or more that the names judged implausible as a window,
the parameter forwarded to ``super().__init__`` or stored by the class itself). Joined per project: a
default is reported where the class or one of its ancestors (a class name defined once in the project)
has a getter returning an attribute the class or one of its ancestors stores from a parameter of that
name (every class the project defines under an ancestor's name is followed). Read from the module's statements (``walks.statements``) at its end; no walk of its own.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import finding_where_bound, function_body, is_test_module, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rule import attr_name, defaults
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

GETTER_FACT = "\x00getter-returns "
STORE_FACT = "\x00getter-store "
BASES_FACT = "\x00getter-bases "
DEFAULT_FACT = "\x00getter-default "

#: The smallest default taken.
_SMALLEST = 16
#: How many ancestors up a default's class is followed.
_DEPTH = 4

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _forwarded(init: Function, param: str) -> bool:
    """``super().__init__(..., param=param)`` or ``super().__init__(m, param)`` in ``init``'s body."""
    for stmt in function_body(init):
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "__init__"
            and isinstance(call.func.value, ast.Call)
            and isinstance(call.func.value.func, ast.Name)
            and call.func.value.func.id == "super"
        ):
            continue
        if any(
            k.arg == param and isinstance(k.value, ast.Name) and k.value.id == param for k in call.keywords
        ):
            return True
        if any(isinstance(a, ast.Name) and a.id == param for a in call.args):
            return True
    return False


#: A class's getters (attribute, method, where), stores (attribute, parameter) and bases, by class name.
_Getters = dict[str, list[tuple[str, str, str]]]
_Stores = dict[str, list[tuple[str, str]]]
_Bases = dict[str, list[list[str]]]


def _getter_of(
    cls: str, param: str, getters: _Getters, stores: _Stores, bases: _Bases
) -> tuple[str, str, str] | None:
    """The getter of ``cls`` or an ancestor returning an attribute ``cls`` or an ancestor stores from
    ``param``: (attribute, method, where), else None."""
    line: list[str] = []  # the class and its ancestors, nearest first
    todo = [cls]
    for _ in range(_DEPTH):
        line.extend(c for c in todo if c not in line)
        # an ancestor's name bound to two classes of the project (a vendored copy): both followed
        todo = [b for c in todo for up in bases.get(c, ()) for b in up if b not in line]
    attrs = {a for c in line for a, p in stores.get(c, ()) if p == param}
    return next((g for c in line for g in getters.get(c, ()) if g[0] in attrs), None)


def _message(param: str, value: int | float, got: tuple[str, str, str]) -> str:
    attr, method, where = got
    return (
        f"token budget {param}={value} as a constructor's default: stored in `self.{attr}`, which the "
        f"token budget getter `{method}()` returns at {where}; move it to config so it can be tuned and tested"
    )


def class_facts(rule: LintRule, module: ast.Module) -> None:
    """The module's getters, stores and implausible constructor defaults (see the module's docstring);
    a default the module's own classes decide is reported at once, one another rule reported is left
    to it."""
    if is_test_module(rule.ctx.path):
        return
    names = rule.names
    reported = reported_ids(rule)
    getters: _Getters = defaultdict(list)
    stores: _Stores = defaultdict(list)
    bases: _Bases = defaultdict(list)
    pending: list[tuple[ast.expr, str, str, int | float]] = []
    for cls in statements(module):
        if not isinstance(cls, ast.ClassDef):
            continue
        found = False
        for fn in cls.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            body = function_body(fn)
            if len(body) == 1 and isinstance(body[0], ast.Return) and names.is_budget(fn.name):
                attr = self_attribute(body[0].value)  # ``def max_tokens(self): return self._context_size``
                if attr:
                    rule.fact(fn, f"{GETTER_FACT}{cls.name} {attr} {fn.name}", 0)
                    getters[cls.name].append((attr, fn.name, f"line {fn.lineno}"))
                    found = True
            if fn.name != "__init__":
                continue
            params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
            stored: set[str] = set()
            for stmt in body:
                if (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and (attr := self_attribute(stmt.targets[0]))
                    and isinstance(stmt.value, ast.Name)
                    and stmt.value.id in params
                    and names.is_budget_setting(stmt.value.id)
                ):
                    rule.fact(stmt, f"{STORE_FACT}{cls.name} {attr} {stmt.value.id}", 0)
                    stores[cls.name].append((attr, stmt.value.id))
                    stored.add(stmt.value.id)
                    found = True
            for arg, default in defaults(fn.args):
                value = rule.budget_literal(default) if isinstance(default, ast.Constant) else None
                if (
                    value is None
                    or default is None
                    or value < _SMALLEST
                    or not names.is_budget_setting(arg.arg)
                    or not names.implausible(arg.arg, value)
                    or not (arg.arg in stored or _forwarded(fn, arg.arg))
                    or id(default) in reported
                ):
                    continue
                pending.append((default, cls.name, arg.arg, value))
                found = True
        ups = [b for b in (attr_name(e) for e in cls.bases) if b]
        if found and ups:
            rule.fact(cls, f"{BASES_FACT}{cls.name} {' '.join(ups)}", 0)
            bases[cls.name].append(ups)
    for default, cls_name, param, value in pending:
        got = _getter_of(cls_name, param, getters, stores, bases)
        if got is not None:
            rule.report_literal(default, _message(param, value, got), value, param)
        else:
            rule.fact(default, f"{DEFAULT_FACT}{cls_name} {param}", value)


def project_getters(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The implausible constructor defaults of a parameter a token budget getter of the class or an
    ancestor returns (see the module's docstring), reported where they are written."""
    defaults_ = list(tagged(facts, DEFAULT_FACT, 2))
    if not defaults_:
        return []
    project = partial(fact_project, root=root)
    getters: dict[Path, _Getters] = defaultdict(lambda: defaultdict(list))
    for fact, (cls, attr, method) in tagged(facts, GETTER_FACT, 3):
        getters[project(fact)][cls].append((attr, method, f"{fact.path}:{fact.line}"))
    stores: dict[Path, _Stores] = defaultdict(lambda: defaultdict(list))
    for fact, (cls, attr, param) in tagged(facts, STORE_FACT, 3):
        stores[project(fact)][cls].append((attr, param))
    bases: dict[Path, _Bases] = defaultdict(lambda: defaultdict(list))
    for fact, (cls, names) in tagged(facts, BASES_FACT, 2):
        bases[project(fact)][cls].append(names.split())
    findings = []
    for fact, (cls, param) in defaults_:
        where = project(fact)
        got = _getter_of(cls, param, getters[where], stores[where], bases[where])
        if got is not None:
            message = _message(param, fact.value, got)
            findings.append(finding_where_bound(rule, fact, message, param, config_key(param)))
    return findings
