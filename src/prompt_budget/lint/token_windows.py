"""PB102's class fields named as a window of tokens though a word of where they are used excluded the
name (set 67: amrita-core's ``session_tokens_windows: int = Field(default=65536, ...)``, the fallback
context window ``resolve_max_context`` returns).

``session`` is excluded because a session token is a credential; but ``tokens`` followed by
``window`` or ``windows`` says a window measured in tokens, which no credential is: the where word
(``session``, ``api``, ``bot``) only says whose window it is. Only for a class's field (a setting), for
a value no model's window is smaller than, and for a name no other excluded word (a rate, a time)
excludes.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.amount_words import LIMIT_WORDS
from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.names import _WHERE_WORDS, SMALLEST_MODEL_WINDOW, excluded, words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_WINDOWS = frozenset({"window", "windows"})


def where_token_window(rule: LintRule, name: str, value: float) -> bool:
    """``session_tokens_windows = 65536`` in a class: a window of tokens (``tokens`` then ``window`` or
    ``windows``) whose only excluded words, if any, say where it is used."""
    if value < SMALLEST_MODEL_WINDOW or rule.ctx.function() is not None or not rule.ctx.class_name():
        return False
    ws = words(name)
    if not any(a == "tokens" and b in _WINDOWS for a, b in pairwise(ws)):
        return False
    rest = tuple(w for w in ws if w not in _WHERE_WORDS)
    return not excluded(rest) and name.lower() not in rule.names.ignore_names


def where_token_limit(name: str, value: float) -> bool:
    """``_SESSION_TOKEN_LIMIT = 150_000``, ``MAX_SESSION_TOKENS = 100000``: tokens and a limit word whose
    only excluded words say where the limit holds (``session``: a session token is a credential, but
    one session's tokens are a language model's). Not a budget by its name: its reads decide, as for a
    name that says nothing (a comparison with a count of tokens; set 97: meow-harness, vaal-code). Only
    for a value no model's window is below (a credential store's cap is small)."""
    ws = words(name)
    if value < SMALLEST_MODEL_WINDOW or not {"token", "tokens"} & set(ws) or not LIMIT_WORDS & set(ws):
        return False
    rest = tuple(w for w in ws if w not in _WHERE_WORDS)
    return len(rest) < len(ws) and not against_flow("_".join(rest))
