"""Cases from sets 389 onward (issue 19), read by the rules they name.

Set 389's: PB101 and PB102, not a getter named for a context budget whose every call gives its value to a slot in
characters (sozograph's ``_default_context_budget()`` returning ``int(os.getenv("..._CONTEXT_BUDGET", "6000"))``,
called only as ``budget_chars=budget_chars or _default_context_budget()``, ``char_getters``); PB102 and PB106, not a
time-series forecaster's history (forecast-agent-sdk's ``create_nonstationary_demo(cls, context_length=540,
horizon=42)`` and ``time_steps - (context_length - 70)``, ``forecast_contexts``); PB101, not ``"max_length": 20``
in a model's whole configuration written out (owistscribe's Donut-Swin backbone, beside ``"tie_word_embeddings"``,
``request_entries``).

Set 391's: PB104, a rate of 2 characters per token giving a dict's ``"tokens"`` entry (leo-mcp's ``return
{"context": context, "tokens": len(context) // 2}``, ``pb104_context.result_is_tokens``).

Set 393's: PB106 and PB102, not a sentinel standing in for a count that failed (open-swarm's ``msg, tokens =
msg_tokens[i]`` ... ``except (IndexError, AssertionError): tokens = 9999``, ``count_sentinels``), but the overhead a
word count adds in a function counting tokens (``return len(processed_text.split()) + 5`` in ``get_token_count``,
``token_overheads``); PB101, the default of an environment read through a method of the class
(skillmind's ``self._env_int("SKILLMIND_YT_MAX_TOKENS", 4096)``, ``env_defaults``); PB104, words times a rate under
1 returned as a count of tokens (teaval's ``return round(len(total_text.split()) * 0.75)`` in ``token_count``).

Set 395's: PB105, a tolerance over a budget, the product ordered against a count of tokens (repoview's ``if
actual_tokens > TOKEN_BUDGET * 1.05``, ``shares.margin_on_budget``); not a hundred percent of the budget (``pct <
100``: the budget itself, ``ratio_reads``) nor a colour chosen by a chain of conditional expressions bound to a local
only formatted into a string (``color = "green" if pct < 75 else "yellow" if pct < 95 else "red"``,
``style_thresholds.labels_only``); PB102, not a unit of scale dividing tokens (absolute-self-governance's
``TOKEN_SCALE = 1000.0``, ``word_counts.scale_divisor``); PB103, not the number below which a count is taken as already
in millions (nasde-toolkit's ``tokens if tokens < 1000 else tokens / 1e6``, ``pb103_display.switches_unit``).

Set 399's: PB102, not a time-series model's context in a registry (tsagentkit's ``ModelSpec(...,
max_context_length=8192)`` for Chronos-2, ``learned_lengths`` asking ``forecast_contexts``), nor a constant every
read of which is a JSON schema's ``maxLength=``, a string's length's bound or a message saying characters
(easy-cheese-schemas' ``MAX_CONTEXT_TEXT_LENGTH = 8192``, ``not_limits.only_sizes_fields``); but a parameter its
docstring opens on the tokens it reserves (weaver-kernel's ``default_request: Tokens to reserve per allocate
call``, ``param_docstrings``).

Set 401's: PB102, an overlap compared with a budget of tokens and stored as ``self.overlap = int(overlap)``
(coralbricks-context-prep's sliding chunker: the conversion no longer hides the parameter, ``budget_bindings``);
PB105, half of a model's sequence length bound as a prompt's budget (grpo-in-sandbox's ``max_prompt_length =
config.max_seq_length // 2``, ``budget_halves``).

Set 403's: PB102, not a token bucket's burst (ironmesh's ``TokenBucket(rate=20.0, burst=100)``,
``compared_counts.in_bucket_class``) nor a level beside a budget whose comment names another unit (memorytrace's
``thin_page_threshold: int = 300  # bytes``, ``threshold_siblings``).

Set 405's: PB102, not a limit of a module's own lexer named ``_tokenize_<language>`` beside its parser (wger-agent's
``MAX_LICENSE_TOKENS = 256`` of SPDX license expressions, ``lexer_tokens``).

Set 413's: PB102, not a limit of a lexer written by hand (every-app-is-open-source's JavaScript scanner,
``tokens.append(('identifier', ...))`` counted against ``max_tokens=100000``, ``lexer_tokens``) nor a number every
read of which is ordered against how many terms two texts share (memall-os' ``_CHAIN_OVERLAP_THRESHOLD = 40  # min
token overlap`` against ``len(terms(a) & terms(b))``, ``word_counts``); nor a field naming no tokens in a class of
limits whose fields read as budgets name tokens (reflection-agent's ``max_skills = 20``, ``limit_classes``, a
project-wide reading: ``tests/lint/test_set157_project.py``).

Set 415's: PB104, characters turned into a number by a conversion of the project's before the rate
(agent-telemetry-app's ``sum(_number(item.get("desc_chars")) / 4.0 for item in idle)``, ``pb104_rates``).

Set 417's: PB101, the ``min=``/``max=`` bounds of a command-line option whose help opens on a token budget (errd's
``typer.Option("--budget", help="Token budget ...", min=500, max=128000)``, ``inline_forms``); PB102, not a ranking
weight's cap (eggcalc's ``_SEARCH_WEIGHT_KEYWORD_TOKEN_CAP = 45``, ``names.EXCLUDED_WORDS``).

A guard on set 403's token buckets: a class named for a storage bucket (iyrin-py's ``AwsBucketLoader``) is no rate
limiter, and a parameter of a rate limiter's class leaves its name free for the module's other functions (the first
reading dropped iyrin-py's twenty-six chunk sizes given to a tiktoken splitter: ``compared_counts.in_bucket_class``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CHAR_GETTER = (
    "import os\n\n\n"
    "def _default_context_budget() -> int:\n"
    '    return int(os.getenv("APP_DEFAULT_CONTEXT_BUDGET", "6000"))\n\n\n'
    "def export(text, {unit}=None):\n"
    "    return render(text, {unit}={unit} or _default_context_budget())\n"
)
CHAR_GETTER_VALID = (Valid(_CHAR_GETTER.format(unit="budget_chars")),)
CHAR_GETTER_INVALID = (Invalid(_CHAR_GETTER.format(unit="budget_tokens"), line=5),)

_FORECAST = (
    "import numpy as np\n\n\n"
    "def create_demo(context_length: int = 540, horizon: int = 42):\n"
    '    """A demand series to {verb}."""\n'
    "    steps = np.arange(context_length + horizon)\n"
    "    return np.sin(steps - (context_length - 70))\n"
)
FORECAST_DEMO_VALID = (Valid(_FORECAST.format(verb="forecast")),)
FORECAST_DEMO_INVALID = (Invalid(_FORECAST.format(verb="put in the prompt"), line=4),)
FORECAST_RESERVE_VALID = FORECAST_DEMO_VALID
FORECAST_RESERVE_INVALID = (Invalid(_FORECAST.format(verb="put in the prompt"), line=7),)

_TOKENS_KEY = "def compute(context):\n    return {{{key!r}: len(context) // 2, 'context': context}}\n"
TOKENS_KEY_VALID = (Valid(_TOKENS_KEY.format(key="half")),)
TOKENS_KEY_INVALID = (Invalid(_TOKENS_KEY.format(key="tokens"), line=2),)

_SENTINEL = (
    "def truncate(msg_tokens, budget):\n"
    "    total_tokens = {start}\n"
    "    for i in range(len(msg_tokens)):\n"
    "        try:\n"
    "            msg, tokens = msg_tokens[i]\n"
    "        except IndexError:\n"
    "            tokens = 9999\n"
    "        if total_tokens + tokens > budget:\n"
    "            break\n"
    "        total_tokens += tokens\n"
    "    return total_tokens\n"
)
SENTINEL_VALID = (Valid(_SENTINEL.format(start=0)),)
SENTINEL_INVALID = (Invalid(_SENTINEL.format(start=3), line=2),)  # the tally's start, not the sentinel


_WORDS_PLUS = "def {name}(text):\n    return len(text.split()) + 5\n"
WORDS_PLUS_VALID = (Valid(_WORDS_PLUS.format(name="word_count")),)
WORDS_PLUS_INVALID = (Invalid(_WORDS_PLUS.format(name="get_token_count"), line=2),)

_ENV_METHOD = (
    "import os\n\n\n"
    "class Learner:\n"
    "    def __init__(self):\n"
    '        self.max_output_tokens = self.{reader}("APP_MAX_TOKENS", 4096)\n\n'
    "    @staticmethod\n"
    "    def {reader}(name, default):\n"
    '        raw = os.environ.get(name, "").strip()\n'
    "        return int(raw) if raw else default\n"
)
ENV_METHOD_VALID = (Valid(_ENV_METHOD.format(reader="_setting")),)
ENV_METHOD_INVALID = (Invalid(_ENV_METHOD.format(reader="_env_int"), line=6),)

_WORDS_TIMES = (
    "class Run:\n"
    "    @property\n"
    "    def {name}(self):\n"
    '        text = " ".join(self.steps)\n'
    "        return round(len(text.split()) * 0.75)\n"
)
WORDS_TIMES_VALID = (Valid(_WORDS_TIMES.format(name="reading_minutes")),)
WORDS_TIMES_INVALID = (Invalid(_WORDS_TIMES.format(name="token_count"), line=5),)

_TOLERANCE = (
    "TOKEN_BUDGET = 800_000\n\n\n"
    "def check(actual_tokens, elapsed, warnings):\n"
    "    if {left} > TOKEN_BUDGET * 1.05:\n"
    '        warnings.append("over budget")\n'
)
TOLERANCE_VALID = (Valid(_TOLERANCE.format(left="elapsed")),)
TOLERANCE_INVALID = (Invalid(_TOLERANCE.format(left="actual_tokens"), line=5),)

_GAUGE = (
    "TOKEN_BUDGET = 800_000\n\n\n"
    "def show(result, console):\n"
    "    pct = result.total_tokens / TOKEN_BUDGET * 100\n"
    '    color = "green" if pct < 75 else "yellow" if pct < 95 else "red"\n'
    "    {use}\n"
    '    label = "fits" if pct < 75 else "tight" if pct < 100 else "over"\n'
    '    console.print(f"{{label}}")\n'
)
GAUGE_VALID = (Valid(_GAUGE.format(use='console.print(f"[{color}]{pct:.0f}%[/{color}]")')),)
GAUGE_INVALID = (Invalid(_GAUGE.format(use="if color == 'red': result.compact()"), line=6, count=2),)

_SCALE = (
    "{name} = 1000.0  # tokens are in the hundreds to thousands\n\n\n"
    "def objective(quality, tokens):\n"
    "    return quality - 0.1 * (tokens / {name})\n"
)
SCALE_VALID = (Valid(_SCALE.format(name="TOKEN_SCALE")),)
SCALE_INVALID = (Invalid(_SCALE.format(name="TOKEN_LIMIT"), line=1),)

_MODEL_CONFIG = (
    "def backbone(hidden_size):\n"
    "    config = {{\n"
    '        "hidden_size": hidden_size,\n'
    '        "{key}": False,\n'
    '        "max_length": 20,\n'
    '        "repetition_penalty": 1.0,\n'
    '        "decoder_start_token_id": None,\n'
    "    }}\n"
    "    return Config(**config)\n"
)
MODEL_CONFIG_VALID = (Valid(_MODEL_CONFIG.format(key="tie_word_embeddings")),)
MODEL_CONFIG_INVALID = (Invalid(_MODEL_CONFIG.format(key="stream"), line=5),)

_SPEC = (
    '"""Forecasting {what}: a registry of models."""\n\n'
    'CHRONOS = ModelSpec(name="chronos", max_context_length=8192)\n\n\n'
    "def check(spec, context_length):\n"
    "    if context_length > spec.max_context_length:\n"
    "        raise ValueError(context_length)\n"
)
FORECAST_SPEC_VALID = (Valid(_SPEC.format(what="series")),)
FORECAST_SPEC_INVALID = (Invalid(_SPEC.format(what="with an LLM"), line=3),)

_SCHEMA_TEXT = (
    "MAX_CONTEXT_TEXT_LENGTH = 8192\n\n\n"
    "@schema_constraints(minLength=1, maxLength=MAX_CONTEXT_TEXT_LENGTH)\n"
    "def _context_string(attribute, value):\n"
    "    if len(value) > MAX_CONTEXT_TEXT_LENGTH:\n"
    '        raise ValueError(f"{{attribute}} must be at most {{MAX_CONTEXT_TEXT_LENGTH}} {unit}")\n'
)
SCHEMA_TEXT_VALID = (Valid(_SCHEMA_TEXT.format(unit="characters")),)
SCHEMA_TEXT_INVALID = (Invalid(_SCHEMA_TEXT.format(unit="tokens"), line=1),)

_REQUEST_RESERVE = (
    "class BudgetManager:\n"
    "    def __init__(self, *, default_request: int = 4_000) -> None:\n"
    '        """Args:\n'
    "            default_request: {what} to reserve per allocate call.\n"
    '        """\n'
    "        self._default_request = default_request\n"
)
REQUEST_RESERVE_VALID = (Valid(_REQUEST_RESERVE.format(what="Slots")),)
REQUEST_RESERVE_INVALID = (Invalid(_REQUEST_RESERVE.format(what="Tokens"), line=2),)

