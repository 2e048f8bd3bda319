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

And a name whose range check raises an error saying tokens (set 487: weftgate's context payload)::

    if not isinstance(budget, int) or not 256 <= budget <= 16000:
        raise ValueError("budget must be an integer from 256 to 16000 (estimated tokens)")

The message gives the unit the name does not: both bounds are amounts of tokens (``said_range``).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import NOT_MODEL_TOKEN_WORDS
from prompt_budget.lint.names import UNIT_WORDS, words
from prompt_budget.lint.rule import string_value

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


#: An error's words saying an amount of a model's tokens ("(estimated tokens)", "max_tokens must be ...").
_TOKEN_WORDS = frozenset({"tokens", "token"})
#: Words of a message about another kind of token (a credential's, a lexer's) or of a text's length.
_OTHER_TOKENS = NOT_MODEL_TOKEN_WORDS | {"csrf", "secret", "session", "lexer", "login"}
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _message(raise_: ast.Raise) -> str | None:
    """The text of the error ``raise_`` raises (its first argument, the literal parts of an f-string)."""
    exc = raise_.exc
    if type(exc) is not ast.Call or not exc.args:
        return None
    first = exc.args[0]
    if type(first) is ast.JoinedStr:
        return " ".join(s for v in first.values if (s := string_value(v)) is not None)
    return string_value(first)


def _bounded(compare: ast.AST, name: str) -> bool:
    """``compare`` orders the name ``name`` between two bounds (``lo <= name <= hi``)."""
    return (
        type(compare) is ast.Compare
        and len(compare.ops) == 2
        and type(middle := compare.comparators[0]) is ast.Name
        and middle.id == name
        and all(isinstance(op, _ORDER) for op in compare.ops)
    )


def _raises_tokens(stmt: ast.If) -> bool:
    """The body of ``stmt`` raises an error saying an amount of tokens and no other unit."""
    if type(stmt.body[0]) is not ast.Raise:
        return False
    text = _message(stmt.body[0]) or ""
    ws = set(words(text)) | set(re.findall(r"[a-z]+", text.lower()))  # ``GitHub`` as one word too
    return bool(ws & _TOKEN_WORDS) and not ws & (UNIT_WORDS | _OTHER_TOKENS)


def said_range(rule: LintRule, node: ast.AST) -> bool:
    """``node`` is a name ordered between two bounds (``lo <= name <= hi``, the comparison being visited) by the
    test of an ``if`` whose body raises an error saying an amount of tokens and no other unit."""
    if type(node) is not ast.Name or not rule.ctx.ancestors:
        return False
    compare = rule.ctx.ancestors[-1]
    if not _bounded(compare, node.id):
        return False
    test: ast.AST = compare
    parent = rule.ctx.parent(test)
    while isinstance(parent, (ast.UnaryOp, ast.BoolOp)):
        test, parent = parent, rule.ctx.parent(parent)
    return type(parent) is ast.If and parent.test is test and _raises_tokens(parent)


def range_in_tokens(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``fn`` checks the range of its name ``name`` with an error saying tokens (``said_range``'s check)."""
    return any(
        type(n) is ast.If and _raises_tokens(n) and any(_bounded(c, name) for c in ast.walk(n.test))
        for n in ast.walk(fn)
    )


def checked_in_tokens(fn: ast.FunctionDef | ast.AsyncFunctionDef | None, node: ast.expr) -> bool:
    """``node`` names a parameter of ``fn`` whose range check raises an error saying tokens (``range_in_tokens``):
    ``measure() > budget * 4`` turns that budget into bytes (set 487: weftgate)."""
    if type(node) is not ast.Name or fn is None:
        return False
    args = fn.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    return node.id in params and range_in_tokens(fn, node.id)
