"""PB101's cases from what sets 55 and 56 left (issue 19): a test's config object built with a budget
and only asserted, no model called (``asserted_configs``). Spliced into ``pb101_form_cases`` to keep
the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET55_VALID = (
    # a test builds a config with a budget and asserts it back (set 55: atroposlib's ReasoningConfig)
    Valid(
        "def test_reasoning_config_with_max_tokens():\n"
        "    config = ReasoningConfig(max_tokens=4096)\n"
        "    assert config.max_tokens == 4096\n"
        "    extra_body = config.build_extra_body('https://openrouter.ai/api/v1')\n"
        "    assert extra_body['reasoning']['enabled'] is True\n"
        "    print('ok')\n"
    ),
    # a config converted by a class's own method and checked (set 55: atroposlib's BaseEnvConfig)
    Valid(
        "def test_from_env_config():\n"
        "    env_config = BaseEnvConfig(group_name='test', max_reasoning_tokens=8000)\n"
        "    reasoning_config = ReasoningConfig.from_env_config(env_config)\n"
        "    print(json.dumps(reasoning_config.build_extra_body('u'), indent=2))\n"
        "    assert reasoning_config.enabled is True\n"
    ),
    # the helper's parameter is no default, or its definition is not seen; a setting not a budget
    Valid(
        "def _int_setting(value, base):\n    return int(value, base)\n"
        "def run(config):\n    n = _int_setting(config.get('max_tokens'), 16)\n    m = clip(config['max_tokens'], 4096)\n"
        "    chars = _int_setting2(config.get('max_input_chars'), default=20_000)\n"
    ),
)

SET55_INVALID = (
    # the config's object reaches a model in the same test: a request's budget (set 55: atroposlib)
    Invalid(
        "def test_call():\n"
        "    client = OpenAI()\n"
        "    params = Params(max_tokens=512)\n"
        "    out = client.chat.completions.create(model='m', **params.dict())\n"
        "    assert out.choices\n",
        line=3,
    ),
    # an async test that awaits a server, a bare function given the config, a fixture's method
    Invalid(
        "async def test_flow(server):\n"
        "    config = ReasoningConfig(max_tokens=512)\n"
        "    out = await server.chat_completion(messages=[], extra_body=config.build_extra_body('u'))\n"
        "    assert out\n",
        line=2,
    ),
    Invalid(
        "def test_reply():\n"
        "    config = GenerationConfig(max_new_tokens=256)\n"
        "    out = llm('hello', config)\n"
        "    assert out\n",
        line=2,
    ),
    Invalid(
        "def test_reply(model):\n"
        "    config = GenerationConfig(max_new_tokens=256)\n"
        "    assert model.reply_with(config)\n",
        line=2,
    ),
    # a method that acts (may call a model), not one that builds or reads
    Invalid(
        "def test_solve():\n"
        "    agent = Agent(max_tokens=300)\n"
        "    result = agent.solve('2 + 2')\n"
        "    assert result == '4'\n",
        line=2,
    ),
    # a budget field's floor: the least tokens a caller may ask for is a budget too, its ``_min`` (set 55:
    # atroposlib's ``max_reasoning_tokens``)
    Invalid(
        "class EnvConfig(BaseModel):\n"
        "    max_reasoning_tokens: Optional[int] = Field(\n"
        "        default=None,\n"
        "        ge=1024,\n"
        "        le=32000,\n"
        "    )\n",
        count=2,
    ),
    Invalid("class Chat(BaseModel):\n    max_tokens: int = Field(ge=64, default=100)\n", line=2),
    # a project's helper parsing a budget's setting, given its default and its floor (set 56:
    # academic-paperweight)
    Invalid(
        "def _int_setting(value, default, *, minimum=0):\n"
        "    return max(minimum, int(value or default))\n"
        "def run(config):\n"
        "    max_input_tokens = _int_setting(config.get('max_input_tokens'), 7000, minimum=500)\n",
        line=4,
        count=2,
    ),
    Invalid(
        "def run(config):\n    n = parse_int(config['max_tokens'], default=4096)\n", key="run_max_tokens"
    ),
    # outside a test function, a config's budget stays one
    Invalid(
        "def build():\n"
        "    config = ReasoningConfig(max_tokens=4096)\n"
        "    assert config.max_tokens == 4096\n"
        "    return config\n",
        line=2,
    ),
)
