"""The range a command-line option's type checks, when the option is a budget of tokens.

``p.add_argument("--max-tokens", type=_limit(256, 8192))`` and ``click.option("--max-tokens",
type=click.IntRange(1, 8192))``: the option's value is checked against two numbers written inline, the
most tokens a caller may ask for and the least (set 541: anona's CLI, a client copy of its API's own
bounds that drifts when the server's change). PB101 reports them as the option's cap and its ``_min``,
as it does typer's ``Option(min=..., max=...)`` (``option_bounds``, asked by ``inline_forms.field_bound``).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.forms import option_dest
from prompt_budget.lint.names import CHAR_WORDS, TOKENS_WORD, words
from prompt_budget.lint.rule import attr_name, callee_name, number, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls declaring a command-line option: argparse's ``add_argument``, click's ``option`` and ``argument``.
_DECLARES = frozenset({"add_argument", "option", "argument"})
#: click's range types, whose bounds may be given by keyword.
_RANGES = frozenset({"IntRange", "FloatRange"})
#: A range's bounds by keyword, and the suffix of the key each is reported under.
_RANGE_BOUNDS = {"min": "_min", "max": ""}
_WHICH = {"min": "lower", "max": "upper"}


def option_range(rule: LintRule, call: ast.Call) -> list[tuple[ast.expr, str, str]]:
    """(each bound, the key it is reported under, how it was read) of the range an option declared by
    ``call`` is checked against, when the option's name is a budget or its help opens on tokens: the
    upper bound under the option's name, the lower under its ``_min``; none for any other call."""
    if callee_name(call) not in _DECLARES:
        return []
    checked = next((kw.value for kw in call.keywords if kw.arg == "type"), None)
    if type(checked) is not ast.Call:
        return []
    name = option_dest(call)
    help_text = next((string_value(kw.value) for kw in call.keywords if kw.arg == "help"), None) or ""
    if name is None or not (rule.names.is_budget_setting(name) or TOKEN_HELP.match(help_text)):
        return []
    if rule.names.is_chars(name) or (says_characters(help_text) and not rule.names.says_tokens(name)):
        return []  # ``help="Maximum prompt length in characters."``
    checks = f"the range `{callee_name(checked)}` checks the command-line option `{name}` against"
    how = "as the {} bound of " + checks
    if callee_name(checked) in _RANGES:
        given = {kw.arg: kw.value for kw in checked.keywords if kw.arg in _RANGE_BOUNDS}
        for key, arg in zip(("min", "max"), checked.args, strict=False):
            given.setdefault(key, arg)
        return [(v, name + _RANGE_BOUNDS[k], how.format(_WHICH[k])) for k, v in given.items() if k]
    if len(checked.args) != 2 or checked.keywords or any(number(a) is None for a in checked.args):
        return []  # ``type=_limit(256, 8192)``: a factory given the two bounds, and nothing else
    low, high = checked.args
    return [(low, name + "_min", how.format("lower")), (high, name, how.format("upper"))]


#: Command-line options declared with bounds (typer's ``Option(min=..., max=...)``), and their bounds' suffixes.
OPTIONS = frozenset({"Option", "Argument"})
_OPTION_BOUNDS = {"max": "", "min": "_min"}
#: An option's help opening on a budget of tokens (``help="Token budget for the generated context package."``).
TOKEN_HELP = re.compile(
    r"^\s*(?:(?:max(?:imum)?|the)\s+)?(?:token\s+budget|tokens\b|number\s+of\s+tokens)", re.I
)


def bounded(callee: str | None) -> str:
    """What a bound bounds, for a finding's message: a command-line option or a validated field."""
    return "a command-line option" if callee in OPTIONS else "a field"


def option_bounds(rule: LintRule, call: ast.Call) -> list[tuple[ast.keyword, str]] | None:
    """``budget: Annotated[int, typer.Option("--budget", help="Token budget ...", min=500, max=128000)]``: the
    bounds of a command-line option named as a budget, or whose help opens on tokens (set 417: errd's
    ``--budget``), reported as the budget's cap and its ``_min``."""
    bounds = [kw for kw in call.keywords if kw.arg in _OPTION_BOUNDS]
    name = annotated_parameter(rule, call) if bounds else None
    if name is None:
        return None
    help_text = next((string_value(kw.value) for kw in call.keywords if kw.arg == "help"), None) or ""
    if not (rule.names.is_budget_setting(name) or TOKEN_HELP.match(help_text)):
        return None
    if says_characters(help_text) and not rule.names.says_tokens(name):
        return None
    return [(kw, name + _OPTION_BOUNDS[kw.arg or ""]) for kw in bounds]


def annotated_parameter(rule: LintRule, call: ast.Call) -> str | None:
    """The parameter or field whose ``Annotated[int, Field(ge=256, le=32_768)]`` holds ``call`` (set 139:
    gragdb's MCP tools, the bounds of a token budget a caller may ask for), else None."""
    held = rule.ctx.parent(call)
    subscript = rule.ctx.parent(held) if isinstance(held, ast.Tuple) else None
    if not (isinstance(subscript, ast.Subscript) and (attr_name(subscript.value) or "") == "Annotated"):
        return None
    annotation: ast.expr = subscript
    owner = rule.ctx.parent(subscript)
    while isinstance(owner, ast.BinOp) and isinstance(owner.op, ast.BitOr):  # ``Annotated[...] | None``
        annotation, owner = owner, rule.ctx.parent(owner)
    if isinstance(owner, ast.arg) and owner.annotation is annotation:
        return owner.arg
    if isinstance(owner, ast.AnnAssign) and owner.annotation is annotation and type(owner.target) is ast.Name:
        return owner.target.id
    return None


#: Words of a help or a description giving another unit than tokens.
_OTHER_UNITS = CHAR_WORDS | {"word", "words", "line", "lines", "byte", "bytes"}


def says_characters(text: str | None) -> bool:
    """A help or a description giving its number in characters (or words, lines, bytes), never in tokens."""
    return bool(text) and bool(set(words(text or "")) & _OTHER_UNITS) and not TOKENS_WORD.search(text or "")
