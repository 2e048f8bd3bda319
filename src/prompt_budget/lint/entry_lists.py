"""A list of a mapping's entries (set 81: memboot's TF-IDF embedder): ``sorted_tokens =
sorted(doc_freq.items(), key=..., reverse=True)`` ... ``sorted_tokens[: self._max_features]``. A local
bound only to a mapping's entries (``.items()``, ``.keys()``, ``.most_common(n)``; sorted or listed or
not) holds one entry per distinct word: a vocabulary, not a text's tokens, whatever its name. Cutting it
keeps the first entries (a vocabulary's size), not a budget of tokens. Read only where such a name cuts
a list, through the function's shared walk (``character_reads.bound_values``).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.rule import callee_name

#: Calls giving a mapping's entries (``doc_freq.items()``, ``counts.most_common(n)``).
_ENTRY_CALLS = frozenset({"items", "keys", "most_common"})
#: Calls that order or copy a list and keep its items (``sorted(d.items())``).
_KEEPING = frozenset({"sorted", "list"})


def entry_list(fn: ast.AST, node: ast.expr) -> bool:
    """``node`` is a local of ``fn`` bound only to a mapping's entries."""
    if not isinstance(node, ast.Name):
        return False
    values = bound_values(fn, node.id)
    for bound in values:
        value = bound
        while isinstance(value, ast.Call) and callee_name(value) in _KEEPING and value.args:
            value = value.args[0]
        if not (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in _ENTRY_CALLS
        ):
            return False
    return bool(values)
