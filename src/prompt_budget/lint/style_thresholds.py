"""A share whose every read picks a label, for PB105 (budget-ratio): ``WARN_FRACTION = 0.75`` ... ``if
fraction >= WARN_FRACTION: role = "warning"`` ... ``fg(role, text)`` colours a usage gauge (set 92: hx-cli's
status bar, which also colours a subscription's percentage with ``used_percent >= WARN_FRACTION * 100``).
It triggers, reserves and caps nothing: display, no budget share.

Decided by data flow: each read of the name (``name`` or ``<obj>.name``, also scaled by a number literal,
``WARN_FRACTION * 100``) is one side of an ordering (``<``, ``<=``, ``>``, ``>=``) that is the whole test of
an ``if`` whose body only binds a string literal to a local (``role = "warning"``), or of a conditional
expression choosing a string literal (``"red" if used > WARN else "green"``); and the label chosen is never
itself compared in its function (``if level == "warning": compact()`` acts on it: no display). Read from
the module's parents (``walks.parents``, kept per module), for the names asked about only.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.walks import parents, walk

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def picks_labels_only(tree: ast.AST, name: str, reads: int) -> bool:
    """Every one of the ``reads`` reads of ``name`` in ``tree`` (at least one) picks a string label."""
    if reads == 0:
        return False
    up = parents(tree)
    picked = 0
    for node in walk(tree):
        if not _reads(node, name):
            continue
        if not _picks_label(up, node):
            return False
        picked += 1
    return picked == reads


def named_labels_only(tree: ast.AST | None, name: str) -> bool:
    """Every read of ``name`` in ``tree`` (at least one) picks a string label: ``MAIN_CONTENT_SHARE = 0.7``
    under "#: A chunk's content type is the one holding at least this share of its tokens" ... ``main if share
    >= MAIN_CONTENT_SHARE else "mixed"`` (set 210: uzru-parser) classifies a chunk, whatever its comment says."""
    return tree is not None and picks_labels_only(tree, name, sum(1 for n in walk(tree) if _reads(n, name)))


def _reads(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, ast.Load)
    return isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.ctx, ast.Load)


def _picks_label(up: dict[ast.AST, ast.AST], read: ast.AST) -> bool:
    """The read (scaled by a number or not) is a side of an ordering testing a choice of a string label."""
    child: ast.AST = read
    parent = up.get(child)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult) and _number_beside(parent, child):
        child, parent = parent, up.get(parent)  # ``used_percent >= WARN_FRACTION * 100``
    return isinstance(parent, ast.Compare) and _tests_label(up, parent)


def labels_only(tree: ast.AST | None, compare: ast.Compare) -> bool:
    """``if pct < 0.7: style = "yellow"`` / ``elif pct < 0.9: style = "bold yellow"`` ... ``f"[{style}]..."``:
    a literal share's ordering that is the whole test of a choice of a string label that is only ever
    formatted into a string (set 108: chcode's context gauge), display as a named share's reads are
    (``picks_labels_only``). A label returned, stored or given on (``pressure = "critical"`` ... ``Snapshot(
    pressure=pressure)``) may be acted on elsewhere: a threshold."""
    if tree is None:
        return False
    up = parents(tree)
    if not _tests_label(up, compare):
        return False
    choice = up[compare]
    if isinstance(choice, ast.IfExp):
        # ``"green" if pct < 75 else "yellow" if pct < 95 else ...``: the chain's outermost choice
        while isinstance(up.get(choice), ast.IfExp):
            choice = up[choice]
        holder = up.get(choice)
        if isinstance(holder, ast.FormattedValue):
            return True
        # ``color = "green" if pct < 75 else ...`` ... ``f"[{color}]..."`` (set 395: repoview's token bar)
        if not (
            isinstance(holder, ast.Assign)
            and len(holder.targets) == 1
            and type(holder.targets[0]) is ast.Name
        ):
            return False
        local = holder.targets[0].id
    else:
        local = choice.body[0].targets[0].id  # type: ignore[attr-defined]  # a name: ``_tests_label``
    scope: ast.AST | None = up.get(choice)
    while scope is not None and not isinstance(scope, _FUNCTIONS):
        scope = up.get(scope)
    reads = [
        n
        for n in walk(scope if scope is not None else tree)
        if type(n) is ast.Name and n.id == local and isinstance(n.ctx, ast.Load)
    ]
    return bool(reads) and all(isinstance(up.get(n), ast.FormattedValue) for n in reads)


def _tests_label(up: dict[ast.AST, ast.AST], test: ast.Compare) -> bool:
    """``test``, a single ordering, is the whole test of a choice of a string label."""
    if not (len(test.ops) == 1 and isinstance(test.ops[0], _ORDER)):
        return False
    choice = up.get(test)
    if isinstance(choice, ast.IfExp):  # ``main if share >= MAIN_SHARE else "mixed"`` (set 210: uzru)
        return choice.test is test and (_label(choice.body) or _label(choice.orelse))
    if not isinstance(choice, ast.If) or choice.test is not test or len(choice.body) != 1:
        return False
    stmt = choice.body[0]
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and _label(stmt.value)):
        return False
    target = stmt.targets[0]
    return isinstance(target, ast.Name) and not _compared_in_function(up, choice, target.id)


def _number_beside(product: ast.BinOp, child: ast.AST) -> bool:
    other = product.right if product.left is child else product.left
    return isinstance(other, ast.Constant) and type(other.value) in (int, float)


def _label(node: ast.expr) -> bool:
    """A string literal, or a lookup of one (``_t("success")``, a theme's colour for a role: set 209, tracera)."""
    if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
        return not node.keywords and len(node.args) == 1 and _label(node.args[0])
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _compared_in_function(up: dict[ast.AST, ast.AST], node: ast.AST, local: str) -> bool:
    """The function holding ``node`` (the module if none) compares the local ``local`` somewhere."""
    scope: ast.AST | None = up.get(node)
    while scope is not None and not isinstance(scope, _FUNCTIONS):
        scope = up.get(scope)
    if scope is None:
        return True  # a label picked at module level: its uses are not read here
    return any(
        isinstance(sub, ast.Compare)
        and any(isinstance(side, ast.Name) and side.id == local for side in (sub.left, *sub.comparators))
        for sub in walk(scope)
    )


#: Calls that add a piece of display to a list (``suf.append(("class:ctxwarn", text))``).
_ADDS = frozenset({"append", "extend"})


def _shown(node: ast.expr) -> bool:
    """A string (literal or f-string), or a tuple of strings: a piece of display."""
    if isinstance(node, ast.Tuple):
        return all(_shown(e) for e in node.elts)
    return _label(node) or isinstance(node, ast.JoinedStr)


def _shows(up: dict[ast.AST, ast.AST], read: ast.Name) -> bool:
    """The read of a flag picks a string label (``"warn" if near else "ok"``), or is the whole test of an
    ``if`` (no ``else``) whose body only adds strings to a list (``suf.append(("class:warn", text))``)."""
    parent = up.get(read)
    if isinstance(parent, ast.IfExp):
        return parent.test is read and _label(parent.body) and _label(parent.orelse)
    if not (isinstance(parent, ast.If) and parent.test is read and not parent.orelse):
        return False
    return all(
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Call)
        and isinstance(stmt.value.func, ast.Attribute)
        and stmt.value.func.attr in _ADDS
        and len(stmt.value.args) == 1
        and not stmt.value.keywords
        and _shown(stmt.value.args[0])
        for stmt in parent.body
    )


def shown_only(fn: ast.AST | None, product: ast.BinOp) -> bool:
    """A share in ``product`` (``0.9 * n_ctx``, also scaled further: ``0.9 * n_ctx * threshold``) ordered
    against an amount, the result bound to a flag of the function ``fn`` (``near = used >= ...``) whose every
    read only chooses what a status bar shows (``_shows``): a colour's threshold, no budget share (set 97:
    falamus's context gauge, quiet the way a gauge's named shares are)."""
    if fn is None:
        return False
    up = parents(fn)
    child: ast.AST = product
    parent = up.get(child)
    while isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult):
        child, parent = parent, up.get(parent)
    if not (isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], _ORDER)):
        return False
    bound = up.get(parent)
    if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and type(bound.targets[0]) is ast.Name):
        return False
    flag = bound.targets[0].id
    reads = [n for n in walk(fn) if type(n) is ast.Name and n.id == flag and isinstance(n.ctx, ast.Load)]
    return bool(reads) and all(_shows(up, r) for r in reads)
