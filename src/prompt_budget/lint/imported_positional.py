"""Numbers given positionally to a function another module of the project defines (PB101's
project-wide data flow; set 53: wcgw).

``load_memory(task_id, 24000, 8000)`` where ``from wcgw.client.memory import load_memory`` and that
module defines ``def load_memory(task_id, coding_max_tokens, noncoding_max_tokens)``: the numbers are
taken as ``coding_max_tokens`` and ``noncoding_max_tokens``, so they are judged by those names, as
``positional_args`` judges a call of the module's own function. Also through a call that forwards its
further arguments to the function it is given (``asyncio.to_thread(f, ...)``,
``functools.partial(f, ...)``, ``loop.run_in_executor(None, f, ...)``).

Each module records, as facts for the project-wide pass, its top-level functions' (and its classes'
constructors') positional parameters named as token budgets (``SIG_FACT``: the callable, the position
and the name) and the int literals it gives positionally to a name it imports from another module, or to
a function of a module it imports (``gen._two_answers(project, q, 300)`` after ``from slm.tuner.tools
import generate as gen``, set 230: m37labs-slm-forge) (``CALL_FACT``: the import's level and module, the
name there, the position). A call matching one signature of a function of that name in the module
imported (a relative import resolved from the caller's folder, an absolute one matched as the end of the
module's path; two modules matching and disagreeing: unknown) is reported at the literal.
"""

from __future__ import annotations

import ast
import posixpath
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import positional_fields
from prompt_budget.lint.flow import finding_where_bound, is_test_module, positional_params, tagged
from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.method_positional import MethodPositionalFlow
from prompt_budget.lint.names import config_key
from prompt_budget.lint.positional_args import bound_numbers, shape_only
from prompt_budget.lint.rule import attr_name, callee_name
from prompt_budget.lint.token_batches import batches_token_ids
from prompt_budget.lint.token_floors import compared_to_tokens, keyed_as_budget
from prompt_budget.lint.walks import walk
from prompt_budget.lint.window_lengths import window_length_prefix

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions
    from prompt_budget.lint.positional_args import Function
    from prompt_budget.lint.rule import LintRule
    from prompt_budget.lint.token_cuts import CutFlow

SIG_FACT = "\x00pb101 sig "
CALL_FACT = "\x00pb101 call "

#: Calls that call the function they are given with their further positional arguments, by how many
#: arguments come before the function (``run_in_executor(executor, f, *args)``).
_FORWARDERS = {"to_thread": 0, "partial": 0, "run_in_executor": 1}


