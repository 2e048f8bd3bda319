"""Cases from sets 283 onward (issue 19).

PB101: not a rate limiter's bucket size (set 283: alexandria-wiki's ``RateLimitConfig(max_tokens=5000,
refill_rate=5000 / 3600)`` for the GitHub API, ``bucket_refills.bucket_call``), though a client's ``max_tokens=``
beside a rate of requests is a budget. A setting named for tokens beside a budget in one dict (set 283:
eda-bridge-runtime's ``"compaction": {"reserveTokens": 16384, "keepRecentTokens": 16000}``, ``request_entries``),
not a count of tokens beside it. A default handed to a project's own reader of the environment (set 285:
nonprofit-agent-harness's ``max_tokens=_env_int("HARNESS_MAX_TOKENS", 200_000)``, ``env_defaults``).

PB104: a file's size in bytes divided into a token estimate (set 283: alexandria-wiki's ``size =
path.stat().st_size`` ... ``tokens_est = size // 4`` shown to an agent as "~N tokens", ``pb104_chars_per_token``).

PB102: the fallback of a lookup in a class's table of windows read through ``self`` (set 285: pact-agents'
``self._MAX_OUTPUT_TOKENS.get(self._model, self._DEFAULT_MAX_OUTPUT)``, ``table_fallbacks``).

PB103: a threshold compared with a local summing token counts (set 285: pact-agents' ``total = sum(pt.total_tokens
for pt in metrics.phase_tokens.values())`` ... ``if total < 1000``, ``counted_locals.summed_counts``).

PB105: not a share named for a budget in a module whose budget is money (set 285: pact-agents'
``shaping_budget_pct = 0.15`` beside ``budget_total: float = 100.0``, ``money_budgets``).

Set 287's: PB103, a threshold on a token estimate named ``token_estimate`` (warderbox's ``if token_estimate > 4000:
score += 0.10``, ``names.is_token_amount``); PB102, a field given as the fallback of a budget in a conditional
(green-sarc's ``action.max_tokens if action.max_tokens is not None else self.default_completion_tokens``,
``deferred``); PB105, a share beside a budget read off an object holding budgets (icelake's ``_WARN_FRACTION *
daily`` where ``daily = self._budgets.guild_daily_prompt_tokens``, ``budget_holders``), not a collision's or a
sanity check's similarity threshold named like a summary's; PB106, headroom added to an estimate given as a count of
tokens (icelake's ``prompt_tokens=len(request.model_dump_json().encode()) + 512``, ``estimate_headroom``).

Set 289's, PB101: an environment read's default given to a budget whatever its variable is named, a request's
output cap from two tokens up (ioa-core's ``"num_predict": int(os.getenv("IOA_OLLAMA_NUM_PREDICT", "16"))`` and
``max_tokens = int(os.getenv("IOA_SMOKETEST_MAX_TOKENS", "3"))``, ``env_defaults``), and a small output cap written
into a request's dict one entry at a time (``retry_options["num_predict"] = 8``, ``small_caps.small_entry``); PB102,
a command-line option's small output cap (``@click.option("--max-tokens", type=int, default=3)``, ``token_options``)
outside a probe's command.

Set 291's: PB104, a fallback counter bound to a name spelling tokens as ``ntok`` (mfs-server's ``ntok = lambda s:
max(1, len(s) // 4)`` when tiktoken is missing, ``names.TOKEN_WORDS``); PB107, a table of token caps named as
one whose rows hold no string, unpacked by a loop and compared with a budget (skillsmith's
``DEFAULT_BUDGET_DEPTH_BY_TOKENS = ((1200, 1), (2400, 2))``, ``pb107_unpacked_rows``).

Set 293's, PB101: a tuple of defaults returned where the function's other return gives locals bound to reads of
budget keys (aacode's ``return 100000, 20000, 2, 4`` beside ``trigger = int(getattr(cfg, "retrieval_trigger_tokens",
...))`` ... ``return trigger, keep, recent, rounds``, ``sibling_returns``); PB104, what is left of a budget read with a fallback (``total_budget = cfg.max_context_length if
cfg else 16000``), kept off zero (``max(0, total_budget - current_tokens)``), times a share and four into a
character cut-off (aacode's ``_adaptive_threshold_chars``, ``kept_budgets.kept_of``, ``LintRule.budget_expr``), and a
count of tokens times four repeating a string (aacode's ``"x" * (stub_tokens * 4)``,
``character_reads.repeats_string``).

Set 295's, PB106: an overhead added to a tally that a length times a rate named for tokens fills (autoreport-gui's
``total += 4  # Per-message overhead`` beside ``total += int(len(m.content) * _TOKENS_PER_CHAR)``,
``token_overheads``), not a count of items times a cost.

Set 297's: PB102, a budget compared with a sum of a counter's estimates (maat16-agentlint's ``total =
sum(est_tokens(...) for e in es)`` ... ``if total > DESC_BUDGET``, ``counted_locals.summed_counts``); PB105, not a
threshold parameter of a function named for a match or a score (kp-build's ``def titles_match(a, b, *, threshold=0.6)``,
a Jaccard cut-off), whatever budget the module holds.

Set 299's, PB104: a rate named as the characters a token is equivalent to (federaide-dev-nightly's
``token_equivalent_char_number: float = 3.9`` and its ``getattr`` defaults, ``forms.per_token_key``).

Set 301's: PB102, a field's default through ``Field`` imported under another name (lumberjack-py's ``from pydantic
import Field as PydanticField`` ... ``max_tokens: int = PydanticField(1200, gt=0)``, ``import_aliases``); PB104, the
``count`` method of a class named for a tokenizer (``ApproxByteTokenizer.count``: ``len(text.encode("utf-8")) //
3``, ``pb104_context``).

PB107: a table of embedding models' windows written as pairs (set 285: neatmem's ``_EMBEDDING_MODEL_MAX_TOKENS_TABLE =
[("qwen3-embedding", 32768), ("bge-m3", 8192), ("text-embedding-3", 8191), ...]``, ``model_names``).

Spliced into ``pb101_set111_cases``, ``pb102_set117_cases``, ``pb103_set73_cases``, ``pb105_set111_cases`` and
``pb107_set63_cases``; set 287's into ``pb102_set117_cases``, ``pb103_set73_cases``, ``pb105_set111_cases`` and
``pb106_total_cases``; set 291's into ``pb104_set111_cases`` and ``pb107_set63_cases``."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_BUCKET = "limiter = RateLimiter({call}(max_tokens=5000, {rate}=5000 / 3600))\n"

BUCKET_VALID = (
    Valid(_BUCKET.format(call="RateLimitConfig", rate="refill_rate")),
    Valid(_BUCKET.format(call="RateLimitConfig", rate="leak_per_second")),
    Valid("bucket = TokenBucket(max_tokens=100)\n"),
)
BUCKET_INVALID = (
    # a client's output cap beside its own rate of requests: no bucket
    Invalid(_BUCKET.format(call="ChatClient", rate="requests_per_minute")),
    Invalid("llm = LLM(model='gpt-4o', max_tokens=4096, rate=2)\n"),
)

_COMPACTION = (
    'settings.update({{"compaction": {{"enabled": True, "reserveTokens": 16384, {key!r}: 16000}}}})\n'
)
BESIDE_VALID = (
    Valid(_COMPACTION.format(key="totalTokens").replace("16384", "n")),
    Valid('usage = {"max_tokens": n, "total_tokens": 16000}\n'),  # a count beside the budget
    Valid('row = {"keepRecentTokens": 16000, "retries": 3}\n'),  # no budget beside it
    # counts a test's fixture reports beside a budget (codee-agent, seen by comparing the corpus)
    Valid('event = {"maxTokens": n, "preCompactionTokens": 120500, "postCompactionTokens": 9000}\n'),
)
BESIDE_INVALID = (Invalid(_COMPACTION.format(key="keepRecentTokens"), count=2),)

_ENV_HELPER = (
    "import os\n"
    "def _env_int(key, default=None):\n"
    "    raw = os.getenv(key)\n"
    "    return int(raw) if raw else default\n"
    "def settings():\n"
    '    return Config(max_tokens={call}("HARNESS_MAX_TOKENS", 200_000))\n'
)
ENV_HELPER_VALID = (
    Valid(
        _ENV_HELPER.format(call="_env_int").replace("max_tokens=", "max_calls=").replace("_TOKENS", "_CALLS")
    ),
    Valid(_ENV_HELPER.format(call="_clamp")),  # no reader of the environment by its name
    # a cache's entries (litellm, seen by comparing the corpus)
    Valid('MCP_TOKEN_EXCHANGE_CACHE_MAX_SIZE = get_env_int("MCP_TOKEN_EXCHANGE_CACHE_MAX_SIZE", 500)\n'),
)
ENV_HELPER_INVALID = (
    Invalid(_ENV_HELPER.format(call="_env_int"), line=6),
    # a setting's `or` fallback read from the environment (set 51: pysubtrans; valid before set 253's reading)
    Invalid(
        "def read(settings):\n    return settings.get_int('max_tokens') or env_int('CLAUDE_MAX_TOKENS', 4096)\n"
    ),
)

_CLASS_TABLE = (
    "class OpenAIBackend:\n"
    "    {table}: dict[str, int] = {{'gpt-4o': 16384, 'gpt-4o-mini': 16384, 'gpt-4-turbo': 4096}}\n"
    "    _DEFAULT_MAX_OUTPUT = 16384\n"
    "    def assess(self, max_tokens):\n"
    "        model_max = self.{table}.get(self._model, self._DEFAULT_MAX_OUTPUT)\n"
    "        return min(max_tokens, model_max)\n"
)
CLASS_TABLE_VALID = (
    Valid(_CLASS_TABLE.format(table="_UPLOAD_BYTES").replace("16384, 'gpt-4o-mini'", "1, 'gpt-4o-mini'")),
)
CLASS_TABLE_INVALID = (Invalid(_CLASS_TABLE.format(table="_MAX_OUTPUT_TOKENS"), line=3),)

_SUMMED = "def balance(metrics):\n    total = sum(pt.{field} for pt in metrics.phases.values())\n    if total < 1000:\n        return None\n"
SUMMED_VALID = (Valid(_SUMMED.format(field="duration")),)  # seconds summed, no tokens
SUMMED_INVALID = (Invalid(_SUMMED.format(field="total_tokens"), line=3),)

_MONEY = (
    "class Shaper:\n"
    "    def __init__(self, shaping_budget_pct: float = 0.15, budget_total: {kind} = 100):\n"
    "        self.shaping_budget_pct = shaping_budget_pct\n"
)
MONEY_VALID = (Valid(_MONEY.format(kind="float")),)  # a share of dollars
MONEY_INVALID = (Invalid(_MONEY.format(kind="int"), line=2),)  # a share of a whole budget: tokens

_EMBEDDERS = "{name} = [\n    ('bge-m3', 8192),\n    ('bge-large', 512),\n    ('text-embedding-3', 8191),\n    ('nomic-embed-text', 8192),\n]\n"
EMBEDDERS_VALID = (
    Valid(_EMBEDDERS.format(name="_EMBEDDING_DIMENSIONS_BY_SIZE")),  # no window by its name
    # embedding models' dimensions (dsrag, logicore, lancedb: seen by comparing the corpus)
    Valid('dimensionality = {"embed-english-v3.0": 1024, "voyage-large-2": 1536, "nomic-embed-text": 768}\n'),
    Valid(
        "class Embedder:\n    OLLAMA_MODELS = {'nomic-embed-text': 768, 'all-minilm': 384, 'mxbai-embed-large': 1024}\n"
        "    def __init__(self, name):\n        self.dimension = self.OLLAMA_MODELS.get(name, 1024)\n"
    ),
)
EMBEDDERS_INVALID = (Invalid(_EMBEDDERS.format(name="_EMBEDDING_MODEL_MAX_TOKENS_TABLE"), line=1),)

_LADDER = "def route(prompt, {name}: int = 0):\n    score = 0.0\n    if {name} > 4000:\n        score += 0.10\n    return score\n"
ESTIMATE_VALID = (Valid(_LADDER.format(name="word_estimate")),)
ESTIMATE_INVALID = (Invalid(_LADDER.format(name="token_estimate"), line=3),)

_COLD_START = (
    "from dataclasses import dataclass\n"
    "@dataclass\n"
    "class ColdStartEstimator:\n"
    "    default_completion_tokens: int = 1024\n"
    "    def estimate(self, action):\n"
    "        return action.{cap} if action.{cap} is not None else self.default_completion_tokens\n"
)
COLD_START_VALID = (Valid(_COLD_START.format(cap="retries")),)  # the fallback of no budget
COLD_START_INVALID = (Invalid(_COLD_START.format(cap="max_tokens"), line=4),)

_HELD = (
    "_WARN_FRACTION = 0.8\n"
    "class Meter:\n"
    "    def step(self, used):\n"
    "        daily = self.{holder}.daily_prompt_tokens\n"
    "        return daily is not None and used >= _WARN_FRACTION * daily\n"
)
HELD_VALID = (
    Valid(_HELD.format(holder="_stats")),  # a count of tokens read off statistics: no budget
    Valid(
        "class ExtractionConfig:\n    summary_sanity_threshold: float = 0.55\n    collision_threshold = 0.85\n"
    ),
)
HELD_INVALID = (Invalid(_HELD.format(holder="_budgets"), line=1),)

_HEADROOM = "async def complete(meter, request):\n    return await meter.reserve(request.guild_id, {key}=len(request.model_dump_json().encode()) + 512)\n"
HEADROOM_VALID = (
    Valid(_HEADROOM.format(key="prompt_bytes")),  # bytes given as bytes
    Valid("usage = Usage(prompt_tokens=100 + 28)\n"),  # two numbers written, no estimate
    Valid("step = State(total_tokens=state.total_tokens + 50)\n"),  # a count moved on (vidurai's dreamer)
)
HEADROOM_INVALID = (Invalid(_HEADROOM.format(key="prompt_tokens"), line=2),)

_SMALL_ENV = "import os\ndef options(max_tokens):\n    {target} = int(os.getenv({variable!r}, {default!r}))\n    return {target}\n"
SMALL_ENV_VALID = (
    Valid(
        _SMALL_ENV.format(target="max_tokens", variable="IOA_SMOKETEST_MAX_TOKENS", default="1")
    ),  # a probe's
    Valid(_SMALL_ENV.format(target="max_retries", variable="IOA_MAX_RETRIES", default="3")),
    Valid("def retry(options):\n    options['num_retries'] = 8\n    return options\n"),
    # a length in no unit, a share, seconds (arshai, awaf, atendentepro: seen by comparing the corpus)
    Valid(
        "import os\ndef load(config_dict):\n"
        "    config_dict['max_prompt_length'] = int(os.environ.get('ARSHAI_MAX_PROMPT_LENGTH', '500'))\n"
        "    max_context_pct = float(os.environ.get('AWAF_MAX_CONTEXT_PCT', '85'))\n"
        "    token_budget_window_seconds = int(os.environ.get('APP_TOKEN_BUDGET_WINDOW_SECONDS', '3600'))\n"
        "    return max_context_pct, token_budget_window_seconds\n"
    ),
)
SMALL_ENV_INVALID = (
    Invalid(_SMALL_ENV.format(target="max_tokens", variable="IOA_SMOKETEST_MAX_TOKENS", default="3"), line=3),
    Invalid(
        "import os\ndef preset():\n"
        "    return {'num_predict': int(os.getenv('IOA_OLLAMA_NUM_PREDICT', '16')), 'temperature': 0.0}\n",
        line=3,
    ),
    Invalid(
        "def retry(options):\n    retry_options = dict(options)\n    retry_options['num_predict'] = 8\n",
        line=3,
    ),
)

_NTOK = (
    "def estimate(texts):\n"
    "    try:\n"
    "        import tiktoken\n"
    "        enc = tiktoken.get_encoding('cl100k_base')\n"
    "        {name} = lambda s: len(enc.encode(s))\n"
    "    except ImportError:\n"
    "        {name} = lambda s: max(1, len(s) // 4)\n"
    "    return sum({name}(t) for t in texts)\n"
)
NTOK_VALID = (Valid(_NTOK.format(name="nrow").replace("len(enc.encode(s))", "s.count('\\n')")),)
NTOK_INVALID = (Invalid(_NTOK.format(name="ntok"), line=7),)

_DEPTHS = (
    "{name} = ((1200, 1), (2400, 2))\n"
    "def plan(budget_tokens):\n"
    "    for token_cap, depth in {name}:\n"
    "        if budget_tokens <= token_cap:\n"
    "            return depth\n"
    "    return None\n"
)
DEPTHS_VALID = (Valid(_DEPTHS.format(name="DEFAULT_DEPTH_BY_LINES").replace("budget_tokens", "line_count")),)
DEPTHS_INVALID = (Invalid(_DEPTHS.format(name="DEFAULT_BUDGET_DEPTH_BY_TOKENS"), line=1),)

_CLICK = "import click\n@click.command()\n@click.option('--{option}', type=int, default=3)\ndef {fn}({dest}):\n    pass\n"
CLICK_SMALL_VALID = (
    Valid(_CLICK.format(option="max-retries", dest="max_retries", fn="run")),
    Valid(_CLICK.format(option="max-tokens", dest="max_tokens", fn="health_check")),  # a probe's cap
)
CLICK_SMALL_INVALID = (Invalid(_CLICK.format(option="max-tokens", dest="max_tokens", fn="run"), line=3),)

_FILE_SIZE = "def read(path):\n    size = path.stat().st_size\n    {target} = size // 4\n    return f'~{{{target}}} tokens'\n"
FILE_SIZE_VALID = (Valid(_FILE_SIZE.format(target="n_floats").replace(" tokens", " floats")),)
FILE_SIZE_INVALID = (Invalid(_FILE_SIZE.format(target="tokens_est"), line=3),)

_DEFAULTS_TUPLE = (
    "class Loop:\n"
    "    def _config(self):\n"
    "        cfg = self.cfg\n"
    "        if not cfg:\n"
    "            return 100000, 2\n"
    "        trigger = cfg.get({key!r})\n"
    "        recent = cfg.get('keep_recent_user_messages')\n"
    "        return trigger, recent\n"
)
DEFAULTS_TUPLE_VALID = (Valid(_DEFAULTS_TUPLE.format(key="retrieval_trigger_seconds")),)
DEFAULTS_TUPLE_INVALID = (Invalid(_DEFAULTS_TUPLE.format(key="retrieval_trigger_tokens"), line=5),)

_STUB = "def view(messages, {count}):\n    return [*messages, {{'role': 'user', 'content': 'x' * ({count} * 4)}}]\n"
STUB_VALID = (Valid(_STUB.format(count="width")),)
STUB_INVALID = (Invalid(_STUB.format(count="stub_tokens"), line=2),)

_TALLY = (
    "_{rate} = 0.25\n"
    "def _estimate_tokens(messages) -> int:\n"
    "    total = 0\n"
    "    for m in messages:\n"
    "        total += 4  # per-message overhead\n"
    "        total += int(len(m.content) * _{rate})\n"
    "    return total\n"
)
TALLY_VALID = (Valid(_TALLY.format(rate="WEIGHT")),)  # a weighted length: no tokens said
TALLY_INVALID = (Invalid(_TALLY.format(rate="TOKENS_PER_CHAR"), line=5),)

_ADAPTIVE = (
    "class Loop:\n"
    "    def step(self, current_tokens, settings):\n"
    "        total_budget = self.cfg.max_context_length if self.cfg else 16000\n"
    "        remaining_budget = max(0, total_budget - current_tokens)\n"
    "        self._adaptive_threshold_{unit} = int(remaining_budget * settings.output.budget_ratio * 4)\n"
)
ADAPTIVE_VALID = (
    Valid(
        _ADAPTIVE.format(unit="rows")
        .replace("current_tokens", "current_rows")
        .replace("max_context_length", "max_rows")
    ),
)
ADAPTIVE_INVALID = (Invalid(_ADAPTIVE.format(unit="chars"), line=5),)

_DESCS = (
    "DESC_BUDGET = 15000\n"
    "def est_tokens(s):\n    return len(s.split())\n"
    "def check(es):\n    total = sum({count}(e['description']) for e in es)\n    return total > DESC_BUDGET\n"
)
DESCS_VALID = (Valid(_DESCS.format(count="len")),)  # characters summed
DESCS_INVALID = (Invalid(_DESCS.format(count="est_tokens"), line=1),)

_MATCH = (
    "def {fn}(a, b, *, threshold: float = 0.6):\n"
    "    max_tokens = 4000\n"
    "    return len(a & b) / max(len(a | b), 1) >= threshold and len(a) < max_tokens\n"
)
MATCH_VALID = (Valid(_MATCH.format(fn="titles_match")),)
MATCH_INVALID = (Invalid(_MATCH.format(fn="titles_close"), line=1),)

_EQUIVALENT = "def estimate(config, total_chars):\n    return total_chars / getattr(config, {name!r}, 3.9)\n"
EQUIVALENT_VALID = (Valid(_EQUIVALENT.format(name="token_equivalent_weight")),)
EQUIVALENT_INVALID = (Invalid(_EQUIVALENT.format(name="token_equivalent_char_number"), line=2),)

_ALIASED = (
    "from pydantic import BaseModel, {imported}\n"
    "class SplitRequest(BaseModel):\n"
    "    max_tokens: int = {callee}(1200, gt=0)\n"
)
ALIASED_VALID = (Valid(_ALIASED.format(imported="validator as PydanticField", callee="PydanticField")),)
ALIASED_INVALID = (
    Invalid(_ALIASED.format(imported="Field as PydanticField", callee="PydanticField"), line=3),
)

_APPROX = (
    "class {cls}:\n    def count(self, text: str) -> int:\n        return len(text.encode('utf-8')) // 3\n"
)
APPROX_VALID = (Valid(_APPROX.format(cls="ApproxByteSizer")),)
APPROX_INVALID = (Invalid(_APPROX.format(cls="ApproxByteTokenizer"), line=3),)
