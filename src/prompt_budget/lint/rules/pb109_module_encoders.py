"""PB109's fixed encoding kept in a module's global: ``tokenizer = tiktoken.encoding_for_model("gpt-3.5-turbo")``
written at the top of a module, whose functions count or cut their prompts with it
(``len(tokenizer.encode(prompt)) > 1536``). The call is in no function, so the rule's test that the
function encodes text finds none; the module's functions that encode with the global are what counts
tokens (set 31: routellm's MMLU few-shot prompt, sent to whichever model the router picks). Functions
named for OpenAI alone (``count_openai_tokens``) do not count: their text is for OpenAI's models.
Kept apart from the project pass: it reads the module, not the call's context.

So is a fixed encoding a module-level getter returns (kept in a global it declares, ``global _enc``,
often inside a ``try`` falling back to an estimate), which another function of the module, not named
for OpenAI, calls and encodes text with (``enc = _get_tiktoken_encoding()`` ...
``len(enc.encode(text))``): the getter only loads the encoding, its callers count with it (set 43:
agent-memory-server's working-memory messages, counted against any configured model's window). A
getter named for the library it loads (``_get_tiktoken_encoding``) says nothing of the models its
callers count.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.names import words
from prompt_budget.lint.walks import innermost_statement, walk

#: Methods of a tiktoken encoding that turn text into tokens (to count or cut them).
_ENCODES = frozenset({"encode", "encode_ordinary", "encode_batch", "encode_ordinary_batch"})
#: Words of a function's name for OpenAI's models alone.
_OPENAI_SCOPE = frozenset({"openai", "oai", "gpt", "azure", "chatgpt", "tiktoken"})


def _global_name(ancestors: Sequence[ast.AST]) -> str:
    """The global a module-level statement binds the call to (``tokenizer = tiktoken...(...)``), the
    call being the whole value, else "" (in a function: the name its statement binds the call to)."""
    stmt = innermost_statement(ancestors)
    bound = single_binding(stmt) if stmt is not None else None
    if bound is None:
        return ""
    target, value = bound
    if not isinstance(target, ast.Name) or not isinstance(value, ast.Call) or value not in ancestors:
        return ""
    return target.id


def _encodes_with(fn: ast.AST, name: str) -> bool:
    """``name.encode(text)`` in the function: it counts or cuts text with the global."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in _ENCODES
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == name
        for n in walk(fn)
    )


def module_encoder_used(
    tree: ast.AST | None, scopes: Sequence[ast.AST], ancestors: Sequence[ast.AST]
) -> bool:
    """A tiktoken call at a module's top level (no enclosing function or class) bound to a global
    that a function of the module, not named for OpenAI, encodes text with."""
    if tree is None or any(
        isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) for s in scopes
    ):
        return False
    name = _global_name(ancestors)
    if not name:
        return False
    return any(
        isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        and not set(words(fn.name)) & _OPENAI_SCOPE
        and _encodes_with(fn, name)
        for fn in walk(tree)
    )


def _returns(fn: ast.AST, call: ast.Call, name: str) -> bool:
    """``fn`` returns the call (``return tiktoken.get_encoding(...)``) or the name it is bound to."""
    return any(
        isinstance(n, ast.Return)
        and (n.value is call or (bool(name) and isinstance(n.value, ast.Name) and n.value.id == name))
        for n in walk(fn)
    )


def _encodes_result(fn: ast.AST, getter: str) -> bool:
    """``getter().encode(text)``, or ``enc = getter()`` ... ``enc.encode(text)`` in ``fn``: it counts or
    cuts text with what the getter returns."""
    got: set[str] = set()
    encoded: set[str] = set()
    for n in walk(fn):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            value = n.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == getter:
                got.add(n.targets[0].id)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _ENCODES:
            holder = n.func.value
            if isinstance(holder, ast.Name):
                encoded.add(holder.id)
            elif (
                isinstance(holder, ast.Call)
                and isinstance(holder.func, ast.Name)
                and holder.func.id == getter
            ):
                return True
    return bool(got & encoded)


def getter_encoder_used(
    tree: ast.AST | None, scopes: Sequence[ast.AST], ancestors: Sequence[ast.AST]
) -> bool:
    """A tiktoken call in a module-level function that returns the encoding (the call, or the name it is
    bound to: a global it declares or a local), whose result another function of the module, not named
    for OpenAI, encodes text with."""
    if not isinstance(tree, ast.Module) or len(scopes) != 1:
        return False
    fn, call = scopes[0], ancestors[-1] if ancestors else None
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(call, ast.Call):
        return False
    if fn not in tree.body or not _returns(fn, call, _global_name(ancestors)):
        return False
    return any(
        isinstance(other, (ast.FunctionDef, ast.AsyncFunctionDef))
        and other is not fn
        and not set(words(other.name)) & _OPENAI_SCOPE
        and _encodes_result(other, fn.name)
        for other in tree.body
    )
