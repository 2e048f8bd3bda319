"""A constant of another module read as ``module.CONSTANT`` in a budget's default (set 49: openparse's
``min_tokens: int = consts.TOKENIZATION_LOWER_LIMIT`` after ``from openparse import consts``).

``flow.imported_names`` follows the constants imported by name (``from pkg.limits import CAP``); a
module imported whole and read through an attribute was not followed, so the constant bound in
``consts.py`` had no use. A parameter named as a token budget (``max_tokens``, ``min_tokens``) whose
default is such a read records the same project fact (``flow.USE_FACT``) a read of an imported name
does: ``flow.imported_budgets`` reports the constant where it is bound.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import USE_FACT
from prompt_budget.lint.rule import defaults
from prompt_budget.lint.walks import kept_per_file

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_kept: list[tuple[ast.AST, dict[str, str]]] = kept_per_file([])


def imported_modules(tree: ast.AST) -> dict[str, str]:
    """``from openparse import consts`` -> {"consts": "consts"}, ``import pkg.limits as lim`` ->
    {"lim": "limits"}: local name -> the stem of a module imported whole at the module's top level
    (the names imported from a module that are not constants nor classes)."""
    if _kept and _kept[0][0] is tree:
        return _kept[0][1]
    out: dict[str, str] = {}
    for stmt in getattr(tree, "body", ()):
        if isinstance(stmt, ast.ImportFrom):
            for alias in stmt.names:
                if alias.name.islower() and alias.name != "*":  # a module, or a function
                    out[alias.asname or alias.name] = alias.name
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname or "." not in alias.name:
                    out[alias.asname or alias.name] = alias.name.rsplit(".", 1)[-1]
    _kept[:] = [(tree, out)]
    return out


def attribute_defaults(rule: LintRule, node: ast.arguments) -> None:
    """``def ingest(min_tokens: int = consts.TOKENIZATION_LOWER_LIMIT)``: record that the imported
    module's constant is the default of a token budget, for the project-wide pass."""
    tree = rule.ctx.tree
    if tree is None:
        return
    modules: dict[str, str] | None = None
    for arg, default in defaults(node):
        if not (
            isinstance(default, ast.Attribute)
            and isinstance(default.value, ast.Name)
            and default.attr.isupper()
            and rule.names.is_budget(arg.arg)
        ):
            continue
        modules = imported_modules(tree) if modules is None else modules
        stem = modules.get(default.value.id)
        if stem is not None:
            rule.fact(default, f"{USE_FACT}{stem} {default.attr} the default of `{arg.arg}`", 0)
