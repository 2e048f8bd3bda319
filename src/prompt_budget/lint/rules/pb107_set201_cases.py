"""PB107's cases from set 201 (issue 19: impliforge's fallback model list). A list of dicts, each naming a
model under a model key (``id``, ``name``, ``model``) and holding its window or output cap under a budget's key
at some depth, is one table of per-model limits, reported once on the list (whose range covers the rows, so
their numbers are not also reported one by one) and moved by hand (``pb107_record_rows``). Records of prices,
of embedding dimensions, records naming no model, or a single record, are no such table. Spliced into
``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_MODEL_LIST = (
    "def _default_model_list() -> list[dict]:\n"
    "    return [\n"
    '        {{"id": "gpt-5.4", "name": "gpt-5.4", "capabilities": {{"limits": {{"{key}": {first}}}}}}},\n'
    '        {{"id": "gpt-5.4-mini", "name": "gpt-5.4-mini", "capabilities": {{"limits": {{"{key}": {second}}}}}}},\n'
    '        {{"id": "gpt-5.4-nano", "name": "gpt-5.4-nano", "capabilities": {{"limits": {{"{key}": {third}}}}}}},\n'
    "    ]\n"
)
_FLAT = 'MODELS = [\n    {{"{model}": "gpt-4o", "context_window": 128_000}},\n    {{"{model}": "claude-sonnet-4-5", "context_window": 200_000}},\n]\n'

RECORD_VALID = (
    # prices per million tokens, embedding dimensions: no budget under a budget's key
    Valid(_MODEL_LIST.format(key="input_price", first="2.5", second="0.4", third="0.1")),
    Valid(_MODEL_LIST.format(key="dimensions", first="3072", second="1536", third="1024")),
    # records naming no model under a model key (a task), a single record
    Valid(_FLAT.format(model="task")),
    Valid('MODELS = [{"id": "gpt-4o", "context_window": 128_000}]\nCONFIG = {"retries": 3}\n'),
)
RECORD_INVALID = (
    # set 201: impliforge's fallback model list, one table for its three rows
    Invalid(
        _MODEL_LIST.format(key="max_context_window_tokens", first="128000", second="64000", third="32000"),
        line=2,
    ),
    Invalid(_FLAT.format(model="id"), line=1),
    Invalid(_FLAT.format(model="model"), line=1),
)
