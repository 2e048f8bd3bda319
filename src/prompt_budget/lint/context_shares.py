"""A share whose name does not say tokens, a window or a budget (``context_ratio = 0.25``, ``summary_ratio``,
``warning_threshold``) that scales an amount of something else: a share of the cells of a batch taken as
context cells in a single-cell model (set 198: arc-stack's ``n_context_cell = int((cell_ratio + context_ratio) *
n_cells_batch)``), a share of a conversation's messages (``int(len(agent.messages) * self.summary_ratio)``), a
share of steps, calls and seconds (``self.policy.max_steps * threshold``), not of a context window.

``scaled_units`` asks every read of a ratio to scale another unit; such a share is decided more loosely, by the
reads that scale anything: at least one scales an amount of another unit (``scaled_units.OTHER_UNITS``, cells
among them), directly, through a sum or difference with other shares (``(cell_ratio + context_ratio) * n``,
``n * (1 - ratio)``) or through a local bound to it in the same function (``ratio = prompt_ratio +
context_ratio`` ... ``int(self.n_cells * (1 - ratio))``), and none scales anything else. Reads that scale
nothing (handed on, asserted, stored, compared, clamped) say nothing either way. A bound of a share that scales
nothing itself (``context_ratio_min``, the low end of a schedule up to ``context_ratio``) is decided as the
share it bounds. A share whose name says tokens, a window or a budget (``context_window_ratio``) is left to
``scaled_units``.

Kept apart from the rule: it reads the module's tree, and judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import TOKEN_WORDS, NameJudge, words
from prompt_budget.lint.scaled_units import SCALING, other_unit
from prompt_budget.lint.walks import enclosing_function, parents, walk

#: Words that tie a share to tokens whatever else it scales.
_TIED = TOKEN_WORDS | {"window", "budget"}
#: Parts of a name that make it a bound of another share (``context_ratio_min``).
_BOUND_PARTS = frozenset({"min", "max", "lo", "hi", "lower", "upper"})


def _share_term(node: ast.AST) -> bool:
    """A term a share may be summed with: another share's name, or a number (``1 - ratio``)."""
    return isinstance(node, (ast.Name, ast.Attribute)) or (
        isinstance(node, ast.Constant) and isinstance(node.value, (int, float))
    )


def _verdict(read: ast.AST, up: dict[ast.AST, ast.AST], names: NameJudge) -> tuple[str, str | None]:
    """What one read does: ("other", None) scales another unit; ("else", None) scales something else;
    ("local", name) is bound to the local ``name``; ("none", None) scales nothing."""
    node, parent = read, up.get(read)
    while isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub)):
        other = parent.right if parent.left is node else parent.left
        if not _share_term(other):
            return "none", None
        node, parent = parent, up.get(parent)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, SCALING):
        other = parent.right if parent.left is node else parent.left
        return ("other", None) if other_unit(names, other) else ("else", None)
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and type(parent.targets[0]) is ast.Name:
        return "local", parent.targets[0].id
    return "none", None


def scales_other_context(tree: ast.AST | None, name: str, names: NameJudge) -> bool:
    """``name``, a share not named for tokens, a window or a budget, scales an amount of another unit in
    ``tree`` and nothing else (reads scaling nothing aside)."""
    if tree is None or set(words(name)) & _TIED:
        return False
    up = parents(tree)
    reads = [
        n
        for n in walk(tree)
        if ((type(n) is ast.Name and n.id == name) or (type(n) is ast.Attribute and n.attr == name))
        and type(n.ctx) is ast.Load
    ]
    other = 0
    for read in reads:
        kind, local = _verdict(read, up, names)
        if kind == "local" and local is not None and local != name:
            fn = enclosing_function(up, read)
            follow = [] if fn is None else [n for n in walk(fn) if type(n) is ast.Name and n.id == local]
            kinds = [_verdict(n, up, names)[0] for n in follow if type(n.ctx) is ast.Load]
            if "else" in kinds:
                return False
            other += kinds.count("other")
        elif kind == "else":
            return False
        elif kind == "other":
            other += 1
    if other == 0 and (bounded := _bounded_share(name)) is not None:
        return scales_other_context(tree, bounded, names)  # ``context_ratio_min``: as ``context_ratio``
    return other > 0


def _bounded_share(name: str) -> str | None:
    """``context_ratio`` for ``context_ratio_min`` or ``min_context_ratio``: the share a bound is of."""
    parts = name.split("_")
    kept = [p for p in parts if p.lower() not in _BOUND_PARTS]
    return "_".join(kept) if kept and len(kept) < len(parts) else None
