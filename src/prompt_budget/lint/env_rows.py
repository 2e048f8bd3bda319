"""Calls that read a setting from the environment: no rows of a table built by calls (PB107), no project
settings getter whose fallback is a budget (PB101's ``settings_reads``).

``settings.get_int("max_tokens") or env_int("CLAUDE_MAX_TOKENS", 4096)`` names a setting by its environment
variable and gives its default (set 51: pysubtrans; set 42: qwen-agent's ``os.getenv``): the variable's name
may open with a model family's word (``CLAUDE_``, ``QWEN_``), yet the call is no row of a model table. A call
reads the environment when its callee says so (``env_int``, ``env.int``, ``get_env_var``, ``getenv``) or when
the string naming the row is an upper-case variable name (``"CLAUDE_MAX_TOKENS"``): model names are never
written so.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import dotted, is_env_read

#: Words of a callee, or of its receiver, that reads the environment (``env_int``, ``environ.get``,
#: ``getenv``, ``secrets.get_int``).
_ENV_WORDS = frozenset({"env", "environ", "environment", "getenv", "dotenv", "secret", "secrets"})
#: An environment variable's name: upper-case words joined by underscores (``CLAUDE_MAX_TOKENS``).
_VARIABLE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def reads_environment(call: ast.Call) -> bool:
    """Whether ``call`` reads a setting from the environment rather than naming a model's row."""
    if is_env_read(call) or set(words(dotted(call.func))) & _ENV_WORDS:
        return True
    return any(is_variable_name(a) for a in call.args[:1])


def is_variable_name(node: ast.expr) -> bool:
    """``"CLAUDE_MAX_TOKENS"``: a string that names an environment variable, never a model."""
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and bool(_VARIABLE.fullmatch(node.value))
    )
