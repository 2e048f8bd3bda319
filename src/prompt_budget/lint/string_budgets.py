"""A budget written as a string of digits, for PB102: a settings class or a module whose values the environment
may replace keeps its defaults as the strings the environment would give (``phantom_max_context_ceiling =
"131072"  # hard limit on context tokens``, ``phantom_max_request_estimated_tokens = "220000"``; set 155:
phantom-agent's ``Config``, read through ``int(Config.get(...))``). A name that is a budget on its own bound to
such a string, as a class's attribute or a module's constant, is a budget like the number it spells. Reported to
move by hand: the code reads a string there, which ``prompt_budget.value`` would not give back. Only whole
numbers written with digits alone, and large enough to be reported as numbers. Judges nothing else.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Final

from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_DIGITS: Final = re.compile(r"[1-9][0-9]{1,8}")


def string_budget(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
    """Report ``node`` when it binds a name that is a budget to a string of digits at a class's or a
    module's top level."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    value = node.value
    if len(targets) != 1 or not isinstance(value, ast.Constant) or type(value.value) is not str:
        return
    if not _DIGITS.fullmatch(value.value) or not isinstance(
        rule.ctx.parent(node), (ast.ClassDef, ast.Module)
    ):
        return
    name = attr_name(targets[0]) if isinstance(targets[0], ast.Name) else None
    amount = int(value.value)
    number = ast.Constant(value=amount)
    if not name or not rule.names.is_budget(name) or rule.budget_literal(number) is None:
        return
    rule.report(
        value,
        f'token budget {name} = "{value.value}", a budget written as a string (a setting\'s default, read as a '
        "number); move it to config so it can be tuned and tested",
        key_parts=(f"{rule.scope_key()} {name}", rule.ctx.module_name),
        advice=f"move it into [tool.prompt_budget.values] by hand ({name} = {amount}) and read it from there",
    )
