"""A parameter's default forwarded under its own name to another module's function or class whose
parameter of that name holds tokens: one setting written twice (set 18: gptcache)::

    # processor/context/__init__.py: a public factory
    def SummarizationContextProcess(model_name=None, tokenizer=None, target_length=512):
        return summarization.SummarizationContextProcess(model_name, tokenizer, target_length)

    # processor/context/summarization_context.py: the class, whose ``target_length`` the data flow
    # shows is compared with a token count
    class SummarizationContextProcess(ContextProcess):
        def __init__(self, model_name="facebook/bart-large-cnn", tokenizer=None, target_length=512): ...

Each module records, as facts for the project-wide pass, the parameters its data flow decided are
token budgets (``TAKE_FACT``: the function, or the class for ``__init__``, the position and the name)
and the undecided parameters it passes on to a callee it does not define (``PASS_FACT``); a pass
matching a take of the same callee, position or keyword and name is reported where it is written.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import positional_fields
from prompt_budget.lint.flow import finding_where_bound, positional_params, tagged
from prompt_budget.lint.handed_params import (
    CARRIERS,
    handed_constants,
    handed_passes,
    record_handed,
    same_project,
)
from prompt_budget.lint.names import config_key
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rule import callee_name, number
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.flow import Binding
    from prompt_budget.lint.rule import LintRule

TAKE_FACT = "\x00take "
PASS_FACT = "\x00pass "
STORE_FACT = "\x00store "
#: A parameter defaulting to ``None`` passed on as a pass is (``compared_params``): it reports nothing itself, but a
#: take it reaches makes its own callable's parameter a take.
NONE_PASS_FACT = "\x00passnone "
BASE_FACT = "\x00base "


def record_take(rule: LintRule, literal: ast.expr, name: str, value: int | float) -> None:
    """The default ``literal`` of the parameter ``name`` of the function being walked, reported as a token
    budget by its name where the module's words make it one (``budget`` in a module about a
    "token-budgeted context"): a take other modules' passes reach (set 247: runnrr)."""
    fn, owner = rule.ctx.function(), rule.ctx.enclosing_class()
    own = owned(rule, fn, owner, name) if fn is not None else None
    if own is not None:
        rule.fact(literal, f"{TAKE_FACT}{own[0]} {own[1]} {name}", value)


def _callable_of(rule: LintRule, binding: Binding) -> tuple[str, int] | None:
    """The callable other modules call to give ``binding`` (a top-level function, or the class for
    ``__init__``) and the parameter's position, else None."""
    return owned(rule, binding.scope, binding.owner_class, binding.name)


def owned(
    rule: LintRule, fn: ast.AST | None, owner: ast.ClassDef | None, name: str
) -> tuple[str, int] | None:
    tree = rule.ctx.tree
    body = tree.body if isinstance(tree, ast.Module) else []
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    if owner is None and fn in body:
        callable_, params = fn.name, positional_params(fn, False)
    elif owner is not None and owner in body and fn.name == "__init__":
        callable_, params = owner.name, positional_params(fn, True)
    elif owner is not None and owner in body and not fn.name.startswith("__"):
        # a method, by its name alone (set 247: runnrr's client wrapping ``ContextService.build_context``)
        callable_, params = f".{fn.name}", positional_params(fn, True)
    else:
        return None
    return callable_, params.index(name) if name in params else -1


def record_field_takes(rule: LintRule, module: ast.Module) -> None:
    """A take (``TAKE_FACT``) for each field default of a module-level class without an ``__init__`` (a
    dataclass's, a model's) that the file's reports made a token budget: a caller in another module passing its
    own default under the field's name gives the same setting (set 335: foveance's ``budget: int = 2000`` in
    ``audit_conversations`` given to ``FoveanceProxy(budget=budget)``, whose field ``budget: int = 2000`` is
    reported)."""
    if not rule.ctx.reports:
        return  # nothing reported, no field a budget (most files)
    reported = reported_ids(rule)
    for cls in module.body:
        if not isinstance(cls, ast.ClassDef) or any(
            isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in cls.body
        ):
            continue
        fields = positional_fields(cls)
        for stmt in cls.body:
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and stmt.value is not None
                and id(stmt.value) in reported
                and stmt.target.id in fields
                and (value := number(stmt.value)) is not None
            ):
                index = fields.index(stmt.target.id)
                rule.fact(stmt.value, f"{TAKE_FACT}{cls.name} {index} {stmt.target.id}", value)


