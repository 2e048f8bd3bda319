"""A setting in a dict literal whose own line's comment gives it in tokens, whatever its key's name:

    DEFAULT_CONFIG = {
        "min_trace_length": 100,  # Minimum tokens before termination allowed
    }

judged as the same setting bound by an assignment is (``min_trace_length = 100  # Minimum tokens``,
``BudgetConstant``'s comment test): the comment is the author's word for the unit (set 32: optillm's
deepconf floor of generated tokens). Only an entry alone on its line, keyed by an identifier (a
setting, not a model's name in a table, PB107's), a number its key's name does not already make a
budget (PB101 reports those), and a comment with no characters, credentials or usage in it.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import trailing_comment
from prompt_budget.lint.names import CHAR_WORDS, TOKENS_WORD, words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a comment about something else than a limit of tokens: a credential, characters, a count
#: (``"prompt": 120,  # tokens used``), a price, a speed.
_OTHER = frozenset(
    {
        *("auth", "oauth", "access", "api", "refresh", "bearer", "jwt", "used", "usage", "spent"),
        *("price", "cost", "usd", "dollars", "cents", "per"),
        # a speed (``# >100 tokens/sec``, set 315: edge8-mcp)
        *("sec", "secs", "second", "seconds", "throughput", "tps"),
        *CHAR_WORDS,
    }
)


def _other(ws: tuple[str, ...]) -> bool:
    """The comment's words speak of something else than a limit of tokens; ``per`` right after the token
    word is the size of a step in tokens (``# Tokens per iteration``, set 161: isage-refiner), not a price."""
    found = set(ws) & _OTHER
    if found == {"per"}:
        return not any(w in {"token", "tokens"} and ws[i + 1 : i + 2] == ("per",) for i, w in enumerate(ws))
    return bool(found)


#: A path or a URL's words (``post/user/token``, ``/oauth/token``), not a rate (``tokens/turn``).
_PATHS = re.compile(r"(?<!\S)(?:\w+:)?/\S*|\S*/\S*/\S*")


def _line_comment(rule: LintRule, line: int) -> str:
    lines = rule.ctx.lines
    return trailing_comment(lines[line - 1]) if lines and line <= len(lines) else ""


def commented_entries(rule: LintRule, node: ast.Dict) -> list[tuple[str, ast.expr, int | float]]:
    """The entries of ``node`` a comment on their own line gives in tokens: (key, value, number)."""
    if node.lineno == node.end_lineno:
        return []
    starts: dict[int, int] = {}
    for key in node.keys:
        if key is not None:
            starts[key.lineno] = starts.get(key.lineno, 0) + 1
    out: list[tuple[str, ast.expr, int | float]] = []
    for key, value in zip(node.keys, node.values, strict=True):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.isidentifier()):
            continue
        name, amount = key.value, rule.budget_literal(value)
        if amount is None or starts.get(key.lineno) != 1 or value.end_lineno != key.lineno:
            continue
        if rule.names.is_budget_setting(name) or rule.names.is_excluded(name):
            continue
        # a word of a path or a URL is a search term, no unit (``# post/user/token``, set 501: ai-eval-scope)
        comment = _PATHS.sub(" ", _line_comment(rule, key.lineno))
        if not comment or not TOKENS_WORD.search(comment) or _other(words(comment)):
            continue
        if rule.names.implausible(name, amount):
            continue
        out.append((name, value, amount))
    return out
