"""PB101's numbers written into a request's dict one entry at a time (``params[key] = 4096``): which entry
is a budget, and why.

- under a key named as a budget (``params["max_tokens"] = 4096``), documented in tokens by the module's
  docstrings (``call_kwargs["chunk_size"] = 32000`` under "``chunk_size`` (32000 tokens)", set 39), or a
  ``"max_length"`` beside ``kwargs["truncation"] = True`` (``truncated_entries``, set 60);
- under the key the other branch of the same ``if`` writes a budget under, the ``if`` testing that
  budget (set 75: miiflow's ``request_params[get_token_param_name(self.model)] = 16384`` in the ``else``
  of ``if max_tokens is not None: request_params[get_token_param_name(self.model)] = max_tokens``): the
  number is the budget's fallback when the caller gives none, whatever the key is computed from, as
  ``max_tokens if max_tokens is not None else 16384`` is (``inline_branches``).

A number written as a string under a key named as a budget (``os.environ["OPENAI_MAX_TOKENS"] =
str(20480)``, ``env["MAX_TOTAL_TOKENS"] = "4096"``; set 85: mofa) is the number it serializes, as the
entry of a dict written for a model server's environment is (``request_entries``): the process or the
server reads it back as the budget. An environment variable read with a default stays the environment's.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.documented_units import key_documented_in_tokens
from prompt_budget.lint.request_entries import digits, serialized
from prompt_budget.lint.rule import attr_name, dotted
from prompt_budget.lint.truncated_entries import truncated_entry

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _branch_twin(rule: LintRule, node: ast.Assign, target: ast.Subscript) -> str | None:
    """The budget the other branch of the ``if`` holding ``node`` writes under ``target`` (the same
    subscript), read by the ``if``'s test; else None."""
    branch = rule.ctx.parent(node)
    if not isinstance(branch, ast.If):
        return None
    other = branch.orelse if node in branch.body else branch.body
    written = ast.dump(target)
    for stmt in other:
        if not (type(stmt) is ast.Assign and len(stmt.targets) == 1 and ast.dump(stmt.targets[0]) == written):
            continue
        value = stmt.value
        name = attr_name(value) if type(value) in (ast.Name, ast.Attribute) else None
        if name and rule.names.is_budget(name):
            read = ast.dump(value)
            if any(ast.dump(n) == read for n in ast.walk(branch.test) if type(n) is type(value)):
                return name
    return None


def written_entry(
    rule: LintRule, node: ast.Assign, target: ast.Subscript, value: int | float
) -> tuple[str, str] | None:
    """(the budget's name, how) of the number ``node`` writes under ``target``, else None."""
    name = attr_name(target)
    if name and rule.names.is_budget(name):
        return name, "written into a request"
    if name and key_documented_in_tokens(rule, name, value):
        return name, "written into a request under a key its docstring says counts tokens"
    if name and truncated_entry(rule, target):  # beside ``kwargs["truncation"] = True``
        return name, "written into keyword arguments that truncate"
    if (twin := _branch_twin(rule, node, target)) is not None:
        return twin, f"written where the other branch of the `if` writes `{twin}`: its fallback"
    table = attr_name(target.value) if name is None else None
    if table and rule.names.is_budget(table):
        # ``self._context_windows[name] = 4096``: the window of a model the table learnt nothing of (set 435)
        return table, f"stored as a row of the table `{table}`"
    return None


def serialized_entry(rule: LintRule, node: ast.Assign) -> tuple[ast.expr, str, int | float, str] | None:
    """(the number, the key, its value, how) of ``target[KEY] = str(N)`` or ``= "N"`` under a key named
    as a budget (``os.environ["OPENAI_MAX_TOKENS"] = str(20480)``), else None."""
    target = node.targets[0] if len(node.targets) == 1 else None
    if not isinstance(target, ast.Subscript) or not isinstance(node.value, (ast.Constant, ast.Call)):
        return None
    name = attr_name(target)
    if not name or not rule.names.is_budget(name):
        return None
    item = serialized(node.value)
    if item is not node.value:
        value = rule.budget_literal(item)
    elif isinstance(item, ast.Constant) and isinstance(item.value, str):
        value = digits(rule, item)
    else:
        return None
    if value is None:
        return None
    where = "the environment" if dotted(target.value).endswith("environ") else "a request"
    return item, name, value, f"written as a string into {where}"
