"""PB109's fallbacks reached after tiktoken failed to know a model, outside an ``except`` handler: the
encoding a function returns once its ``try`` of the model's own encoding (and of any other tokenizer)
fell through (set 20: agentlab's ``get_tokenizer``, which tries ``tiktoken.encoding_for_model(name)``,
then Hugging Face's ``AutoTokenizer``, and ends with ``return tiktoken.encoding_for_model("gpt-4")`` for
Claude, Bedrock and OpenRouter names). Kept apart from the rule: it reads the statements before the
call, not the call's context.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, string_value
from prompt_budget.lint.walks import walk

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_LEAVES = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def reads_model(call: ast.Call) -> bool:
    """``encoding_for_model(m)``, or ``get_encoding(self._model)``: tiktoken asked for a model's
    encoding, which fails for a model it does not know (set 16: rank-llm's ``get_encoding`` of a model
    name); not ``get_encoding(encoding_name)``."""
    callee = callee_name(call)
    if callee == "encoding_for_model":
        return True
    name = attr_name(call.args[0]) if callee == "get_encoding" and call.args else None
    return name is not None and "model" in words(name)


def _returns_model_encoding(stmt: ast.Try) -> bool:
    """A ``try`` that asks tiktoken for a model's encoding and returns from its body, and one of whose
    handlers lets the failure fall through to the statements after it (no ``return`` nor ``raise``)."""
    asks = any(isinstance(n, ast.Call) and reads_model(n) for s in stmt.body for n in walk(s))
    returns = any(isinstance(s, ast.Return) for s in stmt.body)
    falls = any(not (h.body and isinstance(h.body[-1], _LEAVES)) for h in stmt.handlers)
    return asks and returns and falls


def failed_try_before(ancestors: Sequence[ast.AST]) -> tuple[ast.Try, list[ast.AST]] | None:
    """The ``try`` whose failure the call being visited (``ancestors[-1]``) is reached after: an earlier
    statement, in a statement list holding the call (up to its function), that returns the model's
    tiktoken encoding and falls through when tiktoken does not know the model. Returned with the path
    from the module down to that ``try`` (for ``raises_for_other_models``); None when there is none."""
    for i in range(len(ancestors) - 2, -1, -1):
        holder, child = ancestors[i], ancestors[i + 1]
        if isinstance(holder, ast.ExceptHandler):
            return None  # a handler's own fallback, judged as such
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(holder, field, None)
            if not isinstance(stmts, list):
                continue
            at = next((k for k, s in enumerate(stmts) if s is child), None)
            if at is None:
                continue
            for stmt in stmts[:at]:
                if isinstance(stmt, ast.Try) and _returns_model_encoding(stmt):
                    return stmt, [*ancestors[: i + 1], stmt]
        if isinstance(holder, _FUNCTIONS):
            return None
    return None


#: Words of a callee that tokenizes (``litellm.encode``, ``AutoTokenizer.from_pretrained``,
#: ``token_counter``): a handler calling one with the model's name falls back to that model's tokenizer.
_TOKENIZER_WORDS = frozenset(
    {"encode", "tokenize", "tokenizer", "token", "tokens", "counter", "pretrained", "encoding"}
)
_TIKTOKEN_FUNCTIONS = frozenset({"encoding_for_model", "get_encoding", "encoding_name_for_model"})


def model_tokenizer_fallback(call: ast.Call, ancestors: Sequence[ast.AST]) -> bool:
    """``try: enc = tiktoken.encoding_for_model(m) ... except KeyError: return lib.encode(model=m, ...)``:
    tiktoken is tried for the models it knows (OpenAI's) and every handler falls back to a tokenizer
    given the same model name, the model's own (set 21: ragbits-core's ``litellm.encode``), so no model
    is counted with a GPT encoding it does not use; or the handler's ``get_encoding`` is the very encoding
    of the one OpenAI model the ``try`` names (``_own_encoding``). ``ancestors`` ends with ``call``."""
    if callee_name(call) == "get_encoding":
        return _own_encoding(call, ancestors)
    if callee_name(call) != "encoding_for_model" or not call.args:
        return False
    model = ast.dump(call.args[0])
    for i in range(len(ancestors) - 2, -1, -1):
        holder, child = ancestors[i], ancestors[i + 1]
        if isinstance(holder, _FUNCTIONS):
            return False
        if isinstance(holder, ast.Try) and holder.handlers and any(s is child for s in holder.body):
            return all(_calls_model_tokenizer(h, model) for h in holder.handlers)
    return False


#: OpenAI's models by the start of their names, with the encoding tiktoken gives each (most specific first).
_MODEL_ENCODINGS = (
    (("gpt-4o", "gpt-4.1", "gpt-4.5", "gpt-5", "chatgpt-4o", "o1", "o3", "o4"), "o200k_base"),
    (("gpt-4", "gpt-3.5", "gpt-35", "text-embedding-3", "text-embedding-ada"), "cl100k_base"),
)


def _own_encoding(call: ast.Call, ancestors: Sequence[ast.AST]) -> bool:
    """``try: enc = encoding_for_model("gpt-4o") except KeyError: enc = get_encoding("o200k_base")``: the
    handler's encoding is the one the ``try``'s only model, an OpenAI model named as a literal, uses (an old
    tiktoken lacking the name gets the same encoding; set 467: veralith). ``cl100k_base`` there is not
    ``gpt-4o``'s."""
    encoding = string_value(call.args[0]) if call.args else None
    anchor, _ = handled_try(ancestors)
    if encoding is None or anchor is None:
        return False
    asked = [n for s in anchor.body for n in walk(s) if isinstance(n, ast.Call) and reads_model(n)]
    names = [string_value(n.args[0]) if n.args else None for n in asked]
    return bool(names) and all(name is not None and _encoding_of(name) == encoding for name in names)


def _encoding_of(model: str) -> str | None:
    lowered = model.lower()
    return next((enc for starts, enc in _MODEL_ENCODINGS if lowered.startswith(starts)), None)


def _calls_model_tokenizer(handler: ast.ExceptHandler, model: str) -> bool:
    for node in (n for s in handler.body for n in walk(s)):
        if not isinstance(node, ast.Call):
            continue
        name = callee_name(node) or ""
        if name in _TIKTOKEN_FUNCTIONS or not set(words(name)) & _TOKENIZER_WORDS:
            continue
        passed = [*node.args, *(k.value for k in node.keywords)]
        if any(ast.dump(a) == model for a in passed):
            return True
    return False


def handled_try(ancestors: Sequence[ast.AST]) -> tuple[ast.Try | None, int]:
    """The ``try`` whose ``except`` handler holds the node ``ancestors`` lead to, and the handler's index
    in ``ancestors`` (None and 0 when there is none)."""
    at = next((i for i in range(len(ancestors) - 1, 0, -1) if isinstance(ancestors[i], ast.ExceptHandler)), 0)
    anchor = ancestors[at - 1] if at else None
    return (anchor if isinstance(anchor, ast.Try) else None), at


def tried_model(anchor: ast.Try) -> ast.expr | None:
    """The model name the ``try``'s body gives tiktoken (``encoding_for_model(model)``), else None."""
    return next(
        (
            n.args[0]
            for s in anchor.body
            for n in walk(s)
            if isinstance(n, ast.Call) and n.args and reads_model(n)
        ),
        None,
    )
