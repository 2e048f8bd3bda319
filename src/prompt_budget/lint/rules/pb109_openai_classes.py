"""PB109's evidence that a class serves OpenAI's API alone (set 55: refuel-autolabel's ``OpenAILLM``,
patchwork's ``OpenAiLlmClient``).

A class named for OpenAI alone (``OpenAILLM``, ``OpenAiLlmClient``; not ``OpenAICompatibleClient``)
counts OpenAI's models when it binds the model itself, names OpenAI's models (``DEFAULT_MODEL =
"gpt-3.5-turbo"``) and nothing in it can point it at another provider's endpoint: it names no
endpoint (``base_url``, ``api_base``, ``endpoint``, ``host``), no other provider and no other
provider's model, extends no other OpenAI client (whose ``base_url`` it would inherit), and takes no ``**kwargs`` a subclass could fill with an endpoint (set 48: evals'
``TogetherSolver`` reaches Together's API through ``OpenAISolver``). Or, when it names an endpoint, the
function holding the call first returns for any endpoint that is not OpenAI's (``if
self.__is_not_openai_url(): return 1``): the count runs for OpenAI's API alone. Then the model the
class is given (``encoding_for_model(self.model_name)``) is OpenAI's, and a GPT encoding tried for it
is OpenAI's own.
"""

from __future__ import annotations

import ast
import itertools

from prompt_budget.lint.model_names import is_non_openai_model
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.rules.pb109_openai_only import OPENAI_MODEL as _OPENAI_MODEL
from prompt_budget.lint.rules.pb109_provider_names import names_provider
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.walks import walk

#: Words of a name for where requests go: another provider's OpenAI-compatible API may be given there.
_ENDPOINT_WORDS = frozenset({"url", "urls", "endpoint", "endpoints", "host", "proxy", "gateway", "router"})
#: Words saying a test picks endpoints that are not OpenAI's (``__is_not_openai_url``).
_NOT_WORDS = frozenset({"not", "non", "other", "custom", "external"})


def _endpoint_named(cls: ast.ClassDef) -> bool:
    """The class names an endpoint (``base_url``, ``self.api_base``, ``"endpoint"``) or takes
    ``**kwargs`` (a subclass may give an endpoint through them)."""
    for n in walk(cls):
        if isinstance(n, ast.arguments) and n.kwarg is not None:
            return True
        name = (
            n.id
            if isinstance(n, ast.Name)
            else n.attr
            if isinstance(n, ast.Attribute)
            else n.arg
            if isinstance(n, (ast.arg, ast.keyword)) and n.arg
            else string_value(n)
        )
        split = words(name) if name and " " not in name else ()
        if set(split) & _ENDPOINT_WORDS or ("api", "base") in itertools.pairwise(split):
            return True
    return False


def _names_others(cls: ast.ClassDef) -> bool:
    """A string of the class names another provider or its model (``"claude-3"``, ``"anthropic"``); not
    a sentence (a message copied from another provider's class)."""
    for n in walk(cls):
        text = string_value(n)
        if text is not None and " " not in text and (is_non_openai_model(text) or names_provider(text)):
            return True
    return False


def _not_openai_test(test: ast.expr) -> bool:
    """``self.__is_not_openai_url()``, ``not self.is_openai_endpoint()``: true for endpoints not OpenAI's."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    inner = test.operand if isinstance(test, ast.UnaryOp) and negated else test
    if isinstance(inner, ast.Call):
        inner = inner.func
    name = attr_name(inner) if isinstance(inner, (ast.Name, ast.Attribute)) else None
    if not name:
        return False
    split = words(name)
    if "openai" not in {*split, *(a + b for a, b in itertools.pairwise(split))}:
        return False
    return negated != bool(set(split) & _NOT_WORDS)


def _returns_for_others(fn: ast.AST | None, model: ast.AST) -> bool:
    """A statement of ``fn`` before the model's use returns (or raises) for endpoints not OpenAI's."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    line = getattr(model, "lineno", 0)
    for stmt in fn.body:
        if stmt.lineno >= line:
            return False
        if (
            isinstance(stmt, ast.If)
            and not stmt.orelse
            and isinstance(stmt.body[-1], (ast.Return, ast.Raise))
            and _not_openai_test(stmt.test)
        ):
            return True
    return False


def _named_for_openai_alone(name: str) -> bool:
    """``OpenAILLM``, ``OpenAiLlmClient``; not ``OpenAICompatibleClient``, ``OpenAIProxy``."""
    others = {"compatible", "compat", "like", "generic", "proxy", "router", "azure"}
    return "openai" in name.lower() and not set(words(name)) & others


def _own_openai_model(cls: ast.ClassDef, model: ast.AST) -> bool:
    """The model is ``self.<attr>`` the class binds itself, and the class names OpenAI's models
    (``DEFAULT_MODEL = "gpt-3.5-turbo"``, a table of ``"gpt-4"`` names): not a model a subclass or a
    caller sets (``self.model`` bound nowhere in the class, set 48: evals' ``OpenAISolver``)."""
    attr = self_attribute(model)
    if not attr:
        return False
    bound = named = False
    for n in walk(cls):
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and self_attribute(n) == attr:
            bound = True
        text = string_value(n)
        named = named or (text is not None and _OPENAI_MODEL.match(text) is not None)
    return bound and named


def openai_class(cls: ast.ClassDef | None, fn: ast.AST | None, model: ast.AST | None) -> bool:
    """The class holding the call serves OpenAI's API alone (see the module's docstring)."""
    if cls is None or model is None or not _named_for_openai_alone(cls.name) or _names_others(cls):
        return False
    if _returns_for_others(fn, model):
        return True
    if any("openai" in ast.unparse(base).lower() for base in cls.bases):
        return False  # an OpenAI client it extends may take an endpoint (dapr-agents' ``base_url``)
    return not _endpoint_named(cls) and _own_openai_model(cls, model)
