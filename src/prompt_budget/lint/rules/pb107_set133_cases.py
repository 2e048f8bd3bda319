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

#: set 138 (codee-agent): a test fixture's usage records built by calls, the number given to ``input_tokens``
_FIXTURE = (
    "class T:\n    def _usage(self, model, {param}, output_tokens=0):\n        return {{'model': model}}\n\n"
    "    def test(self):\n        rows = [self._usage('claude-sonnet-5', 900000), self._usage('claude-haiku-4-5', 59000)]\n"
    "        return rows\n"
)

SET133_VALID = (
    Valid(_FIXTURE.format(param="input_tokens")),
    # a field of retries, another call's keyword
    Valid(_FIELD.format(name="retries_per_layer", call="Field")),
    Valid(_FIELD.format(name="max_tokens_per_layer", call="Setting")),
)

SET133_INVALID = (Invalid(_FIELD.format(name="max_tokens_per_layer", call="Field"), line=5),)
