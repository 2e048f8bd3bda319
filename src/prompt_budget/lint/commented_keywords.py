"""A chunk's size given as a keyword whose own line's comment gives it in tokens, whatever the chunker is:

    chunker = SemanticChunker(
        chunk_size=2048,  # Maximum tokens per chunk
    )

judged as a size given to a splitter known to count tokens is (``sizes_token_chunks``): the comment is
the author's word for the unit (set 57: llamabot's chonkie chunker), as a dict entry's is
(``entry_comments``). Only a keyword naming a chunk's size (not its overlap: how chunks meet), alone on
its line with its number, and a comment with no characters, words, credentials or usage in it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.chunk_units import is_chunk_key
from prompt_budget.lint.comments import trailing_comment
from prompt_budget.lint.names import CHAR_WORDS, TOKENS_WORD, words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a comment about something else than a chunk's tokens.
_OTHER = frozenset(
    {
        *("auth", "oauth", "access", "api", "refresh", "bearer", "jwt", "used", "usage", "spent"),
        *("word", "words", "sentence", "sentences", "line", "lines", "byte", "bytes", "overlap"),
        *CHAR_WORDS,
    }
)


def commented_chunk_sizes(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """The chunk sizes of ``call`` its lines' comments give in tokens: (literal, keyword, value, how)."""
    lines = rule.ctx.lines
    if call.lineno == call.end_lineno or not lines:
        return
    starts: dict[int, int] = {}
    for kw in call.keywords:
        starts[kw.lineno] = starts.get(kw.lineno, 0) + 1
    for kw in call.keywords:
        if not kw.arg or not is_chunk_key(kw.arg) or "overlap" in words(kw.arg):
            continue
        value = rule.budget_literal(kw.value)
        if value is None or starts.get(kw.lineno) != 1 or kw.value.end_lineno != kw.lineno:
            continue
        comment = trailing_comment(lines[kw.lineno - 1]) if kw.lineno <= len(lines) else ""
        if not comment or not TOKENS_WORD.search(comment) or set(words(comment)) & _OTHER:
            continue
        if not is_reported(rule, kw.value):
            how = f"given to `{callee_name(call)}`, its line's comment giving it in tokens"
            yield kw.value, kw.arg, value, how
