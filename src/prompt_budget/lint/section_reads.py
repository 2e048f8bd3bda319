"""PB101's budgets read from a section of a project's config with a default (set 57: shandu).

``config.get("api", "max_tokens", 32768)``, ``parser.getint("llm", "max_tokens", fallback=4096)``, and a
module's own helper reading one (``def lookup(section, key, default)`` ... ``lookup("api", "max_tokens",
32768)``): a getter given a section and a key, both written as strings, the key named as a token budget,
and a number as the default (the third argument, ``fallback=``, ``default=``). That number is the
budget whenever the section lacks the key, as a mapping's ``.get("max_tokens", 2048)``
(``inline_forms.lookup_default``). A getter of the environment, a key written as an environment
variable's name (``MAX_TOKENS``), and a helper of the module whose third parameter is named for anything
but a default, are not judged; nor is a section itself named as a budget (then the call is no section
read).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.env_rows import reads_environment
from prompt_budget.lint.names import words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Keywords (and words of a helper's parameter) a getter's default is given as.
_DEFAULTS = frozenset({"default", "fallback"})
#: Methods reading a section's key (configparser's, and a project's config class's ``get``).
_GETTERS = frozenset({"get", "getint", "getfloat"})


def _helper_default(rule: LintRule, name: str) -> bool:
    """The module defines ``def name(section, key, default)``: a helper whose third parameter is the
    default of a key read from a section."""
    for stmt in statements(rule.ctx.tree) if rule.ctx.tree is not None else ():
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == name:
            params = [a.arg for a in (*stmt.args.posonlyargs, *stmt.args.args)]
            return len(params) == 3 and bool(set(words(params[2])) & _DEFAULTS)
    return False


def section_budgets(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """The default a section's budget key is read with, in the forms above."""
    if len(call.args) < 2:
        return
    section, key = string_value(call.args[0]), string_value(call.args[1])
    if not section or not key or key.isupper() or reads_environment(call):  # the strings first: cheaper
        return
    if not rule.names.is_budget_setting(key):
        return
    if rule.names.is_budget(section):
        return
    func = call.func
    given = [kw.value for kw in call.keywords if kw.arg in _DEFAULTS] or call.args[2:3]
    if not given or len(call.args) > 3:
        return
    if isinstance(func, ast.Attribute):
        if func.attr not in _GETTERS:
            return
    elif not (isinstance(func, ast.Name) and _helper_default(rule, func.id)):
        return
    value = rule.budget_literal(given[0])
    if value is not None and not is_reported(rule, given[0]):
        yield (
            given[0],
            key,
            value,
            f'used as the default of the key `{key}` read from the section "{section}"',
        )
