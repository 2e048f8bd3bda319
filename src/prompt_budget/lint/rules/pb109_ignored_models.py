"""PB109's reading of a tokenizer getter that ignores the model it is asked for: ``def
get_tokenizer(name): return tiktoken.encoding_for_model("gpt-4o-mini").encode`` (set 53: syftr, whose
splitters size their chunks in the tokens of a response model of any provider, Anthropic, Vertex,
Cerebras, local). The signature promises the model's tokenizer; every model gets one GPT encoding.

Only a getter by name (``get_tokenizer``, ``load_encoding``: a function named for a tokenizer or an
encoding) that returns the fixed encoding (or a method of it) and never reads a parameter naming a model
(``name``, ``model``, ``llm_name``); not in code named for OpenAI (a class, function, module or package
folder named ``openai``, ``gpt``, ``azure``), where every model asked for is OpenAI's.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import FileContext

#: Words of a getter's name that say it gives a tokenizer.
_GETTER_WORDS = frozenset({"tokenizer", "tokeniser", "encoding", "encoder"})
#: Words of a parameter's name that say it names a model.
_MODEL_WORDS = frozenset({"model", "llm", "name"})
#: Words of a scope's name that say its models are OpenAI's (``OpenAIClient``, ``gpt_tokens``).
_OPENAI_WORDS = frozenset({"oai", "gpt", "azure"})


def _openai_named(name: str) -> bool:
    return "openai" in name.lower() or "chatgpt" in name.lower() or bool(set(words(name)) & _OPENAI_WORDS)


def _returned(ctx: FileContext, call: ast.Call) -> bool:
    """``call`` is what its statement, a ``return``, gives back: whole, or a method or attribute of it
    (``encoding_for_model("gpt-4o-mini").encode``)."""
    inner: ast.AST = call
    for anc in reversed(ctx.ancestors):
        if anc is call:
            continue
        if isinstance(anc, ast.Return):
            return anc.value is inner
        if not (isinstance(anc, ast.Attribute) and anc.value is inner):
            return False
        inner = anc
    return False


def ignored_model(ctx: FileContext, call: ast.Call, openai_scope: bool) -> str | None:
    """The parameter naming a model that the getter returning ``call``, a fixed GPT encoding, never
    reads (``name`` of ``get_tokenizer(name)``), else None. ``openai_scope``: the caller found the code
    named for OpenAI (its module or package folder)."""
    fn = ctx.function()
    if fn is None or openai_scope or not set(words(fn.name)) & _GETTER_WORDS:
        return None
    if any(_openai_named(s.name) for s in ctx.scopes) or not _returned(ctx, call):
        return None
    a = fn.args
    params = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs) if p.arg not in {"self", "cls"}]
    named = [p for p in params if set(words(p)) & _MODEL_WORDS]
    if not named:
        return None
    read = {n.id for n in walk(fn) if type(n) is ast.Name and isinstance(n.ctx, ast.Load)}
    return next((p for p in named if p not in read), None)


def ignored_message(fixed: str, fn: ast.AST | None, param: str) -> str:
    """The finding's message for the getter ``fn`` returning the fixed encoding ``fixed``."""
    name = fn.name if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) else "the getter"
    return (
        f"{name}() returns the fixed GPT encoding {fixed!r} whatever `{param}` it is given: every "
        "provider's model it is asked for is counted with OpenAI's tokenizer"
    )
