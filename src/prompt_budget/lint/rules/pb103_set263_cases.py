"""Cases from sets 261 to 266 (issue 19).

PB103: a clamp written as an ``if`` (aient's Gemini request builder, set 262: ``if value > 65536: value = 65536``
before ``generation_config["maxOutputTokens"] = value``; ``if val < 128: budget = 128`` ... ``elif val > 32768: budget
= 32768`` before ``{"thinkingBudget": budget}``, ``if_clamps``).

PB101: an environment read's default whose variable names code's tokens (web2json-agent's ``int(os.getenv(
"CODE_GEN_MAX_TOKENS", "16384"))`` in a field's ``default_factory``, ``names.excluded``); a model config's window
assumed when the config gives none, the length a tokenizer then cuts inputs to (mlx-raclate's ``max_len =
getattr(model.config, "max_position_embeddings", 512)`` ... ``tokenizer(texts, truncation=True,
max_length=max_len)``, ``inline_forms``).

PB102: a token budget in a module that also names a regular expression for tokens of text (doc-atlas's
``_STATUS_TOKEN_RE`` beside ``_DEFAULT_TOKEN_BUDGET = 900``, ``lexer_tokens``); not a budget whose every read cuts a
text, through a part of it moved along the text (waystone's ``third = budget // 3`` ... ``text[mid:mid + third]``,
``text[-third:]``, ``character_reads``); the fields of a budget class whose docstring allocates tokens to each
(set 275: rdc's ``ContextBudget``, "Token budget allocation per layer.", ``budget_classes``).

PB104: a budget times four from which a string's length is taken (kaos-harness's ``budget = token_cap * 4`` ...
``room = budget - used - len(label) - 16``, ``forms``).

PB105: not a level compared with a mean of scores (kaos-harness's ``ctx = sum(_axis_sim(a) for a in axes) /
len(axes)`` ... ``ctx >= CTX_FULL_THRESHOLD``, ``compared_shares``), nor a share of an event buffer (obol-sdk's
``self._max_buffer * _OVERFLOW_WARN_THRESHOLD``, ``scaled_units``), nor that budget's part cutting a text.

PB106: a reserve taken off a quota of tokens per minute a local holds (autotinker's ``tpm = b.tpm`` ... ``room = tpm -
est - 64``, ``LintRule.budget_expr``), not off one of requests; a reserve added to a count and an output budget
ordered against a window (peteos's ``reduced_size + cfg.max_tokens + 4096 > cfg.context_limit_floor``,
``reserve_sums.counted_sum``), not to a text's length.

Set 271's: a model's limits beside its window in one dict, written or as fallbacks of the same keys (taui's
``{"context": limit.get("context", 180_000), "input": limit.get("input", 128_000), "output": ...}``, PB101,
``dict_settings``); a share of the window a class's property returns compared in the module that also writes it under
a key (contextlens-ai's ``data["token_utilization"] = round(self.token_utilization, 4)`` ... ``if
entry.token_utilization > 0.85``, ``fill_reads``), or through a local (``util = entry.token_utilization`` ... ``elif
util > 0.90``, ``ratio_reads``), PB105; an overhead a token counter's method adds per message inside ``sum()``
(contextlens-ai's ``sum(self.count(m["content"]) + overhead_per_message for m in messages)``, PB106,
``token_overheads``), also an estimator's estimate per event whose sum is then ordered against a floor (set 275:
ordin's ``candidate_tokens = sum(self._estimator.estimate(canonical_json(e.payload)) + 32 for e in events)``).

Set 273's: not a share of a budget in yuan (aifix-code's ``config.budget_cny * reproducer_budget_share``, PB105,
``scaled_units.MONEY_WORDS``), nor a similarity's cut-off named like a budget ratio of the module (chowki's
``semantic_loop_warn_threshold = 0.85`` beside ``soft_budget_threshold``, ``constant_echoes``).

Set 277's, PB101: a model config's window stored on ``self`` and given as the length a tokenizer cuts to in
another method (unplug-ai's ``self._max_length = int(getattr(config, "max_position_embeddings", 256))``,
``inline_forms``); not a probe's output cap written into its payload (scaleapi-vero's ``payload["messages"] =
[{"role": "user", "content": "ok"}]`` ... ``payload["max_tokens"] = 16``, ``probe_requests``).

Set 279's: not a share of matched words over a count of gold words (ragmortem's ``(matched_tokens /
len(key_gold_tokens)) >= 0.8``, PB105, ``ratio_reads``), nor a cap on a mapping's keys (vorlo-trace's
``_MAX_PENDING_SCOPES = 200`` ... ``len(self._tokens_by_scope) > _MAX_PENDING_SCOPES``, PB102,
``LintRule.token_sequence``).

Set 281's: a token budget divided by a guessed cost per item, the count of items clamped (codedebrief's ``max(1,
min(4, token_budget // 300))``, PB105, ``item_costs``), and no clamp of tokens in ``min(40, token_budget // 40)``
(PB103: a cap of items).

PB107: a model catalogue whose rows hold a window under a key ending in "context" (olaiedge's ``{"qwen2.5-1.5b":
{..., "recommended_context": 4096}, ...}``, ``pb107_nested_rows``).

Spliced into ``pb103_set73_cases``, ``pb101_set111_cases``, ``pb102_set117_cases``, ``pb104_set111_cases``,
``pb105_set111_cases``, ``pb106_total_cases`` and ``pb107_set63_cases``."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GEMINI = (
    "def payload(request):\n"
    "    generation_config = {}\n"
    "    for field, value in request.items():\n"
    "        if field == 'max_tokens':\n"
    "            if value > 65536:\n"
    "                value = 65536\n"
    "            generation_config[{key!r}] = value\n"
    "    return generation_config\n"
)
_THINKING = (
    "def thinking(payload, val):\n"
    "    budget = None\n"
    "    if val < 128:\n"
    "        budget = 128\n"
    "    elif val > 32768:\n"
    "        budget = 32768\n"
    "    else:\n"
    "        budget = val\n"
    "    payload['thinkingConfig'] = {{{key!r}: budget}}\n"
)

IF_CLAMP_VALID = (
    # a cap of items a budget pays for (set 281: codedebrief)
    Valid("def pack(token_budget: int):\n    return min(40, token_budget // 40)\n"),
    Valid(_GEMINI.replace("{key!r}", "'maxItems'")),  # a cap of items, not of tokens
    Valid(_THINKING.format(key="retries")),
    Valid(
        "def ask(retries):\n    if retries > 500:\n        retries = 500\n    return call(max_retries=retries)\n"
    ),
    Valid(
        "def shrink(img, width):\n    if width > 1024:\n        width = 1024\n    return img.resize(width=width)\n"
    ),
    # the body binds another number: not a clamp to the test's
    Valid("def cap(cfg, n):\n    if n > 4096:\n        n = 2048\n    cfg['max_tokens'] = n\n"),
    # written as a budget before the clamp only
    Valid("def cap(cfg, n):\n    cfg['max_tokens'] = n\n    if n > 4096:\n        n = 4096\n    return n\n"),
)
IF_CLAMP_INVALID = (
    # a floor of a share of the window, no count of items (investorch, seen by comparing the corpus)
    Invalid(
        "def reserve(context_window_tokens):\n    return min(8192, max(256, context_window_tokens // 20))\n",
        count=2,
    ),
    Invalid(_GEMINI.replace("{key!r}", "'maxOutputTokens'"), line=5),
    Invalid(_THINKING.format(key="thinkingBudget"), count=2, line=3),
    # the clamped name says tokens; the number on the test's left
    Invalid(
        "class Agent:\n    def clamp(self):\n        if 8192 < self.max_tokens:\n            self.max_tokens = 8192\n"
    ),
    # a floor inside an ``and``, handed on as a budget keyword
    Invalid(
        "def think(client, val):\n    budget = val\n    if val > 0 and val < 512:\n        budget = 512\n"
        "    return client.generate(thinking_budget=budget)\n",
        line=3,
    ),
)

_ENV = "import os\n\n\nclass Settings(BaseModel):\n    {name}: int = Field(default_factory=lambda: int(os.getenv({var!r}, '16384')))\n"
_WINDOW = (
    "def predict(model, tokenizer, texts):\n"
    "    max_len = getattr(model.config, 'max_position_embeddings', 512)\n"
    "    return tokenizer(texts, padding=True, truncation=True, {keyword}=max_len)\n"
)
_STORED = (
    "class SpanModel:\n"
    "    def load(self, config):\n"
    "        self._max_length = int(getattr(config, 'max_position_embeddings', 256))\n\n"
    "    def encode(self, texts):\n"
    "        return self._tokenizer(texts, truncation=True, {keyword}=self._max_length)\n"
)
_PROBE = (
    "def probe_route(base_url, model):\n"
    "    payload = {{'model': model}}\n"
    "    payload['messages'] = [{{'role': 'user', 'content': {prompt!r}}}]\n"
    "    payload['max_tokens'] = 16\n"
    "    return post(base_url, payload)\n"
)
CODE_ENV_VALID = (
    Valid(_ENV.format(name="exit_code", var="EXIT_CODE_MAX")),
    Valid(_WINDOW.format(keyword="stride")),  # not the length the call cuts to
    Valid(_PROBE.format(prompt="ok")),  # a route's probe
)
CODE_ENV_INVALID = (
    Invalid(_ENV.format(name="code_gen_max_tokens", var="CODE_GEN_MAX_TOKENS"), line=5),
    Invalid(_WINDOW.format(keyword="max_length"), line=2),
    Invalid(_STORED.format(keyword="max_length"), line=3),
    Invalid(_PROBE.format(prompt="Summarize the release notes of this project in one line."), line=4),
)

_SAMPLE = (
    '"""Summaries of sessions for an LLM, within a token budget."""\n\n\n'
    "def sample(path, budget: int = 4500) -> str:\n"
    "    text = load(path)\n"
    "    if len(text) <= budget:\n        return text\n"
    "    third = budget // 3\n    mid = len(text) // 2\n"
    "    return text[:third] + text[mid:mid + third] + text[-third:]\n"
)
_PATTERN = "import re\n\n_STATUS_TOKEN_RE = re.compile(r'\\b(open|closed)\\b')\n{budget}\n"
_LAYERS = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass ContextBudget:\n"
    '    """{doc}"""\n\n'
    "    identity: int = 200\n    state: int = 400\n    recent: int = 1500\n"
)
SAMPLE_VALID = (
    Valid(_SAMPLE),
    Valid(
        "_MAX_PENDING_SCOPES = 200\n\n\nclass Session:\n"
        "    def note(self, scope, tokens):\n"
        "        if len(self._tokens_by_scope) > _MAX_PENDING_SCOPES:\n            self._tokens_by_scope.clear()\n"
        "        self._tokens_by_scope[scope] = tokens\n"
    ),
    Valid(_LAYERS.format(doc="Which layers the context holds, and in what order.")),
    Valid(_PATTERN.format(budget="MAX_TOKENS = 100_000")),  # a parser's limit
)
_MESSAGES = (
    "def select(messages, max_tokens: int = 4000, avg_tokens_per_message: int = 200):\n"
    "    max_messages = max_tokens // avg_tokens_per_message\n"
    "    if len(messages) <= max_messages:\n        return messages\n"
    "    return messages[-max_messages:]\n"
)
SAMPLE_INVALID = (
    Invalid(_PATTERN.format(budget="_DEFAULT_TOKEN_BUDGET = 900"), line=4),
    # a budget divided by tokens per message: a number of messages, not a budget of characters (bytebuddhi)
    Invalid(_MESSAGES, line=1),
    # set 275: rdc's budgets per layer, given by the class's docstring
    Invalid(_LAYERS.format(doc="Token budget allocation per layer."), count=3, line=8),
)

_INJECT = (
    "def format_inject(entries: list, token_cap: int) -> str:\n"
    "    budget = token_cap * 4\n"
    "    used = 0\n"
    "    for e in entries:\n"
    "        room = budget - used - {taken} - 16\n"
    "        if room < 40:\n            break\n"
    "        used += 1\n"
    "    return ''\n"
)
INJECT_VALID = (Valid(_INJECT.format(taken="len(e.tokens)")),)  # the tokens of an entry
INJECT_INVALID = (Invalid(_INJECT.format(taken="len(e.text)"), line=2),)

_MEAN = (
    "CTX_FULL_THRESHOLD = 0.70\n\n\n"
    "def match(task, axes):\n"
    "    if axes:\n        ctx = {value}\n    else:\n        ctx = 1.0\n"
    "    if ctx >= CTX_FULL_THRESHOLD:\n        compact(task)\n"
)
MEAN_VALID = (
    Valid(_MEAN.format(value="sum(similarity(task, a) for a in axes) / len(axes)")),
    Valid(
        "_OVERFLOW_WARN_THRESHOLD = 0.8\n\n\nclass Pipeline:\n"
        "    def push(self, buf):\n"
        "        if len(buf) >= self._max_buffer * _OVERFLOW_WARN_THRESHOLD:\n            warn()\n"
    ),
    Valid(_SAMPLE),
)
MEAN_INVALID = (Invalid(_MEAN.format(value="used_tokens / context_window"), line=1),)

_ROOM = (
    "def plan(b, est: int, max_tokens: int):\n"
    "    {quota} = b.{quota}\n"
    "    if {quota} is not None and est + max_tokens > {quota}:\n"
    "        return {quota} - est - 64\n"
    "    return max_tokens\n"
)
_FLOOR = (
    "def exhausted(cfg, context):\n"
    "    reduced_size = {size}\n"
    "    if reduced_size + cfg.max_tokens + 4096 > cfg.context_limit_floor:\n"
    "        context.trim()\n"
)
QUOTA_VALID = (
    Valid(_ROOM.format(quota="rpm")),  # requests per minute
    Valid(_FLOOR.format(size="len(context.text)")),  # characters
)
QUOTA_INVALID = (
    Invalid(_ROOM.format(quota="tpm"), line=4),
    Invalid(_FLOOR.format(size="context.total_token_count()"), line=3),
)

_CATALOG = (
    "EDGE_MODEL_CATALOG = {{\n"
    "    'qwen2.5-1.5b': {{'id': 'qwen2.5-1.5b', 'size_mb': 986, '{key}': {first}}},\n"
    "    'llama-3.2-1b': {{'id': 'llama-3.2-1b', 'size_mb': 720, '{key}': {second}}},\n"
    "}}\n"
)
CATALOG_VALID = (Valid(_CATALOG.format(key="diff_context", first=3, second=5)),)  # lines of a diff
CATALOG_INVALID = (Invalid(_CATALOG.format(key="recommended_context", first=4096, second=2048), line=1),)

_LIMITS = (
    "def limits(info):\n"
    "    limit = info['limit']\n"
    "    return {{'context': limit.get('context', {context}), 'input': limit.get('input', 128_000),"
    " 'output': limit.get('output', 32_000)}}\n"
)
LIMITS_VALID = (Valid(_LIMITS.format(context=3)),)  # three lines of context: no window
LIMITS_INVALID = (Invalid(_LIMITS.format(context="180_000"), count=3, line=3),)

_UTIL = (
    "class ContextEntry(BaseModel):\n"
    "    total_tokens: int = 0\n    max_context_tokens: int = 1\n\n"
    "    @property\n"
    "    def token_utilization(self) -> float:\n"
    "        return self.total_tokens / self.max_context_tokens\n\n"
    "    def to_log_dict(self):\n"
    "        data = self.model_dump()\n"
    "        data['token_utilization'] = round(self.token_utilization, 4)\n"
    "        return data\n\n\n"
    "def log_entry(entry):\n"
    "    if entry.token_utilization > 0.85:\n        warn('high context utilization')\n\n\n"
    "def score(entry):\n"
    "    util = entry.{read}\n"
    "    if util > 0.90:\n        return 10.0\n"
    "    return 100.0\n"
)
UTIL_VALID = (
    Valid(_UTIL.replace("entry.token_utilization > 0.85", "entry.score > 0.85").format(read="score")),
)
UTIL_INVALID = (Invalid(_UTIL.format(read="token_utilization"), count=2, line=16),)

_PER_MESSAGE = (
    "class {owner}:\n"
    "    def count(self, text):\n        return len(self._enc.encode(text))\n\n"
    "    def count_messages(self, messages):\n"
    "        overhead_per_message = 4  # tokens of framing\n"
    "        return sum(self.count(m.get('content', '')) + overhead_per_message for m in messages)\n"
)
_PER_EVENT = (
    "class Compressor:\n"
    "    def plan(self, events, policy):\n"
    "        candidate_tokens = sum(self._{estimator}.estimate(canonical_json(e.payload)) + 32 for e in events)\n"
    "        if candidate_tokens < policy.min_compressible_tokens:\n            return None\n"
    "        return candidate_tokens\n"
)
PER_MESSAGE_VALID = (
    Valid(_PER_MESSAGE.format(owner="Inbox")),  # not a counter of tokens
    Valid(_PER_EVENT.format(estimator="planner")),  # no estimator's estimate
)
PER_MESSAGE_INVALID = (
    Invalid(_PER_MESSAGE.format(owner="TokenCounter"), line=6),
    Invalid(_PER_EVENT.format(estimator="estimator"), line=3),
)

_YUAN = "reproducer_budget_share = 0.4\n\n\ndef cap(config):\n    return config.{budget} * reproducer_budget_share\n"
_PACK = "def pack(token_budget: int):\n    return max(1, min(4, token_budget // {divisor}))\n"
YUAN_VALID = (
    Valid(_YUAN.format(budget="budget_cny")),
    Valid(_PACK.format(divisor=2)),  # a share, PB105's other reading
    Valid(
        "def match(cand_tokens, key_gold_tokens):\n"
        "    matched_tokens = sum(1 for tok in key_gold_tokens if tok in cand_tokens)\n"
        "    return (matched_tokens / len(key_gold_tokens)) >= 0.8\n"
    ),
)
YUAN_INVALID = (
    Invalid(_YUAN.format(budget="context_budget_tokens"), line=1),
    Invalid(_PACK.format(divisor=300), line=2),
)
