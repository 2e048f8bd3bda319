"""A length of text a bare module constant is ordered against, for ``deferred``'s window names read as
characters (set 94: tianshu-agent's ``if len(req.input) > MAX_INPUT_LENGTH``): the length of a field of a
request or a row (``req.input``, ``body["text"]``) or of a name saying text (``prompt``, ``content``). A
bare local (``len(embd) >= n_batch``, llama-cpp-python's list of token ids built by appends) says nothing
of its unit and is left to the other reads.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words
from prompt_budget.lint.text_params import parameter_typed
from prompt_budget.lint.walks import walk

#: Words of a name holding text, or a list of messages, lines or entries (counted, not tokens).
_TEXT_WORDS = frozenset(
    {
        *("text", "prompt", "content", "string", "source", "document", "passage", "query", "body"),
        *("message", "messages", "lines", "history", "entries", "items"),
    }
)


def of_text(compare: ast.AST, read: ast.AST, fn: ast.AST | None = None) -> bool:
    """Every other side of the ordering ``compare`` is ``len()`` of an attribute, a subscript or a name
    saying text, or a parameter of ``fn`` that is a ``str`` by its annotation or by an ``isinstance`` check
    (set 242: vcp-sdk's ``if not isinstance(value, str): raise`` ... ``len(value) > MAX_CONTEXT_VALUE_LENGTH``)."""
    if not isinstance(compare, ast.Compare):
        return False
    for side in (compare.left, *compare.comparators):
        if side is read:
            continue
        if not (isinstance(side, ast.Call) and side.args):
            return False
        measured = side.args[0]
        if isinstance(measured, ast.Name) and not (
            set(words(measured.id)) & _TEXT_WORDS or _a_str(fn, measured)
        ):
            return False
        if not isinstance(measured, (ast.Name, ast.Attribute, ast.Subscript)):
            return False
    return True


def _a_str(fn: ast.AST | None, name: ast.Name) -> bool:
    """``name`` is a parameter of ``fn`` annotated ``str``, or one ``fn`` checks with ``isinstance(name, str)``."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    if parameter_typed(fn, name, {"str"}):
        return True
    params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
    return name.id in params and any(
        isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "isinstance"
        and len(node.args) == 2
        and getattr(node.args[0], "id", None) == name.id
        and getattr(node.args[1], "id", None) == "str"
        for node in walk(fn)
    )
