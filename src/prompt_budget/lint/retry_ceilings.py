"""PB102's output caps of a retry (set 67: fabri's ``MAX_TOKENS_RETRY_CEILING = 16000``, the most a
retry after a ``max_tokens`` truncation may ask for, beside ``ANTHROPIC_MAX_TOKENS_CEILING = 64000``).

``retry`` is excluded because a name with it counts retries (``MAX_RETRIES``); but the request's own
parameter (``max`` then ``tokens``) followed by ``retry`` and a ceiling (``ceiling``, ``cap``) names the
ceiling of ``max_tokens`` on a retry: ``retry`` says when the budget is used, not what it counts. Only
for a value no retry count or model's window is below, and a name no other excluded word excludes.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.names import SMALLEST_MODEL_WINDOW, excluded, words

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_RETRY = frozenset({"retry", "retries", "retrying"})
_CEILINGS = frozenset({"ceiling", "cap"})


def retry_token_ceiling(rule: LintRule, name: str, value: float) -> bool:
    """``MAX_TOKENS_RETRY_CEILING = 16000``: ``max_tokens``' ceiling on a retry."""
    if value < SMALLEST_MODEL_WINDOW or name.lower() in rule.names.ignore_names:
        return False
    ws = words(name)
    at = next((i for i, w in enumerate(ws) if w in _RETRY), None)
    if at is None or not set(ws[at + 1 :]) & _CEILINGS:
        return False
    head = ws[:at]
    if not any(a == "max" and b == "tokens" for a, b in itertools.pairwise(head)):
        return False
    return not excluded(tuple(w for w in ws if w not in _RETRY))


def retry_tokens(name: str) -> bool:
    """``_SUMMARY_RETRY_TOKENS = 24_000``: a ``<what>_tokens`` name whose only word against a token
    amount is ``retry`` (set 75: miiflow-agent's output budget of a retried summary). ``retry`` says
    when the number is used, not what it counts, so the name's reads decide (a budget keyword, a
    comparison with a count of tokens) as for a name that says nothing; ``MAX_RETRIES`` and
    ``RETRY_DELAY`` stay excluded (no ``tokens``)."""
    ws = words(name)
    if len(ws) < 2 or ws[-1] not in {"tokens", "toks"} or _RETRY.isdisjoint(ws):
        return False
    return not against_flow("_".join(w for w in ws if w not in _RETRY))
