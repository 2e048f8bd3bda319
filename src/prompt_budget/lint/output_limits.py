"""PB102's output limits named without the word tokens, known by the context limit bound beside them (set
311: aleph-rlm's providers)::

    class AnthropicProvider(BaseHTTPProvider):
        DEFAULT_CONTEXT_LIMIT = 200_000
        DEFAULT_OUTPUT_LIMIT = 8_192

A name saying only "output limit" may bound a tool's output in characters or bytes (``_OUTPUT_LIMIT = 30_000
# chars``); beside a context limit or window of the same scope (the statements of one class body or of the
module, a larger number given to it) it is the model's output cap, the other half of the model's limits
(opencode's ``limit: {context, output}``; set 107: batch-agent's ``context_limit: int = 32768`` and
``output_limit: int = 4096``). Not when the statement's comment names another unit.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import first_target
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, token_amount_literal

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words a prefix may add to an output limit without saying what it counts.
_QUALIFIERS = frozenset({"default", "dflt", "fallback", "model", "base"})
#: The least output cap read so (a tool's small output limits are lines or items).
_LEAST = 256


def _output_limit(name: str) -> bool:
    """``DEFAULT_OUTPUT_LIMIT``, ``output_limit``: the words "output limit", after qualifiers at most; or
    ``max_output`` alone (set 373: insightsmith's ``Capabilities``)."""
    ws = words(name)
    return (ws[-2:] == ("output", "limit") and not set(ws[:-2]) - _QUALIFIERS) or ws == ("max", "output")


def limit_beside_context(rule: LintRule, target: ast.expr, value: int | float) -> str | None:
    """Why ``target = value`` (being visited) is an output cap of tokens: an output limit bound in a class
    body or a module beside a larger context limit or window; else None."""
    name = attr_name(target)
    if not name or not _output_limit(name) or value < _LEAST or rule.ctx.function() is not None:
        return None
    if set(words(rule.ctx.comment())) & (CHAR_WORDS | UNIT_WORDS):
        return None  # ``OUTPUT_LIMIT = 20_000  # chars``
    scope = rule.ctx.enclosing_class() or rule.ctx.tree
    for stmt in getattr(scope, "body", ()):
        if not isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            continue
        bound = first_target(stmt)
        other = (attr_name(bound) if bound is not None else None) or ""
        # a larger number, or none at all: a dataclass's ``context_window: int`` each model gives
        window = token_amount_literal(stmt.value) if stmt.value is not None else None
        larger = stmt.value is None if window is None else window > value
        if "context" in words(other) and rule.names.is_budget(other) and larger:
            return f"an output cap beside the context limit `{other}` (line {stmt.lineno})"
    return None
