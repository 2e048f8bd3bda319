"""PB101's lookup fallback under a key held in a variable: ``num_ctx_key = "expert_num_ctx" if expert
else "num_ctx"`` ... ``num_ctx_value = config.get(num_ctx_key, 262144)`` (set 47: ra-aid). A literal
key is judged by its name (``inline_forms.lookup_default``); a key held in a local is judged by the
strings the function binds it to (every one of them a string, one naming a budget), and, when it is
bound to no string the function shows (a parameter, an attribute, a call's result), by the name the
lookup's value is bound to (``max_tokens = cfg.get(key, 4096)``). Keys whose strings are all known and
none names a budget (``key = "timeout" if slow else "retries"``) are not budgets, whatever the target.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.rule import attr_name, callee_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Conversions that keep the looked-up value: ``int(cfg.get(key, 4096))``.
_KEEPING = frozenset({"int", "float"})


def _strings(node: ast.expr) -> list[str] | None:
    """``"num_ctx"``, ``"a" if x else "b"``: the strings an expression can be, None when it can be
    anything else too."""
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body), _strings(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    text = string_value(node)
    return [text] if text is not None else None


def _key_strings(rule: LintRule, key: ast.expr) -> list[str] | None:
    """The strings a local key is bound to in its function, None when any binding is something else."""
    fn = rule.ctx.function()
    if not isinstance(key, ast.Name) or fn is None:
        return None
    found: list[str] = []
    values = bound_values(fn, key.id)
    for value in values:
        strings = _strings(value)
        if strings is None:
            return None
        found += strings
    return found or None


def _target(rule: LintRule, node: ast.Call) -> str | None:
    """The name the lookup's value is bound to (through ``int(...)``): ``num_ctx_value``,
    ``self.max_tokens``."""
    parent = rule.ctx.parent(node)
    if isinstance(parent, ast.Call) and callee_name(parent) in _KEEPING and len(parent.args) == 1:
        parent = rule.ctx.parent(parent)
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        target: ast.expr = parent.targets[0]
    elif isinstance(parent, ast.AnnAssign):
        target = parent.target
    else:
        return None
    return attr_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else None


def variable_key_budget(rule: LintRule, node: ast.Call, key: ast.expr) -> tuple[str, str] | None:
    """(the budget's name, how) for a lookup whose key is not a literal: a local bound to strings one
    of which names a budget, or any other key whose value is bound to a budget's name."""
    if string_value(key) is not None or isinstance(key, ast.Constant):
        return None
    names = rule.names
    strings = _key_strings(rule, key)
    if strings is not None:
        budgets = [s for s in strings if names.is_budget_setting(s)]
        if not budgets:
            return None
        said = " or ".join(f'"{s}"' for s in strings)
        return budgets[0], f"used as a fallback default under the key `{attr_name(key)}` ({said})"
    target = _target(rule, node)
    if target and names.is_budget_setting(target) and not names.is_excluded(target):
        return target, f"used as the fallback default bound to `{target}`"
    return None
