"""The one parameter of a validator named for an amount of tokens, for PB103 (token-threshold; set 221:
attune-harness's Codex settings)::

    def validate_skills_context_tokens(value: int) -> int:
        if type(value) is not int or not 1 <= value <= 10_000:
            raise ValueError("skills_context_tokens must be an integer in 1..10000")
        return value

A function whose name is a verb of checking (``validate``, ``check``, ``ensure``, ``clamp``, ``coerce``, ``parse``,
``normalize``, ``verify``) followed by the name of an amount of tokens, taking one parameter (besides ``self`` or
``cls``), checks that amount: the parameter holds it, so a number it is ordered against bounds tokens. Judges no
finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_VERBS = frozenset(
    {"validate", "check", "ensure", "clamp", "coerce", "parse", "normalize", "normalise", "verify"}
)


def validated_amount(rule: LintRule, node: ast.AST) -> bool:
    """``node`` is the one parameter of the enclosing validator named for an amount of tokens."""
    fn = rule.ctx.function()
    if type(node) is not ast.Name or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    args = fn.args
    params = [
        a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg not in {"self", "cls"}
    ]
    if params != [node.id]:
        return False
    ws = words(fn.name)
    return len(ws) > 1 and ws[0] in _VERBS and rule.names.is_token_amount("_".join(ws[1:]))
