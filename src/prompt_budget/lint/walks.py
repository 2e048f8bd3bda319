"""The lint's walks of a tree: ``walk``, ``ast.walk``'s nodes in its order without its leaves that are
no node of the code (``Load``/``Store``, operators), made once per module, class or function and shared
by the rules' helpers; and ``child_fields``, the fields of a node type that can hold child nodes, which
the rules' own walk (``visit.py``) reads too.

Many helpers ask the same question of a whole module ("which strings does it test?", "which methods does
it call by position?"). On a large module (litellm's ``proxy_server.py``: about 100,000 nodes) each
``ast.walk`` costs a fifth of a second, and a dozen of them made the cold lint of the benchmark corpus six
times the parse floor. ``walk`` lists the nodes of a module, class or function once and hands the list to
every later caller. It reads only the fields that can hold nodes (``child_fields``) and leaves out the
expression contexts and operators ``ast.walk`` yields (a third of its nodes, none of them anything a
rule looks for: a rule reads them through their parent, ``node.ctx``, ``node.op``), so a walk costs
about a third of ``ast.walk``'s. The lint never changes a tree it analyses, so a list stays true. The
cache holds the last 4,096 nodes (each entry keeps its node alive, so an ``id`` is never reused while
cached) and is emptied when a file is done: a few helpers walk every function of a module in turn, and
with 64 kept, 2,500 walks of the benchmark corpus were walks again of a function walked before (a fifth
of the time walking); the lists hold nodes of the tree alive anyway, a few times its size at most.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")

#: Fields that never hold a child node: the Load/Store and operator singletons (``ctx``, ``op``, ``ops``)
#: and the identifiers, numbers and flags of every node type (``Name.id``, ``Attribute.attr``,
#: ``keyword.arg``, ``ImportFrom.level``...). Skipping them spares a ``getattr`` per field and node.
_SKIP_FIELDS: Final = frozenset(
    {
        "ctx",
        "op",
        "ops",
        "type_comment",
        "kind",
        "id",
        "attr",
        "arg",
        "name",
        "asname",
        "module",
        "level",
        "simple",
        "is_async",
        "conversion",
        "rest",
        "kwd_attrs",
        "tag",
    }
)
#: Node types whose ``value`` or ``names`` is not a node (a constant's value, global names).
_LEAF_VALUE: Final = (ast.Constant, ast.MatchSingleton)
_NAME_LISTS: Final = (ast.Global, ast.Nonlocal)
#: Node types whose ``name`` is a node (Python 3.12's ``type X = ...`` names its alias with a ``Name``).
_NAMED_BY_NODE: Final = tuple(t for t in (getattr(ast, "TypeAlias", None),) if t is not None)
_FIELDS: dict[type[ast.AST], tuple[str, ...]] = {}


def child_fields(kind: type[ast.AST]) -> tuple[str, ...]:
    """The fields of a node type that can hold child nodes (not ``ctx``/``op``, not identifiers)."""
    found = _FIELDS.get(kind)
    if found is None:
        skip = set(_SKIP_FIELDS)
        if issubclass(kind, _LEAF_VALUE):
            skip.add("value")
        if issubclass(kind, _NAME_LISTS):
            skip.add("names")
        if _NAMED_BY_NODE and issubclass(kind, _NAMED_BY_NODE):
            skip.discard("name")
        found = _FIELDS[kind] = tuple(f for f in kind._fields if f not in skip)
    return found


def _nodes(
    node: ast.AST, lines: Sequence[int] | None = None, parents: dict[ast.AST, ast.AST] | None = None
) -> list[ast.AST]:
    """``node`` and the nodes under it breadth-first, in ``ast.walk``'s order, without the context and
    operator leaves; with ``lines``, without the statements spanning none of them (``walk_spanning``);
    with ``parents``, each node's parent written into it."""
    if lines is None and parents is None:
        return _plain_nodes(node)
    out = [node]
    append, fields_of, AST, stmt = out.append, _FIELDS.get, ast.AST, ast.stmt
    for current in out:  # the list grows as it is read: a queue that is never popped
        kind = type(current)
        fields = fields_of(kind)
        if fields is None:
            fields = child_fields(kind)
        for field in fields:
            child = getattr(current, field)
            if child is None:
                continue
            if type(child) is list:
                for item in child:
                    if (
                        item is not None
                        and isinstance(item, AST)
                        and (lines is None or not isinstance(item, stmt) or _spans(item, lines))
                    ):
                        append(item)
                        if parents is not None:
                            parents[item] = current
            elif isinstance(child, AST):  # a statement is always in a list
                append(child)
                if parents is not None:
                    parents[child] = current
    return out


