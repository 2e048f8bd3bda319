"""A threshold whose branch states its unit: the message a comparison guards names the number in tokens.

``elif effective_chunk_size < 50: LOG.warning(f"... Resulting chunks are less than 50 tokens ...")``:
the size compared is not named as tokens, but the warning (or the error) the comparison raises says the
number it tests counts tokens (set 21: lazyllm's text splitters). Only the branch the comparison
decides is read, and only a string that spells the same number followed by ``token``/``tokens``.
"""

from __future__ import annotations

import ast
import re


def _strings(stmts: list[ast.stmt]) -> list[str]:
    """The literal text of the string constants in the first statements of a branch."""
    return [
        n.value
        for stmt in stmts[:2]
        for n in ast.walk(stmt)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def states_tokens(ancestors: list[ast.AST], compare: ast.Compare, value: float) -> bool:
    """The ``if``/``elif`` that ``compare`` is the test of says, in its branch's message, that
    ``value`` counts tokens: ``"... less than 50 tokens"``."""
    test_of = next(
        (a for a in reversed(ancestors) if isinstance(a, (ast.If, ast.While)) and a.test is compare),
        None,
    )
    if test_of is None or not float(value).is_integer():
        return False
    spelled = re.compile(rf"(?<![\d.,_]){int(value)}\s*(?:-\s*)?tokens?\b", re.IGNORECASE)
    return any(spelled.search(text) for text in _strings(test_of.body))
