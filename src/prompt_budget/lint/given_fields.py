"""A number given as a keyword to the constructor of a project class whose field of that name is a token
budget (PB101's project-wide data flow; set 75: mico-agent's ``RoleConfig(context=8192)``, miiflow's
``ModelCapabilities(max_output=64000)``)::

    # profiles_runtime.py: the field's default, reported (a read gives it to a token budget)
    @dataclass
    class RoleConfig:
        context: int = 8192

    # cli.py
    analyzer = RoleConfig(model=name, context=8192, max_tokens=384)

A keyword's name (``context``, ``max_output``) may say no unit; the class it is given to does: its field
of that name is a token budget when a rule reported the field's default (``field_reach.budget_fields``:
by its name, a comment, or a read of the project giving it to a budget), or when the field, declared
without a default, is commented or documented as a limit of tokens (``max_output: int  # max output
tokens``). The keyword's number is then that budget, written at a call. Also given through a function
of the module that spreads its ``**kwargs`` into the class's constructor (``def _r(model, **kwargs):
return RoleConfig(model=model, **kwargs)`` ... ``_r("qwen", context=8192)``), and as the fallback of a
setting read into the keyword (``context=int(raw.get("context", 8192) or 8192)``), and as the default of a
command-line option whose destination is the keyword's value (``hot_budget=args.hot_budget``).

Recorded per module (``GIVEN_FACT``: the class, the keyword; ``SAID_FACT``: a class field said in
tokens, not in a test module); joined per project: the class of that name must be declared once, its
field a budget. A keyword named as a budget is reported by its name already; names of credentials, time
or other units (``timeout=1800``) and numbers under 16 are not recorded.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import trailing_comment
from prompt_budget.lint.field_docstrings import says_token_limit
from prompt_budget.lint.field_reach import budget_fields
from prompt_budget.lint.flow import against_flow, finding_where_bound, is_test_module, tagged
from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.forwarded import budget_takes
from prompt_budget.lint.imported_positional import (
    ImportedPositionalFlow,
    named_method,
    path_of,
    positional_budgets,
)
from prompt_budget.lint.names import config_key, words
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rule import is_env_read, string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions
    from prompt_budget.lint.positional_args import Function
    from prompt_budget.lint.rule import LintRule
    from prompt_budget.lint.token_cuts import CutFlow

GIVEN_FACT = "\x00pb101 given "
#: A number given under a keyword weakly named as a budget to a function or method (``recall(q, budget=16000)``).
KEYED_FACT = "\x00pb101 keyed "
SAID_FACT = "\x00pb101 said "
OPTION_FACT = "\x00pb101 option "

#: The smallest number taken as given to a field (``field_reach``'s smallest default).
_SMALLEST = 16
_CASTS = frozenset({"int", "float"})
#: The expressions a keyword's number may be written as (``budget_literal``'s, and ``_literals``').
_MAY_HOLD = (ast.Constant, ast.Call, ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.NamedExpr)


def _class_name(func: ast.expr) -> str | None:
    """``RoleConfig``, ``models.RoleConfig``: a class's name (capitalised), else None."""
    name = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
    return name if name and name[0].isupper() else None


def _forwarders(module: ast.Module) -> dict[str, tuple[str, set[str]]]:
    """The module's functions spreading their ``**kwargs`` into a class's constructor, each with the
    class and the function's own parameters (which the keywords of a call do not reach the class as)."""
    out: dict[str, tuple[str, set[str]]] = {}
    for fn in module.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.args.kwarg is None:
            continue
        spread = fn.args.kwarg.arg
        own = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
        for node in walk(fn):
            if (
                type(node) is ast.Call
                and (cls := _class_name(node.func)) is not None
                and any(
                    k.arg is None and type(k.value) is ast.Name and k.value.id == spread
                    for k in node.keywords
                )
            ):
                out[fn.name] = (cls, own)
    return out


def _literals(value: ast.expr) -> list[ast.expr]:
    """The numbers a keyword's value is made of: itself, converted (``int(8192)``), an ``or`` fallback
    and the fallback of a setting read (``int(raw.get("context", 8192) or 8192)``)."""
    if (
        type(value) is ast.Call
        and type(value.func) is ast.Name
        and value.func.id in _CASTS
        and len(value.args) == 1
    ):
        value = value.args[0]
    if type(value) is ast.BoolOp and isinstance(value.op, ast.Or):
        return [value.values[-1], *_literals(value.values[-2])]
    if (
        type(value) is ast.Call
        and type(value.func) is ast.Attribute
        and value.func.attr == "get"
        and len(value.args) == 2
        and string_value(value.args[0]) is not None
        and not is_env_read(value)
    ):
        return [value.args[1]]
    return [value]


