"""Values an API dictates, for PB101: ``max_output_tokens=16,  # Minimum allowed value`` in a call checking
that a key works (set 64: litemind's OpenAI availability check, the Responses API's floor): the comment on
the literal's own line says the number is the smallest (or largest) the API accepts, so it is no budget a
team would tune, but the API's limit written where the call needs one. Only the literal's line is read:
a statement's other lines comment on other arguments. Kept apart from the rule: it reads one line, and
judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.probe_requests import probe_cap

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

from prompt_budget.lint.comments import trailing_comment

_API_LIMIT = re.compile(
    r"\b(?:min(?:imum)?|max(?:imum)?|smallest|lowest|largest|highest)\s+"
    r"(?:(?:value|number|amount)\s+)?(?:allowed|permitted|accepted|supported)\b",
    re.IGNORECASE,
)


def api_limit(lines: Sequence[str], node: ast.expr) -> bool:
    """The comment on ``node``'s line says its number is the API's minimum or maximum allowed."""
    if not lines or not 1 <= node.lineno <= len(lines):
        return False
    return bool(_API_LIMIT.search(trailing_comment(lines[node.lineno - 1])))


def api_dictated(rule: LintRule, node: ast.expr, value: int | float) -> bool:
    """A number the API dictates: commented as its minimum or maximum (``api_limit``), or the small
    output cap of a request that only probes a route (``probe_requests``)."""
    return api_limit(rule.ctx.lines, node) or probe_cap(rule, node, value)
