"""Model classes that cut their input to a number of tokens given where they are made:
sentence-transformers' ``CrossEncoder(model_name, max_length=512)`` and FlagEmbedding's rerankers
(``FlagReranker(name, max_length=512)``) tokenize each (query, passage) pair with ``truncation=True``
and that ``max_length`` (set 45: langchain-chatchat's reranker). Named by their class, whose callers
spell it as the library does.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import callee_name

#: The classes, and the keywords of their input's length in tokens.
_CUTTING_MODELS = frozenset({"CrossEncoder", "FlagReranker", "FlagLLMReranker", "LayerWiseFlagLLMReranker"})
_LENGTHS = frozenset({"max_length", "max_seq_length"})
#: Their names in PB101's pre-check (lower case: a file naming none of them is not parsed for them).
PRECHECK_WORDS = r"|crossencoder|flagreranker|flagllmreranker"


def model_cut(call: ast.Call) -> bool:
    """``CrossEncoder(name, max_length=...)``: a model class's call that cuts its input to its length
    keyword (``model_length``)."""
    return callee_name(call) in _CUTTING_MODELS


def model_length(keyword: str, call: ast.Call) -> bool:
    """``max_length=`` given to such a class: a number of tokens."""
    return keyword in _LENGTHS and model_cut(call)
