"""PB109's fixed encoding kept on ``self`` by one method and encoded with by another: ``self.__tokenizer
= tiktoken.get_encoding("o200k_base")`` in a constructor, read as ``len(self.__tokenizer.encode(text))``
in ``_count_tokens`` and ``self.__tokenizer.encode(text)`` in ``_chunk_text`` (set 52: chembench's
extractor, counting and chunking completions for whichever litellm model it is given). The call's own
method encodes nothing, so the rule's test that the function encodes text finds none; the methods of the
class that encode with the attribute are what count tokens, as the functions encoding with a module's
global do (``pb109_module_encoders``). The call must be the whole value bound to the attribute, and a
method named for OpenAI alone (``count_openai_tokens``) does not count. ``pb109_project`` reports it
where the package serves other providers' models.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.names import words
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.walks import innermost_statement, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import FileContext

#: Methods of a tiktoken encoding that turn text into tokens (to count or cut them).
_ENCODES = frozenset({"encode", "encode_ordinary", "encode_batch", "encode_ordinary_batch"})
#: Words of a method's name for OpenAI's models alone.
_OPENAI_SCOPE = frozenset({"openai", "oai", "gpt", "azure", "chatgpt", "tiktoken"})


def _encodes_with(method: ast.AST, attr: str) -> bool:
    """``self.<attr>.encode(text)`` in the method: it counts or cuts text with the kept encoding."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in _ENCODES
        and self_attribute(n.func.value) == attr
        for n in walk(method)
    )


def self_encoder_used(ctx: FileContext, call: ast.Call) -> bool:
    """The tiktoken ``call`` is bound, whole, to ``self.<attr>`` in a method, and a method of the class
    not named for OpenAI encodes text with ``self.<attr>``."""
    cls = ctx.enclosing_class()
    if cls is None or ctx.function() is None:
        return False
    stmt = innermost_statement(ctx.ancestors)
    bound = single_binding(stmt) if stmt is not None else None
    attr = self_attribute(bound[0]) if bound is not None and bound[1] is call else ""
    if not attr:
        return False
    return any(
        isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef))
        and not set(words(method.name)) & _OPENAI_SCOPE
        and _encodes_with(method, attr)
        for method in cls.body
    )