def _plain_nodes(node: ast.AST) -> list[ast.AST]:
    """``_nodes(node)`` with neither lines nor parents: the loop every ``walk`` runs, without their tests
    per child, a list of nodes added whole (only a dict's keys and a signature's keyword defaults hold
    None among their nodes)."""
    out = [node]
    append, extend, plan_of, AST = out.append, out.extend, _PLANS.get, ast.AST
    for current in out:  # the list grows as it is read: a queue that is never popped
        kind = type(current)
        plan = plan_of(kind)
        if plan is None:
            plan = _plan(kind)
        for field, holes in plan:
            child = getattr(current, field)
            if type(child) is list:
                if holes:
                    extend([item for item in child if item is not None])
                else:
                    extend(child)
            elif child is not None and isinstance(child, AST):
                append(child)
    return out


#: The list fields whose items may be None (``{**a}``'s key, a keyword-only parameter without a default).
_HOLES: Final = frozenset({(ast.Dict, "keys"), (ast.arguments, "kw_defaults")})
_PLANS: dict[type[ast.AST], tuple[tuple[str, bool], ...]] = {}


def _plan(kind: type[ast.AST]) -> tuple[tuple[str, bool], ...]:
    """``child_fields(kind)``, each with whether a list it holds may hold None."""
    found = _PLANS[kind] = tuple((f, (kind, f) in _HOLES) for f in child_fields(kind))
    return found


def walk_spanning(node: ast.AST, lines: Sequence[int]) -> list[ast.AST]:
    """``walk(node)`` without the statements that span none of ``lines`` (sorted line numbers) and
    everything under them, the others in ``walk``'s order (leaving whole subtrees out of a breadth-first
    walk keeps the order of the rest): a helper whose matches can only be on some lines (where the text
    holds a word it looks for) reads those statements alone. Not kept."""
    return _nodes(node, lines)


#: A character that is not ASCII (a case-blind pattern may fold it into a letter; Python normalises
#: identifiers spelled with some of them).
NON_ASCII: Final = re.compile(r"[^\x00-\x7f]")


def non_ascii_at(text: str) -> list[int]:
    """Where ``text`` holds a character that is not ASCII."""
    return [m.start() for m in NON_ASCII.finditer(text)]


#: ``non_ascii_lines``' last text and answer (several helpers ask of one module's text).
_non_ascii: list[tuple[str, list[int]]] = []


def non_ascii_lines(text: str) -> list[int]:
    """The line numbers (1-based, sorted) of the lines of ``text`` holding a character that is not
    ASCII: ``lines_at(text, non_ascii_at(text))``, read line by line (``re`` looking for such a character
    tries its class at every character of the text: a millisecond for a module). Kept for the last text
    asked about. Read it, never change it."""
    if _non_ascii and _non_ascii[0][0] is text:
        return _non_ascii[0][1]
    found = [number for number, line in enumerate(text.split("\n"), start=1) if not line.isascii()]
    _non_ascii[:] = [(text, found)]
    return found


def merge_lines(lines: list[int], more: Iterable[int]) -> list[int]:
    """Two sets of line numbers as one sorted list, each once (``lines_at`` of two sets of places)."""
    return sorted({*lines, *more})


def lines_at(text: str, starts: Iterable[int]) -> list[int]:
    """The line numbers (1-based, sorted, each once) of the offsets ``starts`` into ``text``: where a
    pattern matched, for ``walk_spanning``."""
    lines: list[int] = []
    line, at = 1, 0
    for start in sorted(starts):
        line += text.count("\n", at, start)
        at = start
        if not lines or lines[-1] != line:
            lines.append(line)
    return lines


def statement_span(node: ast.stmt) -> tuple[int, int]:
    """The first and last line of a statement, its decorators included."""
    first = node.lineno
    decorators = getattr(node, "decorator_list", None)
    if decorators:
        first = min(first, *(d.lineno for d in decorators))
    return first, node.end_lineno or node.lineno


def spans(node: ast.stmt, lines: Sequence[int]) -> bool:
    """Whether the statement (its decorators included), and so every node under it, spans one of the
    sorted ``lines``."""
    return _spans(node, lines)


def _spans(node: ast.stmt, lines: Sequence[int]) -> bool:
    """Whether the statement (its decorators included) spans one of the sorted ``lines``."""
    first, last = statement_span(node)
    i = bisect_left(lines, first)
    return i < len(lines) and lines[i] <= last


