"""The rules' one walk of a file's ``ast``: every rule's ``visit_<Type>``/``leave_<Type>`` called in
one depth-first pass, with the ancestors and scopes the rules read kept current, statements no rule
needs left out (``prune.py``), and the cyclic garbage collector paused while files are parsed and
walked."""

from __future__ import annotations

import ast
import contextlib
import gc
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from prompt_budget.lint.rule import SCOPES, FileContext, LintRule
from prompt_budget.lint.walks import child_fields

if TYPE_CHECKING:
    from prompt_budget.lint.prune import Pruner

#: The recursion limit while rules walk a tree: ast builds trees a few thousand levels deep.
_RECURSION_LIMIT = 12_000
_HANDLERS: dict[type[LintRule], tuple[tuple[str, str], ...]] = {}


def _handlers(rule: type[LintRule]) -> tuple[tuple[str, str], ...]:
    """(node type, method name) for every visit_/leave_ method a rule class defines."""
    found = _HANDLERS.get(rule)
    if found is None:
        names = [name for name in dir(rule) if name.startswith(("visit_", "leave_"))]
        found = _HANDLERS[rule] = tuple((name.split("_", 1)[1], name) for name in names)
    return found


_Handlers = list[Callable[[Any], None]]
#: What the walk does at a node of a type: its child fields, the visit and leave handlers, whether it
#: opens a scope, whether the pruner may leave it out.
_Plan = tuple[tuple[str, ...], _Handlers, _Handlers, bool, bool]
#: Handler names by node type name, each with its rule's place in the walk's rules, for the visits and
#: the leaves: made once per sequence of rule classes (bound to each walk's rule instances as needed).
_Layout = dict[str, list[tuple[int, str]]]
_LAYOUTS: dict[tuple[type[LintRule], ...], tuple[_Layout, _Layout]] = {}
#: A node type's child fields, whether it opens a scope, whether it is a statement.
_KINDS: dict[type[ast.AST], tuple[tuple[str, ...], bool, bool]] = {}


def _layout(kinds: tuple[type[LintRule], ...]) -> tuple[_Layout, _Layout]:
    """The visit and leave handlers of rules of these classes by node type, in the rules' order."""
    visit: _Layout = {}
    leave: _Layout = {}
    for i, kind in enumerate(kinds):
        for node_type, method in _handlers(kind):
            (visit if method.startswith("visit_") else leave).setdefault(node_type, []).append((i, method))
    found = _LAYOUTS[kinds] = (visit, leave)
    return found


def _kind(kind: type[ast.AST]) -> tuple[tuple[str, ...], bool, bool]:
    found = _KINDS[kind] = (child_fields(kind), kind in SCOPES, issubclass(kind, ast.stmt))
    return found


#: With the collector paused, a full collection after this many files frees whatever cycles a rule left.
COLLECT_EVERY = 512


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while files are parsed and walked. ``ast.parse`` allocates a
    node object per node, so the collector would run every few hundred nodes and walk everything alive
    again and again (it doubled the parse's CPU time on litellm). The walk leaves no cycles behind, so
    reference counting frees each file's tree; a full collection every ``COLLECT_EVERY`` files frees
    what a rule might leave in a cycle anyway."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@contextlib.contextmanager
def deep_recursion() -> Iterator[None]:
    """Room for the walk over code nested as deeply as ``ast`` builds it (a few thousand levels of
    ``a + b + ...``); deeper still is a per-file error, not a crash."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, _RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def walk(tree: ast.AST, ctx: FileContext, visitors: Sequence[LintRule], pruner: Pruner | None = None) -> None:
    """One depth-first walk calling every rule's ``visit_<Type>`` before a node's children and
    ``leave_<Type>`` after them, with ``ctx.ancestors`` and ``ctx.scopes`` kept current; statements
    the ``pruner`` says no rule needs are left out (``prune.py``)."""
    kinds = tuple(type(rule) for rule in visitors)
    on_visits, on_leaves = _LAYOUTS.get(kinds) or _layout(kinds)
    ancestors, scopes = ctx.ancestors, ctx.scopes
    AST = ast.AST
    plans: dict[type[ast.AST], _Plan] = {}
    #: What a parent does at a child of a type that has no children, opens no scope and is no
    #: statement: the child's visit and leave handlers, called from the parent's loop with the child
    #: pushed on the ancestor stack (a ``Name`` or a ``Constant``, a third of the nodes walked, is not
    #: entered through ``rec``: a call, a plan's look-up and its tests per such node spared); an empty
    #: tuple for such a type nothing is done at (not even pushed on the stack) and for None (a list of
    #: child nodes holds nodes, or None for a dict's ``**`` key and a keyword-only parameter's missing
    #: default). A type not in it (yet) is entered through ``rec``.
    leaves: dict[type[Any], tuple[Callable[[Any], None], ...]] = {type(None): ()}
    leaf_of = leaves.get

    def plan_of(kind: type[ast.AST]) -> _Plan:
        """What to do at a node of this type: its child fields, the visit and leave handlers (bound to
        this walk's rules), whether it opens a scope (looked up once per type and walk, not once per
        node; only for the types the tree holds)."""
        name = kind.__name__
        fields, is_scope, is_statement = _KINDS.get(kind) or _kind(kind)
        entries = on_visits.get(name)
        on_visit = [getattr(visitors[i], method) for i, method in entries] if entries else []
        entries = on_leaves.get(name)
        on_leave = [getattr(visitors[i], method) for i, method in entries] if entries else []
        prunable = pruner is not None and is_statement
        found = plans[kind] = (fields, on_visit, on_leave, is_scope, prunable)
        if not (fields or is_scope or prunable):
            # the visits then the leaves, nothing walked between them
            leaves[kind] = (*on_visit, *on_leave)
        return found

    skip = pruner.skip if pruner is not None else None

    def rec(node: ast.AST) -> None:
        kind = type(node)
        fields, on_visit, on_leave, is_scope, prunable = plans.get(kind) or plan_of(kind)
        if prunable and skip(node):  # type: ignore[misc,arg-type]
            return
        ancestors.append(node)
        if is_scope:
            scopes.append(node)  # type: ignore[arg-type]
        if on_visit:
            for fn in on_visit:
                fn(node)
            if pruner is not None:
                pruner.stale = True  # the names the rules follow may have changed
        for name_ in fields:
            child = getattr(node, name_)
            if child is None:
                continue
            if type(child) is list:
                for item in child:
                    handlers = leaf_of(type(item))
                    if handlers is None:
                        rec(item)  # noqa: F821 - bound until the walk ends (deleted after it, below)
                    elif handlers:
                        ancestors.append(item)
                        for fn in handlers:
                            fn(item)
                        ancestors.pop()
                        if pruner is not None:
                            pruner.stale = True
            else:
                handlers = leaf_of(type(child))
                if handlers is None:
                    if isinstance(child, AST):
                        rec(child)  # noqa: F821
                elif handlers:
                    ancestors.append(child)
                    for fn in handlers:
                        fn(child)
                    ancestors.pop()
                    if pruner is not None:
                        pruner.stale = True
        if on_leave:
            for fn in on_leave:
                fn(node)
            if pruner is not None:
                pruner.stale = True
        if is_scope:
            scopes.pop()
        ancestors.pop()

    try:
        rec(tree)
    finally:
        del rec  # the closure refers to itself: without this every walk leaves a cycle for the collector
