"""PB109's reading of a GPT encoding's name written outside a tiktoken call: as the row of a table naming
another provider's model (set 435: grampus-ai's token counter)::

    _MODEL_ENCODING: dict[str, str] = {
        "gpt-4o": "o200k_base",
        "claude": "cl100k_base",        # Claude's tokens counted with a GPT encoding
    }

or before a branch that sends the request to another provider (``pb109_branches``). Kept apart from the rule:
it reads the literal's dict or function, not a tiktoken call.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.dict_slots import value_key
from prompt_budget.lint.model_names import is_non_openai_model
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.rules.pb109_branches import other_provider_branch


def branch_message(provider: str) -> str:
    return (
        f"a fixed GPT encoding counts the tokens before a branch that sends the request to {provider}'s "
        "model, whose tokenizer differs"
    )


def constant_mismatch(
    fn: ast.FunctionDef | ast.AsyncFunctionDef | None, parent: ast.AST | None, node: ast.Constant
) -> str:
    """The finding's message for the GPT encoding's name ``node`` (its parent ``parent``, in ``fn``): a table's
    row for another provider's model, or a fixed encoding before a branch to another provider; else ""."""
    key = value_key(parent, node) if isinstance(parent, ast.Dict) else None
    if key and is_non_openai_model(key):
        return (
            f'the GPT encoding "{string_value(node)}" is the row of "{key}", another provider\'s model, whose tokenizer '
            "differs: its counts are silently wrong"
        )
    branch = other_provider_branch(fn, node)
    return branch_message(branch) if branch else ""