class GivenFlow(ImportedPositionalFlow):
    """``ImportedPositionalFlow`` that also keeps the module's calls of a class (or of a function
    forwarding to one) giving numbers as keywords, recorded with its class fields said in tokens."""

    def __init__(self, module: ast.Module) -> None:
        super().__init__(module)
        self._keyed: list[ast.Call] = []
        self._said: dict[tuple[str, str], tuple[ast.stmt | None, str]] = {}
        self._kept: list[tuple[ast.expr, str, str, int | float]] = []
        #: (the literal, the callee as a take names it, the keyword, its value) of a call of a function
        self._keyed_calls: list[tuple[ast.expr, str, str, int | float]] = []
        self._imports: set[str] | None = None
        #: the module's command-line options with a number as default: destination -> the defaults
        self._options: dict[str, list[ast.expr]] = {}
        #: (the default, the class, the keyword, its value, the option's destination, the call's line)
        self._option_hits: list[tuple[ast.expr, str, str, int | float, str, int]] = []

    def call(self, node: ast.Call, fn: Function | None = None) -> None:
        super().call(node, fn)
        if type(node.func) is ast.Attribute and node.func.attr == "add_argument":
            option = argparse_default(node)
            if option is not None and type(option[0]) is ast.Constant:
                self._options.setdefault(option[1], []).append(option[0])
        if (
            node.keywords
            and type(node.func) in (ast.Name, ast.Attribute)
            and any(type(k.value) in _MAY_HOLD for k in node.keywords)
        ):
            self._keyed.append(node)

    def _found(self, rule: LintRule) -> list[tuple[ast.expr, str, str, int | float]]:
        """(the literal, the class, the keyword, its value) of each number the module gives a class."""
        if is_test_module(rule.ctx.path):
            return []
        found: list[tuple[ast.expr, str, str, int | float]] = []
        forwards: dict[str, tuple[str, set[str]]] | None = None
        reported = reported_ids(rule)  # ``TokenTextSplitter(chunk_size=p.get("chunk_size", 500))``: PB102's
        self._keyed_calls = []
        for call in self._keyed:
            cls, own = _class_name(call.func), set()
            if cls is None and type(call.func) is ast.Name:
                if forwards is None:
                    forwards = _forwarders(self._module)
                cls, own = forwards.get(call.func.id, (None, set()))
            if cls is None:
                self._keep_keyed(rule, call, reported)
                continue
            for kw in call.keywords:
                if kw.arg is None or kw.arg in own:
                    continue
                given = [
                    (literal, amount)
                    for literal in _literals(kw.value)
                    if (amount := rule.budget_literal(literal)) is not None
                    and amount >= _SMALLEST
                    and id(literal) not in reported
                ]
                # the numbers first: most keywords are given no number, and names cost more to judge
                if (
                    not given
                    or rule.names.is_budget(kw.arg)
                    or rule.names.is_excluded(kw.arg)
                    or against_flow(kw.arg)
                ):
                    continue
                found.extend((literal, cls, kw.arg, amount) for literal, amount in given)
        self._option_hits = list(self._given_options(rule, reported)) if self._options else []
        return found

    def _keep_keyed(self, rule: LintRule, call: ast.Call, reported: set[int]) -> None:
        """Keep each number ``call`` (of a function or a method, not a class) gives under a keyword weakly named
        as a budget (``budget=16000``): the project-wide pass reports it where the callee's parameter of that
        name holds a token budget (``forwarded.budget_takes``)."""
        func = call.func
        callees: list[str] = []
        if type(func) is ast.Name:
            callees = [func.id]
        elif type(func) is ast.Attribute and (base := path_of(func.value)) is not None:
            # ``memory.recall(...)`` of a module the file imports; ``self.engine.build_context_for_query(...)`` by
            # its distinct name alone (not ``tuner.run(budget=500)`` of another library's object)
            if type(func.value) is ast.Name and func.value.id in self._imported_names():
                callees.append(func.attr)
            if named_method(base, func.attr):
                callees.append(f".{func.attr}")
        for kw in call.keywords:
            if kw.arg is None or type(kw.value) is not ast.Constant or id(kw.value) in reported:
                continue
            amount = rule.budget_literal(kw.value)
            if amount is None or amount < _SMALLEST or not _keyed_name(rule, kw.arg):
                continue
            self._keyed_calls.extend((kw.value, callee, kw.arg, amount) for callee in callees)

    def _imported_names(self) -> set[str]:
        """The names the module's imports bind (kept once made)."""
        if self._imports is None:
            self._imports = {
                (alias.asname or alias.name).partition(".")[0]
                for stmt in self._module.body
                if isinstance(stmt, (ast.Import, ast.ImportFrom))
                for alias in stmt.names
            }
        return self._imports

    def _given_options(
        self, rule: LintRule, reported: set[int]
    ) -> Iterator[tuple[ast.expr, str, str, int | float, str, int]]:
        """``GeneratorConfig(hot_budget=args.hot_budget)`` in one function, ``add_argument("--hot-budget",
        type=int, default=1024)`` in another: the option's default is the number given to the class's
        field (set 132: akv-cache's command line). The option's destination read as ``args.NAME`` (a
        name's attribute) is the keyword's value; every default of that destination in the module counts
        (two sub-commands may declare it). The module is walked once, only when it has such options."""
        for node in walk(self._module):
            if type(node) is not ast.Call or not node.keywords or (cls := _class_name(node.func)) is None:
                continue
            for kw in node.keywords:
                value = kw.value
                if (
                    kw.arg is None
                    or type(value) is not ast.Attribute
                    or type(value.value) is not ast.Name
                    or value.attr not in self._options
                    or rule.names.is_budget(kw.arg)
                    or rule.names.is_excluded(kw.arg)
                    or against_flow(kw.arg)
                ):
                    continue
                for literal in self._options[value.attr]:
                    amount = rule.budget_literal(literal)
                    if amount is not None and amount >= _SMALLEST and id(literal) not in reported:
                        yield literal, cls, kw.arg, amount, value.attr, node.lineno

    def budgets(self, rule: LintRule) -> Iterator[tuple[ast.expr, str, int | float, str]]:
        """Also each number given to a class of the module whose field of that name is said in tokens
        (the others are kept for the project-wide pass: ``record``)."""
        yield from super().budgets(rule)
        self._said = said_fields(rule, self._module) if self._keyed else {}
        self._kept = []
        for literal, cls, name, amount in self._found(rule):
            said = self._said.get((cls, name))
            if said is None:
                self._kept.append((literal, cls, name, amount))
            elif said[0] is not None:
                how = f"given to `{cls}`, whose field `{name}` is declared as `{said[1]}` (line {said[0].lineno})"
                yield literal, name, amount, how

    def record(self, rule: LintRule, cuts: CutFlow) -> None:
        super().record(rule, cuts)
        for literal, cls, name, amount in self._kept:
            rule.fact(literal, f"{GIVEN_FACT}{cls} {name}", amount)
        for literal, callee, name, amount in self._keyed_calls:
            rule.fact(literal, f"{KEYED_FACT}{callee} {name}", amount)
        for literal, cls, name, amount, dest, line in self._option_hits:
            rule.fact(literal, f"{OPTION_FACT}{cls} {name} {dest} {line}", amount)
        said = self._said if self._keyed else said_fields(rule, self._module)
        for (cls, name), (stmt, text) in said.items():
            if stmt is not None:
                rule.fact(stmt, f"{SAID_FACT}{cls} {name} {text}", 0)


