"""PB109's judgement of ``tiktoken.encoding_for_model(model)`` outside any ``try``: whether the function
tells OpenAI's models from others before asking (a test of the name, a class method that checks
availability, a docstring saying it is for OpenAI's models only). When it does not, any provider's
model name can reach the call, which raises ``KeyError`` for the models tiktoken does not know.

A tokenizer that wraps tiktoken (set 35: llm-foundry's ``TiktokenTokenizerWrapper(model_name=None,
encoding_name=None)``, ``encoding_for_model(self.model_name)`` or ``get_encoding(self.encoding_name)``)
loads the encoding its caller names: the caller picks a tiktoken model on purpose, no chat model's
prompts are measured there. So does one whose config carries the choice (set 53: flexrag's
``TikTokenTokenizer(cfg)``, ``get_encoding(cfg.tokenizer_name)`` or ``encoding_for_model(cfg.model_name)``).

A log message or a ``print`` naming OpenAI is no such test (set 25: alpaca-eval's ``logging.info(f"Using
`openai_completions` ...")``). A docstring naming OpenAI or its models is, unless a caller in the module
passes a name computed at run time (then the callers decide which model names reach the call).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.model_names import is_non_openai_model
from prompt_budget.lint.names import LOG_CALLS, words
from prompt_budget.lint.rule import attr_name, callee_name, string_value
from prompt_budget.lint.rules.pb109_callers import fed_at_run_time
from prompt_budget.lint.rules.pb109_provider_names import OPENAI_WORD
from prompt_budget.lint.walks import walk

#: Calls whose strings are messages for people, not tests of a model's name.
_MESSAGE_CALLS = LOG_CALLS | {"critical"}


def _is_false(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is False


def class_checks_availability(cls: ast.ClassDef | None) -> bool:
    """The enclosing class has a check that tries ``encoding_for_model`` and answers no when it
    raises (``is_available``: ``try: encoding_for_model(m) except KeyError: return False``)."""
    if cls is None:
        return False
    for n in walk(cls):
        if not (isinstance(n, ast.Try) and n.handlers):
            continue
        tries = any(
            isinstance(c, ast.Call) and callee_name(c) == "encoding_for_model"
            for stmt in n.body
            for c in walk(stmt)
        )
        answers = all(
            h.body and isinstance(h.body[-1], ast.Return) and _is_false(h.body[-1].value) for h in n.handlers
        )
        if tries and answers:
            return True
    return False


#: Words of a class's or function's name that say it is a tokenizer (``TiktokenTokenizerWrapper``), or
#: a splitter cutting text by the tokens of the encoding its caller picks (set 59: eidolon-ai-sdk's
#: ``TokenTextSplitter``, after langchain's: ``encoding_for_model(spec.model)`` or
#: ``get_encoding(spec.encoding_name)``): the model names a tiktoken encoding for the chunks' bounds.
_TOKENIZER_WORDS = frozenset({"tiktoken", "tokenizer", "tokeniser", "splitter", "chunker"})


#: Words of a name that says it holds an encoding's name (``encoding_name``, ``tokenizer_name``).
_ENCODING_WORDS = frozenset({"encoding", "tokenizer", "tokeniser"})


def _root(node: ast.expr) -> str | None:
    """The name an attribute chain starts from: ``cfg.tokenizer_name`` -> cfg."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _caller_encoding(arg: ast.expr, params: set[str]) -> bool:
    """``arg`` is an encoding's name the caller gives: a parameter naming an encoding (``encoding_name``)
    or such a field of a parameter (``self.encoding_name``, ``cfg.tokenizer_name``: set 53, flexrag's
    ``TikTokenTokenizer(cfg)``)."""
    name = attr_name(arg)
    if name is None or not (set(words(name)) & _ENCODING_WORDS):
        return False
    if isinstance(arg, ast.Name):
        return arg.id in params
    return isinstance(arg, ast.Attribute) and _root(arg) in params


def wraps_tiktoken(scope: ast.FunctionDef | ast.AsyncFunctionDef, cls: ast.ClassDef | None) -> bool:
    """``scope`` (or its class) is a tokenizer by name (``tiktoken``, ``tokenizer``) that loads the
    encoding its caller names: an encoding's name given by the caller (``encoding_name``, a config's
    ``cfg.tokenizer_name``) is the alternative to the model's name, read by a ``get_encoding`` call of
    ``scope`` (``get_encoding(self.encoding_name)``)."""
    named = {w for n in (scope.name, cls.name if cls else "") for w in words(n)}
    if not named & _TOKENIZER_WORDS:
        return False
    a = scope.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    return any(
        isinstance(n, ast.Call)
        and callee_name(n) == "get_encoding"
        and n.args
        and _caller_encoding(n.args[0], params)
        for n in walk(scope)
    )


def _messages(scope: ast.AST) -> set[int]:
    """The ids of the strings inside log and print calls of ``scope``."""
    out: set[int] = set()
    for n in walk(scope):
        if isinstance(n, ast.Call) and callee_name(n) in _MESSAGE_CALLS:
            out.update(id(m) for m in walk(n))
    return out


def any_model(
    tree: ast.AST | None,
    scope: ast.FunctionDef | ast.AsyncFunctionDef,
    cls: ast.ClassDef | None,
    call: ast.Call,
) -> bool:
    """The function never tells OpenAI models from others before ``call`` (no ``"gpt"``, ``"openai"``
    or other provider's model name in a string that decides something), and no method of its class
    checks that tiktoken knows the model. The caller has checked the call is outside any ``try``."""
    if class_checks_availability(cls) or wraps_tiktoken(scope, cls):
        return False
    arg = call.args[0] if call.args else None
    doc = scope.body[0] if scope.body and isinstance(scope.body[0], ast.Expr) else None
    skip = _messages(scope)
    if doc is not None and isinstance(arg, ast.Name) and fed_at_run_time(tree, scope, arg.id):
        skip.add(id(doc.value))  # callers decide which model names reach it, not the docstring
    for n in walk(scope):
        if id(n) in skip:
            continue
        text = string_value(n)
        if text is not None and (is_non_openai_model(text) or OPENAI_WORD.search(text)):
            return False
    return True