class ImportedPositionalFlow(MethodPositionalFlow):
    """``MethodPositionalFlow`` that also keeps the int literals given positionally to a bare name
    (directly or through a forwarding call), to be matched with the module's imports once read."""

    def __init__(self, module: ast.Module) -> None:
        super().__init__(module)
        self._outside: list[tuple[str, int, ast.Constant]] = []
        self._outside_named: list[tuple[str, int, str, Function]] = []  # a local given so, and where
        #: the function of each literal given to a method of a local (``graph.prompt_view(s, 896)``), by id
        self._in_function: dict[int, Function] = {}
        #: (callee, position, destination) of an option read (``args.ctx``) given by position
        self._outside_options: list[tuple[str, int, str]] = []

    def call(self, node: ast.Call, fn: Function | None = None) -> None:
        super().call(node, fn)
        args: list[ast.expr] = node.args
        func = node.func
        # ``gen._two_answers(...)`` of a module imported as ``gen``, ``pkg.search.memory.get_context(...)``
        callee = path_of(func)
        skip = _FORWARDERS.get(callee_name(node) or "")
        given = args[skip] if skip is not None and len(args) > skip + 1 else None
        if skip is not None and given is not None and (forwarded := path_of(given)) is not None:
            callee, args = (
                forwarded,
                args[skip + 1 :],
            )  # ``to_thread(judge["provider"].messages_create, ...)``
        for index, arg in enumerate(args):
            if type(arg) is ast.Starred:
                return  # the positions after ``*rest`` are unknown
            if callee and type(arg) is ast.Constant and type(arg.value) is int:
                self._outside.append((callee, index, arg))
                if fn is not None and type(func) is ast.Attribute and type(func.value) is ast.Name:
                    self._in_function[id(arg)] = fn
            elif callee and type(arg) is ast.Name and fn is not None and arg.id in self.numbered:
                self._outside_named.append((callee, index, arg.id, fn))
            elif (
                callee
                and type(arg) is ast.Attribute
                and type(arg.value) is ast.Name
                and arg.value.id == "args"
            ):
                self._outside_options.append((callee, index, arg.attr))  # ``build_prompt(tok, args.ctx, d)``

    def budgets(self, rule: LintRule) -> Iterator[tuple[ast.expr, str, int | float, str]]:
        """(the literal, the parameter, its value, how) of each number a module's own function takes
        as a budget, by the parameter's name or by how the function uses it."""
        for callee, name, given in self.taken():
            value = rule.budget_literal(given)
            fn = self._defs.get(callee, ([], None))[1]
            if value is None:
                continue
            if (
                rule.names.is_budget_setting(name)
                or self.limit(callee, name)
                or (fn is not None and compared_to_tokens(rule, fn, name))  # ``remaining < ensure_min``
                or (fn is not None and batches_token_ids(rule, fn, name))  # ``_batched(ids, size)``
                or (fn is not None and keyed_as_budget(rule, fn, name))  # ``{"budget_tokens": budget}``
            ):
                yield given, name, value, f"passed as `{name}` of {callee}()"

    def record(self, rule: LintRule, cuts: CutFlow) -> None:
        """Record the module's signatures with a budget parameter and its numbers given to imported
        names (facts for ``positional_budgets``)."""
        body = self._module.body
        records = {s.name for s in body if isinstance(s, ast.ClassDef) and _record(s)}
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                _signature(rule, cuts, stmt.name, stmt, None)
            elif isinstance(stmt, ast.ClassDef):
                for fn in stmt.body:
                    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name == "__init__":
                        _signature(rule, cuts, stmt.name, fn, stmt)
                    elif isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and not fn.name.startswith(
                        "_"
                    ):
                        _signature(rule, cuts, f".{fn.name}", fn, stmt)  # a method, by its name
                if stmt.name in records:
                    _field_signature(rule, stmt)
        if not (self._outside or self._outside_named or self._outside_options):
            return
        defined = {
            s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        }
        called = records & {callee for callee, _, _ in self._outside}  # the module's records it calls itself
        in_tables = _table_rows(self._module, called) if called else set()
        # a test's numbers are its scenario: no method matched by name there
        in_tests = is_test_module(rule.ctx.path)
        imported: dict[str, str] = {}
        modules: dict[str, str] = {}  # a name bound to a module: its level and path
        for stmt in body:
            if isinstance(stmt, ast.ImportFrom):
                for alias in stmt.names:
                    if stmt.module:
                        imported[alias.asname or alias.name] = f"{stmt.level} {stmt.module} {alias.name}"
                    modules[alias.asname or alias.name] = (
                        f"{stmt.level} {stmt.module}.{alias.name}"
                        if stmt.module
                        else f"{stmt.level} {alias.name}"
                    )
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    modules[alias.asname or alias.name] = f"0 {alias.name}"  # ``import pkg.memory``
        # a local bound once in its function, to a number or a choice of two (``positional_args``)
        named = (
            (callee, index, one)
            for callee, index, name, fn in self._outside_named
            for one in bound_numbers(fn, name)
        )
        source: str | None
        for callee, index, literal in (*self._outside, *named, *self._option_defaults()):
            base, _, attr = callee.rpartition(".")
            head = base.partition(".")[0]
            if (
                base
                and not in_tests
                and base not in modules
                and head not in modules
                and head not in defined
                and base != "self"
                and (
                    _distinct(attr)
                    or (
                        not attr.startswith("_")
                        and attr not in _GENERIC
                        and (
                            _client(base)
                            or _of_imported_class(
                                self._in_function.get(id(literal)), base, imported, rule.ctx.path
                            )
                        )
                    )
                )
            ):
                # ``self._memory_manager.build_context_for_query(text, 500)``: a method of that name the
                # project defines (set 334: vox-code), matched by its name alone
                source = f"m - .{attr}"
            elif base:  # ``gen._two_answers``: the function ``_two_answers`` of the module ``gen`` names
                source = f"{modules[base]} {attr}" if base in modules and head not in defined else None
            elif callee in records and id(literal) not in in_tables:  # ``Limits(128_000, 4_096)``
                source = f"s - {callee}"  # a call of the module's own record, not a row of a table (PB107's)
            else:
                source = imported.get(callee) if callee not in defined else None
            value = rule.budget_literal(literal) if source else None
            if source and value is not None:
                rule.fact(literal, f"{CALL_FACT}{source} {index}", value)

    def _option_defaults(self) -> Iterator[tuple[str, int, ast.Constant]]:
        """(callee, position, the default) of each option read given by position (``build_needle_prompt(tok,
        args.ctx, depth)`` after ``add_argument("--ctx", type=int, default=4096)``): the option's whole-number
        default is the number the callee takes there (set 491: nearlossless-context's benchmark scripts). The
        module is walked for its options only when it gives one so."""
        if not self._outside_options:
            return
        defaults: dict[str, list[ast.Constant]] = {}
        for node in walk(self._module):
            if type(node) is ast.Call and (option := argparse_default(node)) is not None:
                default = option[0]
                if type(default) is ast.Constant and type(default.value) is int:
                    defaults.setdefault(option[1], []).append(default)
        for callee, index, dest in self._outside_options:
            for default in defaults.get(dest, ()):
                yield callee, index, default


