"""A local that holds characters by the offset it is added to or taken from, for PB104 (set 100:
eidetic-memory's chunker)::

    step = tokens * 2            # characters, by the slice below (reported)
    ov = overlap * 2             # the overlap, converted by the same rate
    while i < len(text):
        piece = text[i:i + step]
        i += step - ov           # ``ov`` is taken from ``step`` and moves ``i``: characters too

``forms.used_as_characters`` reads each use of a local at once (a slice, a string's length). A local
whose only use is an offset is in the unit of what it is added to or taken from: a local, or the
index it moves (``i += step - ov``), that ``used_as_characters`` shows holds characters; so is a local
copied whole into one that does (set 124: tensor-truth's ``remaining_budget = total_budget`` ...
``if len(content) <= remaining_budget``). Asked only for
a product of a number of tokens and a chars-per-token rate, after the direct reads decided nothing.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import reads_of
from prompt_budget.lint.forms import used_as_characters
from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_OFFSETS = (ast.Add, ast.Sub)


def held_as_characters(rule: LintRule, name: str) -> bool:
    """The local ``name`` is used as characters (``used_as_characters``), or is an offset of a local
    or an index that is."""
    if used_as_characters(rule, name):
        return True
    fn = rule.ctx.function()
    if fn is None:
        return False
    parents, reads = reads_of(fn, name)
    for read in reads:
        node: ast.AST = read
        parent = parents.get(read)
        while isinstance(parent, ast.BinOp) and isinstance(parent.op, _OFFSETS):
            other = parent.right if parent.left is node else parent.left
            if type(other) is ast.Name and other.id != name and used_as_characters(rule, other.id):
                return True
            node, parent = parent, parents.get(parent)
        if (
            isinstance(parent, ast.Call)
            and isinstance(parent.func, ast.Name)
            and parent.func.id in {"min", "max"}
            and any(a is not node and CHAR_WORDS & set(words(attr_name(a) or "")) for a in parent.args)
        ):
            return True  # ``min(token_budget, char_budget)``: a cap in characters (set 499: lore-sdk)
        if (
            isinstance(parent, ast.AugAssign)
            and isinstance(parent.op, _OFFSETS)
            and type(parent.target) is ast.Name
            and parent.target.id != name
            and used_as_characters(rule, parent.target.id)
        ):
            return True
        if (
            isinstance(parent, ast.Assign)
            and parent.value is read
            and len(parent.targets) == 1
            and type(target := parent.targets[0]) is ast.Name
            and target.id != name
            and used_as_characters(rule, target.id)
        ):
            return True  # ``remaining_budget = total_budget`` ... ``len(part) <= remaining_budget`` (set 124)
    return False
