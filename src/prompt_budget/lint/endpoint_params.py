"""FastAPI's parameter declarations: ``max_tokens: Optional[int] = Body(1024, description="...")``
(also ``Query``, ``Form``, ``Path``, ``Header``, ``Cookie``, ``fastapi.params.*``). The declaration's
first argument (or its ``default=``) is the value the endpoint uses when the request gives none: the
parameter's default, as typer's ``Option(1000)`` is an option's (set 45: langchain-chatchat). ``...``
declares the parameter required (no default).

Only a call FastAPI's: a name the module imports from ``fastapi`` (``from fastapi import Body``) or an
attribute of ``fastapi`` / ``fastapi.params`` (``params.Query(...)``), so pathlib's ``Path`` is not
one.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import dotted

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: FastAPI's declarations of a request parameter.
_DECLARATIONS = frozenset({"Body", "Query", "Form", "Path", "Header", "Cookie"})


def _fastapi(rule: LintRule, func: ast.expr) -> bool:
    """``Body`` imported from fastapi, ``fastapi.Body``, ``params.Body`` (``from fastapi import params``)."""
    name = dotted(func)
    if not name or name.rsplit(".", 1)[-1] not in _DECLARATIONS:
        return False
    head, _, rest = name.partition(".")
    origin = rule.ctx.origin(head)
    full = f"{origin}.{rest}" if rest else origin
    return full.startswith("fastapi.")


def endpoint_default(rule: LintRule, value: ast.expr | None) -> ast.expr | None:
    """The default a FastAPI declaration gives its parameter (``Body(1024, ...)`` -> ``1024``;
    ``Query(default=512)`` -> ``512``); ``value`` itself when it is no such declaration."""
    if not (isinstance(value, ast.Call) and _fastapi(rule, value.func)):
        return value
    for kw in value.keywords:
        if kw.arg == "default":
            return kw.value
    return value.args[0] if value.args else None
