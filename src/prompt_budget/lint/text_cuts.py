"""A size that cuts text, with room kept for a marker (set 106: vidurai's context mediator)::

    self.max_context_size = 2000  # tokens/chars

    def needs_compression(self, formatted: str) -> bool:
        return len(formatted) > self.max_context_size

    def apply_rl_compression(self, formatted: str) -> str:
        if len(formatted) > self.max_context_size:
            return formatted[:self.max_context_size-20] + "\\n...(truncated)"

The size is compared with a string's length and bounds a string's slice with a literal taken off
(``text[: size - 20]``): characters, whatever its name says, and so is the literal (the room the
truncation marker takes). ``cut_bound`` finds the slice a read bounds (as it is or with a literal added
or taken off: ``flow.Uses`` sees only the bare ``text[:size]``); ``cuts_text`` says the slice's value is
a string by the data flow (a ``str`` parameter, concatenated with a string, or measured with ``len()``
against the same size in the function, and bound to no list of tokens: ``seq = tokenizer.encode(text)``),
not only by not being named as tokens (``ids[: remaining - 20]`` stays a token reserve).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import string_length
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_OFFSETS = (ast.Add, ast.Sub)
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def cut_bound(rule: LintRule, ancestors: Sequence[ast.AST]) -> ast.Subscript | None:
    """The subscript whose slice ``ancestors[-1]`` bounds, as it is or with a literal added or taken
    off (``text[: size - 20]``), when what is sliced is no list of tokens; else None."""
    if len(ancestors) < 3:
        return None
    node, i = ancestors[-1], len(ancestors) - 2
    parent = ancestors[i]
    if (
        isinstance(parent, ast.BinOp)
        and isinstance(parent.op, _OFFSETS)
        and parent.left is node
        and isinstance(parent.right, ast.Constant)
        and i > 1
    ):
        node, i = parent, i - 1
        parent = ancestors[i]
    if not (isinstance(parent, ast.Slice) and node in (parent.lower, parent.upper) and i > 0):
        return None
    sliced = ancestors[i - 1]
    if not isinstance(sliced, ast.Subscript) or rule.token_sequence(sliced.value):
        return None
    return sliced


def cuts_text(rule: LintRule, ancestors: Sequence[ast.AST], size: ast.expr) -> bool:
    """The read ``ancestors[-1]`` (of ``size``) bounds a slice (``cut_bound``) of a string: the slice
    is added to a string (``text[: size - 20] + "..."``), or cuts a parameter annotated ``str``, or a
    name the function orders by its ``len()`` against ``size`` (``if len(text) > size``)."""
    sliced = cut_bound(rule, ancestors)
    if sliced is None:
        return False
    at = ancestors.index(sliced)
    joined = ancestors[at - 1] if at > 0 else None
    if isinstance(joined, ast.BinOp) and isinstance(joined.op, ast.Add):
        other = joined.right if joined.left is sliced else joined.left
        if isinstance(other, ast.JoinedStr) or (
            isinstance(other, ast.Constant) and isinstance(other.value, str)
        ):
            return True
    if type(sliced.value) is not ast.Name:
        return False
    text = sliced.value.id
    fn = rule.ctx.function()
    if fn is None or _bound_to_tokens(rule, fn, text):
        return False  # ``seq = tokenizer.encode(text)`` ... ``seq[: self.MAX_SEQ_LEN - 2]``: tokens
    args = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
    if any(a.arg == text and isinstance(a.annotation, ast.Name) and a.annotation.id == "str" for a in args):
        return True
    wanted = ast.dump(size)
    return any(
        isinstance(node, ast.Compare)
        and all(isinstance(op, _ORDER) for op in node.ops)
        and any(_length_of(s, text, rule) for s in (node.left, *node.comparators))
        and any(ast.dump(s) == wanted for s in (node.left, *node.comparators))
        for node in walk(fn)
    )


def _length_of(side: ast.expr, text: str, rule: LintRule) -> bool:
    """``len(text)`` of the name ``text`` (no list of tokens)."""
    return (
        string_length(side, rule)
        and isinstance(side, ast.Call)
        and type(side.args[0]) is ast.Name
        and side.args[0].id == text
    )


def _bound_to_tokens(rule: LintRule, fn: ast.AST, name: str) -> bool:
    """Some assignment of ``fn`` binds the name ``name`` to a list of tokens (``seq =
    tokenizer.encode(text)``), whatever else binds it (a loop over images' tokens)."""
    return any(
        isinstance(node, ast.Assign)
        and any(type(t) is ast.Name and t.id == name for t in node.targets)
        and rule.token_sequence(node.value)
        for node in walk(fn)
    )
