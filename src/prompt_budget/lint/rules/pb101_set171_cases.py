"""PB101's cases from sets 171 and 172 (issue 19): the value of a setting whose key a sibling keyword names as
a token budget (set 172: btech-agent-lab's ``create_language_model_setting(..., setting_key="max_tokens",
setting_value="16384")``, its default generation guardrail: ``argument_rows.keyed_argument``), a number or a
string of digits (then not fixable: the value is text). A key naming something else, or a value beside an
unrelated keyword, is not one. Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SETTING = (
    "def seed(svc, model):\n"
    "    svc.create_language_model_setting(\n"
    "        language_model_id=model.id,\n"
    '        {key_arg}="{key}",\n'
    "        {value_arg}={value},\n"
    "    )\n"
)

SET171_VALID = (
    Valid(_SETTING.format(key_arg="setting_key", key="timeout", value_arg="setting_value", value='"600"')),
    Valid(_SETTING.format(key_arg="setting_key", key="max_tokens", value_arg="schema_value", value="16384")),
    Valid(_SETTING.format(key_arg="model_key", key="max_tokens", value_arg="model_value", value="16384")),
)

SET171_INVALID = (
    Invalid(
        _SETTING.format(key_arg="setting_key", key="max_tokens", value_arg="setting_value", value='"16384"'),
        line=5,
    ),
    Invalid(_SETTING.format(key_arg="key", key="max_output_tokens", value_arg="value", value="8192"), line=5),
)
