"""PB109's evidence that a GPT encoding's name is the default for every model tiktoken does not know:
``encoding = "cl100k_base"`` then ``if model in tiktoken.list_encoding_names(): encoding = model`` (or
``model if model in list_encoding_names() else "cl100k_base"``). A model's name (``chunk.model``:
``"llama3"``, ``"claude-3-5-sonnet"``) is never one of tiktoken's encoding names, so the GPT encoding
counts every model; reported when the module also handles another provider's models (a test of a
model's name against one: ``model.startswith("mistral")``; set 27: langtrace's stream wrapper, shared by
its Ollama, Mistral, Anthropic and Cohere instrumentations). Kept apart from the rule: it reads the
function around the name, not a tiktoken call.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.rules.pb109_other_providers import other_provider_named
from prompt_budget.lint.walks import walk

#: tiktoken's functions listing the names it knows.
_KNOWN_NAMES = frozenset({"list_encoding_names"})


def _tests_known(test: ast.expr) -> bool:
    """``model in list_encoding_names()``: the test asks whether tiktoken knows a name."""
    return any(isinstance(n, ast.Call) and callee_name(n) in _KNOWN_NAMES for n in walk(test))


def _assigns(stmts: Sequence[ast.stmt], name: str) -> bool:
    """One of ``stmts`` (not nested) binds ``name``."""
    return any(
        isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in s.targets)
        for s in stmts
    )


def unknown_name_default(scope: ast.AST | None, ancestors: Sequence[ast.AST]) -> bool:
    """The literal ``ancestors[-1]`` is the value a name takes unless tiktoken knows the model's name:
    the ``else`` of a conditional testing ``list_encoding_names()``, or bound to a name that an ``if``
    of ``scope`` testing it rebinds."""
    if len(ancestors) < 2 or scope is None:
        return False
    node, parent = ancestors[-1], ancestors[-2]
    if isinstance(parent, ast.IfExp):
        return parent.orelse is node and _tests_known(parent.test)
    if not (
        isinstance(parent, ast.Assign)
        and len(parent.targets) == 1
        and isinstance(parent.targets[0], ast.Name)
    ):
        return False
    name = parent.targets[0].id
    return any(isinstance(n, ast.If) and _tests_known(n.test) and _assigns(n.body, name) for n in walk(scope))


def unknown_model_default(fn: ast.AST | None, tree: ast.AST | None, ancestors: Sequence[ast.AST]) -> str:
    """The other provider's model the module tests a name against, when the literal ``ancestors[-1]``
    (in ``fn``, or at module level) is the GPT encoding taken for every model tiktoken does not know;
    else ""."""
    scope = fn if fn is not None else tree
    if tree is None or not unknown_name_default(scope, ancestors):
        return ""
    return other_provider_named(tree)