#: Words of a text about requests or a rate limiter's bucket, whose "tokens" are permits (``capacity: float
#: # max tokens (default: 60 requests/min)``).
_PERMIT_WORDS = frozenset(
    {"request", "requests", "req", "reqs", "rpm", "rps", "bucket", "refill", "refilled"}
)


def _keyed_name(rule: LintRule, name: str) -> bool:
    """A keyword named as a budget only weakly or by a generic size (``budget``, ``chunk_size``), whose unit the
    callee's parameter decides; one named as a budget outright is reported by its name already."""
    names = rule.names
    return (names.is_weak_budget(name) or names.is_budget_setting(name)) and not (
        names.is_budget(name) or names.is_excluded(name) or against_flow(name)
    )


def _says_tokens(text: str | None) -> bool:
    """A field's comment or docstring says a limit of a model's tokens, not of a rate limiter's."""
    return says_token_limit(text) and not (set(words(text or "")) & _PERMIT_WORDS or against_flow(text or ""))


def said_fields(rule: LintRule, module: ast.Module) -> dict[tuple[str, str], tuple[ast.stmt | None, str]]:
    """(class, field) -> (its statement, what it says) of the module's class fields declared without a
    number whose comment or docstring says a limit of tokens (``max_output: int  # max output tokens``);
    the statement None for a field of a class the module declares twice (which one a call makes is
    unknown). Not in a test module."""
    if is_test_module(rule.ctx.path):
        return {}
    lines = rule.ctx.lines
    out: dict[tuple[str, str], tuple[ast.stmt | None, str]] = {}
    for cls in module.body:
        if type(cls) is not ast.ClassDef:
            continue
        body = cls.body
        for at, stmt in enumerate(body):
            if type(stmt) is not ast.AnnAssign or type(stmt.target) is not ast.Name:
                continue
            if stmt.value is not None and rule.budget_literal(stmt.value) is not None:
                continue  # a default: the rules judge it where it is written (``budget_fields``)
            name = stmt.target.id
            comment = trailing_comment(lines[stmt.end_lineno - 1]) if stmt.end_lineno else ""
            after = body[at + 1] if at + 1 < len(body) else None
            doc = string_value(after.value) if type(after) is ast.Expr else None
            said = comment if _says_tokens(comment) else doc if _says_tokens(doc) else None
            if said and not rule.names.is_excluded(name) and not against_flow(name):
                key = (cls.name, name)
                out[key] = (None, "") if key in out else (stmt, " ".join(said.split())[:80])
    return out


