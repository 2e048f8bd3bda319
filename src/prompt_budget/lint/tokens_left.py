"""PB106's reading of a reserve taken off what a function returns as the tokens left of a window, the
function defined in another module of the project (set 55: patchwork-cli)::

    # client/llm/anthropic.py (and google_.py, openai_.py): the tokens a prompt leaves of the window
    def is_prompt_supported(self, messages, model) -> int:
        model_limit = self.__get_model_limit(model)
        ...
        return model_limit - message_token_count.input_tokens

    # client/llm/protocol.py: a reserve kept below it
    def _truncate_messages(client, messages, model):
        safety_margin = 500
        ...
        if client.is_prompt_supported(future_truncated_messages, model) - safety_margin < 0:

A function every ``return`` of which that subtracts takes a number of tokens off
(``return model_limit - token_count``) returns tokens; a local of another function bound once to a
literal and taken off a call of it (``client.is_prompt_supported(...) - safety_margin``) is a reserve of
tokens. The function's name must return tokens wherever the project defines it with such a return, and
no definition of that name may return a difference of something else.

Facts: ``LEFT_FACT`` (a function's name and whether its subtracting returns all take tokens off), from
the module's statements (``walks.statements``), and ``USE_FACT`` (the literal, the callee and the local),
recorded at the binding, whose line holds the number. Joined per project by ``tokens_left_reserves``.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from prompt_budget.lint.fallbacks import local_bindings
from prompt_budget.lint.flow import finding_where_bound, is_test_module, tagged
from prompt_budget.lint.names import config_key
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import statements, walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

LEFT_FACT = "\x00pb106 tokens-left "
USE_FACT = "\x00pb106 tokens-left-use "


def record_returns(rule: LintRule, tree: ast.Module) -> None:
    """A ``LEFT_FACT`` per function of the module returning a difference: value 1 when every such
    return takes a number of tokens off, else 0. A module with no such return (all but about one in
    fifty) is not read function by function (each function's statements walked, nested ones again)."""
    module_statements = statements(tree)
    if not any(isinstance(s, ast.Return) and _subtracts(s.value) for s in module_statements):
        return
    for fn in module_statements:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        found = None
        for stmt in statements(fn):
            value = stmt.value if isinstance(stmt, ast.Return) else None
            if _subtracts(value):
                takes = rule.token_amount(value.right) and not isinstance(value.left, ast.Constant)
                found = takes if found is None else found and takes
        if found is not None:
            rule.fact(fn, f"{LEFT_FACT}{fn.name}", int(found))


def _subtracts(value: ast.expr | None) -> TypeGuard[ast.BinOp]:
    """A returned ``a - b``."""
    return isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub)


def record_use(rule: LintRule, node: ast.Assign) -> None:
    """``safety_margin = 500`` in a function that takes it off a call's result
    (``client.is_prompt_supported(...) - safety_margin``): a ``USE_FACT`` at the literal."""
    fn = rule.ctx.function()
    target = node.targets[0] if len(node.targets) == 1 else None
    if fn is None or type(target) is not ast.Name or is_test_module(rule.ctx.path):
        return
    value = rule.budget_literal(node.value)
    if value is None or rule.names.is_budget(target.id) or len(local_bindings(fn, target.id)) != 1:
        return
    for sub in walk(fn):
        if (
            isinstance(sub, ast.BinOp)
            and isinstance(sub.op, ast.Sub)
            and type(sub.right) is ast.Name
            and sub.right.id == target.id
            and isinstance(sub.left, ast.Call)
            and (callee := callee_name(sub.left))
        ):
            rule.fact(node.value, f"{USE_FACT}{callee} {target.id}", value)
            return


def tokens_left_reserves(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The reserves (``USE_FACT``) taken off a function of the project that returns tokens left."""
    project = partial(fact_project, root=root)
    left: dict[tuple[Path, str], tuple[bool, Fact]] = {}
    for fact, (name,) in tagged(facts, LEFT_FACT, 1):
        key = (project(fact), name)
        seen = left.get(key)
        left[key] = (bool(fact.value) and (seen is None or seen[0]), seen[1] if seen else fact)
    findings = []
    for fact, (callee, local) in tagged(facts, USE_FACT, 2):
        found = left.get((project(fact), callee))
        if found is None or not found[0]:
            continue
        where = found[1]
        message = (
            f"hard-coded reserve of {fact.value} tokens (`{local}`) taken off what {callee}() returns, "
            f"the tokens left of a window ({where.path}:{where.line}); keep the reserve in config "
            "(reserved_output) so every caller leaves the same room"
        )
        findings.append(
            finding_where_bound(rule, fact, message, f"{callee} {local}", config_key(callee, local))
        )
    return findings
