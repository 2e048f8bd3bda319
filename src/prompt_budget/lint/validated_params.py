"""The one parameter of a validator named for an amount of tokens, for PB103 (token-threshold; set 221:
attune-harness's Codex settings)::

    def validate_skills_context_tokens(value: int) -> int:
        if type(value) is not int or not 1 <= value <= 10_000:
            raise ValueError("skills_context_tokens must be an integer in 1..10000")
        return value

A function whose name is a verb of checking (``validate``, ``check``, ``ensure``, ``clamp``, ``coerce``, ``parse``,
``normalize``, ``verify``) followed by the name of an amount of tokens, taking one parameter (besides ``self`` or
``cls``), checks that amount: the parameter holds it, so a number it is ordered against bounds tokens; so does the
value a pydantic validator of a field named for tokens takes (``@field_validator("estimated_tokens") def _bound(cls, v,
info)``; set 533: ortim). Judges no
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
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.stated_units import guarding_test, part_of
from prompt_budget.lint.walks import kept_per_file, walk

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
    if params[:1] != [node.id] or len(params) > 2:  # pydantic's ``(cls, v, info)`` too
        return False
    if any(rule.names.is_token_amount(f) for f in _validated_fields(fn)):
        return True  # ``@field_validator("estimated_tokens") def _token_bound(cls, v)`` (set 533: ortim)
    ws = words(fn.name)
    return (
        len(params) == 1 and len(ws) > 1 and ws[0] in _VERBS and rule.names.is_token_amount("_".join(ws[1:]))
    )


#: Pydantic's decorators naming the fields a method validates.
_VALIDATORS = frozenset({"field_validator", "validator"})


def _validated_fields(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The fields ``@field_validator("a", "b")`` (or ``@validator``) names for ``fn``."""
    return [
        name
        for d in fn.decorator_list
        if isinstance(d, ast.Call) and callee_name(d) in _VALIDATORS
        for a in d.args
        if (name := string_value(a)) is not None
    ]


#: An error's words saying an amount of a model's tokens ("(estimated tokens)", "max_tokens must be ...").
_TOKEN_WORDS = frozenset({"tokens", "token"})
#: Words of a message about another kind of token (a credential's, a lexer's) or of a text's length.
_OTHER_TOKENS = NOT_MODEL_TOKEN_WORDS | {"csrf", "secret", "session", "lexer", "login"}
#: OAuth's token exchange (``"token_exchange_failed"``, set 600: qveris' delegation credentials), not "tokens per
#: exchange".
_EXCHANGE = re.compile(r"\btoken[\s_]+exchange", re.IGNORECASE)
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
    if _EXCHANGE.search(text):
        return False
    ws = set(words(text)) | set(re.findall(r"[a-z]+", text.lower()))  # ``GitHub`` as one word too
    return bool(ws & _TOKEN_WORDS) and not ws & (UNIT_WORDS | _OTHER_TOKENS)


def said_range(rule: LintRule, node: ast.AST) -> bool:
    """``node`` is a name ordered between two bounds (``lo <= name <= hi``, the comparison being visited) by the
    test of an ``if`` whose body raises an error saying an amount of tokens and no other unit (the ``if`` found as
    ``stated_units`` finds the branch a comparison decides)."""
    if type(node) is not ast.Name or not rule.ctx.ancestors or "status" in words(node.id):
        return False  # ``200 <= response_status < 300``: an HTTP status (set 600: qveris)
    compare = rule.ctx.ancestors[-1]
    if type(compare) is not ast.Compare or not _bounded(compare, node.id):
        return False
    test = guarding_test(rule.ctx.ancestors, compare)
    return type(test) is ast.If and _raises_tokens(test)


#: The function asked about last and the names its range checks bound with an error saying tokens.
_checked: list[tuple[ast.AST, frozenset[str]]] = kept_per_file([])


def range_in_tokens(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``fn`` checks the range of its name ``name`` with an error saying tokens (``said_range``'s check); the
    function's checks are read once for all its names."""
    if not (_checked and _checked[0][0] is fn):
        names = frozenset(
            middle.id
            for n in walk(fn)
            if type(n) is ast.If and _raises_tokens(n)
            for c in walk(n.test)
            if type(c) is ast.Compare
            and part_of(c, n.test)
            and type(middle := c.comparators[0]) is ast.Name
            and _bounded(c, middle.id)
        )
        _checked[:] = [(fn, names)]
    return name in _checked[0][1]


def checked_in_tokens(fn: ast.FunctionDef | ast.AsyncFunctionDef | None, node: ast.expr) -> bool:
    """``node`` names a parameter of ``fn`` whose range check raises an error saying tokens (``range_in_tokens``):
    ``measure() > budget * 4`` turns that budget into bytes (set 487: weftgate)."""
    if type(node) is not ast.Name or fn is None:
        return False
    args = fn.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    return node.id in params and range_in_tokens(fn, node.id)