_UNIT_SWITCH = (
    "def point(tokens):\n    millions = tokens if tokens < 1000 else {other}\n    return millions\n"
)
UNIT_SWITCH_VALID = (Valid(_UNIT_SWITCH.format(other="tokens / 1e6")),)
UNIT_SWITCH_INVALID = (Invalid(_UNIT_SWITCH.format(other="tokens - 1000"), line=2),)

_STORED_OVERLAP = (
    "class SlidingChunker:\n"
    "    def __init__(self, *, target_{unit}: int = 512, overlap: int = 64) -> None:\n"
    "        if overlap >= target_{unit}:\n"
    '            raise ValueError("overlap must be < target")\n'
    "        self.overlap = int(overlap)\n"
)
STORED_OVERLAP_VALID = (Valid(_STORED_OVERLAP.format(unit="lines")),)
STORED_OVERLAP_INVALID = (Invalid(_STORED_OVERLAP.format(unit="tokens"), line=2, count=2),)

_SEQ_HALF = (
    "def grpo_config(config):\n    max_prompt_length = config.max_{what} // 2\n    return max_prompt_length\n"
)
SEQ_HALF_VALID = (Valid(_SEQ_HALF.format(what="retries")),)
SEQ_HALF_INVALID = (Invalid(_SEQ_HALF.format(what="seq_length"), line=2),)

