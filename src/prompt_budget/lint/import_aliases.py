"""Field and form helpers imported under another name (set 301: lumberjack-py's ``from pydantic import Field as
PydanticField`` ... ``max_tokens: int = PydanticField(1200, gt=0)``): the rules read ``Field(...)``,
``Form(...)``, ``Query(...)`` by the callee's name, so a call through the alias is renamed to the name it stands
for before they walk the module. Only modules whose text imports one of those names ``as`` another are walked;
the names keep their places, so findings and fixes point where they did.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.imports import import_origins

#: Callees the rules know by name, whose aliases are read as them.
_KNOWN = frozenset({"Field", "Form", "Query", "Body", "Path", "Header", "field", "Option", "Argument"})
#: ``import ... Field as PydanticField`` somewhere in a module's text (a cheap gate before the walk).
_ALIASED = re.compile(r"\b(?:Field|Form|Query|Body|Path|Header|field|Option|Argument)\s+as\s+\w+")


def unalias(tree: ast.Module, text: str) -> None:
    """Rename, in place, every read of a known callee's alias imported in ``tree`` to the callee's name."""
    if not _ALIASED.search(text):
        return
    # ``{"PydanticField": "pydantic.Field"}``: the module's imports, under ``if``/``try`` too (``imports``)
    origins = {local: origin.rsplit(".", 1)[-1] for local, origin in import_origins(tree).items()}
    aliases = {local: name for local, name in origins.items() if name in _KNOWN and local != name}
    if not aliases:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in aliases:
            node.func.id = aliases[node.func.id]