#: Last words of a receiver naming the project's own model wrapper (``self.llm``, ``ctx.llm``, ``judge["provider"]``);
#: not ``client`` or ``model``, which a library's objects are as often (``client.generate(text, 64)``).
_CLIENTS = frozenset({"llm", "lm", "provider"})


#: Methods many objects have, matched by name only when their name is longer (``_distinct``).
_GENERIC = frozenset(
    {"get", "set", "pop", "put", "post", "update", "run", "call", "send", "read", "write"}
    # a model library's own (``self.llm.generate(tokens, 120)`` of llama-cpp's ``Llama``: lmql's backend)
    | {"generate", "create", "chat", "invoke", "predict", "stream", "encode", "decode", "tokenize", "eval"}
)


def _client(base: str) -> bool:
    """The receiver ``base`` is named as the project's own model wrapper (``llm``, ``lm``, ``provider``, ``*_llm``),
    so its method of a name the project defines is that method, unless the name is one many objects have
    (``self.llm.complete(sys, prompt, 1200)``, set 459: veract's ``def complete(self, system, prompt,
    max_tokens=2000)``)."""
    last = base.rpartition(".")[2].lower()
    return last in _CLIENTS or last.endswith("_llm")


def _of_imported_class(fn: Function | None, name: str, imported: dict[str, str], path: str) -> bool:
    """The local ``name`` of ``fn`` holds an instance of a class the module imports by name: bound to its call
    (``graph = LocalContextGraph(...)``, ``with LocalContextGraph(...) as graph``) or annotated with it (``graph:
    LocalContextGraph``), so its method of a name the project defines is that method (set 487: hol-cigar's
    ``graph.prompt_view(snapshot, 896)``, ``def prompt_view(self, snapshot, max_tokens)``)."""
    if fn is None:
        return False

    folders = set(posixpath.dirname(path).split("/"))

    def _imported_class(node: ast.expr | None) -> bool:
        """A class imported from the project: a relative import, or a module of a folder of the file's path (not
        ``io.BytesIO``, whose ``truncate(4096)`` is no project method)."""
        if type(node) is ast.Call:
            node = node.func
        if type(node) is not ast.Name or not node.id[:1].isupper() or node.id not in imported:
            return False
        level, module, _ = imported[node.id].split(" ", 2)
        return level != "0" or module.partition(".")[0] in folders

    args = fn.args
    if any(
        a.arg == name and _imported_class(a.annotation)
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
    ):
        return True
    for node in walk(fn):
        if type(node) is ast.Assign and any(type(t) is ast.Name and t.id == name for t in node.targets):
            if type(node.value) is ast.Call and _imported_class(node.value):
                return True
        elif isinstance(node, (ast.With, ast.AsyncWith)) and any(
            type(item.optional_vars) is ast.Name
            and item.optional_vars.id == name
            and type(item.context_expr) is ast.Call
            and _imported_class(item.context_expr)
            for item in node.items
        ):
            return True
    return False