_BUCKET = (
    "import time\n\n\n"
    "class {name}:\n"
    "    def __init__(self, rate: float = 20.0, burst: int = 100):\n"
    "        self.rate = rate\n"
    "        self.burst = burst\n"
    "        self._tokens = float(burst)\n"
    "        self._last = time.monotonic()\n\n"
    "    def consume(self, tokens: int = 1) -> bool:\n"
    "        now = time.monotonic()\n"
    "        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)\n"
    "        if self._tokens >= tokens:\n"
    "            self._tokens -= tokens\n"
    "            return True\n"
    "        return False\n"
)
BURST_VALID = (Valid(_BUCKET.format(name="TokenBucket")),)
BURST_INVALID = (Invalid(_BUCKET.format(name="PromptWindow"), line=5),)

_LEVEL_UNIT = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class EngramConfig:\n"
    "    default_token_budget: int = 500\n"
    "    thin_page_threshold: int = 300  # {unit}\n"
)
#: (the budget beside it is reported either way: a level in bytes is not, a level in tokens is)
LEVEL_UNIT_VALID = ()
LEVEL_UNIT_INVALID = (
    Invalid(_LEVEL_UNIT.format(unit="bytes"), line=6),
    Invalid(_LEVEL_UNIT.format(unit="warn near the budget"), count=2),  # the level on line 7 too
)

