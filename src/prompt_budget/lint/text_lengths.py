"""A length of text a bare module constant is ordered against, for ``deferred``'s window names read as
characters (set 94: tianshu-agent's ``if len(req.input) > MAX_INPUT_LENGTH``): the length of a field of a
request or a row (``req.input``, ``body["text"]``) or of a name saying text (``prompt``, ``content``). A
bare local (``len(embd) >= n_batch``, llama-cpp-python's list of token ids built by appends) says nothing
of its unit and is left to the other reads.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words

#: Words of a name holding text, or a list of messages, lines or entries (counted, not tokens).
_TEXT_WORDS = frozenset(
    {
        *("text", "prompt", "content", "string", "source", "document", "passage", "query", "body"),
        *("message", "messages", "lines", "history", "entries", "items"),
    }
)


def of_text(compare: ast.AST, read: ast.AST) -> bool:
    """Every other side of the ordering ``compare`` is ``len()`` of an attribute, a subscript or a name
    saying text."""
    if not isinstance(compare, ast.Compare):
        return False
    for side in (compare.left, *compare.comparators):
        if side is read:
            continue
        if not (isinstance(side, ast.Call) and side.args):
            return False
        measured = side.args[0]
        if isinstance(measured, ast.Name) and not set(words(measured.id)) & _TEXT_WORDS:
            return False
        if not isinstance(measured, (ast.Name, ast.Attribute, ast.Subscript)):
            return False
    return True
