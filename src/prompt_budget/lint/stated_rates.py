"""Rates a comment states, for PB104: ``return len(text) / 4  # Assume average of 4 characters per token``
(set 64: orchestral-ai's ``character_count_heuristic``): the comment on the statement, or the block right
above it, gives the divisor's own number as characters per token, so the division turns characters into
tokens whatever the function is named; so does the docstring of the function or class around it (a
class ``_FallbackEncoding`` documented as "Uses ~4 characters per token", whose ``encode`` counts
``max(1, len(text) // 4)``, set 73: agiwo). And lists of words: ``words = text.split()`` ... ``len(words)
* 1.333`` counts words as ``len(text.split())`` does. Kept apart from the rule: it reads comments and a
function's bindings (through the shared walks), and judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from prompt_budget.lint.walks import walk

_CHARS_PER_TOKEN = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:chars?|characters?)\s*(?:per|/|for each|for every|each|a)\s*token\b",
    re.IGNORECASE,
)


def states_rate(comments: tuple[str, ...], factor: float) -> bool:
    """One of ``comments`` says ``factor`` characters per token (``~4 chars/token``)."""
    return any(
        float(m.group(1)) == factor
        for comment in comments
        if comment
        for m in _CHARS_PER_TOKEN.finditer(comment)
    )


def scope_docstrings(
    fn: ast.FunctionDef | ast.AsyncFunctionDef | None, cls: ast.ClassDef | None
) -> tuple[str, ...]:
    """The docstrings of the function and the class around a statement, which may state its rate."""
    return tuple(ast.get_docstring(s, clean=False) or "" for s in (fn, cls) if s is not None)


def split_into_words(fn: ast.AST | None, node: ast.expr, splits_words: Callable[[ast.Call], bool]) -> bool:
    """``node`` is a local of ``fn`` bound only to a text cut into words (``words = text.split()``);
    ``splits_words`` judges the call."""
    if fn is None or not isinstance(node, ast.Name):
        return False
    values = [
        n.value
        for n in walk(fn)
        if isinstance(n, (ast.Assign, ast.AnnAssign))
        and n.value is not None
        and any(
            isinstance(t, ast.Name) and t.id == node.id
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        )
    ]
    return bool(values) and all(isinstance(v, ast.Call) and splits_words(v) for v in values)