_SPDX = (
    "MAX_LICENSE_TOKENS = 256\n\n\n"
    "class _SpdxParser:\n"
    "    def __init__(self, tokens):\n"
    "        self.tokens = tokens\n\n\n"
    "def {lexer}(expression):\n"
    "    tokens = []\n"
    "    for part in expression:\n"
    "        tokens.append(part)\n"
    "    if len(tokens) > MAX_LICENSE_TOKENS:\n"
    '        raise ValueError("too many tokens")\n'
    "    return tokens\n"
)
SPDX_VALID = (Valid(_SPDX.format(lexer="_tokenize_spdx")),)
SPDX_INVALID = (Invalid(_SPDX.format(lexer="_render_prompt"), line=1),)

_HAND_LEXER = (
    "def inspect_source(source, *, max_tokens=100000):\n"
    "    tokens, i = [], 0\n"
    "    while i < len(source):\n"
    "        if len(tokens) >= max_tokens:\n"
    "            break\n"
    "        tokens.append(({kind!r}, source[i], i, i + 1))\n"
    "        i += 1\n"
    "    return tokens\n"
)
HAND_LEXER_VALID = (Valid(_HAND_LEXER.format(kind="identifier")),)
HAND_LEXER_INVALID = (Invalid(_HAND_LEXER.format(kind="prompt"), line=1),)

