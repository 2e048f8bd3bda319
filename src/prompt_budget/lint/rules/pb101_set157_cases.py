"""PB101's cases from sets 157 and 158 (issue 19): amounts of tokens kept in a container named for limits (set
158: tokensaver-agent's profile, ``{"budgets": {"default": {"input_tokens": 12000, ...}}}`` and ``{"thresholds":
{"short_channel_answer_tokens": 1200}}``, read back as ``int(thresholds.get("short_channel_answer_tokens") or
1_200)``: ``held_limits``). The same keys in a container of anything else (``usage``, ``stats``), a key of
tokens spent (``used_tokens``), or a key in another unit (``latency_ms``) are not. Spliced into
``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PROFILE = 'PROFILE = {{"{container}": {{"default": {{"{key}": 12000, "latency_ms": 90000}}}}}}\n'
_READ = 'def check(profile, n):\n    {container} = profile.get("{container}") or {{}}\n    return n > int({container}.get("{key}") or 1_200)\n'

SET157_VALID = (
    Valid(_PROFILE.format(container="usage", key="input_tokens")),
    Valid(_PROFILE.format(container="stats", key="input_tokens")),
    Valid(_PROFILE.format(container="budgets", key="used_tokens")),
    Valid(_PROFILE.format(container="budgets", key="latency")),
    Valid(_PROFILE.format(container="budget_report", key="input_tokens")),
    Valid(_READ.format(container="stats", key="input_tokens")),
    Valid(_READ.format(container="thresholds", key="latency_ms")),
    Valid(_READ.format(container="thresholds", key="spent_tokens")),
)

SET157_INVALID = (
    Invalid(_PROFILE.format(container="budgets", key="input_tokens"), line=1),
    Invalid(_PROFILE.format(container="channel_budgets", key="output_tokens"), line=1),
    Invalid('THRESHOLDS = {"short_channel_answer_tokens": 1200, "large_tool_surface_count": 10}\n', line=1),
    Invalid(_READ.format(container="thresholds", key="short_channel_answer_tokens"), line=3),
    Invalid(_READ.format(container="limits", key="large_tool_output_tokens"), line=3),
)