def _stored_on_self(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``self.<name> = <name>`` in ``fn``: the parameter is kept under its own name."""
    return any(
        isinstance(n, ast.Assign)
        and type(n.value) is ast.Name
        and n.value.id == name
        and any(
            type(t) is ast.Attribute and t.attr == name and type(t.value) is ast.Name and t.value.id == "self"
            for t in n.targets
        )
        for n in walk(fn)
    )


def record(rule: LintRule, binding: Binding, decided: bool) -> None:
    """Record the fact of a parameter's default ``binding``: a token budget of a callable other modules
    may call (``decided``), or passed on to a callee this module does not define (with the callable
    it is a parameter of, so a chain of passes is followed), or a constructor's parameter stored on
    ``self`` under its name (a base class whose subclasses pass it a token budget)."""
    fn, owner = binding.scope, binding.owner_class
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return
    tree = rule.ctx.tree
    body = tree.body if isinstance(tree, ast.Module) else []
    own = _callable_of(rule, binding)
    if decided:
        if own is not None:
            rule.fact(binding.literal, f"{TAKE_FACT}{own[0]} {own[1]} {binding.name}", binding.value)
        return
    passer = f"{own[0]} {own[1]}" if own is not None else "- -1"
    if own is not None and fn.name == "__init__" and _stored_on_self(fn, binding.name):
        rule.fact(binding.literal, f"{STORE_FACT}{own[0]} {binding.name}", binding.value)
    defined = {s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    passes = list(passed_to(rule, fn, owner, binding.name, defined))
    for callee, slot in passes:
        rule.fact(binding.literal, f"{PASS_FACT}{callee} {slot} {binding.name} {passer}", binding.value)
    if passes:
        return
    record_handed(rule, binding.literal, fn, binding.name, defined, passer)  # ``overlap=self._overlap``


def passed_to(
    rule: LintRule,
    fn: ast.FunctionDef | ast.AsyncFunctionDef,
    owner: ast.ClassDef | None,
    name: str,
    defined: set[str] | None = None,
) -> Iterator[tuple[str, int]]:
    """The callee and the position (-1: by keyword) of the first call in ``fn`` given ``name`` as it is, by
    position or under its own name, to a callee the module does not define (``helper(n)``: the module's own
    function, which ``token_reach`` follows); a method's call also as ``.method``."""
    if defined is None:
        tree = rule.ctx.tree
        body = tree.body if isinstance(tree, ast.Module) else []
        defined = {
            s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        }
    for call in (n for n in walk(fn) if type(n) is ast.Call):
        callee = _base_init(call, owner) or callee_name(call)
        if (
            not callee
            or callee in CARRIERS
            or callee == "super"
            or (type(call.func) is ast.Name and callee in defined)
        ):
            continue
        at = next((i for i, a in enumerate(call.args) if type(a) is ast.Name and a.id == name), None)
        if at is not None or gives_own_name(call, name):
            slot = at if at is not None else -1
            yield callee, slot
            if type(call.func) is ast.Attribute:  # ``self._context.build_context(...)``: a method too
                yield f".{callee}", slot
            return


def record_base(rule: LintRule, binding: Binding) -> None:
    """A constructor's token budget given to its base class's ``__init__`` under its own name
    (``super().__init__(max_length=max_length)``): the base's parameter of that name holds the same
    setting (``BASE_FACT``)."""
    fn, owner = binding.scope, binding.owner_class
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name != "__init__":
        return
    for call in (n for n in walk(fn) if type(n) is ast.Call):
        base = _base_init(call, owner)
        if base and gives_own_name(call, binding.name):
            rule.fact(binding.literal, f"{BASE_FACT}{base} {binding.name}", binding.value)
            return


def gives_own_name(call: ast.Call, name: str) -> bool:
    """``call`` is given the name ``name`` under its own name (``f(max_length=max_length)``)."""
    return any(k.arg == name and type(k.value) is ast.Name and k.value.id == name for k in call.keywords)


def gives_to_super_init(call: ast.AST, name: str) -> bool:
    """``super().__init__(name=name)``: the base class's constructor is given ``name`` as it is."""
    return (
        type(call) is ast.Call
        and type(call.func) is ast.Attribute
        and call.func.attr == "__init__"
        and isinstance(call.func.value, ast.Call)
        and callee_name(call.func.value) == "super"
        and gives_own_name(call, name)
    )


def _base_init(call: ast.Call, owner: ast.ClassDef | None) -> str | None:
    """``super().__init__(max_length=max_length)`` in a class whose base is ``Base``: ``Base`` (the
    callable whose take matches), else None."""
    func = call.func
    if (
        owner is None
        or len(owner.bases) != 1
        or type(func) is not ast.Attribute
        or func.attr != "__init__"
        or not isinstance(func.value, ast.Call)
        or callee_name(func.value) != "super"
    ):
        return None
    base = owner.bases[0]
    return base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else None


#: (callee, slot, keyword, name, passer, at) of a pass, and whether it is reported where it is written.
_Pass = tuple["Fact", list[str], bool]
Takes = dict[tuple[str, str], tuple[int, "Fact"]]


def _passes(facts: Sequence[Fact]) -> list[_Pass]:
    passes = [(f, [*x[:3], *x[2:]], True) for f, x in tagged(facts, PASS_FACT, 5) if len(x) == 5]
    # under another keyword, or through ``self`` (``handed_params``)
    passes += [(f, x, True) for f, x in handed_passes(facts)]
    passes += [(f, [*x[:3], *x[2:]], False) for f, x in tagged(facts, NONE_PASS_FACT, 5) if len(x) == 5]
    return passes


def _reaches(fact: Fact, fields: list[str], takes: Takes, root: Path | None) -> tuple[int, Fact] | None:
    """The take a pass reaches, else None."""
    callee, slot, keyword = fields[:3]
    found = takes.get((callee, keyword))
    if found is None or int(slot) not in {-1, found[0]} or not same_project(fact, found[1], root):
        return None  # (a pass ``handed_params`` records: joined within its project only)
    return found


def budget_takes(facts: Sequence[Fact], root: Path | None = None, passes: list[_Pass] | None = None) -> Takes:
    """(callable, parameter) -> (position, the fact saying why) of every parameter holding a token budget: the
    takes (``TAKE_FACT``) and the parameters passed on to one, also through a chain of passes (a subclass passing
    to a class that passes to its base)."""
    takes: Takes = {}
    for fact, (callable_, index, name) in tagged(facts, TAKE_FACT, 3):
        takes.setdefault((callable_, name), (int(index), fact))
    if not takes:
        return takes
    if passes is None:
        passes = _passes(facts)
    joined: set[int] = set()
    grown = True
    while grown:  # a pass reaching a take makes its own callable a take (one chain link a round)
        grown = False
        for i, (fact, fields, _) in enumerate(passes):
            if i in joined or _reaches(fact, fields, takes, root) is None:
                continue
            joined.add(i)
            name, passer, at = fields[3:]
            if passer != "-" and (passer, name) not in takes:
                takes[(passer, name)] = (int(at), fact)
                grown = True
    return takes


def forwarded_budgets(rule: type[LintRule], facts: Sequence[Fact], root: Path | None = None) -> list[Finding]:
    """The passes (``PASS_FACT``) that reach a take (``budget_takes``), and the constructor parameters of a base
    class stored on ``self`` (``STORE_FACT``) whose subclass's constructor gives them a token budget
    (``BASE_FACT``): findings of ``rule`` where the forwarded default is written."""
    findings = _base_stores(rule, facts)
    passes = _passes(facts)
    takes = budget_takes(facts, root, passes)
    if not takes:
        return findings
    places: set[tuple[str, int, int]] = set()
    for fact, fields, reports in passes:
        found = _reaches(fact, fields, takes, root) if reports else None
        if found is None:
            continue
        if (fact.path, fact.line, fact.column) in places:
            continue  # passed to a function and to a method of one name
        places.add((fact.path, fact.line, fact.column))
        callee, keyword, name = fields[0], fields[2], fields[3]
        where, shown = f"{found[1].path}:{found[1].line}", callee.lstrip(".")
        message = (
            f"token budget {name} = {fact.value}: passed on to `{shown}()` as its `{keyword}`, a token "
            f"budget ({where}); move it to config so both read one value"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(f"{shown} {name}")))
    return findings + handed_constants(rule, facts, takes, root)


def _base_stores(rule: type[LintRule], facts: Sequence[Fact]) -> list[Finding]:
    """A base class's constructor default stored on ``self`` whose subclass gives it a token budget
    under its name (``BASE_FACT``): the same setting written twice."""
    given: dict[tuple[str, str], Fact] = {}
    for fact, (base, name) in tagged(facts, BASE_FACT, 2):
        given.setdefault((base, name), fact)
    if not given:
        return []
    findings = []
    for fact, (owner, name) in tagged(facts, STORE_FACT, 2):
        sub = given.get((owner, name))
        if sub is None:
            continue
        message = (
            f"token budget {name} = {fact.value}: stored in `self.{name}`, which a subclass gives the "
            f"token budget `{name}` ({sub.path}:{sub.line}); move it to config so both read one value"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(f"{owner} {name}")))
    return findings