_SHARED_TERMS = (
    "import re\n\n"
    "_CHAIN_OVERLAP_THRESHOLD = 40  # min token overlap to consider related\n\n\n"
    "def relation(new_text, prev_text, count):\n"
    "    terms = lambda t: set(re.findall(r'[a-zA-Z0-9_]+', t))\n"
    "    overlap = {overlap}\n"
    "    return overlap > _CHAIN_OVERLAP_THRESHOLD\n"
)
SHARED_TERMS_VALID = (Valid(_SHARED_TERMS.format(overlap="len(terms(new_text) & terms(prev_text))")),)
SHARED_TERMS_INVALID = (Invalid(_SHARED_TERMS.format(overlap="count(new_text) - count(prev_text)"), line=3),)

_CONVERTED = "def idle_cost(idle):\n    tokens = sum(_number(item.get({key!r})) / 4.0 for item in idle)\n    return tokens\n"
CONVERTED_CHARS_VALID = (Valid(_CONVERTED.format(key="desc_lines")),)
CONVERTED_CHARS_INVALID = (Invalid(_CONVERTED.format(key="desc_chars"), line=2),)

_OPTION = (
    "from typing import Annotated\n\n"
    "import typer\n\n\n"
    "def run(\n"
    "    budget: Annotated[\n"
    "        int,\n"
    "        typer.Option('--budget', help={help!r}, min=500, max=128000),\n"
    "    ] = 4000,\n"
    ") -> None:\n"
    "    print(budget)\n"
)
OPTION_BOUNDS_VALID = (Valid(_OPTION.format(help="Seconds to wait for the build.")),)
OPTION_BOUNDS_INVALID = (
    Invalid(_OPTION.format(help="Token budget for the context package."), line=9, count=2),
)

_WEIGHT = "{name} = 45\n\n\ndef rank(hits, weight):\n    return min(hits * weight, {name})\n"
RANK_WEIGHT_VALID = (Valid(_WEIGHT.format(name="_SEARCH_WEIGHT_KEYWORD_TOKEN_CAP")),)
RANK_WEIGHT_INVALID = (Invalid(_WEIGHT.format(name="_SEARCH_KEYWORD_TOKEN_CAP"), line=1),)

_STORAGE = (
    "class WebLoader:\n"
    "    def split(self, docs, chunk: int = 1000):\n"
    "        splitter = RecursiveCharacterTextSplitter.from_tiktoken_encoder(model_name='gpt-4o', chunk_size=chunk)\n"
    "        return splitter.split_documents(docs)\n\n\n"
    "class {name}:\n"
    "    def split(self, docs, chunk: int = 1000):\n"
    "        splitter = RecursiveCharacterTextSplitter.from_tiktoken_encoder(model_name='gpt-4o', chunk_size=chunk)\n"
    "        return splitter.split_documents(docs[:100])\n"
)
#: (a storage bucket is no rate limiter: the chunk size beside it stays a budget)
STORAGE_BUCKET_VALID = ()
STORAGE_BUCKET_INVALID = (Invalid(_STORAGE.format(name="AwsBucketLoader"), line=2, count=2),)

#: (a guard on set 393's sentinels: numbers unpacked from a tuple written out are bound as they are)
PAIR_OVERHEAD_VALID = ()
PAIR_OVERHEAD_INVALID = (
    Invalid(
        "def get_num_tokens(model, messages, encoding):\n"
        "    if model == 'gpt-4':\n"
        "        tokens_per_message = 3\n"
        "    else:\n"
        "        tokens_per_message, tokens_per_name = 0, 0\n"
        "    num_tokens = 0\n"
        "    for message in messages:\n"
        "        num_tokens += tokens_per_message\n"
        "        num_tokens += len(encoding.encode(message))\n"
        "    return num_tokens\n",
        line=3,
    ),
)
