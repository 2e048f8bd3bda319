"""A number of tokens kept only to match patterns: a look-back depth, not a budget.

``max_history = 256`` whose every read caps a list to its last N items (``history = history[-N:]``,
after ``len(history) > N``), where that list (and every slice of it) is only measured, extended,
compared with ``==`` or turned into a ``tuple`` (a dict key), logged: token ids kept to recognise a
pattern, never sent to a model, decoded or returned (set 32: optillm's steering, which matches the
last tokens generated against stored contexts; set 27 settled a look-back depth as no budget). A
"keep the last N tokens of the context" budget gives the cut list to a model (``generate(ids)``),
which this test rejects.

The reads of a local are followed in its function, those of ``self.<name>`` in its class.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import LOG_CALLS
from prompt_budget.lint.rule import callee_name, dotted
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls that only measure, pair or hash a list of ids (``tuple`` makes a dict key of it).
_PURE_CALLS = frozenset({"len", "tuple", "zip"})
#: Methods growing or clearing a list in place.
_MUTATORS = frozenset({"extend", "append", "insert", "clear", "pop"})
#: Logging calls: a read inside one is only shown.
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _parents(scope: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in walk(scope) for child in ast.iter_child_nodes(node)}


def _reads(scope: ast.AST, text: str) -> list[ast.expr]:
    """The loads of ``text`` (a name or ``self.attr``) in ``scope``."""
    found: list[ast.expr] = []
    for node in walk(scope):
        if (
            isinstance(node, (ast.Name, ast.Attribute))
            and isinstance(node.ctx, ast.Load)
            and dotted(node) == text
        ):
            found.append(node)
    return found


def _target_text(parent: ast.AST | None) -> str | None:
    """What ``x = <value>`` binds (one name or ``self.attr``), else None."""
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        target = parent.targets[0]
        if isinstance(target, (ast.Name, ast.Attribute)):
            return dotted(target) or None
    return None


def _in_log(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """``node`` is inside a logging call's arguments or an f-string."""
    cur: ast.AST | None = node
    while cur is not None and not isinstance(cur, ast.stmt):
        if isinstance(cur, ast.JoinedStr):
            return True
        if isinstance(cur, ast.Call) and (callee_name(cur) or "") in LOG_CALLS:
            return True
        cur = parents.get(cur)
    return False


def _matching_read(
    read: ast.expr, parents: dict[ast.AST, ast.AST], scope: ast.AST, lists: set[str], depth: int
) -> tuple[bool, bool]:
    """(the read of a list of ids only measures, grows, compares or keys it; it matches: ``==`` or
    ``tuple``)."""
    child: ast.AST = read
    parent = parents.get(child)
    while isinstance(parent, ast.Subscript) and parent.value is child:
        child, parent = parent, parents.get(parent)
    while isinstance(parent, ast.IfExp) and child is not parent.test:
        child, parent = parent, parents.get(parent)
    if _in_log(child, parents):
        return True, False
    if isinstance(parent, ast.Call) and child in parent.args:
        name = callee_name(parent) or ""
        if name not in _PURE_CALLS or not isinstance(parent.func, ast.Name):
            return False, False
        if name == "tuple":
            return True, True
        return True, name == "zip"
    if isinstance(parent, ast.Attribute) and parent.attr in _MUTATORS:
        return True, False
    if isinstance(parent, ast.Compare):
        return True, any(isinstance(op, (ast.Eq, ast.NotEq)) for op in parent.ops)
    if isinstance(parent, ast.comprehension) and parent.iter is child:
        return False, False
    bound = _target_text(parent)
    if bound is None:
        return False, False
    if bound in lists or depth >= 2:
        return bound in lists, False
    return _only_matched(scope, bound, parents, lists | {bound}, depth + 1)


def _only_matched(
    scope: ast.AST, text: str, parents: dict[ast.AST, ast.AST], lists: set[str], depth: int
) -> tuple[bool, bool]:
    reads = _reads(scope, text)
    results = [_matching_read(r, parents, scope, lists, depth) for r in reads]
    return all(ok for ok, _ in results), any(m for _, m in results)


def _cut_list(read: ast.expr, parents: dict[ast.AST, ast.AST]) -> str | None:
    """``L = L[-N:]``: the list ``read`` (N) keeps the last items of, else None."""
    neg = parents.get(read)
    if not (isinstance(neg, ast.UnaryOp) and isinstance(neg.op, ast.USub)):
        return None
    slice_ = parents.get(neg)
    if not (isinstance(slice_, ast.Slice) and slice_.lower is neg and slice_.upper is None):
        return None
    sub = parents.get(slice_)
    if not isinstance(sub, ast.Subscript):
        return None
    source, bound = dotted(sub.value), _target_text(parents.get(sub))
    return source if source and bound == source else None


def _length_compare(read: ast.expr, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(read)
    if not isinstance(parent, ast.Compare) or not all(isinstance(op, _ORDER) for op in parent.ops):
        return False
    others = [o for o in (parent.left, *parent.comparators) if o is not read]
    return all(isinstance(o, ast.Call) and callee_name(o) == "len" for o in others)


def only_match_depth(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> bool:
    """``node`` binds a number (a local or ``self.<name>``) whose every read caps a list to its last N
    items or compares a list's length with it, and those lists are only measured, grown, compared with
    ``==``, made tuples (keys) or logged, at least one matched: a look-back depth for pattern matching."""
    target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
    if isinstance(node, ast.Assign) and len(node.targets) != 1:
        return False
    if not isinstance(node.value, ast.Constant) or not isinstance(node.value.value, int):
        return False
    text = dotted(target) if isinstance(target, (ast.Name, ast.Attribute)) else ""
    if not text or rule.budget_literal(node.value) is None:
        return False
    if not (rule.names.is_budget_setting(text.rsplit(".", 1)[-1]) or rule.token_comment()):
        return False  # judged only where a budget is otherwise read (a walk of a class per binding)
    scope: ast.AST | None
    if isinstance(target, ast.Attribute):
        if not text.startswith("self.") or text.count(".") != 1:
            return False
        scope = rule.ctx.enclosing_class()
    else:
        scope = rule.ctx.function()
    if scope is None:
        return False
    parents = _parents(scope)
    reads = _reads(scope, text)
    lists: set[str] = set()
    for read in reads:
        cut = _cut_list(read, parents)
        if cut is not None:
            lists.add(cut)
        elif not _length_compare(read, parents):
            return False
    if not lists:
        return False
    matched = False
    for listed in sorted(lists):
        ok, matches = _only_matched(scope, listed, parents, set(lists), 0)
        if not ok:
            return False
        matched = matched or matches
    return matched
