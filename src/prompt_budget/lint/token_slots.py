"""Where PB104 sees an estimate go into a slot of tokens that its own name does not say: a keyword
of a class or function named for tokens (``TokenBreakdown(messages=message_chars // 4)``, set 69:
logicore), an entry of a table named for tokens (``token_counts["constraints"] = len(zone) // 4``, set
69: hiermem) or an entry whose key says the tokens of a retry (``telemetry["retry_tokens"] =
len(retry_context) // 4 + ...``). Kept apart from the rule: it reads the statement being visited and
judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import EXCLUDED_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Excluded words that, in a key ending in ``tokens``, say what the tokens were spent on (a retry's
#: prompt), not that the name is a credential or a count of retries.
_SPENT_ON = frozenset({"retry", "retries"})


def _token_key(key: str | None) -> bool:
    ws = words(key or "")
    return bool(ws) and ws[-1] == "tokens" and set(ws) & EXCLUDED_WORDS <= _SPENT_ON


def token_slot(rule: LintRule) -> bool:
    """The expression being visited is given as a keyword to a call named for tokens, or stored in an
    entry of a table named for tokens or under a key of a retry's tokens."""
    ancestors = rule.ctx.ancestors
    for i in range(len(ancestors) - 1, 0, -1):
        anc = ancestors[i]
        if isinstance(anc, ast.keyword):
            call = ancestors[i - 1]
            return (
                isinstance(call, ast.Call)
                and rule.names.mentions_tokens(callee_name(call) or "")
                and not rule.names.is_chars(anc.arg or "")  # ``count_tokens(t, max_chars=...)``
            )
        if isinstance(anc, (ast.Assign, ast.AugAssign)):
            found = anc.targets if isinstance(anc, ast.Assign) else [anc.target]
            return any(
                isinstance(t, ast.Subscript)
                and not rule.names.is_chars(string_value(t.slice) or "")
                and (
                    rule.names.mentions_tokens(attr_name(t.value) or "") or _token_key(string_value(t.slice))
                )
                for t in found
            )
        if isinstance(anc, ast.stmt):
            break
    return False
