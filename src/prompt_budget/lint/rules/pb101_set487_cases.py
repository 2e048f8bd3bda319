"""Cases from sets 487 onward (issue 19), read by the rules they name.

Set 487's: PB103, the bounds of a range check whose error says tokens (weftgate's ``if not 256 <= budget <= 16000:
raise ValueError("... (estimated tokens)")``, ``validated_params.said_range``) and PB104, the budget so checked turned
into bytes by a rate (``measure() > budget * 4``, ``validated_params.range_in_tokens``); PB101, the bounds of a JSON
schema's property described as a token budget and bound to a name (weftgate's tool schema, ``spec_bounds``), and a
budget written beside the count of tokens it limits (adlc-engineering's ``{"budget_limit": 200000, "tokens_used":
0}``, ``dict_settings._used_tokens``).

Set 489's: PB102, a constant converted into words by a rate per token (tribalmemory's ``int(self.OVERLAP_TOKENS *
self.WORDS_PER_TOKEN)``, ``flow._per_token``); PB101, not a limit given to the module's own function that finds its
tokens with a regular expression (xybern's ``tokens_of(v, limit=60)``, ``lexer_tokens.regex_tokenizers``); PB105,
not a budget's factor scaling a timeout (sagabench's ``DECISION_POINTS * self.per_decision_timeout *
TOTAL_BUDGET_FACTOR``, ``scaled_units.OTHER_UNITS``).

Set 491's: PB102, a prefill chunk whose slice ends at a local one width on (nearlossless-context's ``end =
min(start + chunk_size, seq_len)`` ... ``input_ids[:, start:end]``, ``prefill_steps``), a command-line option of
the prompt's length (``--ctx default=4096``) and of a KV cache's budget (``--budget default=512`` in a module of KV
caches, ``kv_options``), and PB103 and PB102, that option's cap (``if args.ctx > 4096: args.ctx = 4096``); PB101, a
number added last to what is given as ``max_tokens=`` (contexteval's ``max_tokens=_OUTPUT_TOKENS_PER_CASE *
per_passage + 200``, ``added_allowances._added_last``).

Set 493's: PB101, an environment read's ``or`` fallback (mcp-lmsnex's ``max_tokens=int(os.getenv(
"AI_COURSE_MAX_OUTPUT_TOKENS") or "8192")``, ``env_defaults``).

Set 495's: PB101, the ``or`` fallback of what is written under a budget's key, whatever is read before it
(spaturzu's ``"max_tokens": _get(params, "max_tokens") or _get(params, "max_completion_tokens") or 1024``,
``or_fallbacks``), and the fallback of a lookup of a key held in a variable written under one (hexcli's
``"num_predict": int(config.get(token_key, 2048))``, ``keyword_lookups._under_budget_key``); PB107, not a request
to a model given a model's name and ``max_tokens=`` (spaturzu's smoke test, ``pb107_reads.request``); PB104, the
rate an estimator class starts at in ``__init__`` (hexcli's ``self.ratio = 4.0`` ... ``int(text_len /
self.ratio)``, ``pb104_rates.estimator_start``).

Set 499's: PB106, a number added to a characters-per-token quotient bound to a count of tokens (emdx's
``estimated_input_tokens = (total_chars // 4) + 500``, ``token_overheads``); PB104, a token cap made characters and
clamped against a cap in characters (lore-sdk's ``token_budget = max_tokens * 4`` ... ``min(token_budget,
char_budget)``, ``char_offsets.held_as_characters``); PB102, not the length of a credential a function named for
secrets checks (transcript-viewer's ``MIN_TOKEN = 20`` ... ``def set_secret(name: str, value: str)`` ... ``len(value)
< MIN_TOKEN``, ``token_strings``).

Set 501's: PB102, not an entry whose comment names tokens only as a path's word (ai-eval-scope's ``"search_content": 30,
# ... (post/user/token ...)``, ``entry_comments``). Its cross-module reading (a field whose comment above gives
characters, read into a constant named as a window) is in tests/lint/test_set487_project.py.

Set 503's: PB101, the length given to transformers' text-generation pipeline called out of a dict (asha-si's
``generator = self.client["pipeline"] ("text-generation", model=self.model)`` ... ``generator(prompt,
max_length=100)``,
``pipeline_lengths``); PB102, not a constant whose comment's tokens are an encoding's strings (asha-si's
``_ENTROPY_ALPHABET_SIZE = 64  # approximate for base64-ish tokens``, ``comments.ENCODED_TOKENS``).

Sets 505-507's (measured with the final rules first, then tuned on): PB102, the amount of tokens a class named as a
token budget is made with, and a default handed to it (llm-reviewer's ``class TokenBudget: def __init__(self,
total_tokens: int = 8_000)`` and ``def coding_agent_budget(total: int = 6_000): return TokenBudget(total_tokens=total)``,
``budget_defaults.budget_class_total``); PB105, a share commented as a percent of the model's limit (daveagent-cli's
``DEFAULT_COMPRESSION_THRESHOLD = 0.75  # 75% of model limit``, ``described_shares``); PB102, not a quota per
credential token beside one per address (cognirelay's ``token_rate_limit_per_minute: int = 240`` beside
``ip_rate_limit_per_minute``, ``token_quotas.identity_quota``); PB106, not a display's scale (10xscale-agentflow-cli's
``TOKENS_PER_KILO = 1000``, ``item_token_costs``).

Set 509's: PB106, a number of tokens charged against a budget by a call named for charging (nava-agent's
``self.budget_engine.consume_internal_llm_call(budget_ref, tokens=500)``, ``item_token_costs._charged``).

Sets 511-513's (measured with the final rules first, then tuned on): PB102, not a Triton kernel's tile cutoff
compared with a length its kernel orders a count against (coda-gqa-l's ``if KV_LEN <= 64: BLOCK_N = 32``,
``learned_lengths`` in a module that ``kernel_launch.defines_kernels``; a project reading, in
tests/lint/test_set487_project.py); PB102, a media item's cost in tokens as a
parameter default added up (memorant's ``image_token_cost: int = 85``, ``token_estimates.media_tokens``).

The review's narrowings of these readings (each a snippet the readings above had taken): PB101, not a bare ``cap``
beside ``tokens_spent``, nor a schema describing API tokens; PB102, not an option whose help gives MiB, nor a module
importing ``kvstore``, nor a ``RefreshTokenBudget``; still a window commented "base 64k tokens" and an entry commented
"tokens/turn"; PB103, not a range check's GitHub tokens; PB105, not a model's limit of requests; PB106, not a rate
limiter's ``bucket.consume(tokens=50)``, nor a page count's ``len(keys) // 4 + 16``; PB107, still a catalogue's rows
given ``input=`` prices.

The cross-module readings (a number given under a keyword to a function whose parameter holds a token budget, also
through ``None`` defaults handed on; a method of a local holding an imported class's instance; an option's default
given by position) are in tests/lint/test_set487_project.py.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_RANGE = (
    "def bounded(items, budget=None):\n"
    "    if not isinstance(budget, int) or not 256 <= budget <= 16000:\n"
    '        raise ValueError("budget must be an integer from 256 to 16000 ({unit})")\n'
    "    if measure(items) > budget * 4:\n"
    '        raise ValueError("too big")\n'
    "    return items\n"
)
#: PB103's: both bounds; PB104's: the rate.
RANGE_VALID = (Valid(_RANGE.format(unit="items")), Valid(_RANGE.format(unit="auth tokens")))
RANGE_PB103_INVALID = (Invalid(_RANGE.format(unit="estimated tokens"), line=2, count=2),)
RANGE_PB104_INVALID = (Invalid(_RANGE.format(unit="estimated tokens"), line=4),)

_SCHEMA = (
    "def tools():\n"
    "    budget = {{\n"
    '        "type": "integer",\n'
    '        "minimum": 256,\n'
    '        "maximum": 16000,\n'
    '        "description": "{description}",\n'
    "    }}\n"
    '    return [{{"name": "recall", "inputSchema": {{"properties": {{"budget": budget}}}}}}]\n'
)
SCHEMA_VALID = (
    Valid(_SCHEMA.format(description="Byte budget of the reply.")),
    Valid(_SCHEMA.format(description="Number of results; at most 16000 tokens of text are read.")),
)
SCHEMA_INVALID = (
    Invalid(
        _SCHEMA.format(description="Estimated token budget; hard JSON byte cap is 4x this number."),
        line=4,
        count=2,
    ),
)

_USED = 'def token_budget(template):\n    return {{"session_id": template["id"], "budget_limit": 200000, "{used}": 0}}\n'
USED_VALID = (Valid(_USED.format(used="dollars_used")), Valid(_USED.format(used="tokens_by_phase")))
USED_INVALID = (Invalid(_USED.format(used="tokens_used"), line=2),)

_ADDED_LAST = "def build(n, client):\n    return client.create({keyword}=n * 50 + 300)\n"
ADDED_LAST_VALID = (Valid(_ADDED_LAST.format(keyword="timeout")), Valid(_ADDED_LAST.format(keyword="limit")))
# the base, and since set 569 the tokens per item of ``n`` too (``sized_allowances``)
ADDED_LAST_INVALID = (Invalid(_ADDED_LAST.format(keyword="max_tokens"), line=2, count=2),)

_ENV_OR = (
    'import os\n\n\ndef go(p):\n    return p.complete({keyword}=int(os.getenv("{variable}") or "8192"))\n'
)
ENV_OR_VALID = (Valid(_ENV_OR.format(keyword="timeout", variable="AI_TIMEOUT")),)
ENV_OR_INVALID = (Invalid(_ENV_OR.format(keyword="max_tokens", variable="AI_MAX_OUTPUT_TOKENS"), line=5),)

_REGEX_TOKENS = (
    "import re\n\n"
    '_TOKEN_RE = re.compile(r"[A-Za-z_]{{6,}}")\n\n\n'
    "def tokens_of(text, limit=20):\n"
    "    return {body}[:limit]\n\n\n"
    "def taint(values):\n"
    "    return [tokens_of(v, limit=60) for v in values]\n"
)
REGEX_TOKENS_VALID = (Valid(_REGEX_TOKENS.format(body="_TOKEN_RE.findall(str(text))")),)
REGEX_TOKENS_INVALID = (Invalid(_REGEX_TOKENS.format(body="ENC.encode(text)"), line=11),)

_OR_CHAIN = (
    "def translate(params, _get, to_model):\n"
    "    return {{\n"
    '        "model": to_model,\n'
    '        "{key}": _get(params, "{key}")\n'
    '        or _get(params, "max_completion_tokens")\n'
    "        or 1024,\n"
    "    }}\n"
)
OR_CHAIN_VALID = (Valid(_OR_CHAIN.format(key="timeout")),)
OR_CHAIN_INVALID = (Invalid(_OR_CHAIN.format(key="max_tokens"), line=6),)

_VARIABLE_KEY = (
    "def request(config, token_key, model):\n"
    '    return {{"model": model, "{key}": int(config.get(token_key, 2048))}}\n'
)
VARIABLE_KEY_VALID = (Valid(_VARIABLE_KEY.format(key="timeout")), Valid(_VARIABLE_KEY.format(key="limit")))
VARIABLE_KEY_INVALID = (Invalid(_VARIABLE_KEY.format(key="num_predict"), line=2),)

#: PB101's, spliced into ``pb101_set111_cases``.
SET487_PB101_VALID = (
    *SCHEMA_VALID,
    *USED_VALID,
    *ADDED_LAST_VALID,
    *ENV_OR_VALID,
    *REGEX_TOKENS_VALID,
    *OR_CHAIN_VALID,
    *VARIABLE_KEY_VALID,
)
SET487_PB101_INVALID = (
    *SCHEMA_INVALID,
    *USED_INVALID,
    *ADDED_LAST_INVALID,
    *ENV_OR_INVALID,
    *REGEX_TOKENS_INVALID,
    *OR_CHAIN_INVALID,
    *VARIABLE_KEY_INVALID,
)

_PER_TOKEN = (
    "class Store:\n"
    "    OVERLAP_TOKENS = 50\n"
    "    WORDS_PER_TOKEN = 0.75\n\n"
    "    def chunk(self, words):\n"
    "        overlap_words = int(self.OVERLAP_TOKENS * self.{rate})\n"
    "        return words[-overlap_words:]\n"
)
PER_TOKEN_VALID = (Valid(_PER_TOKEN.format(rate="SCALE")), Valid(_PER_TOKEN.format(rate="TOKENS_PER_WORD")))
PER_TOKEN_INVALID = (Invalid(_PER_TOKEN.format(rate="WORDS_PER_TOKEN"), line=2),)

_PREFILL = (
    "def prefill_chunked(model, {sequence}, *, chunk_size: int = 512):\n"
    "    seq_len = int({sequence}.shape[-1])\n"
    "    for start in range(0, seq_len, chunk_size):\n"
    "        end = min(start + chunk_size, seq_len)\n"
    "        model({sequence}[:, start:end])\n"
)
PREFILL_VALID = (Valid(_PREFILL.format(sequence="pixels")),)
PREFILL_INVALID = (Invalid(_PREFILL.format(sequence="input_ids"), line=1),)

_OPTIONS = (
    "import argparse\n{imports}\n\n"
    "def parse_args():\n"
    "    p = argparse.ArgumentParser()\n"
    '    p.add_argument("--{option}", type=int, default={value})\n'
    "    return p.parse_args()\n\n\n"
    "def main():\n"
    "    args = parse_args()\n"
    "    if args.{dest} > {value}:\n"
    "        args.{dest} = {value}\n"
)
OPTIONS_VALID = (
    Valid(_OPTIONS.format(imports="", option="ctx", dest="ctx", value=3)),  # a diff's lines of context
    Valid(_OPTIONS.format(imports="", option="budget", dest="budget", value=512)),  # no KV cache here
    Valid(
        _OPTIONS.format(
            imports="from snapkv import compress", option="budget-usd", dest="budget_usd", value=512
        )
    ),
)
#: PB102's: the option's default and its cap (``args.ctx = 4096``); PB103's: the comparison.
OPTIONS_PB102_INVALID = (
    Invalid(_OPTIONS.format(imports="", option="ctx", dest="ctx", value=4096), line=6, count=2),
    Invalid(_OPTIONS.format(imports="", option="max-ctx", dest="max_ctx", value=32000), line=6, count=2),
    Invalid(
        _OPTIONS.format(imports="from snapkv import compress", option="budget", dest="budget", value=512),
        line=6,
        count=2,
    ),
    Invalid(
        _OPTIONS.format(
            imports="from .kv_select import keep", option="hold-budget", dest="hold_budget", value=2048
        ),
        line=6,
        count=2,
    ),
)
OPTIONS_PB103_INVALID = (Invalid(_OPTIONS.format(imports="", option="ctx", dest="ctx", value=4096), line=12),)

#: PB102's, spliced into ``pb102_set117_cases`` (with the secrets' below).
SET487_PB102_VALID = (*PER_TOKEN_VALID, *PREFILL_VALID, *OPTIONS_VALID)
SET487_PB102_INVALID = (*PER_TOKEN_INVALID, *PREFILL_INVALID, *OPTIONS_PB102_INVALID)
#: (``PATH_WORD_VALID`` and ``PATH_WORD_INVALID`` below are PB102's too.)
#: PB103's, spliced into ``pb103_set73_cases``.
SET487_PB103_VALID = (*RANGE_VALID, *OPTIONS_VALID)
SET487_PB103_INVALID = (*RANGE_PB103_INVALID, *OPTIONS_PB103_INVALID)
_ESTIMATOR = (
    "class {cls}:\n"
    "    def __init__(self) -> None:\n"
    "        self.ratio = 4.0\n\n"
    "    def observe(self, chars: int, tokens: int) -> None:\n"
    "        self.ratio = 0.9 * self.ratio + 0.1 * chars / tokens\n\n"
    "    def estimate(self, text_len: int) -> int:\n"
    "        return int(text_len / self.ratio)\n"
)
#: PB104's, spliced into ``pb104_set111_cases``.
SET487_PB104_VALID = (*RANGE_VALID, Valid(_ESTIMATOR.format(cls="_Smoother")))
SET487_PB104_INVALID = (*RANGE_PB104_INVALID, Invalid(_ESTIMATOR.format(cls="_TokenEstimator"), line=3))

_REQUEST = (
    "def smoke(client):\n"
    "    first = client.messages.create(\n"
    '        model="claude-3-5-sonnet-20241022", max_tokens=1024, {given}=[{{"role": "user", "content": "hi"}}]\n'
    "    )\n"
    "    again = client.messages.create(\n"
    '        model="claude-3-5-haiku-20241022", max_tokens=1024, {given}=[{{"role": "user", "content": "again"}}]\n'
    "    )\n"
    "    return first, again\n"
)
#: PB107's, spliced into ``pb107_set63_cases``: a request is no row of a model table.
SET487_PB107_VALID = (Valid(_REQUEST.format(given="messages")),)
SET487_PB107_INVALID = (Invalid(_REQUEST.format(given="rows"), line=3, count=2),)  # a call given no request

_TIME_FACTOR = (
    "DECISION_POINTS = 12\nTOTAL_BUDGET_FACTOR = 1.5\n\n\n"
    "class Session:\n"
    "    def total_budget(self):\n"
    "        return DECISION_POINTS * self.{amount} * TOTAL_BUDGET_FACTOR\n"
)
#: PB105's, spliced into ``pb105_set111_cases``.
SET487_PB105_VALID = (Valid(_TIME_FACTOR.format(amount="per_decision_timeout")),)
SET487_PB105_INVALID = (Invalid(_TIME_FACTOR.format(amount="per_decision_max_tokens"), line=2),)


_OVERHEAD = (
    "def {fn}(docs):\n"
    "    total_chars = sum(len(d) for d in docs)\n"
    "    {target} = (total_chars // 4) + 500\n"
    "    return {target}\n"
)
#: PB106's, spliced into ``pb106_total_cases``.
SET487_PB106_VALID = (Valid(_OVERHEAD.format(fn="cost", target="estimated_pages")),)
SET487_PB106_INVALID = (
    Invalid(_OVERHEAD.format(fn="cost", target="estimated_input_tokens"), line=3),
    # a text's ``len()`` too, bound to a count of tokens (not only returned: ``REVIEW61_PB106_VALID``'s page count)
    Invalid("def estimate(raw):\n    est_tokens = len(raw) // 4 + 3000\n    return est_tokens\n", line=2),
)

_CLAMPED_CHARS = (
    "def effective_budget(max_tokens, max_chars):\n"
    "    token_budget = max_tokens * 4\n"
    "    return min(token_budget, {other})\n"
)
CLAMPED_CHARS_VALID = (Valid(_CLAMPED_CHARS.format(other="max_calls")),)
CLAMPED_CHARS_INVALID = (Invalid(_CLAMPED_CHARS.format(other="max_chars"), line=2),)

_SECRET = (
    "MIN_TOKEN = 20\nMAX_TOKEN = 300\n\n\n"
    "def {fn}(name: str, value: str) -> None:\n"
    "    if len(value) < MIN_TOKEN or len(value) > MAX_TOKEN:\n"
    '        raise ValueError("that does not look like a key")\n'
)
SECRET_VALID = (Valid(_SECRET.format(fn="set_secret")), Valid(_SECRET.format(fn="store_credential")))
SECRET_INVALID = (Invalid(_SECRET.format(fn="set_prompt"), line=1, count=2),)

_PATH_WORD = 'TOOL_BUDGETS = {{\n    "request": 25,\n    "search_content": 300,  # {comment}\n}}\n'
PATH_WORD_VALID = (Valid(_PATH_WORD.format(comment="search terms (post/user/token hits)")),)
PATH_WORD_INVALID = (Invalid(_PATH_WORD.format(comment="tokens of each excerpt"), line=3),)

_HELD_PIPELINE = (
    "class Adapter:\n"
    "    def generate(self, prompt):\n"
    '        """Generate within a token budget."""\n'
    '        generator = self.client["{key}"] ("text-generation", model=self.model)\n'
    "        return generator(prompt, max_length=100, num_return_sequences=1)\n"
)
HELD_PIPELINE_VALID = (Valid(_HELD_PIPELINE.format(key="formatter")),)
HELD_PIPELINE_INVALID = (Invalid(_HELD_PIPELINE.format(key="pipeline"), line=5),)

_ENCODED = "_ENTROPY_ALPHABET_SIZE = 64  # approximate for {what} tokens\n"
ENCODED_VALID = (Valid(_ENCODED.format(what="base64-ish")), Valid(_ENCODED.format(what="b64")))
ENCODED_INVALID = (Invalid(_ENCODED.format(what="prompt"), line=1),)

_BUDGET_CLASS = (
    "class {cls}:\n"
    "    def __init__(self, total_tokens: int = 8_000):\n"
    "        self.total = total_tokens\n\n\n"
    "def coding_agent_budget(total: int = 6_000) -> {cls}:\n"
    "    return {cls}(total_tokens=total)\n"
)
TOKEN_BUDGET_CLASS_VALID = (Valid(_BUDGET_CLASS.format(cls="RetryBudget")),)
TOKEN_BUDGET_CLASS_INVALID = (Invalid(_BUDGET_CLASS.format(cls="TokenBudget"), line=2, count=2),)

_MODEL_LIMIT = "DEFAULT_COMPRESSION_THRESHOLD = 0.75  # 75% of {what} (increased from 0.5)\n"
MODEL_LIMIT_VALID = (Valid(_MODEL_LIMIT.format(what="retries")),)
MODEL_LIMIT_INVALID = (Invalid(_MODEL_LIMIT.format(what="model limit"), line=1),)

_IDENTITY = (
    "class Settings:\n"
    "    max_payload_bytes: int = 262_144\n"
    "    token_rate_limit_per_minute: int = 240000\n"
    "    {other}_rate_limit_per_minute: int = 480\n"
)
IDENTITY_VALID = (Valid(_IDENTITY.format(other="ip")), Valid(_IDENTITY.format(other="user")))
IDENTITY_INVALID = (Invalid(_IDENTITY.format(other="request"), line=3),)

_KILO = (
    "TOKENS_PER_{unit} = 1000\n\n\n"
    "def format_tokens(value: int) -> str:\n"
    '    return f"{{value / TOKENS_PER_{unit}:.1f}}k tok"\n'
)
KILO_VALID = (Valid(_KILO.format(unit="KILO")),)

_CHARGED = (
    "class Planner:\n    def plan(self, ref):\n        self.budget_engine.{method}(ref, {keyword}=500)\n"
)
CHARGED_VALID = (
    Valid(_CHARGED.format(method="record_internal_call", keyword="tokens")),
    Valid(_CHARGED.format(method="consume_internal_llm_call", keyword="retries")),
)
CHARGED_INVALID = (Invalid(_CHARGED.format(method="consume_internal_llm_call", keyword="tokens"), line=3),)

_MEDIA_COST = (
    "def compress(messages, {name}: int = 85):\n"
    "    total = 0\n"
    "    for m in messages:\n"
    '        if m.get("type") == "image":\n'
    "            total += {name}\n"
    "        else:\n"
    '            total += len(m["content"]) // 4\n'
    "    return total\n"
)
MEDIA_COST_VALID = (Valid(_MEDIA_COST.format(name="image_dollar_cost")),)
MEDIA_COST_INVALID = (Invalid(_MEDIA_COST.format(name="image_token_cost"), line=1),)

#: The review's narrowings (see the module's docstring), per rule.
REVIEW61_PB101_VALID = (
    Valid('def faucet():\n    return {"cap": 5000, "tokens_spent": 0}\n'),
    Valid(
        "def tools():\n"
        '    return {"limit": {"type": "integer", "maximum": 1000, "description": "Maximum number of API tokens to list"}}\n'
    ),
)
_REVIEW_OPTION = (
    "import argparse\n{imports}\n\n"
    "def parse_args():\n"
    "    p = argparse.ArgumentParser()\n"
    '    p.add_argument("--{option}", type=int, default={value}, help="{help}")\n'
    "    return p.parse_args()\n"
)
REVIEW61_PB102_VALID = (
    Valid(
        _REVIEW_OPTION.format(
            imports="from transformers import DynamicCache",
            option="mem-budget",
            value=2048,
            help="GPU memory budget in MiB",
        )
    ),
    Valid(
        _REVIEW_OPTION.format(imports="import kvstore", option="budget", value=500, help="entries to fetch")
    ),
    Valid(
        _REVIEW_OPTION.format(
            imports="", option="context", value=8192, help="bytes of context around each change"
        )
    ),
    Valid(
        '"""OAuth refresh-token pool per tenant."""\n\n\n'
        "class RefreshTokenBudget:\n    def __init__(self, tenant, total_tokens: int = 1000):\n        self.total = total_tokens\n"
    ),
)
REVIEW61_PB102_INVALID = (
    Invalid("DEFAULT_WINDOW = 65536  # base 64k tokens; rope scaling extends it\n", line=1),
    Invalid(
        'LIMITS = {\n    "system": 500,\n    "history": 3000,  # tokens/turn kept of the chat\n}\n', line=3
    ),
)
REVIEW61_PB103_VALID = (
    Valid(
        "def rotate(vault, n):\n"
        "    if not 1 <= n <= 5000:\n"
        '        raise ValueError("n must be 1 to 5000 GitHub tokens")\n'
        "    return vault.rotate(n)\n"
    ),
)
REVIEW61_PB105_VALID = (
    Valid("DEFAULT_THROTTLE_THRESHOLD = 0.8  # 80% of model limit, requests per minute\n"),
)
REVIEW61_PB106_VALID = (
    Valid('"""A token bucket."""\n\n\ndef take(bucket):\n    return bucket.consume(tokens=50)\n'),
    Valid("def pages_left(keys, next_token):\n    pages = len(keys) // 4 + 16\n    return pages\n"),
)
REVIEW61_PB107_INVALID = (
    Invalid(
        '"""Model catalogue: context windows in tokens and prices."""\n'
        "MODELS = [\n"
        '    Model("gpt-4o", context=128000, input=2.5, output=10.0),\n'
        '    Model("gpt-4o-mini", context=128000, input=0.15, output=0.6),\n'
        '    Model("claude-3-5-sonnet", context=200000, input=3.0, output=15.0),\n'
        "]\n",
        line=2,
    ),
)
