"""PB109's lookups that know OpenAI's models alone (set 57: council-ai's ``TokenInfo.for_model``, whose
``if model.startswith("gpt-3.5-turbo"): ... elif model.startswith("gpt-4"): ... elif model.startswith(
"o1"): ...`` ends with ``return None``): a function, or a method of a class of the module, whose body is
``if`` tests of its first parameter naming OpenAI's models only, then ``return None``. It returns None
for every other provider's model, so a caller refusing a None from it (``info = TokenInfo.for_model(
model)``, ``if info is None: return None``) counts no other model with the GPT encoding it fell back to.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import walk

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _first_param(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    params = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args)]
    if params[:1] in (["self"], ["cls"]):
        params = params[1:]
    return params[0] if params else ""


def _tests_openai_names(test: ast.expr, param: str, openai: re.Pattern[str]) -> bool:
    """The test reads ``param`` and no other name, and names OpenAI models and no other string
    (``model.startswith("gpt-4")``, ``"gpt" in model``)."""
    reads = found = False
    for n in walk(test):
        if isinstance(n, ast.Name):
            if n.id != param:
                return False  # ``model in CUSTOM_MODELS``: a table that may hold any model
            reads = True
        text = string_value(n)
        if text is not None:
            if not openai.match(text):
                return False
            found = True
    return reads and found


def _chain(stmt: ast.stmt, param: str, openai: re.Pattern[str]) -> bool:
    """An ``if``/``elif`` chain every test of which names OpenAI models only, with no ``else``."""
    while isinstance(stmt, ast.If) and _tests_openai_names(stmt.test, param, openai):
        if not stmt.orelse:
            return True
        if len(stmt.orelse) != 1:
            return False
        stmt = stmt.orelse[0]
    return False


def _none_for_others(fn: ast.FunctionDef | ast.AsyncFunctionDef, openai: re.Pattern[str]) -> bool:
    param = _first_param(fn)
    body = (
        fn.body[1:] if fn.body and string_value(getattr(fn.body[0], "value", None)) is not None else fn.body
    )
    if not param or len(body) < 2:
        return False
    last = body[-1]
    if not (
        isinstance(last, ast.Return)
        and (last.value is None or (isinstance(last.value, ast.Constant) and last.value.value is None))
    ):
        return False
    return all(_chain(stmt, param, openai) for stmt in body[:-1])


def none_lookups(module_body: Sequence[ast.stmt], openai: re.Pattern[str]) -> set[str]:
    """The module's functions (``lookup``) and its classes' methods (``Class.lookup``) that return None
    for every model their tests do not name as OpenAI's (see the module's docstring); ``openai`` matches
    an OpenAI model's name."""
    out: set[str] = set()
    for stmt in module_body:
        if isinstance(stmt, _FUNCTIONS) and _none_for_others(stmt, openai):
            out.add(stmt.name)
        elif isinstance(stmt, ast.ClassDef):
            out.update(
                f"{stmt.name}.{s.name}"
                for s in stmt.body
                if isinstance(s, _FUNCTIONS) and _none_for_others(s, openai)
            )
    return out


def encoding_unused(handler_names: set[str], between: Sequence[ast.AST]) -> bool:
    """No node of ``between`` (the statements after the fallback's ``try`` and before the refusal) reads
    a name the ``try``'s handlers bound: a ``return`` among them hands back no count of the fallback."""
    return not any(isinstance(n, ast.Name) and n.id in handler_names for s in between for n in walk(s))
