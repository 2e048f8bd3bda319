"""A length given to a language model's ``generate`` (Hugging Face's ``max_length`` counts tokens):
read by ``flow`` for a name's uses and by PB101 for keywords."""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, dotted

#: Words of a receiver whose ``generate`` is a language model's (``model.generate``, ``self.llm.generate``).
_GENERATOR_WORDS = frozenset({"model", "llm", "lm", "generator", "pipe", "pipeline"})


#: Words of a text-generation pipeline called directly, and the sampling keywords a call of one is given.
_PIPELINE_WORDS = frozenset({"generator", "pipe", "pipeline"})
_SAMPLING = frozenset(
    {"do_sample", "temperature", "top_p", "top_k", "num_beams", "return_full_text", "max_new_tokens"}
)


def length_limit_keyword(keyword: str) -> bool:
    """``max_length``, ``min_len``, ``max_new_length``: a keyword bounding a length from above or below."""
    ws = set(words(keyword))
    return bool(ws & {"length", "len"} and ws & {"max", "min"})


def generation_length(keyword: str, call: ast.Call) -> bool:
    """``model.generate(**inputs, max_length=...)``: a length given to a language model's ``generate``
    (Hugging Face's counts tokens), not ``ids.generate(max_length=...)``."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in {"generate", "agenerate"}):
        # ``self.generator(prompt, max_length=256, do_sample=True)``: a text-generation pipeline called with
        # sampling settings (set 240: langxchange)
        called = set(words(attr_name(func) or dotted(func) or ""))
        return (
            length_limit_keyword(keyword)
            and bool(called & _PIPELINE_WORDS)
            and any(kw.arg in _SAMPLING for kw in call.keywords)
        )
    receiver = attr_name(func.value) or dotted(func.value)
    return length_limit_keyword(keyword) and bool(set(words(receiver)) & _GENERATOR_WORDS)