#: Nodes big enough, and walked often enough, to keep their walk.
_KEPT: Final = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
#: How many walks are kept: a module and the classes and functions being looked at inside it.
_SIZE: Final = 4096

_walked: OrderedDict[int, tuple[ast.AST, list[ast.AST]]] = OrderedDict()


def walk(node: ast.AST) -> list[ast.AST]:
    """The nodes under ``node`` and ``node`` itself, in ``ast.walk``'s order without the expression
    contexts and operators: a list made once for a module, class or function and kept, made afresh for
    anything smaller."""
    if not isinstance(node, _KEPT):
        return _nodes(node)
    key = id(node)
    hit = _walked.get(key)
    if hit is not None and hit[0] is node:
        _walked.move_to_end(key)
        return hit[1]
    nodes = _nodes(node)
    _walked[key] = (node, nodes)
    if len(_walked) > _SIZE:
        _walked.popitem(last=False)
    return nodes


_parented: OrderedDict[int, tuple[ast.AST, dict[ast.AST, ast.AST]]] = OrderedDict()


def parents(node: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node's parent under ``node`` (the nodes of ``walk(node)`` but ``node`` itself): made once
    for a module, class or function and kept like its walk. Read it, never change it."""
    key = id(node)
    hit = _parented.get(key)
    if hit is not None and hit[0] is node:
        return hit[1]
    out: dict[ast.AST, ast.AST] = {}
    _nodes(node, parents=out)
    if isinstance(node, _KEPT):
        _parented[key] = (node, out)
        if len(_parented) > _SIZE:
            _parented.popitem(last=False)
    return out


#: The fields that hold statements (and a ``try``'s handlers, a ``match``'s cases, which hold statements).
_STATEMENT_FIELDS: Final = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_STATEMENT_FIELDS_OF: dict[type[ast.AST], tuple[str, ...]] = {}
_stated: OrderedDict[int, tuple[ast.AST, list[ast.AST]]] = OrderedDict()


def statements(node: ast.AST) -> list[ast.AST]:
    """``node`` and the statements under it (with the ``except`` handlers and ``case`` clauses holding
    some), in ``ast.walk``'s order, not looking inside any expression: a def, a class, an import or an
    assignment is found at a tenth of the cost of ``walk``. Kept like ``walk``'s lists."""
    key = id(node)
    hit = _stated.get(key)
    if hit is not None and hit[0] is node:
        return hit[1]
    out = [node]
    for current in out:  # breadth-first, as ``walk``: the statements of ``walk``'s list, in its order
        kind = type(current)
        fields = _STATEMENT_FIELDS_OF.get(kind)
        if fields is None:
            fields = _STATEMENT_FIELDS_OF[kind] = tuple(f for f in kind._fields if f in _STATEMENT_FIELDS)
        for field in fields:
            children = getattr(current, field)
            if type(children) is list:  # a lambda's or a conditional expression's ``body`` is no list
                out.extend(children)
    if isinstance(node, _KEPT):
        _stated[key] = (node, out)
        if len(_stated) > _SIZE:
            _stated.popitem(last=False)
    return out


def own_statements(fn: ast.AST) -> list[ast.AST]:
    """The statements of a function (or class) itself, in ``statements``' order, not those of the
    functions and classes it defines."""
    nested = {
        id(s)
        for inner in statements(fn)
        if inner is not fn and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        for s in statements(inner)
    }
    return [s for s in statements(fn) if id(s) not in nested]


_texts: list[tuple[Sequence[str], str, str]] = []
#: Other modules' answers kept for the file being linted (``kept_per_file``), dropped by ``forget``.
_per_file: list[list[Any]] = []


def kept_per_file(kept: list[T]) -> list[T]:
    """Register a helper's list of what it keeps for the file being linted (its tree, with an answer), to
    be emptied by ``forget`` when the file is done: kept on, the tree would be freed only when the
    next file's answer replaces it, while that file's tree is alive."""
    _per_file.append(kept)
    return kept


def source_of(lines: Sequence[str]) -> tuple[str, str]:
    """A module's text from its lines, and the text lower-cased: joined and lowered once per file for the
    helpers that search it (kept for the last lines asked about)."""
    if _texts and _texts[0][0] is lines:
        return _texts[0][1], _texts[0][2]
    text = "\n".join(lines)
    lowered = text.lower()
    _texts[:] = [(lines, text, lowered)]
    return text, lowered


def keep_source(lines: Sequence[str], text: str, lowered: str) -> None:
    """Have ``source_of(lines)`` give ``text`` and ``lowered`` (``"\\n".join(lines)`` and its lower case,
    which the caller has already made) until ``forget``."""
    _texts[:] = [(lines, text, lowered)]


def forget(keep_walks: bool = False) -> None:
    """Drop the kept walks (the engine calls it when a file is done: a kept module's walk holds its
    whole tree, which the collector would otherwise scan again and again); with ``keep_walks``, between
    two walks of one tree, only the helpers' answers (the lists of nodes, statements and parents stay
    true of the same tree)."""
    if not keep_walks:
        _walked.clear()
        _stated.clear()
        _parented.clear()
    _texts.clear()
    _non_ascii.clear()
    for kept in _per_file:
        kept.clear()


def brief_source(node: ast.AST) -> str:
    """A node's source as a finding's reason quotes it: at most 48 characters, cut with "..."."""
    text = ast.unparse(node)
    return text if len(text) <= 48 else text[:45] + "..."


def past_clamps(
    node: ast.AST, parent_of: Callable[[ast.AST], ast.AST | None]
) -> tuple[ast.AST, ast.AST | None]:
    """``node`` and its parent, climbed past the ``min``/``max`` clamps it is given to and the ``or`` it is the
    fallback of (``num_ctx or max(8192, estimate + 2048)``): the value that goes on, and where it goes."""
    child, parent = node, parent_of(node)
    while (isinstance(parent, ast.Call) and type(parent.func) is ast.Name and parent.func.id in _CLAMPS) or (
        isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[-1] is child
    ):
        child, parent = parent, parent_of(parent)
    return child, parent


#: The calls that clamp a value (``min(n, cap)``, ``max(floor, n)``).
_CLAMPS = frozenset({"min", "max"})


def alternatives(node: ast.IfExp | ast.BoolOp) -> list[ast.expr]:
    """The values an expression may take: both branches of ``a if c else b``, every operand of ``a or b``
    (none of ``a and b``, which is a test)."""
    if isinstance(node, ast.IfExp):
        return [node.body, node.orelse]
    return list(node.values) if isinstance(node.op, ast.Or) else []


def innermost_statement(ancestors: Sequence[ast.AST]) -> ast.stmt | None:
    """The statement nearest the node being visited: the last statement among its ``ancestors``."""
    return next((a for a in reversed(ancestors) if isinstance(a, ast.stmt)), None)


def gives_up(stmt: ast.stmt) -> bool:
    """``raise ...``, ``return`` or ``return None``: a statement that leaves the function with nothing."""
    value = stmt.value if isinstance(stmt, ast.Return) else None
    return isinstance(stmt, ast.Raise) or (
        isinstance(stmt, ast.Return)
        and (value is None or (type(value) is ast.Constant and value.value is None))
    )


def enclosing_function(up: dict[ast.AST, ast.AST], node: ast.AST) -> ast.AST | None:
    """The nearest function (or lambda) holding ``node``, by its parents ``up`` (``parents``); else None."""
    found = up.get(node)
    while found is not None and not isinstance(found, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        found = up.get(found)
    return found


def functions_and_methods(
    tree: ast.AST | None,
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]]:
    """The module's functions and its classes' methods (with their class), not nested functions."""
    for stmt in getattr(tree, "body", ()):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield stmt, None
        elif isinstance(stmt, ast.ClassDef):
            for item in stmt.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield item, stmt


def innermost(
    functions: Sequence[ast.FunctionDef | ast.AsyncFunctionDef], line: int
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost of ``functions`` whose lines hold ``line`` (the last to start, of those that do)."""
    found = None
    for fn in functions:
        if fn.lineno <= line <= (fn.end_lineno or fn.lineno) and (found is None or found.lineno <= fn.lineno):
            found = fn
    return found


def bound_names(node: ast.AST, skip_import: str = "") -> set[str]:
    """Every name ``node`` binds anywhere under it: assignments and deletions, parameters (its own, a nested
    function's, a lambda's), functions and classes, imports (but ``import skip_import [as x]``), ``except ... as``
    and ``match`` captures."""
    names: set[str] = set()
    for n in walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, ast.arg):
            names.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for alias in n.names:
                if not (isinstance(n, ast.Import) and skip_import and alias.name == skip_import):
                    names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(n, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and n.name:
            names.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            names.add(n.rest)
    return names
