"""PB102's chunk sizes a method gives an attribute the class reads into a splitter measuring tokens
(set 58: opencopilot's ``DocumentStore``, whose class field ``document_chunk_size = 2000`` is a token
size by ``chunk_units`` and whose constructor sets ``self.document_chunk_size = 500`` "if not using
OpenAI" before ``from_tiktoken_encoder(chunk_size=self.document_chunk_size)``): the attribute is the
same setting, another value of it. Judged in its module only: ``self.<key> = <number>`` in a method of
a class, ``<key>`` a chunk size or overlap (``chunk_units.is_chunk_key``) that a call of the module reads
into a splitter measuring tokens and no call of it into another splitter; not in a class whose
docstring speaks of characters, nor a value checked or made to be rejected.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.chunk_units import ChunkFacts, _expected_or_rejected, _report, is_chunk_key
from prompt_budget.lint.names import CHAR_WORDS, words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


class ChunkAttributes:
    """A module's ``self.<chunk key> = <number>`` in methods, decided at the module's end."""

    def __init__(self) -> None:
        self.pending: list[tuple[ast.expr, str, int | float]] = []

    def assign(self, rule: LintRule, node: ast.Assign) -> None:
        target = node.targets[0] if len(node.targets) == 1 else None
        if not (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
            and is_chunk_key(target.attr)
        ):
            return
        cls, fn = rule.ctx.enclosing_class(), rule.ctx.function()
        amount = rule.budget_literal(node.value)
        if cls is None or fn is None or amount is None or _expected_or_rejected(rule):
            return
        if set(words(ast.get_docstring(cls) or "")) & CHAR_WORDS:
            return
        self.pending.append((node.value, target.attr, amount))

    def finish(self, rule: LintRule, chunks: ChunkFacts) -> None:
        other = {key for key, _ in chunks.other_keys}
        for literal, key, amount in self.pending:
            reported = any(r.target is literal for r in rule.ctx.reports)
            if key in chunks.token_keys and key not in other and not reported:
                why = f"given under `{key}`, which a splitter measuring tokens reads here"
                _report(rule, literal, key, amount, why)
