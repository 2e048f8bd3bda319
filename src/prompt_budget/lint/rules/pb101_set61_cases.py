"""PB101's cases from what sets 61 and 62 left (issue 19): a member of a finish reason's enum used as
a key (``request_entries.constant_key``); a lookup's fallback converted to a number, or read under a
class's constant, given as a budget's keyword (``keyword_lookups``); a number added first to a budget
given as a budget's keyword (``added_allowances``). Also the cases of data flow through a table's
``.get`` (set 14), moved from the rule module to keep it short. Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET61_VALID = (
    # set 64: a value its own line's comment gives as the API's minimum (a key check at the API's floor)
    Valid(
        'response = client.responses.create(\n    model="gpt-4o-mini",\n'
        "    max_output_tokens=16,  # Minimum allowed value\n)\n"
    ),
    # decided by data flow (set 14): a table of requests per minute, of small per-model numbers,
    # of sizes not per model; an id generator's length
    Valid(
        'MODEL_RPM = {"gpt-4o": 10000, "gpt-4o-mini": 30000}  # requests, not tokens\n'
        "limit = MODEL_RPM.get(model, 3000)\n"
    ),
    Valid(
        'BATCHES = {"gpt-4o": 64, "claude-3-5-sonnet": 32}\n\n'
        'def batch(model):\n    """Prompts per batch, whatever their tokens."""\n    return BATCHES.get(model, 16)\n'
    ),
    Valid('SIZES = {"small": 4096, "large": 8192}  # tokens\nn = SIZES.get(kind, 2048)\n'),
    # why a generation stopped, mapped to HTTP codes (set 61: unstract-sdk's Vertex AI adapter)
    Valid(
        "codes = {\n    FinishReason.MAX_TOKENS: 429,\n    FinishReason.STOP: 200,\n"
        "    FinishReason.SAFETY: 403,\n}\nretry = {StopReason.MAX_TOKENS: 4000}\n"
    ),
    # a converted lookup under a constant naming another unit, time, a weak length; given where no
    # budget goes; a conversion taking more than the lookup
    Valid(
        "def build(self):\n"
        "    a = Model(max_tokens=int(self.config.get(Keys.MAX_CHARS, 2000)))\n"
        "    b = Model(context_window=float(self.config.get(Keys.TIMEOUT, 600)))\n"
        "    c = Model(max_tokens=int(self.config.get(Keys.MAX_LENGTH, 512)))\n"
        "    d = Model(retries=int(self.config.get(Keys.CONTEXT_WINDOW, 3900)))\n"
        '    e = Model(max_tokens=int(self.config.get("window", "4096"), 16))\n'
        "    return a, b, c, d, e\n"
    ),
    # a number added to a count of tokens, to a name saying no budget, after a budget (PB106's), or
    # given where no budget goes
    Valid(
        "def ask(client, prompt_tokens, n, max_new_tokens):\n"
        "    a = client.generate(max_tokens=2048 + prompt_tokens)\n"
        "    b = client.generate(num_ctx=2048 + n)\n"
        "    c = client.generate(timeout=600 + max_new_tokens)\n"
        "    d = 2048 + max_new_tokens\n"
        "    return a, b, c, d\n"
    ),
    # the sum stored in a local, or under a key that names no budget (set 64)
    Valid(
        "def ask(self, kw):\n    total = 4000 + self.max_tokens\n    kw['timeout'] = 600 + self.max_tokens\n"
        "    return total\n"
    ),
    # a lookup's fallback a getter of something else returns, or one a budget getter scales
    Valid("def get_effort_steps(effort):\n    return STEPS.get(effort, 4000)\n"),
    Valid("def get_max_tokens(effort):\n    return SCALE.get(effort, 4000) * 2\n"),
)

SET61_INVALID = (
    # a config's fallback, converted, under a class's constant (set 61: unstract-sdk's Ollama adapter)
    Invalid(
        'class Constants:\n    CONTEXT_WINDOW = "context_window"\n\n'
        "def build(self):\n    return Ollama(\n        model=m,\n"
        "        context_window=int(self.config.get(Constants.CONTEXT_WINDOW, 3900)),\n    )\n",
        line=7,
    ),
    Invalid("llm = Model(max_tokens=self.config.get(Keys.MAX_TOKENS, 2048))"),
    Invalid('out = model.generate(ids, max_new_tokens=int(getattr(args, "gen_len", 256)))'),
    # the prompt's room in Ollama's window beside the output's budget (set 61: premsql)
    Invalid(
        "def generate(self, prompt, temperature, max_new_tokens):\n"
        "    return self.client.generate(\n        prompt=prompt,\n"
        "        options=dict(temperature=temperature, num_ctx=2048 + max_new_tokens),\n    )\n",
        line=4,
    ),
    Invalid("out = client.create(max_tokens=512 + self.max_tokens)"),
    # a comment on another line of the call saying a minimum
    Invalid(
        "response = client.create(\n    temperature=0.0,  # minimum allowed\n    max_tokens=256,\n)\n", line=3
    ),
    # the sum stored under a budget's key or attribute (set 64: clemcore's thinking allowance)
    Invalid("def ask(self, kw):\n    kw['max_tokens'] = 4000 + self.max_tokens\n", line=2),
    Invalid("def ask(self, config):\n    config.max_output_tokens = 4096 + self.max_tokens\n", line=2),
    # set 67: the fallback of a lookup a budget getter returns whole (loom-agent's effort levels)
    Invalid(
        "def get_effort_token_limit(effort):\n    effort_map = {1: 1000, 2: 2000, 3: 4000}\n"
        "    return effort_map.get(effort, 4000)\n",
        line=3,
    ),
)
