"""PB101's cases from sets 167 and 168 (issue 19): the upper bound of a field counting tokens, the most tokens a
reported count may hold (set 168: fastfence's ``output_tokens: StrictInt = Field(ge=0, le=192)`` for a semantic
worker's result: ``inline_forms.field_bound``), reported as its ``_max``; its floor is no budget, nor is the bound
of a field named ``tokens`` alone (a budget or a count: the reads elsewhere decide) or of a token's id.
Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FIELD = (
    "from pydantic import BaseModel, Field\n"
    "\n"
    "\n"
    "class WorkerResult(BaseModel):\n"
    "    {name}: int = Field(ge=0, {bound}=192)\n"
)

SET167_VALID = (
    Valid(_FIELD.format(name="tokens", bound="le")),
    Valid(_FIELD.format(name="token_id", bound="le")),
    Valid(_FIELD.format(name="output_bytes", bound="le")),
    Valid(_FIELD.format(name="output_tokens", bound="ge")),
)

SET167_INVALID = (
    Invalid(_FIELD.format(name="output_tokens", bound="le"), line=5, key="worker_result_output_tokens_max"),
    Invalid(_FIELD.format(name="prompt_tokens", bound="lt"), line=5),
)
