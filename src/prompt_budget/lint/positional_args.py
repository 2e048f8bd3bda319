"""Numbers given positionally to a function of the same module (PB101's data flow).

``kept = keep(doc, 100)`` where the module defines ``def keep(doc, min_num_tokens=500)``: the number
is taken as ``min_num_tokens``, so it is judged by that parameter's name. A parameter the function only
uses as a dimension of a tensor it makes (``torch.empty((bsz, ctx_len, feat_len))``, ``torch.randn(n,
d)``) sizes a tensor, not a token budget: a micro-benchmark's or a test's input shape (set 22:
lmdeploy's ``test_rms_norm(1, 8128, 5120, torch.float16)``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: Calls that make an array or tensor of a given shape (torch, numpy, jax).
_SHAPED = frozenset(
    {"empty", "zeros", "ones", "full", "rand", "randn", "randint", "arange", "empty_strided", "normal"}
)


def _shape_names(fn: Function) -> set[int]:
    """The ids of the names ``fn`` gives as a dimension of a tensor it makes: an argument of
    ``torch.randn(n, d)``, an element of the shape ``torch.empty((b, n, d))``, ``size=(b, n)``."""
    found: set[int] = set()
    for node in walk(fn):
        if not isinstance(node, ast.Call) or callee_name(node) not in _SHAPED:
            continue
        shapes = [*node.args, *(kw.value for kw in node.keywords if kw.arg in {"size", "shape"})]
        for shape in shapes:
            dims = shape.elts if isinstance(shape, (ast.Tuple, ast.List)) else [shape]
            found.update(id(d) for d in dims if type(d) is ast.Name)
    return found


def shape_only(fn: Function, param: str) -> bool:
    """``fn`` reads ``param`` only as a dimension of the tensors it makes."""
    uses = [n for n in walk(fn) if type(n) is ast.Name and n.id == param]
    return bool(uses) and {id(n) for n in uses} <= _shape_names(fn)


class PositionalFlow:
    """The module's functions (by name, with their positional parameters) and the int literals given
    positionally to calls of bare names, matched once the module is read."""

    def __init__(self) -> None:
        self._defs: dict[str, tuple[list[str], Function | None]] = {}
        self._given: list[tuple[str, int, ast.Constant]] = []
        self._named: list[tuple[str, int, str, Function]] = []  # a local given positionally, and where
        #: the locals the rule saw bound to a budget's number in a function (``PB101``), followed to calls
        self.numbered: set[str] = set()

    def define(self, node: Function) -> None:
        args = node.args
        names = [a.arg for a in (*args.posonlyargs, *args.args)]
        known = self._defs.setdefault(node.name, (names, node))
        if known[0] != names:
            # a name defined twice with other parameters: which one a call reaches is unknown
            self._defs[node.name] = ([], None)

    def call(self, node: ast.Call, fn: Function | None = None) -> None:
        if node.args and isinstance(node.func, ast.Name):
            for index, arg in enumerate(node.args):
                if type(arg) is ast.Name and fn is not None and arg.id in self.numbered:
                    self._named.append((node.func.id, index, arg.id, fn))
                for one in choices(arg):
                    self._given.append((node.func.id, index, one))

    def _locals(self) -> Iterator[tuple[str, int, ast.Constant]]:
        """The numbers a local given positionally to a module's function holds, where it is bound once in
        its function, to a number or a choice of two (set 237: simba-ai's ``budget = int(args[2]) if
        len(args) >= 3 else 500`` ... ``get_context(args[1], budget)``, ``def get_context(query,
        token_budget=500)``). Read once the module is read, only for a function the module defines."""
        for callee, index, name, fn in self._named:
            if index < len(self._defs.get(callee, ([], None))[0]):
                yield from ((callee, index, one) for one in bound_numbers(fn, name))

    def taken(self) -> list[tuple[str, str, ast.Constant]]:
        """(the function, the parameter, the literal) of each number a module's function takes, but
        for a parameter it uses only as a tensor's dimension."""
        found: list[tuple[str, str, ast.Constant]] = []
        for callee, index, literal in (*self._given, *self._locals()):
            params, fn = self._defs.get(callee, ([], None))
            name = params[index] if index < len(params) else ""
            if name and fn is not None and not shape_only(fn, name):
                found.append((callee, name, literal))
        return found


def choices(arg: ast.expr) -> Iterator[ast.Constant]:
    """The int literal ``arg`` is, or each of a choice of two (``f(text, 650 if compact else 900)``, set 213)."""
    for one in (arg.body, arg.orelse) if type(arg) is ast.IfExp else (arg,):
        if type(one) is ast.Constant and type(one.value) is int:
            yield one


def bound_numbers(fn: Function, name: str) -> Iterator[ast.Constant]:
    """The int literals the local ``name`` of ``fn`` holds when bound there once, to a number or a choice of
    two (``budget = int(args[2]) if len(args) >= 3 else 500``), else none."""
    values = bound_values(fn, name)
    if len(values) == 1:
        yield from choices(values[0])
