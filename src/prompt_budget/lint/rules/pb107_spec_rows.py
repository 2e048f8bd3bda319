"""PB107's reading of rows built by a class the module defines itself: a table of parameter specs
(``GenParamSpec("max_new_tokens", int, 1, 1_000_000, 1024, ...)``, set 23: axolotl's chat CLI) holds a
budget's default among positional numbers, and only the class's own fields say which number it is
(``default`` here; ``lo`` and ``hi`` are the range's bounds). Kept apart from the rule: it reads the
module's class definitions (dataclasses, NamedTuples, classes with an ``__init__``), and judges nothing.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.assignments import positional_fields
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

#: The field of a spec holding the value used when none is given (``default``, ``default_value``).
DEFAULT_FIELDS = frozenset({"default", "default_value", "dflt"})


def class_fields(tree: ast.AST | None) -> dict[str, list[str]]:
    """Class name -> its positional fields, for the classes a module defines with a default field."""
    out: dict[str, list[str]] = {}
    for node in walk(tree) if tree is not None else ():
        if isinstance(node, ast.ClassDef):
            fields = positional_fields(node)
            if DEFAULT_FIELDS & set(fields):
                out[node.name] = fields
    return out


def spec_default(
    node: ast.Call, fields: dict[str, list[str]], in_table: bool = False
) -> tuple[str, ast.expr] | None:
    """For a call of a class of ``fields``: the first string given positionally (the spec's name) and
    the expression given to its default field (by position or keyword), else None. A call of a class
    the module does not define (imported) is read only as an element of a list, tuple or set literal
    (``in_table``: a table of rows), its default given by keyword (``LLMSetting("max_tokens",
    default_value=4096)``, set 64: toolagents); its positional fields are unknown here."""
    names = fields.get(callee_name(node) or "")
    if (names is None and not in_table) or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    label = next(
        (a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)), None
    )
    if label is None:
        return None
    for kw in node.keywords:
        if kw.arg in DEFAULT_FIELDS:
            return label, kw.value
    for index, name in enumerate((names or [])[: len(node.args)]):
        if name in DEFAULT_FIELDS:
            return label, node.args[index]
    return None
