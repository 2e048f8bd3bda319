"""Locals bound to what a reserve leaves of a budget, multiplied by a setting read by key, for PB105's
keyed reads (``read_fractions.keyed_facts``; set 97: edgar-harness's compaction)::

    usable = caps.max_context - min(caps.max_output, caps.max_context // 2)
    ...
    if not force and (not cfg.autocompact or before <= cfg.compact_at * usable):
        return
    target = cfg.compact_to * usable

``usable`` says no unit, but its one binding in its function is a budget less a reserve (``window -
reserve``, the budget read named so: ``LintRule.budget_expr``): the key read multiplying it
(``compact_at``) is read as a share of that budget, as ``window * cfg.compact_at`` is. Found on the text
first: the lines multiplying a key read by a bare name that hold no budget word (``keyed_facts`` reads the
others), then the lines binding that name (``name = ...``); only those are walked. Kept apart from the
rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import walk_spanning

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A bare name multiplied by a key read (``cfg.compact_at * usable``, ``usable * cfg.compact_at``).
_OPERAND = re.compile(
    r"[a-z_]\w*\.\w+\s*\*\s*([a-z_]\w*)\b(?![\w.(\[])|(?<![\w.])([a-z_]\w*)\s*\*\s*[a-z_]\w*\.\w"
)


def operands(line: str) -> set[str]:
    """The bare names ``line`` multiplies by a key read (``self`` left out)."""
    return {n for m in _OPERAND.finditer(line) for n in m.groups() if n and n != "self"}


def left_budgets(rule: LintRule, tree: ast.Module, lines: Sequence[str], names: set[str]) -> set[str]:
    """Of ``names`` (lower-cased, as the text searched is), those bound somewhere, on a line of their own,
    to what a reserve leaves of a budget (``name = window - reserve``); ``read_fractions`` checks the
    binding in the product's function."""
    if not names:
        return set()
    binding = re.compile(r"^\s*(" + "|".join(sorted(map(re.escape, names))) + r")\s*=[^=]", re.IGNORECASE)
    at = [i for i, line in enumerate(lines, 1) if binding.match(line)]
    found: set[str] = set()
    for node in walk_spanning(tree, at) if at else ():
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and type(node.targets[0]) is ast.Name
            and node.targets[0].id.lower() in names
            and isinstance(node.value, ast.BinOp)
            and isinstance(node.value.op, ast.Sub)
            and rule.budget_expr(node.value.left) is not None
        ):
            found.add(node.targets[0].id.lower())
    return found
