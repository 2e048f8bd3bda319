"""PB102's reading of a parameter's default filled in when it is None, judged by the command-line option
of the same name whose help text gives tokens (set 37: petals)::

    # petals/cli/run_server.py: the option's help says what the number counts
    parser.add_argument('--max_batch_size', type=int, default=None,
                        help='The total number of tokens in the same batch will not exceed this value. ...')
    # petals/server/server.py: the server fills in the default the option left None
    def __init__(self, ..., max_batch_size: Optional[int] = None, ...):
        if max_batch_size is None:
            max_batch_size = 8192 if is_multiquery_attn else 2048

The name alone (``max_batch_size``, ``inference_max_length``) says no unit; the option's help does, as
for an option's own default (``token_options``: a size name whose help gives tokens, not characters,
not an access token's). Each literal of the fill-in is reported (both sides of a conditional). The
option may be declared in the same module (reported at its end) or in another module of the project:
then the option (``OPTION_FACT``) and the fill-in (``FILL_FACT``) are facts joined by ``option_fills``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import finding_where_bound, tagged
from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.names import config_key
from prompt_budget.lint.option_twins import option_twins
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import defaults
from prompt_budget.lint.token_options import says_token_size

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

#: An option left None whose help gives tokens: ``<name>``.
OPTION_FACT = "\x00option-tokens "
#: A literal filled in for a parameter left None: ``<name>``.
FILL_FACT = "\x00none-fill "


def token_option_left_none(rule: LintRule, node: ast.Call) -> str | None:
    """``add_argument("--max_batch_size", type=int, default=None, help="... tokens ...")``: the
    option's name when its default is None and its name or help says it is a number of tokens."""
    found = argparse_default(node)
    if found is None or not (isinstance(found[0], ast.Constant) and found[0].value is None):
        return None
    name, help_text = found[1], found[2]
    return name if rule.names.is_budget_setting(name) or says_token_size(name, help_text) else None


def _literals(rule: LintRule, value: ast.expr) -> Iterator[tuple[ast.expr, int | float]]:
    """The numbers a fill-in gives: a literal, or each side of a conditional (``8192 if mqa else 2048``)."""
    if isinstance(value, ast.IfExp):
        yield from _literals(rule, value.body)
        yield from _literals(rule, value.orelse)
    elif (amount := rule.budget_literal(value)) is not None:
        yield value, amount


def none_fills(rule: LintRule, node: ast.If) -> Iterator[tuple[str, ast.expr, int | float]]:
    """``if max_batch_size is None: max_batch_size = 8192 if mqa else 2048`` in a function whose
    parameter ``max_batch_size`` defaults to None: (the name, each literal, its value)."""
    test = node.test
    fn = rule.ctx.function()
    if not (
        fn is not None
        and not node.orelse
        and isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return
    name = test.left.id
    if not any(
        a.arg == name and isinstance(d, ast.Constant) and d.value is None for a, d in defaults(fn.args)
    ):
        return
    for stmt in node.body:
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == name
        ):
            for literal, amount in _literals(rule, stmt.value):
                yield name, literal, amount


def _message(name: str, value: int | float, where: str) -> str:
    return (
        f"token budget {name} = {value} as the default filled in when `{name}` is None, its "
        f"command-line option's help giving tokens ({where}); move it to config so it can be tuned and tested"
    )


class OptionFills:
    """One module's options left None and fill-ins: matched at its end, and kept as facts."""

    def __init__(self) -> None:
        self.options: dict[str, int] = {}
        self.fills: list[tuple[str, ast.expr, int | float]] = []

    def call(self, rule: LintRule, node: ast.Call) -> None:
        name = token_option_left_none(rule, node)
        if name is not None:
            self.options.setdefault(name, node.lineno)
            rule.fact(node, f"{OPTION_FACT}{name}", 0)

    def if_(self, rule: LintRule, node: ast.If) -> None:
        for name, literal, amount in none_fills(rule, node):
            self.fills.append((name, literal, amount))
            rule.fact(literal, f"{FILL_FACT}{name}", amount)

    def finish(self, rule: LintRule) -> None:
        for name, literal, amount in self.fills:
            line = self.options.get(name)
            if line is not None:
                rule.report_literal(literal, _message(name, amount, f"line {line}"), amount, name)


def option_fills(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The fill-ins of a parameter named as an option of the same project whose help gives tokens; and
    the options declared again in another module without the help that gives tokens (``option_twins``)."""

    project = partial(fact_project, root=root)

    options: dict[tuple[Path, str], Fact] = {}
    for fact, (name,) in tagged(facts, OPTION_FACT, 1):
        options.setdefault((project(fact), name), fact)
    findings = []
    for fact, (name,) in tagged(facts, FILL_FACT, 1):
        option = options.get((project(fact), name))
        if option is not None:
            message = _message(name, fact.value, f"{option.path}:{option.line}")
            findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return findings + option_twins(rule, facts, root)
