"""Usage made up by a stand-in for a model (set 475: huap-core's ``StubProvider`` returning ``prompt_tokens =
prompt_words * 2``, and its client's ``if mode == "stub":`` branch doing the same): the numbers are a test double's
script, not an estimate anything is budgeted with. Judges no finding itself: PB104 asks before it reports a rate."""

from __future__ import annotations

import ast
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words naming a stand-in for a model or a provider.
_STAND_IN = frozenset({"stub", "stubs", "fake", "mock", "dummy"})


def stand_in(rule: LintRule) -> bool:
    """The node being visited is in a module or a class named as a stand-in (``stub_provider.py``,
    ``class FakeLLM``), or in the body of an ``if`` comparing a mode with such a name (``if mode == "stub":``) or
    testing a flag named for one (``if self._stub_mode:``; not its ``else``, nor ``if not self._stub_mode:``)."""
    module = rule.ctx.module_name.rpartition(".")[2]
    owners = [module, *(s.name for s in rule.ctx.scopes if isinstance(s, ast.ClassDef))]
    if any({w.lower() for w in words(name)} & _STAND_IN for name in owners):
        return True
    chain = rule.ctx.ancestors
    return any(
        isinstance(anc, ast.If)
        and any(child is stmt for stmt in anc.body)  # the branch taken for the stand-in, not its ``else``
        and not (isinstance(anc.test, ast.UnaryOp) and isinstance(anc.test.op, ast.Not))
        and any(_names_stand_in(n) for n in ast.walk(anc.test))
        for anc, child in pairwise(chain)
    )


def _names_stand_in(node: ast.AST) -> bool:
    """``"stub"`` compared with, or a flag named for one (``self._stub_mode``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.lower() in _STAND_IN
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return bool({w.lower() for w in words(name)} & _STAND_IN)
