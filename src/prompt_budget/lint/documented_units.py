"""A setting whose value the code's own docstrings state in tokens (PB101).

``call_kwargs["chunk_size"] = 32000`` in a class whose docstring says "A document longer than
``chunk_size`` (32000 tokens) auto-chunks ..." (set 39: redisvl's Voyage client): the key's name says no
unit, but the class documents that very number, under that very key, as tokens. Only the docstrings of
the enclosing function, of its class and of the class's methods are read, and only a mention of the key
followed closely by the same number and ``token``/``tokens`` counts.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_DOCUMENTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _docstrings(scope: ast.AST) -> str:
    docs = [ast.get_docstring(s) or "" for s in statements(scope) if isinstance(s, _DOCUMENTED)]
    return " ".join(" ".join(d.split()) for d in docs if "token" in d.lower())  # one space between words


def key_documented_in_tokens(rule: LintRule, key: str, value: float) -> bool:
    """The docstrings around the statement being visited write ``key`` and then, within a few words,
    ``value`` tokens (```chunk_size`` (32000 tokens)``, ``chunk_size: chunks of 512 tokens``)."""
    if not key or not float(value).is_integer():
        return False
    scope = rule.ctx.enclosing_class() or rule.ctx.function()
    text = _docstrings(scope) if scope is not None else ""
    if not text or key not in text:
        return False
    n = int(value)
    spelled = rf"(?:{n}|{n:,}|{n:_})"
    pattern = rf"\b{re.escape(key)}\b[^.]{{0,40}}?(?<![\d.,_]){spelled}(?![\d.,_]\d)\s*(?:-\s*)?tokens?\b"
    return re.search(pattern, text, re.IGNORECASE) is not None
