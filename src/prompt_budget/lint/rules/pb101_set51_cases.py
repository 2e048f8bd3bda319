"""PB101's cases from what sets 51 and 52 left (issue 19): a settings getter's fallback for a key named as
a token budget, a number serialized into a model server's environment, a model's positions given where it
is loaded (``settings_reads``, ``request_entries``). Spliced into ``pb101_form_cases`` to keep the rule
module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET51_VALID = (
    # the environment's defaults: an environment variable's name, a getter or receiver saying env
    Valid(
        "def read(settings, env):\n    a = settings.get_int('MAX_TOKENS', 4096)\n"
        "    b = settings.get_env('max_tokens', 4096)\n    c = self.env.get_int('max_tokens', 4096)\n"
        "    return a, b, c\n"
    ),
    # keys in characters or lines, an "unlimited" sentinel, a key that names no budget (set 51: pysubtrans)
    Valid(
        "def limits(s):\n    chars = s.get_int('max_characters') or 1000\n"
        "    lines = s.get_int('max_batch_size') or 100\n    n = s.get_int('max_tokens') or 0\n"
        "    seed = s.get_arg('seed', 42)\n    return chars, lines, n, seed\n"
    ),
    # a method whose first argument is no key, a model architecture's positions (it defines the model)
    Valid("count = tokenizer.get_token_ids(text, 4096)\nconfig = GPT2Config(n_positions=1024, n_embd=768)\n"),
    # a server's environment entry that names no budget
    Valid(
        'env = {"MAX_CONCURRENT_REQUESTS": json.dumps(128), "HF_MODEL_ID": model_id, "PORT": "8080"}\n'
        'opts = {"max_tokens": "0", "seed": "1234", "max_length": "512"}\n'
    ),
)

SET51_INVALID = (
    # a settings getter's `or` fallback and default for a key named as a budget (set 51: pysubtrans)
    Invalid(
        "class Claude:\n    @property\n    def max_tokens(self) -> int:\n"
        "        return self.settings.get_int('max_tokens') or 8192\n",
        line=4,
    ),
    Invalid(
        "import prompt_budget\no = {'max_tokens': s.get_int('max_tokens', 8192)}\n",
        line=2,
        key="max_tokens",
        fixed="import prompt_budget\no = {'max_tokens': s.get_int('max_tokens', prompt_budget.value(\"max_tokens\", 8192))}\n",
    ),
    Invalid("thinking_budget = settings.get_int('thinking_budget', default=100)\n"),
    # set 52: chembench's pipeline arguments
    Invalid(
        "extractor = LLMExtractor(\n    model=model,\n"
        '    context_length=self.pipeline.get_arg("llm_extractor_context_length", 6000),\n)\n',
        line=3,
    ),
    # the value given twice in one expression is reported once; two values are two budgets
    Invalid("budget = ThinkingConfig(budget_tokens=s.get_int('max_thinking_tokens', 1024) or 1024)\n"),
    Invalid("n = s.get_int('max_new_tokens', 2048) or 4096\n", count=2),
    # a number serialized into a model server's environment (set 51: fmbench's TGI deployment)
    Invalid(
        "env = {\n    'HF_MODEL_ID': model_id,\n    'MAX_INPUT_LENGTH': json.dumps(4090),\n"
        "    'MAX_TOTAL_TOKENS': str(4096),\n}\nmodel = HuggingFaceModel(env=env, role=role)\n",
        count=2,
    ),
    # a string of digits under a key named as a budget: a server's environment takes strings (lighteval)
    Invalid(
        'image = {"env": {"MAX_INPUT_LENGTH": "2047", "MAX_TOTAL_TOKENS": "2048", "MODEL_ID": "/repo"}}\n',
        count=2,
    ),
    # a model's positions given where it is loaded: its window (set 51: fmbench's Neuron compile)
    Invalid("model = LlamaForSampling.from_pretrained(path, batch_size=4, amp='f16', n_positions=4096)\n"),
)