def path_of(node: ast.expr) -> str | None:
    """``a.b.c`` of a dotted name, a string key read as one more part (``judge["provider"].run`` ->
    ``judge.provider.run``); None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = path_of(node.value)
        return f"{head}.{node.attr}" if head else None
    if (
        isinstance(node, ast.Subscript)
        and isinstance(key := node.slice, ast.Constant)
        and isinstance(key.value, str)
    ):
        head = path_of(node.value)
        return f"{head}.{key.value}" if head and key.value.isidentifier() else None
    return None


def named_method(base: str, method: str) -> bool:
    """A call ``base.method(...)`` names the project's method of that name whatever ``base`` is: a distinct name, or
    a public name not many objects have through a receiver named as the project's model wrapper."""
    return _distinct(method) or (_client(base) and not method.startswith("_") and method not in _GENERIC)


def _distinct(method: str) -> bool:
    """A public method's name of several words (``build_context_for_query``), which a call names unmistakably
    wherever its receiver comes from; not ``generate`` or ``get``, which many libraries' objects have."""
    return not method.startswith("_") and method.count("_") >= 2


def _signature(
    rule: LintRule, cuts: CutFlow, callable_: str, fn: Function, owner: ast.ClassDef | None
) -> None:
    """Record ``fn``'s positional parameters named as token budgets (but those it uses only as a
    tensor's dimension), and those named as a maximum length (``text_maxlength``) that reach the length
    a tokenizer cuts its input to, as parameters of ``callable_`` (``owner``'s constructor when given)."""
    for index, name in enumerate(positional_params(fn, owner is not None)):
        if rule.names.is_budget_setting(name):
            taken = not shape_only(fn, name)
        else:
            taken = window_length_prefix(name) is not None and _cut(cuts, fn, name, owner)
        if taken:
            arg = next(a for a in (*fn.args.posonlyargs, *fn.args.args) if a.arg == name)
            rule.fact(arg, f"{SIG_FACT}{callable_} {index} {name}", 0)


#: Decorators and bases of a class whose annotated fields are its constructor's positional parameters.
_RECORDS = frozenset({"dataclass", "define", "frozen", "attrs", "NamedTuple"})


def _table_rows(module: ast.Module, records: set[str]) -> set[int]:
    """The ids of the arguments of calls of ``records`` that are rows of a table, two or more calls of one class
    as a dict's values or a list's or tuple's elements: PB107 judges those as one table (``pb107_field_rows``)."""
    found: set[int] = set()
    for node in walk(module):
        rows = (
            node.values
            if isinstance(node, ast.Dict)
            else node.elts
            if isinstance(node, (ast.List, ast.Tuple))
            else []
        )
        calls = [r for r in rows if type(r) is ast.Call and type(r.func) is ast.Name and r.func.id in records]
        if len(calls) >= 2 and len(calls) == len(rows):
            found.update(id(a) for c in calls for a in c.args)
    return found


def _record(cls: ast.ClassDef) -> bool:
    """A dataclass or a ``NamedTuple`` without an ``__init__`` of its own: its fields are its positions."""
    marks = {attr_name(d.func if isinstance(d, ast.Call) else d) for d in (*cls.decorator_list, *cls.bases)}
    return bool(marks & _RECORDS) and not any(
        isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in cls.body
    )


