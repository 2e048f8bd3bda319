"""PB103's clamps written as an ``if`` (set 262: aient's Gemini request builder): ``if value > 65536: value =
65536`` before ``generation_config["maxOutputTokens"] = value``, ``if val < 128: budget = 128`` before
``{"thinkingBudget": budget}``.

An ``if`` whose test compares a value with a number (``>``, ``>=`` for a ceiling, ``<``, ``<=`` for a floor, alone
or as one side of an ``and``) and whose body only binds a name to that same number clamps the name to it. The
number is a token cap or floor when the clamped name says so (``max_tokens``, ``thinking_budget``) or when the
function later hands the name on as a token budget: a budget keyword (``max_tokens=value``), a budget key of a
dict or of a subscript it is written under (``{"thinkingBudget": budget}``, ``cfg["maxOutputTokens"] = value``),
a budget attribute (``self.max_tokens = value``). A clamp of anything else (``if retries > 5: retries = 5``,
``if width > 1024: width = 1024`` handed to ``resize``) is not judged. One finding per clamp, at the number the
test compares with, unless a rule reported the clamp's number already (``if limit > 4096: limit = 4096`` ...
``max_tokens=limit``: the data flow's budget): they are reported at the end of the module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from prompt_budget.lint.forms import used_as_characters
from prompt_budget.lint.names import NameJudge
from prompt_budget.lint.ratio_names import budget_keyword
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CEILING = (ast.Gt, ast.GtE)
_FLOOR = (ast.Lt, ast.LtE)


def _bounds(test: ast.expr) -> Iterator[tuple[ast.expr, ast.expr, bool]]:
    """(the compared value, the number, a ceiling?) of each one-sided comparison of ``test``."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        for value in test.values:
            yield from _bounds(value)
        return
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return
    op, left, right = test.ops[0], test.left, test.comparators[0]
    if isinstance(op, (*_CEILING, *_FLOOR)):
        yield left, right, isinstance(op, _CEILING)  # ``value > 65536``
        yield right, left, isinstance(op, _FLOOR)  # ``65536 < value``


def _clamped(rule: LintRule, node: ast.If) -> Iterator[tuple[ast.expr, ast.expr, str, bool]]:
    """(the test's number, the body's, the clamped name, a ceiling?) of the clamp ``node`` writes."""
    if len(node.body) != 1 or not isinstance(body := node.body[0], ast.Assign) or len(body.targets) != 1:
        return
    target = body.targets[0]
    name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else None
    value = rule.budget_literal(body.value)
    if name is None or value is None:
        return
    for compared, literal, ceiling in _bounds(node.test):
        if rule.budget_literal(literal) == value and isinstance(compared, (ast.Name, ast.Attribute)):
            yield literal, body.value, name, ceiling
            return


def _handed_on(judge: NameJudge, read: ast.Name, parents: dict[ast.AST, ast.AST]) -> str | None:
    """How the read ``read`` is handed on as a token budget, else None."""
    parent = parents.get(read)
    if isinstance(parent, ast.keyword) and parent.arg and budget_keyword(judge, parent.arg):
        return f"`{parent.arg}=`"
    if isinstance(parent, ast.Dict):
        key = next((k for k, v in zip(parent.keys, parent.values, strict=False) if v is read), None)
        name = string_value(key) if key is not None else None
        return f'"{name}"' if name and judge.is_budget_setting(name) else None
    if isinstance(parent, ast.Assign) and parent.value is read and len(parent.targets) == 1:
        target = parent.targets[0]
        name = string_value(target.slice) if isinstance(target, ast.Subscript) else attr_name(target)
        return f'"{name}"' if name and judge.is_budget_setting(name) else None
    return None


def _use(rule: LintRule, node: ast.If, name: str) -> str | None:
    """Where the function, after the clamp ``node``, hands ``name`` on as a token budget."""
    fn = rule.ctx.function()
    if fn is None:
        return None
    up = parents(fn)
    for read in walk(fn):
        if (
            isinstance(read, ast.Name)
            and read.id == name
            and isinstance(read.ctx, ast.Load)
            and read.lineno > (node.end_lineno or node.lineno)
            and (how := _handed_on(rule.names, read, up))
        ):
            return f"written as {how} at line {read.lineno}"
    return None


@dataclass
class IfClamps:
    """The token clamps written as ``if``s of one module, reported at its end where no rule took them."""

    #: (the test's number, the body's, its value, why)
    found: list[tuple[ast.expr, ast.expr, int | float, str]] = field(default_factory=list)

    def visit(self, rule: LintRule, node: ast.If) -> None:
        for literal, assigned, name, ceiling in _clamped(rule, node):
            if used_as_characters(rule, name):
                continue  # ``if reasoning_budget < 500: reasoning_budget = 500`` ... ``cut(text, reasoning_budget)``
            if rule.names.is_budget_setting(name):
                why = f"its token budget `{name}`"
            elif (use := _use(rule, node, name)) is not None:
                why = f"`{name}`, {use}"
            else:
                continue
            value = rule.budget_literal(assigned) or 0
            self.found.append((literal, assigned, value, f"{'caps' if ceiling else 'floors'} {why}"))

    def leave(self, rule: LintRule) -> Iterator[tuple[ast.expr, str, int | float, str]]:
        """(the number, the message, its value, the advice) of each clamp no rule reported; not fixable: the
        body writes the number again."""
        reported = reported_ids(rule) if self.found else set()
        for literal, assigned, value, why in self.found:
            if id(literal) not in reported and id(assigned) not in reported:
                message = f"token threshold {value} {why}, clamped by an `if`; move it to config next to the budget it protects"
                yield literal, message, value, f"move {value} into [tool.prompt_budget.values] by hand"
