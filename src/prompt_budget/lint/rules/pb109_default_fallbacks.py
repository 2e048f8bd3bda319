"""PB109's GPT encoding kept in a parameter's default and given back when tiktoken does not know the
model (set 61: unstract-sdk's ``CallbackManager.get_tokenizer``)::

    def get_tokenizer(model, fallback=tiktoken.encoding_for_model("gpt-3.5-turbo").encode):
        try:
            return tiktoken.encoding_for_model(model.model_name).encode
        except (KeyError, ValueError):
            return fallback

is the handler's ``except KeyError: return tiktoken.encoding_for_model("gpt-3.5-turbo").encode`` written
up front: every model tiktoken does not know is counted with the GPT encoding. Not when a call in the
module passes the parameter (by name, by position, or through ``*args``/``**kwargs``): that caller picks
the fallback. The ``try`` is a statement of the function's own body, asking tiktoken for a model's
encoding by a name the caller gives (not a literal), and one of its handlers (``KeyError``,
``ValueError``, ``Exception`` or a bare ``except``) reads the parameter.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import callee_name, dotted, string_value
from prompt_budget.lint.rules.pb109_fallbacks import tried_model
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Exceptions tiktoken's failure to know a model raises, or that hold them.
_CAUGHT = frozenset({"KeyError", "ValueError", "Exception", "BaseException"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _parameter(fn: ast.FunctionDef | ast.AsyncFunctionDef, default: ast.AST) -> tuple[str, int | None] | None:
    """(the name, the position or None for a keyword-only one) of the parameter ``default`` is given to."""
    a = fn.args
    positional = [*a.posonlyargs, *a.args]
    for param, value in zip(positional[len(positional) - len(a.defaults) :], a.defaults, strict=True):
        if value is default:
            return param.arg, positional.index(param)
    for param, kw_value in zip(a.kwonlyargs, a.kw_defaults, strict=True):
        if kw_value is default:
            return param.arg, None
    return None


def _catches(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(k is None or (dotted(k) or "").rsplit(".", 1)[-1] in _CAUGHT for k in kinds)


def _passed(
    tree: ast.AST | None, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str, name_at: int | None
) -> bool:
    """A call of the function in the module gives the parameter (or may, through ``*``/``**``)."""
    if tree is None:
        return True
    first = [*fn.args.posonlyargs, *fn.args.args][:1]
    bound = 1 if first and first[0].arg in {"self", "cls"} else 0
    for n in walk(tree):
        if not isinstance(n, ast.Call) or callee_name(n) != fn.name:
            continue
        if any(kw.arg in {name, None} for kw in n.keywords) or any(
            isinstance(x, ast.Starred) for x in n.args
        ):
            return True
        if name_at is not None and len(n.args) > name_at - bound:
            return True
    return False


def default_fallback(rule: LintRule, node: ast.Call) -> tuple[ast.Try, list[ast.AST]] | None:
    """(the ``try``, the path from the module down to it) when ``node`` is (read off) a parameter's
    default that the function's handler gives back for models tiktoken does not know, else None."""
    ancestors = rule.ctx.ancestors
    at = next((i for i in range(len(ancestors) - 1, 0, -1) if isinstance(ancestors[i], ast.arguments)), 0)
    fn = ancestors[at - 1] if at else None
    if not isinstance(fn, _FUNCTIONS) or at + 1 >= len(ancestors):
        return None
    if not all(isinstance(a, ast.Attribute) for a in ancestors[at + 2 : -1]):
        return None  # ``enc=get_encoding("cl100k_base").encode``, not a call's argument
    param = _parameter(fn, ancestors[at + 1])
    if param is None:
        return None
    for stmt in fn.body:
        if not isinstance(stmt, ast.Try):
            continue
        model = tried_model(stmt)
        if model is None or string_value(model) is not None:
            continue
        gives_back = any(
            _catches(h) and any(type(n) is ast.Name and n.id == param[0] for s in h.body for n in walk(s))
            for h in stmt.handlers
        )
        if gives_back and not _passed(rule.ctx.tree, fn, *param):
            return stmt, [*ancestors[:at], stmt]
    return None