def _field_signature(rule: LintRule, cls: ast.ClassDef) -> None:
    """Record the fields of a dataclass or a ``NamedTuple`` (no ``__init__`` of its own) named as token budgets
    as its constructor's positional parameters (set 311: aleph-rlm's ``ModelPricing(context_limit, output_limit,
    ...)``, its rows ``ModelPricing(200_000, 64_000, 0.003, 0.015)`` written in the providers' modules); asked only of
    a record (``_record``)."""
    fields = {
        s.target.id: s for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
    }
    for index, name in enumerate(positional_fields(cls)):
        if rule.names.is_budget_setting(name):
            rule.fact(fields[name].target, f"{SIG_FACT}{cls.name} {index} {name}", 0)


def _cut(cuts: CutFlow, fn: Function, name: str, owner: ast.ClassDef | None) -> bool:
    """``fn`` gives its parameter ``name`` (also stored on ``self``, then read by a method of ``owner``)
    as the length a tokenizer cuts its input to, directly or through a function or method of the
    module (``token_cuts.CutFlow``; set 53: rankify's ``Collator(text_maxlength, tokenizer)``)."""
    if cuts.cut_keyword(fn, name, owner) is not None:
        return True
    methods = (
        [m for m in owner.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))] if owner else []
    )
    for node in walk(fn) if methods else ():
        if type(node) is ast.Assign and type(node.value) is ast.Name and node.value.id == name:
            for target in node.targets:
                if (
                    type(target) is ast.Attribute
                    and type(target.value) is ast.Name
                    and target.value.id == "self"
                ):
                    attribute = f"self.{target.attr}"
                    if any(cuts.cut_keyword(m, attribute, owner) is not None for m in methods):
                        return True
    return False


def _modulepath_of(path: str) -> str:
    """``pkg/memory.py`` -> ``pkg/memory``, ``pkg/__init__.py`` -> ``pkg``: the module a file is."""
    stem = path.rsplit(".", 1)[0] if path.endswith((".py", ".pyi")) else path
    return stem.removesuffix("/__init__") if stem != "__init__" else ""


def _imported_from(caller: str, level: str, module: str) -> tuple[str, bool]:
    """The module path a ``from <module> import`` of the file ``caller`` names, and whether it is exact
    (a relative import, resolved from the caller's folder) or a suffix (an absolute one: the project's
    root may sit above the package, as ``src/`` does)."""
    dotted = module.replace(".", "/")
    up = int(level) if level.isdigit() else 0
    if up == 0:
        return dotted, False
    base = posixpath.dirname(caller)
    for _ in range(up - 1):
        base = posixpath.dirname(base)
    return (f"{base}/{dotted}" if base else dotted), True


def positional_budgets(rule: type[LintRule], facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
    """The numbers given by position to another module's function whose parameter there is named as a
    token budget: findings of ``rule`` where each number is written."""
    calls = list(tagged(facts, CALL_FACT, 4))
    if not calls:
        return []
    sigs: dict[tuple[str, str], list[tuple[str, str, Fact]]] = {}
    for fact, (callable_, index, name) in tagged(facts, SIG_FACT, 3):
        sigs.setdefault((callable_, index), []).append((_modulepath_of(fact.path), name, fact))
    judge = options.options_for(rule.CODE, rule.NAME, rule.DEFAULT_MIN_VALUE).judge
    findings = []
    for fact, (level, module, callable_, index) in calls:
        target, exact = (
            (_modulepath_of(fact.path), True) if level == "s" else _imported_from(fact.path, level, module)
        )
        found = [
            (name, sig)
            for path, name, sig in sigs.get((callable_, index), [])
            if level == "m" or path == target or (not exact and path.endswith(f"/{target}"))
        ]
        if len({name for name, _ in found}) != 1:
            continue  # no budget there, or two modules of that path disagreeing
        name, sig = found[0]
        if judge.implausible(name, fact.value):
            continue
        shown = callable_.lstrip(".")
        message = (
            f"token budget {name}={fact.value} passed as `{name}` of {shown}() ({sig.path}:{sig.line}); "
            "move it to config so it can be tuned and tested"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(f"{shown} {name}")))
    return findings
