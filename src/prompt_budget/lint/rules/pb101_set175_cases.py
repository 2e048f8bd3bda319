"""PB101's cases from sets 175 and 176 (issue 19): a policy rule's condition on a field counting tokens (set 175:
agentcostin's ``{"field": "estimated_tokens", "operator": "gt", "value": 100000}``, approval above a hundred
thousand tokens: ``inline_forms.typed_amounts``), as ``{"type": "input_tokens", "value": ...}`` is; a condition
on a field of another unit is not one. And tokens per minute beside requests per minute in one dict, a rate
limiter's quotas (set 176: nkit-agents' ``OPENAI = {"tokens_per_minute": 200000, "requests_per_minute": 3500}``:
``dict_settings._beside_request_quota``), not a throughput measured beside a latency. Spliced into
``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_RULE = (
    "TEMPLATES = [\n"
    '    {{"name": "high_usage", "conditions": [{{"field": "{field}", "operator": "gt", "value": 100000}}]}},\n'
    "]\n"
)

_PRESET = 'OPENAI = {{"tokens_per_minute": 200000, "{other}": 3500}}\n'

SET175_VALID = (
    Valid(_PRESET.format(other="latency_ms")),
    Valid(_RULE.format(field="estimated_cost")),
    Valid(_RULE.format(field="access_tokens")),
)

SET175_INVALID = (
    Invalid(_RULE.format(field="estimated_tokens"), line=2),
    Invalid(_PRESET.format(other="requests_per_minute"), line=1),
)
