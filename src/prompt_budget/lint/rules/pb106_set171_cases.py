"""PB106's cases from sets 171 and 172 (issue 19): room added to a call of the module's own function documented
as returning a token budget, written into a request's entry named as a budget (set 171: kcs-agent's
``body["max_tokens"] = _reasoning_effort_to_budget(effort) + 4096`` beside Anthropic's thinking budget:
``added_headroom._documented_getter``). A function documented otherwise, or an entry of another name, is not
one. Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ROOM = (
    "def _effort_to_budget(effort: str) -> int:\n"
    '    """{doc}"""\n'
    "    return LEVELS[effort]\n"
    "\n"
    "\n"
    "def build(request, body):\n"
    '    body["{key}"] = _effort_to_budget(request.effort) + 4096\n'
    "    return body\n"
)

SET171_VALID = (
    Valid(_ROOM.format(doc="Map provider-neutral effort to a request timeout.", key="max_tokens")),
    Valid(_ROOM.format(doc="Map provider-neutral effort to a token budget.", key="timeout")),
)

SET171_INVALID = (
    Invalid(_ROOM.format(doc="Map provider-neutral effort to a token budget.", key="max_tokens"), line=7),
)
