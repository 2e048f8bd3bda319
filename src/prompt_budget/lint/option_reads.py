"""A command-line option's destination read from the parsed arguments and given to a budget keyword of a call
(PB102; set 429: codegraph-viz's ``--budget``)::

    context.add_argument("--budget", type=int, default=5000)       # no help text, a generic name
    ...
    build_context(..., budget_tokens=args.budget, ...)              # what the option is for

A generic name (``--budget``, ``--limit``) says no unit; the keyword its parsed value is given to does: one the
names judge takes for a token budget (``budget_tokens``, ``max_tokens``, ``max_new_tokens``). The read is an
attribute named as argparse names the destination (``args.budget``, ``ns.max_len``), in the same module. A
keyword naming characters or another unit is not one (``NameJudge.is_budget`` leaves them out).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The module last asked about, with each attribute name given to a keyword: name -> [(keyword, line)].
_handed: list[tuple[ast.AST, dict[str, list[tuple[str, int]]]]] = kept_per_file([])


def _attributes_given(tree: ast.AST) -> dict[str, list[tuple[str, int]]]:
    if _handed and _handed[0][0] is tree:
        return _handed[0][1]
    found: dict[str, list[tuple[str, int]]] = {}
    for node in walk(tree):
        if not (isinstance(node, ast.keyword) and node.arg):
            continue
        value = node.value
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
            found.setdefault(value.attr, []).append((node.arg, value.lineno))
    _handed[:] = [(tree, found)]
    return found


def given_to_budget(rule: LintRule, dest: str) -> str | None:
    """Why the option ``dest`` holds tokens: its parsed value is given as a budget keyword (``budget_tokens=
    args.budget``), said; else None."""
    tree = rule.ctx.tree
    if tree is None:
        return None
    for keyword, line in _attributes_given(tree).get(dest, ()):
        if rule.names.is_budget(keyword) and not rule.names.is_chars(keyword):
            return f"given as `{keyword}=` at line {line}"
    return None
