"""PB101's cases from what sets 101 and 102 left (issue 19, tuner P): the small output cap of a check
(``-> bool``) whose request's prompt is written whole in its code, given to the request or to the settings
object it is sent with (``check_probes``: set 101, nerva-agent's tool-support probe); an example request
under ``json_schema_extra`` in a model's ``model_config`` dict (``inline_forms.in_examples``: set 101,
memograph). Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CHECK = (
    "def supports_tools(config, send) -> bool:\n"
    "    probe = Settings(model=config.model, temperature=0.0, max_tokens=32)\n"
    '    messages = [{{"role": "user", "content": {prompt}}}]\n'
    "    reply = send(probe, messages)\n"
    '    return bool(reply.get("tool_calls"))\n'
)

SET101_VALID = (
    # a check of the model itself, its prompt written whole (set 101: nerva-agent)
    Valid(_CHECK.format(prompt="\"Call the ping tool with value 'x'.\"")),
    Valid(
        "def answers_json(client, model) -> bool:\n    reply = client.chat.completions.create(\n"
        '        model=model, messages=[{"role": "user", "content": "Reply with the JSON object {}."}],'
        ' max_tokens=16\n    )\n    return reply.choices[0].message.content.strip() == "{}"\n'
    ),
    # an example request shown in the API's docs (set 101: memograph)
    Valid(
        "from pydantic import BaseModel\n\nclass ContextRequest(BaseModel):\n    query: str\n\n"
        '    model_config = {\n        "json_schema_extra": {\n'
        '            "example": {"query": "basics", "top_k": 5, "token_limit": 1024}\n        }\n    }\n'
    ),
    Valid(
        "from pydantic import BaseModel\n\nclass ContextRequest(BaseModel):\n    query: str\n\n"
        '    class Config:\n        schema_extra = {"example": {"query": "basics", "max_tokens": 1024}}\n'
    ),
)

SET101_INVALID = (
    # a yes/no check whose prompt carries the caller's text: a classifier's cap
    Invalid(
        "def is_relevant(client, text: str) -> bool:\n"
        '    out = client.complete(prompt=f"Relevant? {text}", max_tokens=20)\n    return out == "yes"\n'
    ),
    # the settings of a check's request sent with the caller's messages
    Invalid(_CHECK.format(prompt="text").replace("(config, send)", "(config, send, text)"), line=2),
    # a check whose cap is larger than a probe's
    Invalid(_CHECK.format(prompt='"Call the ping tool."').replace("max_tokens=32", "max_tokens=512"), line=2),
    # a request's settings in a dict beside a model's config, not an example
    Invalid(
        "from pydantic import BaseModel\n\nclass ContextRequest(BaseModel):\n    query: str\n\n"
        'DEFAULT_REQUEST = {"query": "basics", "max_tokens": 1024}\n'
    ),
)
