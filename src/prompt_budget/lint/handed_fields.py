"""A config class's field handed under its own name to the constructor of a class whose field of that
name is a token budget (PB102; set 73: firstcoder's ``ContextCompactionConfig.large_tool_result_tokens``)::

    # context/compaction.py: the field the data flow shows is compared with a token count
    @dataclass
    class CompactionPipeline:
        large_tool_result_tokens: int = 1200

    # context/triggers.py: the settings the pipeline is built from
    @dataclass
    class ContextCompactionConfig:
        large_tool_result_tokens: int = 1_200

    # context/manager.py
    CompactionPipeline(large_tool_result_tokens=self.config.large_tool_result_tokens)

The read (``<expr>.name``, not an attribute of ``self``) gives the constructor the value of another
class's field of that name: one setting written twice, the config's copy as much a budget as the one the
rules reported. ``field_reach`` records the handed reads (``HANDED_FACT``: the field's name and the class
called) beside its class fields (``FIELD_FACT``: name, class, whether reported in its module); the join
reports the field of the one other class of the project declaring that name with a literal default, when
the class called is a class whose field of that name was reported. Reads in test modules are not
recorded; two other classes of that field name cannot be told apart and are left.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import finding_where_bound, is_test_module, tagged
from prompt_budget.lint.names import config_key

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

HANDED_FACT = "\x00field-handed "
GIVEN_FACT = "\x00field-given-budget "


def record_handed(
    rule: LintRule,
    handed: Sequence[tuple[ast.Attribute, str]],
    given: Sequence[tuple[ast.Attribute, str, str]] = (),
) -> None:
    """Keep each read ``Callee(name=<expr>.name)`` of the module as a project fact, and each budget given
    under another name (``Callee(field=<expr>.max_tokens)``)."""
    if is_test_module(rule.ctx.path):
        return
    for read, callee in handed:
        rule.fact(read, f"{HANDED_FACT}{read.attr} {callee} {ast.unparse(read).replace(' ', '')}", 0)
    for read, callee, field in given:
        rule.fact(read, f"{GIVEN_FACT}{field} {callee} {ast.unparse(read).replace(' ', '')}", 0)


def handed_fields(
    rule: type[LintRule],
    facts: Sequence[Fact],
    fields: dict[tuple[Path, str], list[tuple[Fact, str, str]]],
    project: Callable[[Fact], Path],
) -> dict[int, Finding]:
    """The fields (by their fact's id) handed to a class whose field of their name is a reported token
    budget, each with its finding."""
    found: dict[int, Finding] = {}
    for fact, (name, callee, read) in tagged(facts, HANDED_FACT, 3):
        bound = fields.get((project(fact), name))
        if bound is None:
            continue
        taking = [f for f, cls, done in bound if cls.split("#")[0] == callee and done == "1"]
        others = [(f, cls) for f, cls, done in bound if cls.split("#")[0] != callee and done != "1"]
        if len(taking) != 1 or len(others) != 1 or id(others[0][0]) in found:
            continue
        field, cls = others[0]
        where = f"{taking[0].path}:{taking[0].line}"
        message = (
            f"token budget {name} = {field.value} as the default of `{cls.split('#')[0]}.{name}`: read as "
            f"`{read}` and handed to `{callee}()` as its `{name}`, a token budget ({where}) at "
            f"{fact.path}:{fact.line}; move it to config so both read one value"
        )
        found[id(field)] = finding_where_bound(rule, field, message, name, config_key(name))
    return found


def given_fields(
    rule: type[LintRule],
    facts: Sequence[Fact],
    fields: dict[tuple[Path, str], list[tuple[Fact, str, str]]],
    project: Callable[[Fact], Path],
    found: dict[int, Finding],
) -> dict[int, Finding]:
    """The fields (by their fact's id) of a class whose constructor another call gives a token budget
    under the field's name (set 99: lovia's ``TokenBudget(reserve_output=self.reserve_output_tokens)``,
    whose dataclass field ``reserve_output: int = 16_384`` repeats the reported
    ``reserve_output_tokens: int = 16_384``): the default is the budget used when none is given. The class
    must declare that field once in the project (by its name and the class's), with no rule reporting it."""
    out: dict[int, Finding] = {}
    for fact, (name, callee, read) in tagged(facts, GIVEN_FACT, 3):
        bound = fields.get((project(fact), name))
        declared = [(f, done) for f, cls, done in bound or () if cls.split("#")[0] == callee]
        if len(declared) != 1:
            continue  # no field of that name in the class called, or two classes of its name
        field, done = declared[0]
        if done == "1" or id(field) in found or id(field) in out:
            continue
        message = given_message(name, field.value, callee, read, f"{fact.path}:{fact.line}")
        out[id(field)] = finding_where_bound(rule, field, message, name, config_key(name))
    return out


def given_message(name: str, amount: object, callee: str, read: str, where: str) -> str:
    """What a field given a token budget by a call of its class is reported with."""
    return (
        f"token budget {name} = {amount} as the default of `{callee}.{name}`: a call gives that field "
        f"the token budget `{read}` at {where}; move it to config so both read one value"
    )
