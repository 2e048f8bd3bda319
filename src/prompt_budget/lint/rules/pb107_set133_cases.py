"""PB107's cases from sets 133 and 134 (issue 19): a table of token budgets written as the ``default=`` of a
model's field named as budgets (agentmesh-context's ``max_tokens_per_layer: Dict[str, int] =
Field(default={"hot": 1000, "warm": 500, "cold": 1000})``: ``budget_rows.field_default_name``). Spliced into
``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FIELD = (
    "from pydantic import BaseModel, Field\n\n"
    "class TriadRequest(BaseModel):\n"
    "    {name}: dict[str, int] = {call}(\n"
    '        default={{"hot": 1000, "warm": 500, "cold": 1000}}, description="Limits per layer"\n'
    "    )\n"
)

SET133_VALID = (
    # a field of retries, another call's keyword
    Valid(_FIELD.format(name="retries_per_layer", call="Field")),
    Valid(_FIELD.format(name="max_tokens_per_layer", call="Setting")),
)

SET133_INVALID = (Invalid(_FIELD.format(name="max_tokens_per_layer", call="Field"), line=5),)
