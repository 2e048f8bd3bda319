"""What a parameter's annotation says it holds: a container of items (``history: list``, ``Optional[List[dict]]``,
read by ``collected_lists.typed_list``) or text or bytes, which is no list of tokens whatever its name (set 189:
superbrain-fabric-sdk's ``def _lookup_or_create(self, tokens: bytes, ...)`` ... ``max(len(tokens), 4096)``, a
memory allocation in bytes; asked by ``LintRule.token_sequence``), and a local bound only to a string cut at a
written separator (``tokens = rest.split("-")``), pieces of a string, and a set, which holds distinct words or ids.
Imports nothing of the rules (``rule.py``
uses it). Judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Collection
from typing import Protocol

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.walks import walk


class Context(Protocol):
    """What ``typed_as_text`` reads of the file being linted (``rule.FileContext``, not imported: it imports this)."""

    tree: ast.AST | None

    def function(self) -> ast.FunctionDef | ast.AsyncFunctionDef | None: ...

    def enclosing_class(self) -> ast.ClassDef | None: ...


#: Annotations of a parameter holding text or raw bytes.
_TEXT_TYPES = frozenset({"bytes", "str", "bytearray", "memoryview"})


def annotated_as(annotation: ast.expr, kinds: Collection[str]) -> bool:
    """``annotation`` names one of ``kinds`` (``list``, ``typing.List[str]``), also as ``Optional[...]`` or
    ``... | None``."""
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):  # ``list[str] | None``
        sides = (annotation.left, annotation.right)
        return any(annotated_as(s, kinds) for s in sides) and all(
            annotated_as(s, kinds) or (isinstance(s, ast.Constant) and s.value is None) for s in sides
        )
    if isinstance(annotation, ast.Subscript):
        outer = annotation.value
        name = outer.attr if isinstance(outer, ast.Attribute) else getattr(outer, "id", "")
        if name == "Optional":
            return annotated_as(annotation.slice, kinds)
        annotation = outer
    name = annotation.attr if isinstance(annotation, ast.Attribute) else getattr(annotation, "id", "")
    return name in kinds


def parameter_typed(fn: ast.AST | None, node: ast.AST, kinds: Collection[str]) -> bool:
    """``node`` is a name of a parameter of ``fn`` annotated as one of ``kinds``."""
    if type(node) is not ast.Name or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    args = fn.args
    annotation = next(
        (a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == node.id), None
    )
    return annotation is not None and annotated_as(annotation, kinds)


def typed_as_text(ctx: Context, node: ast.AST) -> bool:
    """``node`` is a name of a parameter of the function being walked annotated as text or bytes, pieces of a
    string (``split_pieces``), or a mapping of the module (``module_mapping``): no list of a model's tokens."""
    fn = ctx.function()
    return (
        parameter_typed(fn, node, _TEXT_TYPES)
        or split_pieces(fn, node)
        or module_mapping(ctx.tree, node)
        or distinct_set(fn, node, ctx.tree)
        or instance_mapping(ctx.enclosing_class(), node)
    )


#: Annotations and constructors of a set.
_SETS = frozenset({"set", "frozenset", "Set", "FrozenSet", "AbstractSet", "MutableSet"})
#: Operators of sets whose result is a set when their left side is one.
_SET_OPS = (ast.Sub, ast.BitOr, ast.BitAnd, ast.BitXor)


def distinct_set(fn: ast.AST | None, node: ast.AST, tree: ast.AST | None = None, depth: int = 0) -> bool:
    """``node`` is a set: a local of ``fn`` (or a constant of the module ``tree``) every binding of which is one
    (``set(...)``, a set display or comprehension, a difference, union or intersection with a set, an annotation
    ``set[str]``), or such an expression itself (set 227: soul-protocol's ``meaningful = tokens - STOP_WORDS`` and
    ``new_tokens = meaningful - current_kws`` of keywords, whose length ``<= 500`` caps a vocabulary): a set holds
    distinct words or ids, so its length counts no prompt's tokens."""
    if depth > 4:
        return False
    if isinstance(node, (ast.Set, ast.SetComp)):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        return (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) in {
            "set",
            "frozenset",
        }
    if isinstance(node, ast.BinOp):  # ``text - STOP_WORDS``: no other type takes a set's operators with a set
        return isinstance(node.op, _SET_OPS) and any(
            distinct_set(fn, side, tree, depth + 1) for side in (node.left, node.right)
        )
    if type(node) is not ast.Name:
        return False
    found = (
        _bound_set(fn, node.id, tree, depth)
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        else None
    )
    if found is None and isinstance(tree, ast.Module):
        found = _bound_set(tree, node.id, tree, depth, top=True)
    return bool(found)


