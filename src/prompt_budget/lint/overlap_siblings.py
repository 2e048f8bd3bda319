"""An overlap parameter beside a chunk size its docstring gives in tokens, for PB102 (budget-constant).

A chunker's signature states the unit once, for the size (set 85: agent-brain-cli's API client)::

    def index(self, folder_path, chunk_size: int = 512, chunk_overlap: int = 50):
        \"\"\"...
            chunk_size: Target chunk size in tokens.
            chunk_overlap: Overlap between chunks.
        \"\"\"

The overlap is a part of the chunk it overlaps: it counts what the size counts. An overlap whose own
entry names another unit (characters, words, sentences, lines) keeps its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.param_docstrings import arg_entry, documented_in_tokens, documents

if TYPE_CHECKING:
    import ast

    from prompt_budget.lint.rule import LintRule

#: Units an overlap's own entry may count instead of the chunk size's tokens.
_OWN_UNITS = CHAR_WORDS | {
    "word",
    "words",
    "sentence",
    "sentences",
    "line",
    "lines",
    "byte",
    "bytes",
    "page",
    "pages",
    "percent",
    "percentage",
    "fraction",
    "ratio",
    "messages",
    "turns",
}


def documented_overlap(rule: LintRule, node: ast.arguments, name: str) -> str | None:
    """``chunk_overlap=50`` beside ``chunk_size=512`` in one signature whose docstring gives the chunk
    size in tokens: why the overlap counts tokens, else None."""
    ws = words(name)
    if ws[-1:] != ("overlap",):
        return None
    if any(set(words(arg_entry(text, name))) & _OWN_UNITS for text in documents(rule)):
        return None  # "chunk_overlap: overlap in characters"
    prefix = ws[:-1]
    for arg in (*node.posonlyargs, *node.args, *node.kwonlyargs):
        other = words(arg.arg)
        # ``chunk_size`` for ``chunk_overlap``, ``window_size`` for ``window_overlap``, any size for ``overlap``
        if (
            other[-1:] == ("size",)
            and other[:-1] == (prefix or other[:-1])
            and documented_in_tokens(rule, arg.arg)
        ):
            return f"the overlap of `{arg.arg}`, which the docstring gives in tokens"
    return None
