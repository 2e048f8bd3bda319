"""PB109's evidence that a tiktoken call counts OpenAI's models alone, read from the code around it
(set 47, set 48):

- a branch that picks OpenAI's provider or models by name and nothing else: an ``if`` whose test
  compares a value with OpenAI's names only (``if provider == "openai":``, ``if provider in ("openai",
  "azure"):``, ``model.startswith("gpt-")``), or a ``match`` case whose patterns are OpenAI's names only
  (``case "openai" | "azure":``, pgai's litellm embedder, which gives Mistral, Vertex and Voyage their
  own tokenizers in their own cases). A negated test (``!=``, ``not in``), a wildcard (``case _:``) or
  a name of another kind (``"openai_compatible"``, any model behind OpenAI's API) picks no such branch;
- a model read from an object the class builds from a class named for OpenAI alone (``self.completion_fn
  = OpenAIChatCompletionFn(...)`` ... ``encoding_for_model(self.completion_fn.model)``, also through a
  local ``model = self.completion_fn.model``): that client sends its requests to OpenAI's API.

A class named for OpenAI (``OpenAISolver`` in ``providers/openai/openai_solver.py``) is not enough by its
name: OpenAI's provider classes are the ones other providers' OpenAI-compatible APIs are reached through
(``base_url``), and their subclasses serve other providers (set 48: evals' ``TogetherSolver``); it is
enough when nothing in it can name another endpoint, or the count returns first for any endpoint not
OpenAI's (``pb109_openai_classes``, set 55).

Kept apart from the rule: it reads the call's ancestors and its class, no project pass.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Sequence

from prompt_budget.lint.model_names import is_non_openai_model
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.rules.pb109_openai_classes import openai_class
from prompt_budget.lint.rules.pb109_provider_names import (
    BRANCH_PROVIDERS,
    PROVIDER_WORDS,
    named_text,
    names_provider,
)
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.walks import walk

#: A provider's or model's name that is OpenAI's alone: ``"openai"``, ``"azure"``, ``"azure_openai"``,
#: ``"gpt-4o"``, ``"o1-mini"``, ``Provider.OPENAI``.
_OPENAI_NAME = re.compile(
    r"(?:azure[_-]?)?(?:openai|azure|chatgpt)|gpt-?\d[\w.-]*|gpt-?|o\d(?:-[\w.-]+)?", re.IGNORECASE
)
#: Words of a class's name for OpenAI's models (``OpenAISolver``, ``AzureChatClient``).
_OPENAI_WORDS = frozenset({"openai", "azure", "chatgpt"})
#: Words of a class's name saying it serves any model behind OpenAI's API, not OpenAI's models.
_ANY_MODEL_WORDS = frozenset({"compatible", "compat", "like", "generic", "proxy"})
#: Keywords giving a client another endpoint than OpenAI's own.
_ENDPOINTS = frozenset({"base_url", "api_base", "openai_api_base", "endpoint", "host"})


def _openai_value(node: ast.AST) -> bool:
    text = named_text(node)
    return text is not None and _OPENAI_NAME.fullmatch(text) is not None


def _openai_values(node: ast.AST) -> bool:
    """A name, or a tuple, list or set of names, all OpenAI's."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_openai_value(e) for e in node.elts)
    return _openai_value(node)