def _bound_set(scope: ast.AST, name: str, tree: ast.AST | None, depth: int, top: bool = False) -> bool | None:
    """Whether every binding of ``name`` in ``scope`` (its top statements only, for a module) is a set; None when
    ``scope`` binds it nowhere."""
    bound = False
    for n in scope.body if top and isinstance(scope, ast.Module) else walk(scope):
        if isinstance(n, ast.Assign) and any(type(t) is ast.Name and t.id == name for t in n.targets):
            if not distinct_set(None if top else scope, n.value, tree, depth + 1):
                return False
            bound = True
        elif isinstance(n, ast.AnnAssign) and type(n.target) is ast.Name and n.target.id == name:
            if not annotated_as(n.annotation, _SETS):
                return False
            bound = True
        elif isinstance(n, (ast.For, ast.comprehension, ast.NamedExpr, ast.withitem)) or (
            isinstance(n, ast.AugAssign) and not isinstance(n.op, _SET_OPS)
        ):
            target = n.optional_vars if isinstance(n, ast.withitem) else n.target
            if target is not None and any(type(t) is ast.Name and t.id == name for t in walk(target)):
                return False
        elif isinstance(n, ast.arg) and n.arg == name:
            return n.annotation is not None and annotated_as(n.annotation, _SETS)
    return bound or None


#: Annotations and constructors of a mapping.
_MAPPINGS = frozenset({"dict", "Dict", "OrderedDict", "defaultdict", "Mapping", "MutableMapping"})


def module_mapping(tree: ast.AST | None, node: ast.AST) -> bool:
    """``node`` names a dict the module binds at its top (``_NOTE_TOKENS: dict[tuple, tuple[dict, int]] = {}``,
    set 213: shapa's cache of term counts, cleared past 4,096 entries): its length counts entries."""
    if type(node) is not ast.Name or not isinstance(tree, ast.Module):
        return False
    for stmt in tree.body:
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == node.id
        ):
            return annotated_as(stmt.annotation, _MAPPINGS) or _mapping_value(stmt.value)
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == node.id for t in stmt.targets
        ):
            return _mapping_value(stmt.value)
    return False


def instance_mapping(owner: ast.ClassDef | None, node: ast.AST) -> bool:
    """``self._processed_tokens``, bound in a method of the class ``owner`` to a mapping (``self._processed_tokens:
    OrderedDict[str, bool] = OrderedDict()``, set 549: twilio-agent-connect's idempotency tokens seen): its
    length counts entries."""
    if owner is None or not (isinstance(node, ast.Attribute) and dotted_self(node.value)):
        return False
    for stmt in walk(owner):
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else None
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [target] if target is not None else []
        for t in targets:
            if isinstance(t, ast.Attribute) and t.attr == node.attr and dotted_self(t.value):
                annotation = stmt.annotation if isinstance(stmt, ast.AnnAssign) else None
                mapped = (annotation is not None and annotated_as(annotation, _MAPPINGS)) or _mapping_value(
                    stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
                )
                if mapped:
                    return True
    return False


def dotted_self(node: ast.AST) -> bool:
    """``self``."""
    return isinstance(node, ast.Name) and node.id == "self"


def _mapping_value(value: ast.expr | None) -> bool:
    if isinstance(value, ast.Dict):
        return True
    func = value.func if isinstance(value, ast.Call) else None
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in _MAPPINGS


def split_pieces(fn: ast.AST | None, node: ast.AST) -> bool:
    """``node`` is a local of ``fn`` bound only to a string cut at a written separator other than whitespace
    (``tokens = rest.split("-")``, set 211: runledger-ai's parts of an encoded folder name) or into a command
    line's words (``shlex.split(command)``): pieces of a string, no list of a model's tokens. A split on whitespace (``text.split()``) may stand for words."""
    if type(node) is not ast.Name or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    values = bound_values(fn, node.id)
    return bool(values) and all(_cut_at_separator(v) for v in values)


def _cut_at_separator(value: ast.expr) -> bool:
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
        return False
    if value.func.attr == "split" and getattr(value.func.value, "id", "") == "shlex":
        return True  # a command line's words (set 230: mvar-security's ``len(tokens) > max_args``)
    if value.func.attr not in {"split", "rsplit"} or not value.args:
        return False
    sep = value.args[0]
    return isinstance(sep, ast.Constant) and isinstance(sep.value, str) and bool(sep.value.strip())