def _given(rule: type[LintRule], facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
    """The numbers given as a keyword to a class of the project whose field of that name is a token
    budget: findings of ``rule`` where each number is written."""
    given = [(fact, (cls, name, "")) for fact, (cls, name) in tagged(facts, GIVEN_FACT, 2)]
    for fact, (cls, name, dest, line) in tagged(facts, OPTION_FACT, 4):
        how = f"as the default of option `--{dest.replace('_', '-')}`, read as `args.{dest}` and"
        given.append((fact, (cls, name, f"{how} given to `{cls}` at line {line}")))
    if not given:
        return []
    project = partial(fact_project, root=options.root)
    budgets = {
        key: f"its default reported at {f.path}:{f.line}"
        for key, f in budget_fields(facts, options.root).items()
    }
    said: dict[tuple[Path, str, str], list[str]] = defaultdict(list)
    for fact, (cls, name, text) in tagged(facts, SAID_FACT, 3):
        said[(project(fact), cls, name)].append(f"declared as `{text}` at {fact.path}:{fact.line}")
    for key, whys in said.items():
        if len(whys) == 1:
            budgets.setdefault(key, whys[0])
    judge = options.options_for(rule.CODE, rule.NAME, rule.DEFAULT_MIN_VALUE).judge
    findings = []
    placed: set[tuple[str, int, int]] = set()
    for fact, (cls, name, how) in given:
        why = budgets.get((project(fact), cls, name))
        place = (fact.path, fact.line, fact.column)
        if why is None or judge.implausible(name, fact.value) or place in placed:
            continue
        placed.add(place)  # an option's default given to two classes is reported once
        message = (
            f"token budget {name}={fact.value} {how or f'given to `{cls}`'}, whose field `{name}` is a token "
            f"budget ({why}); move it to config so it can be tuned and tested"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(f"{cls} {name}")))
    return findings


def _keyed(rule: type[LintRule], facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
    """The numbers given under a keyword to a function or method of the project whose parameter of that name
    holds a token budget (``forwarded.budget_takes``): findings of ``rule`` where each number is written."""
    keyed = list(tagged(facts, KEYED_FACT, 2))
    if not keyed:
        return []
    takes = budget_takes(facts, options.root)
    project = partial(fact_project, root=options.root)
    judge = options.options_for(rule.CODE, rule.NAME, rule.DEFAULT_MIN_VALUE).judge
    findings = []
    placed: set[tuple[str, int, int]] = set()
    for fact, (callee, name) in keyed:
        found = takes.get((callee, name))
        place = (fact.path, fact.line, fact.column)
        if found is None or place in placed or project(fact) != project(found[1]):
            continue
        if judge.implausible(name, fact.value):
            continue
        placed.add(place)
        shown = callee.lstrip(".")
        message = (
            f"token budget {name}={fact.value} given to `{shown}()`, whose `{name}` holds a token budget "
            f"({found[1].path}:{found[1].line}); move it to config so it can be tuned and tested"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(f"{shown} {name}")))
    return findings


def _inline_budgets(rule: type[LintRule], facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
    return (
        positional_budgets(rule, facts, options) + _given(rule, facts, options) + _keyed(rule, facts, options)
    )


#: ``LintRule.check_project`` for PB101: numbers given by position to another module's budget parameter,
#: and by keyword to a class whose field of that name is a budget.
project_inline = classmethod(_inline_budgets)