def _openai_test(test: ast.expr) -> bool:
    """``provider == "openai"``, ``provider in ("openai", "azure")``, ``"gpt" in model``,
    ``model.startswith("gpt-")``, or several such joined by ``or``."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return all(_openai_test(v) for v in test.values)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        if not isinstance(test.ops[0], (ast.Eq, ast.In, ast.Is)):
            return False
        return _openai_values(test.left) or _openai_values(test.comparators[0])
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Attribute)
        and test.func.attr == "startswith"
        and len(test.args) == 1
    ):
        return _openai_values(test.args[0])
    return False


def _openai_pattern(pattern: ast.pattern) -> bool:
    """``case "openai":``, ``case "openai" | "azure":``, ``case Provider.OPENAI as p:``."""
    if isinstance(pattern, ast.MatchValue):
        return _openai_value(pattern.value)
    if isinstance(pattern, ast.MatchOr):
        return bool(pattern.patterns) and all(_openai_pattern(p) for p in pattern.patterns)
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        return _openai_pattern(pattern.pattern)
    return False


def in_openai_branch(ancestors: Sequence[ast.AST]) -> bool:
    """The node the ancestors lead to is in the body of an ``if`` or a ``match`` case picking OpenAI's
    provider or models alone (see the module's docstring)."""
    for i, anc in enumerate(ancestors[:-1]):
        below = ancestors[i + 1]
        if isinstance(anc, ast.If) and any(below is s for s in anc.body) and _openai_test(anc.test):
            return True
        if (
            isinstance(anc, ast.match_case)
            and any(below is s for s in anc.body)
            and _openai_pattern(anc.pattern)
        ):
            return True
    return False


def _named_for_openai(name: str) -> bool:
    """``OpenAISolver``, ``AzureChatClient``: words (joined in pairs: ``Open`` ``AI``) naming OpenAI, none
    naming another provider or any model behind OpenAI's API (``OpenAICompatibleClient``)."""
    split = words(name)
    parts = set(split) | {a + b for a, b in itertools.pairwise(split)}
    return bool(parts & _OPENAI_WORDS) and not parts & (_ANY_MODEL_WORDS | PROVIDER_WORDS | BRANCH_PROVIDERS)


def _client_attribute(model: ast.AST, fn: ast.AST | None) -> str:
    """The attribute of ``self`` whose ``.model`` the tried model is: ``self.completion_fn.model``, or a
    local bound once in ``fn`` to it (``model = self.completion_fn.model``)."""
    if isinstance(model, ast.Attribute) and model.attr in {"model", "model_name"}:
        return self_attribute(model.value)
    if not isinstance(model, ast.Name) or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return ""
    a = fn.args
    if model.id in {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}:
        return ""  # the caller's model
    bound = [
        n.value
        for n in walk(fn)
        if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign))
        and any(
            isinstance(t, ast.Name) and t.id == model.id
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        )
    ]
    if len(bound) != 1 or bound[0] is None:
        return ""
    return _client_attribute(bound[0], None) if isinstance(bound[0], ast.Attribute) else ""


def openai_client_model(model: ast.AST | None, fn: ast.AST | None, cls: ast.ClassDef | None) -> bool:
    """The tried model is the ``.model`` of an object the class keeps on ``self``, built only from
    classes named for OpenAI alone (``self.completion_fn = OpenAISolver(**kwargs)``)."""
    if model is None or cls is None:
        return False
    attr = _client_attribute(model, fn)
    if not attr:
        return False
    built: list[ast.expr | None] = []
    for n in walk(cls):
        if isinstance(n, ast.Assign):
            if any(self_attribute(t) == attr for t in n.targets):
                built.append(n.value)
        elif isinstance(n, ast.AnnAssign) and self_attribute(n.target) == attr:
            built.append(n.value)
    return bool(built) and all(_openai_client(v) for v in built)


def _openai_client(value: ast.expr | None) -> bool:
    """A call of a class named for OpenAI alone given no other endpoint (``base_url=...`` may be any
    provider's OpenAI-compatible API)."""
    if not isinstance(value, ast.Call) or any(k.arg in _ENDPOINTS for k in value.keywords):
        return False
    func = value.func
    return isinstance(func, (ast.Name, ast.Attribute)) and _named_for_openai(
        func.id if isinstance(func, ast.Name) else func.attr
    )


def openai_owned(cls: ast.ClassDef | None, fn: ast.AST | None, model: ast.AST | None) -> bool:
    """The model the call is given is one the class's OpenAI client is built for (see the module's
    docstring), or the class serves OpenAI's API alone (``pb109_openai_classes``, set 55)."""
    return openai_client_model(model, fn, cls) or openai_class(cls, fn, model)


def provider_context(scopes: Sequence[ast.AST], ancestors: Sequence[ast.AST]) -> str:
    """The other provider a scope holding the call is named for (``class LiteLLMEmbedder``,
    ``def count_claude_tokens``), or the other provider's model or name an ``if`` around it tests for
    (``if "gemini" in model:``), else "". A branch picking OpenAI's models alone inside such a scope
    (``case "openai" | "azure":``) counts OpenAI's models only: ""."""
    if in_openai_branch(ancestors):
        return ""
    for name in (getattr(scope, "name", "") for scope in scopes):
        parts = words(name)
        hits = (set(parts) | {a + b for a, b in itertools.pairwise(parts)}) & PROVIDER_WORDS
        if hits:
            return sorted(hits)[0]
    for i, anc in enumerate(ancestors[:-1]):
        if isinstance(anc, ast.If) and any(ancestors[i + 1] is stmt for stmt in anc.body):
            for n in walk(anc.test):
                text = string_value(n)
                if text is not None and (is_non_openai_model(text) or names_provider(text)):
                    return text
    return ""
