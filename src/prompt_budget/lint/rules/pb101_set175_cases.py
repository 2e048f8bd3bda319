"""PB101's cases from sets 175 and 176 (issue 19): a policy rule's condition on a field counting tokens (set 175:
agentcostin's ``{"field": "estimated_tokens", "operator": "gt", "value": 100000}``, approval above a hundred
thousand tokens: ``inline_forms.typed_amounts``), as ``{"type": "input_tokens", "value": ...}`` is; a condition
on a field of another unit is not one. Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_RULE = (
    "TEMPLATES = [\n"
    '    {{"name": "high_usage", "conditions": [{{"field": "{field}", "operator": "gt", "value": 100000}}]}},\n'
    "]\n"
)

SET175_VALID = (
    Valid(_RULE.format(field="estimated_cost")),
    Valid(_RULE.format(field="access_tokens")),
)

SET175_INVALID = (Invalid(_RULE.format(field="estimated_tokens"), line=2),)
