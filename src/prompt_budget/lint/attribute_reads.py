"""A number set on ``self`` in a method, held for the module's reads, followed through the class:

    class Ranker:
        def __init__(self):
            self.query_max_length = 32                          # held: its name says no budget
        def docs(self, documents, longest):
            length = max(longest, self.query_max_length)        # read back in another method
            return self._encode(documents, length)
        def _encode(self, texts, max_length):
            return self.tokenizer(texts, max_length=max_length - 1, truncation=True)

A class field's reads are followed by ``TokenReach.of_field`` when no direct read decides it; an
attribute bound in a method had no such scope, so nothing read it back (set 32: rerankers' ColBERT
lower bound). Kept apart from ``deferred`` (which holds the candidates) to keep it short.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.deferred import Deferred
    from prompt_budget.lint.rule import LintRule


def follow_attribute(rule: LintRule, held: Deferred, node: ast.Assign) -> None:
    """``self.<name> = <number>`` in a method of a class, held as a candidate: its reads are followed
    in the class's methods, as a class field's are."""
    if len(node.targets) != 1:
        return
    target = node.targets[0]
    if not (
        isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
    ):
        return
    owner, fn = rule.ctx.enclosing_class(), rule.ctx.function()
    if owner is None or fn is None:
        return
    binding = held.bindings.by_name.get(target.attr)
    if binding is not None and binding.literal is node.value and binding.scope is None:
        binding.scope = owner
