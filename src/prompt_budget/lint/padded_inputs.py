"""Where a number is the length a tokenizer pads every input to (set 58: flexgen), or the length an
embedding model's (or a tokenizer's) ``encode`` cuts its input to (set 57: huixiangdou).

``tokenizer(prompts, padding="max_length", max_length=128)``: a Hugging Face tokenizer's call told to pad
to ``max_length`` makes every input that many tokens, the prompt length the model is then run with,
whether or not it also truncates (``truncation=True`` is ``token_cuts``'s). The callee (or the object it
is called on) must be named a tokenizer: a processor or feature extractor pads sound or images to
samples or pixels. Padding to the longest input of a batch (``padding=True``, ``"longest"``) fixes no
length, and a tokenizer's ``enable_padding(length=256)`` with no truncation beside it is no budget
(``token_cuts.padded_length``).

``model.encode(sentences, max_length=512)`` (FlagEmbedding's ``BGEM3FlagModel``), ``tokenizer.encode(text,
max_length=512)``: an ``encode`` of an object named a model, an embedder or a tokenizer, given a maximum
length, tokenizes its text to at most that many tokens (a string's ``encode`` takes no length).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words
from prompt_budget.lint.padded_lengths import pads_to_max_length
from prompt_budget.lint.rule import attr_name

#: Methods encoding text to vectors or token ids.
_ENCODES = frozenset({"encode", "encode_queries", "encode_corpus", "encode_plus", "batch_encode_plus"})
#: Words of an object whose ``encode`` tokenizes text.
_ENCODERS = frozenset({"model", "embedder", "embedding", "embeddings", "tokenizer"})
#: The keyword naming the length a call pads to when told ``padding="max_length"``.
_LENGTH = "max_length"


def pads_to_length(keyword: str, call: ast.Call) -> bool:
    """``keyword`` of ``call`` is the fixed length a tokenizer pads every input to, in tokens."""
    return keyword == _LENGTH and pads_to_max_length(call)


def encoded_length(keyword: str, call: ast.Call) -> bool:
    """``keyword`` of ``call`` is the length (in tokens) a model's or a tokenizer's ``encode`` cuts to."""
    func = call.func
    if keyword != _LENGTH or not isinstance(func, ast.Attribute) or func.attr not in _ENCODES:
        return False
    return bool(set(words(attr_name(func.value) or "")) & _ENCODERS)
