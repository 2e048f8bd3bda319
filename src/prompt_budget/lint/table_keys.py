"""The keys of a dict table as strings (PB107; set 62: mobilerun's ``ANTHROPIC_MODEL_CONTEXT_WINDOWS =
{ANTHROPIC_SONNET_5_5_MODEL: 1_000_000, ..., "claude-haiku-4-5": 200_000}``, keys partly written as the
module's constants bound to model ids).

A string literal's key is its string; a name bound once, at the module's top level, to a string
(``ANTHROPIC_SONNET_5_5_MODEL = "claude-sonnet-5-5"``) is that string; any other name or attribute (a
constant bound elsewhere: a task, a dataset) is "", a key that is no model's id; anything else None (the
dict is no table of named rows). A table mixing these was dropped whole by PB107 before.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import kept_per_file

_kept: list[tuple[ast.AST | None, dict[str, str | None]]] = kept_per_file([])


def module_strings(tree: ast.AST | None) -> dict[str, str | None]:
    """The module's top-level names bound to a string (None: bound more than once), once per module."""
    if _kept and _kept[0][0] is tree:
        return _kept[0][1]
    out: dict[str, str | None] = {}
    for stmt in getattr(tree, "body", ()):
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        else:
            continue
        text = string_value(value)
        for target in targets:
            if type(target) is ast.Name:
                out[target.id] = None if target.id in out else text
    _kept[:] = [(tree, out)]
    return out


def key_strings(keys: list[ast.expr | None], tree: ast.AST | None) -> list[str | None]:
    """Each key as a string: a literal's, a module string constant's, "" for another name or attribute,
    None for anything else (``**`` included)."""
    out: list[str | None] = []
    strings: dict[str, str | None] | None = None
    for key in keys:
        text = string_value(key) if key is not None else None
        if text is None and isinstance(key, (ast.Name, ast.Attribute)):
            if type(key) is ast.Name:
                strings = module_strings(tree) if strings is None else strings
                text = strings.get(key.id) or ""
            else:
                text = ""
        out.append(text)
    return out
