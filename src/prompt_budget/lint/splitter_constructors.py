"""A size given to a splitter's classmethod constructor (PB102; set 61: unstract-sdk's
``SentenceSplitter.from_defaults(chunk_size=chunk_size, chunk_overlap=chunk_overlap)`` under ``def
index_document(self, documents, chunk_size: int = 1024, chunk_overlap: int = 128)``).

``rule.sizes_token_chunks`` knows a splitter that measures its chunks in tokens by the class called
(llama-index's ``SentenceSplitter``, ``TokenTextSplitter``); llama-index's node parsers are also made by
their classmethod ``from_defaults``, whose callee's own name says nothing. The class the constructor is
called on is judged as if called: a name read there as a size is a number of tokens, as
``SentenceSplitter(chunk_size=chunk_size)`` makes it (``flow``'s keyword use).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import dotted, sizes_token_chunks

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Classmethods that make an instance of the class they are called on from the same keywords.
_CONSTRUCTORS = frozenset({"from_defaults"})


def constructor_size(rule: LintRule, ancestors: Sequence[ast.AST]) -> str | None:
    """Why the read ``ancestors[-1]`` is a token budget: the value of a size keyword of ``Splitter.
    from_defaults(...)`` for a splitter counting tokens; else None."""
    if len(ancestors) < 3:
        return None
    parent, call = ancestors[-2], ancestors[-3]
    if not (
        type(parent) is ast.keyword
        and parent.arg
        and parent.value is ancestors[-1]
        and type(call) is ast.Call
        and type(call.func) is ast.Attribute
        and call.func.attr in _CONSTRUCTORS
        and isinstance(call.func.value, (ast.Name, ast.Attribute))
    ):
        return None
    made = ast.Call(func=call.func.value, args=call.args, keywords=call.keywords)
    if not sizes_token_chunks(rule.names, parent.arg, made, rule.ctx):
        return None
    return f"used as `{parent.arg}=` of `{dotted(call.func)}`"
