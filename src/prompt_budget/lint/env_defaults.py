"""PB101's budgets written as an environment variable's default (set 253: adra's
``max_tokens=int(os.environ.get("ADRA_MAX_TOKENS", "4096"))``; sets 243-252: castorice-agent's, neo-cortex's,
pulse-coding-agent's).

``os.getenv(name, default)`` and ``os.environ.get(name, default)`` read a variable a deployment may set; the
default is the budget in force wherever it is not set, which is every test run and every user who never
heard of the variable. Moving the budget into the project's config and keeping the variable as an override
is the fix a team makes by hand: the default is often a string (``"4096"``) whose call site converts it, so
the finding is not fixable with ``--fix``. Reported when the variable's name, its prefix left out, names a
token budget (``ADRA_MAX_TOKENS``, ``LLM_CONTEXT_WINDOW``, ``DIGESTOR_BUDGET`` in a module whose words make
``budget`` one) and the default is a whole number, written as one or as a string of digits. A project's own
helper named for the environment reads it the same way (set 285: nonprofit-agent-harness's
``max_tokens=_env_int("HARNESS_MAX_TOKENS", 200_000)``).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.env_rows import is_variable_name
from prompt_budget.lint.names import words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import dotted, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


#: The standard library's reads of a variable (``os.getenv``, ``os.environ.get``, ``environ.get``); a project's
#: settings reader (``settings.get_int("MAX_TOKENS", 4096)``) is judged as one (``settings_reads``).
_OS_READ = re.compile(r"(?:^|\.)(?:getenv|environ\.get)$")
#: Words of a project's helper reading a variable (``_env_int``, ``get_env``, ``env.int``).
_HELPER_WORDS = frozenset({"env", "environ", "getenv"})


#: Words naming a window or a budget of tokens without saying tokens (``CODER_CTX_LEN``, ``POOH_CONTEXT_WINDOW``).
_WINDOW_WORDS = frozenset({"ctx", "context", "window", "budget"})


def _whole(node: ast.expr) -> int | None:
    """``4096`` or ``"4096"`` (``"128_000"`` too), else None."""
    if type(node) is ast.Constant and type(node.value) is int:
        return node.value
    text = (string_value(node) or "").strip().replace("_", "")
    return int(text) if text.isdigit() and len(text) < 10 else None


def _helper_read(call: ast.Call) -> bool:
    """``_env_int("HARNESS_MAX_TOKENS", 200_000)``: a function of the project's, named for the environment,
    given a variable's name as one is written (a settings object's ``settings.get_env("max_tokens", 4096)``
    is ``settings_reads``')."""
    return (
        isinstance(call.func, ast.Name)
        and bool(set(words(call.func.id)) & _HELPER_WORDS)
        and is_variable_name(call.args[0])
    )


def env_default(rule: LintRule, call: ast.Call) -> None:
    """Report the default of an environment read naming a token budget (not fixable: see the module)."""
    if len(call.args) != 2 or call.keywords:
        return
    callee = dotted(call.func)
    if not (_OS_READ.search(callee) or _helper_read(call)):
        return
    variable, default = string_value(call.args[0]), call.args[1]
    value = _whole(default)
    if variable is None or value is None or value < 16 or is_reported(rule, default):
        return
    name = variable.lower()
    names = rule.names
    # the variable's own words, or those after its prefix (``ADRA_``, ``LLM_``)
    named = next((n for n in (name, name.split("_", 1)[-1]) if names.is_budget_setting(n)), None)
    if named is None or names.is_excluded(name) or names.implausible(named, value):
        return
    if not names.mentions_tokens(named) and not set(words(named)) & _WINDOW_WORDS:
        return  # ``ARSHAI_MAX_PROMPT_LENGTH``: a length in no unit the name says (a log's characters, set 255's pass)
    message = (
        f"token budget {variable}={value} as the default of an environment variable, the budget in force "
        "wherever it is unset; move it to config and keep the variable as an override"
    )
    rule.report(default, message, value=value, key_parts=(named, rule.ctx.module_name))
