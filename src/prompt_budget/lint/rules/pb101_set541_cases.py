"""Cases from sets 541 to 560 (issue 19), read by the rules they name; those of sets 561 onward are spliced in from
``pb101_set561_cases``.

Set 541's (measured with the rules of 67f0f9f4, then tuned on): PB101, the range a command-line option named as a
budget is checked against (anona's ``add_argument("--max-tokens", type=_limit(256, 8192))`` and click's
``type=click.IntRange(1, 16384)``: the upper bound the option's cap, the lower its ``_min``; ``option_ranges``); not
an option counting other things (``--memory-limit``, ``--port``).

Set 543's (measured with the rules of 845a1752, then tuned on): PB102 and PB105, the fields of a class its properties
combine into a threshold a count of tokens is ordered against (ctxkernel's ``Budget``: ``window: int = 200_000``,
``pressure_frac: float = 0.45``, ``def pressure_trigger(self): return int(self.window * self.pressure_frac)`` ...
``total = sum(z.tokens for z in ordered)``, ``if total > b.pressure_trigger``; ``property_budgets``), and the fields
its other properties combine with such a field (``usable = window - generation_reserve``), not where the count is of
another thing (``len(messages)``), nor the class's caps of things (``max_failures: int = 40``, ``limit_classes``); PB102, a constant given under a keyword naming a setting of tokens
(greedy-token's ``BASE_CURSOR_OVERHEAD = 6000`` ... ``BaselineSettings(overhead_tokens=BASE_CURSOR_OVERHEAD)``,
``flow``), and a setting of tokens named with a trailing ``_FALLBACK`` or ``_DEFAULT`` (``HISTORY_TOKENS_FALLBACK =
3000``, ``NameJudge.is_budget_setting``); PB104, tokens per word of a compiled pattern named for words (ctxkernel's
``pieces = len(_WORDISH.findall(text))`` ... ``int(pieces * 1.30)``, ``pb104_rates.splits_words``).

Set 545's (measured with the rules of 12725340, then tuned on): PB102, a configured ceiling a part of a call's usage
is compared with (wattage's ``expected_output_ceiling: int = 1000`` ... ``if call.usage.output <=
cfg.expected_output_ceiling``: ``token_properties.usage_part``, ``compared_fields``), also one field name in two
classes of one module given one value (``simple_output_ceiling: int = 150``, ``field_read_forms.copied_alike``);
not a ceiling a text's length is compared with; PB102, not a limit of one token in a module of bearer tokens made of
random bytes (sheafmd's ``MAX_TOKEN = 200`` beside ``_BEARER_RE`` and ``os.urandom(32)``,
``credential_names.credential_count``); PB105, a share named so, of a module or a parameter's default, with no
budget around, whose product reaches a count of tokens in another method (mentask's ``threshold_pct: float =
0.65`` ... ``self.threshold = int(self.limit * threshold_pct)`` ... ``current_tokens >= self.threshold``,
``clamped_shares``), not one whose product is compared with a score.

Set 547's (measured with the rules of 4ff1e485): nothing new to tune on (its misses are probes' and load tests' small
caps, the lint's reading). Set 541's too: PB102, not a limit of a class compared only with a running total of string
lengths, its check of being positive aside (acp-gateway's ``length += len(text)`` ... ``if length >
self.max_prompt_length``, ``character_reads``).

Set 549's (measured with the rules of e8977ba8, then tuned on): PB102, not a capacity of idempotency tokens (a docstring
or a description saying which tokens, ``param_docstrings.documented_otherwise``, ``field_docstrings.NOT_LLM``), nor one
compared with the length of a mapping an instance keeps (``self._processed_tokens: OrderedDict[str, bool]``,
``text_params.instance_mapping``); PB101, not the bounds of a field described in characters (mcp-context-server's
``Field(default=300, ge=50, le=1000, description="Maximum character length ...")``); PB104, not PB105, a division under a
comment stating a range of characters per token ("1 token ~ 3-4 characters", ``stated_rates``); PB105, a share of a
length scaled by a rate named between tokens and characters (mcp-context-server's ``int(settings.reranking.max_length *
settings.reranking.chars_per_token * 0.95)``, ``share_products``); PB101, the default a project's reader of several
environment variables' aliases falls back to (agentqakit's ``max_tokens=_int_environment_alias("AGENTQA_LLM_MAX_TOKENS",
"AGENTQA_JUDGE_MAX_TOKENS", 8_192)``, ``env_defaults``).

Set 551's (measured with the rules of 4bc88506, then tuned on): PB102, a flat guess of a file's tokens commented as a
guess (agentfences' ``FILE_TOKENS = 2_000  # a flat guess per embedded image or file``, ``token_estimates``,
``budget_bindings._GUESS``); PB105, a share of a token window a subscript holds (cicaddy's ``int(token_limits["input"]
* 0.0625)`` given on as ``max_tokens_per_iteration=``, ``shares``); PB104, a budget times a rate under a comment
"Convert tokens to chars" (``comments.says_converted``); and set 549's PB107, a local table of providers' windows whose row its function returns,
named by the function (mcp-context-server's ``def get_provider_default_context(provider)``: ``defaults = {"ollama":
4096, "openai": 8191, ...}`` ... ``return defaults.get(provider, 2048)``, ``returned_tables``).

Set 555's (measured with the rules of a2dc2e4d, then tuned on): PB102, a cap of tokens spent (deep-email's
``MAX_SPEND_TOKENS = 500_000``: "spend" before tokens says what is counted, not money; ``names.excluded``); PB105, a
share parameter clamped into range before its product with a budget (mcp-bastion-python's ``head_ratio =
min(max(head_ratio, 0.1), 0.9)`` ... ``int(max_tokens * head_ratio)``, ``handed_names.kept_as_is``); PB107, not calls
recording one model's counts (its dashboard demo's ``record_tokens_saved(420_000, model="gpt-4o-mini")``, thrice).

Set 557's (measured with the session's final rules 4a68e655, then one false alarm mended): PB102, not the bounds of a
bearer credential's length in a chained comparison with a string's ``len()`` or given as a field's ``min_length=``/
``max_length=`` (mcp-relay's ``MIN_TOKEN_LENGTH <= len(value) <= MAX_TOKEN_LENGTH``: each bound meets its neighbour
in the chain, not the other bound; ``compared_lengths.neighbours``, ``imported_characters.string_bound``); a chain
with a count of tokens keeps its bounds (isage-refiner's ``self.keep_prefix <= p < total_context_tokens -
self.keep_suffix``, the corpus check).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set541_review_cases import (
    REVIEW63_PB101_VALID,
    REVIEW63_PB102_INVALID,
    REVIEW63_PB102_VALID,
    REVIEW63_PB105_VALID,
)
from prompt_budget.lint.rules.pb101_set561_cases import (
    REVIEW64_PB101_INVALID,
    REVIEW64_PB102_INVALID,
    REVIEW64_PB103_INVALID,
    REVIEW64_PB104_VALID,
    SET561_PB101_INVALID,
    SET561_PB101_VALID,
    SET561_PB102_INVALID,
    SET561_PB102_VALID,
    SET561_PB104_INVALID,
    SET561_PB104_VALID,
    SET561_PB105_INVALID,
    SET561_PB105_VALID,
    SET563_PB101_INVALID,
    SET563_PB101_VALID,
    SET563_PB102_INVALID,
    SET563_PB102_VALID,
    SET563_PB103_VALID,
    SET563_PB104_INVALID,
    SET563_PB104_VALID,
    SET563_PB105_INVALID,
    SET563_PB105_VALID,
    SET565_PB102_INVALID,
    SET565_PB102_VALID,
    SET565_PB105_INVALID,
    SET565_PB105_VALID,
    SET567_PB104_INVALID,
    SET567_PB104_VALID,
    SET567_PB106_INVALID,
    SET567_PB106_VALID,
    SET569_PB101_INVALID,
    SET569_PB101_VALID,
    SET569_PB105_INVALID,
    SET569_PB105_VALID,
    SET571_PB102_INVALID,
    SET571_PB102_VALID,
    SET573_PB102_INVALID,
    SET573_PB102_VALID,
    SET575_PB104_INVALID,
    SET575_PB104_VALID,
    SET575_PB105_INVALID,
    SET575_PB105_VALID,
)

_RANGED = (
    "import argparse\n"
    "\n"
    "\n"
    "def _limit(low, high):\n"
    "    def parse(value):\n"
    "        n = int(value)\n"
    "        if not low <= n <= high:\n"
    "            raise argparse.ArgumentTypeError(f'must be between {{low}} and {{high}}')\n"
    "        return n\n"
    "    return parse\n"
    "\n"
    "\n"
    "p = argparse.ArgumentParser()\n"
    "p.add_argument('--{flag}', type=_limit({low}, {high}), default=None, help='{help}')\n"
)
_CLICKED = (
    "import click\n"
    "\n"
    "\n"
    "@click.command()\n"
    "@click.option('--{flag}', type=click.IntRange({bounds}), help='{help}')\n"
    "def main(**options):\n"
    "    return options\n"
)
RANGED_VALID = (
    Valid(_RANGED.format(flag="memory-limit", low=1, high=20, help="Memories injected per turn (1-20)")),
    Valid(_RANGED.format(flag="port", low=1024, high=65535, help="Port to listen on")),
    Valid(_CLICKED.format(flag="workers", bounds="1, 64", help="Worker processes")),
    Valid(_CLICKED.format(flag="timeout", bounds="min=30, max=3600", help="Seconds to wait")),
)
RANGED_INVALID = (
    Invalid(
        _RANGED.format(flag="max-tokens", low=256, high=8192, help="Ceiling (256-8192)"), line=14, count=2
    ),
    Invalid(
        _RANGED.format(flag="memory-token-budget", low=1, high="100_000", help="Token cap on the block"),
        line=14,
        key="memory_token_budget",
    ),
    Invalid(_CLICKED.format(flag="max-tokens", bounds="1, max=16384", help="Most tokens"), line=5),
    Invalid(
        _CLICKED.format(flag="budget", bounds="min=500, max=128000", help="Token budget"), line=5, count=2
    ),
)

_PROPERTY = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass(frozen=True)\n"
    "class Budget:\n"
    "    window: int = 200_000\n"
    "    pressure_frac: float = 0.45\n"
    "\n"
    "    @property\n"
    "    def pressure_trigger(self) -> int:\n"
    "        return int(self.window * self.pressure_frac)\n"
    "\n"
    "\n"
    "def assemble(b, zones):\n"
    "    total = sum({count} for z in zones)\n"
    "    return total > b.pressure_trigger\n"
)
_COMBINED = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass(frozen=True)\n"
    "class Budget:\n"
    "    window: int = 200_000\n"
    "    generation_reserve: int = 32_000\n"
    "    pressure_frac: float = 0.45\n"
    "    max_failures: int = 40\n"
    "\n"
    "    @property\n"
    "    def usable(self) -> int:\n"
    "        return self.window - self.generation_reserve\n"
    "\n"
    "    @property\n"
    "    def pressure_trigger(self) -> int:\n"
    "        return int(self.window * self.pressure_frac)\n"
    "\n"
    "\n"
    "def assemble(b, zones):\n"
    "    total = sum(z.tokens for z in zones)\n"
    "    return total > b.pressure_trigger\n"
)
PROPERTY_VALID = (Valid(_PROPERTY.format(count="len(z.messages)")),)
PROPERTY_PB102_INVALID = (
    Invalid(_PROPERTY.format(count="z.tokens"), line=6, key="window"),
    Invalid(
        _COMBINED, count=2
    ),  # ``window``, and ``generation_reserve`` subtracted from it; not ``max_failures``
)
PROPERTY_PB105_INVALID = (Invalid(_PROPERTY.format(count="z.tokens"), line=7),)
_HANDED = (
    "BASE_CURSOR_OVERHEAD = 6000\n"
    "\n"
    "\n"
    "def load(settings, cfg):\n"
    "    return settings(cfg or BASE_CURSOR_OVERHEAD) if cfg else settings({keyword}=BASE_CURSOR_OVERHEAD)\n"
)
HANDED_VALID = (Valid(_HANDED.format(keyword="overhead_ms")), Valid(_HANDED.format(keyword="prompt_tokens")))
HANDED_INVALID = (Invalid(_HANDED.format(keyword="overhead_tokens"), line=1),)
TRAILING_VALID = (Valid("CACHE_READ_TOKENS_DEFAULT = 3000\n"), Valid("TOKENS_FALLBACK = 3000\n"))
TRAILING_INVALID = (
    Invalid("HISTORY_TOKENS_FALLBACK = 3000\n", line=1),
    Invalid("SUMMARY_TOKENS_DEFAULT = 1800\n", line=1),
)

_CEILING = (
    "from pydantic import BaseModel\n"
    "\n"
    "\n"
    "class VerbosityConfig(BaseModel):\n"
    '    """Calls writing more output tokens than this are flagged."""\n'
    "\n"
    "    expected_output_ceiling: int = 1000\n"
    "\n"
    "\n"
    "class MismatchConfig(BaseModel):\n"
    "    simple_output_ceiling: int = 150\n"
    "\n"
    "\n"
    "class OverspendConfig(BaseModel):\n"
    "    simple_output_ceiling: int = 150\n"
    "\n"
    "\n"
    "def detect(calls, cfg, mm):\n"
    "    for call in calls:\n"
    "        if {count} <= cfg.expected_output_ceiling:\n"
    "            continue\n"
    "        if {count} > mm.simple_output_ceiling:\n"
    "            yield call\n"
)
CEILING_VALID = (Valid(_CEILING.format(count="len(call.result)")),)
CEILING_INVALID = (Invalid(_CEILING.format(count="call.usage.output"), count=3),)
_BEARER = (
    "import os\n"
    "import re\n"
    "\n"
    "MAX_TOKEN = 200  # longer than any token: a header that long is not one\n"
    "_BEARER_RE = re.compile(r'{scheme}[ \\t]+(\\S+)', re.IGNORECASE)\n"
    "\n"
    "\n"
    "def new_token():\n"
    "    return 'mcp_' + os.urandom(32).hex()\n"
)
BEARER_VALID = (Valid(_BEARER.format(scheme="bearer")),)
_SNAP = (
    "class Compressor:\n"
    "    def __init__(self, model_name, threshold_pct: float = 0.65):\n"
    "        self.limit = self._get_model_limit(model_name)\n"
    "        self.threshold = int(self.limit * threshold_pct)\n"
    "\n"
    "    def should_snap(self, {count}) -> bool:\n"
    "        return {count} >= self.threshold\n"
)
_SNAP_CONSTANT = (
    "THRESHOLD_RATIO = 0.65\n"
    "\n"
    "\n"
    "class Compressor:\n"
    "    def __init__(self, size):\n"
    "        self.threshold = int(size * THRESHOLD_RATIO)\n"
    "\n"
    "    def should_snap(self, {count}) -> bool:\n"
    "        return {count} >= self.threshold\n"
)
SNAP_VALID = (
    Valid(_SNAP.format(count="similarity_score")),
    Valid(_SNAP_CONSTANT.format(count="similarity_score")),
)
SNAP_INVALID = (
    Invalid(_SNAP.format(count="current_tokens"), line=2),
    Invalid(_SNAP_CONSTANT.format(count="current_tokens"), line=1),
)

_POLICY = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass(frozen=True)\n"
    "class LocalAgentPolicy:\n"
    "    cwd: str\n"
    "    max_prompt_length: int = 50_000\n"
    "\n"
    "    def __post_init__(self) -> None:\n"
    "        if self.max_prompt_length <= 0:\n"
    "            raise ValueError('a positive prompt limit')\n"
    "\n"
    "    def prepare(self, prompt):\n"
    "        length = 0\n"
    "        for block in prompt:\n"
    "            length += {size}\n"
    "            if length > self.max_prompt_length:\n"
    "                raise ValueError('prompt exceeds local limit')\n"
)
POLICY_VALID = (Valid(_POLICY.format(size="len(block['text'])")),)
POLICY_INVALID = (Invalid(_POLICY.format(size="count_tokens(block['text'])"), line=7),)
_DEDUP = (
    "from collections import OrderedDict\n"
    "\n"
    "\n"
    "class BaseChannel:\n"
    "    def __init__(self, dedup_capacity: int = 10000):\n"
    '        """Initialize.\n'
    "\n"
    "        Args:\n"
    "            dedup_capacity: Maximum number of {which} tokens to track.\n"
    '        """\n'
    "        self._max_tracked_tokens = dedup_capacity\n"
    "        self._processed_tokens: OrderedDict[str, bool] = OrderedDict()\n"
    "\n"
    "    def seen(self, token):\n"
    "        if len(self._processed_tokens) >= self._max_tracked_tokens:\n"
    "            self._processed_tokens.popitem(last=False)\n"
    "        self._processed_tokens[token] = True\n"
)
DEDUP_VALID = (Valid(_DEDUP.format(which="idempotency")),)
_CHAR_FIELD = (
    "from pydantic import BaseModel, Field\n"
    "\n"
    "\n"
    "class SearchSettings(BaseModel):\n"
    "    truncation_length: int = Field(default=300, ge=50, le=1000, description='{said}')\n"
)
CHAR_FIELD_VALID = (Valid(_CHAR_FIELD.format(said="Maximum character length for truncated text")),)
CHAR_FIELD_INVALID = (
    Invalid(_CHAR_FIELD.format(said="Maximum tokens kept of a result"), count=2),
    # a name saying tokens keeps its bounds whatever its description converts from (hiveloom, the corpus check)
    Invalid(
        _CHAR_FIELD.format(said="Hard budget estimated as serialized bytes / 4").replace(
            "truncation_length", "max_tokens"
        ),
        count=2,
    ),
)
_RANGE_RATE = (
    "def check(self, max_tokens):\n"
    "    # Heuristic: 1 token ~ 3-4 characters for English\n"
    "    chunk_tokens_estimate = self.chunking.size / 3\n"
    "    if chunk_tokens_estimate > max_tokens:\n"
    "        raise ValueError('chunk too large')\n"
)
RANGE_RATE_INVALID = (Invalid(_RANGE_RATE, line=3),)

_RERANK = (
    "def rerank(s, text):\n    max_chars = int(s.max_length * s.{rate} * 0.95)\n    return text[:max_chars]\n"
)
RERANK_VALID = (Valid(_RERANK.format(rate="page_width")),)
RERANK_INVALID = (Invalid(_RERANK.format(rate="chars_per_token"), line=2),)
_ALIASED = (
    "def from_environment(cls):\n"
    "    return cls({key}=_int_environment_alias('AGENTQA_LLM_{var}', 'AGENTQA_JUDGE_{var}', 8_192))\n"
)
ALIASED_VALID = (Valid(_ALIASED.format(key="timeout", var="TIMEOUT_MS")),)
ALIASED_INVALID = (Invalid(_ALIASED.format(key="max_tokens", var="MAX_TOKENS"), line=2),)
_FILE_GUESS = (
    "FILE_TOKENS = 2_000  # {said}\n"
    "\n"
    "\n"
    "def worst_case(text, files):\n"
    "    tokens_in = len(text) // 4 + files * FILE_TOKENS\n"
    "    return tokens_in\n"
)
FILE_GUESS_VALID = (Valid(_FILE_GUESS.format(said="the most files one request may carry")),)
FILE_GUESS_INVALID = (Invalid(_FILE_GUESS.format(said="a flat guess per embedded image or file"), line=1),)

_LIMITS = (
    "def limits(provider, model, ExecutionLimits, TokenLimitManager):\n"
    "    token_limits = TokenLimitManager.get_limits(provider, model)\n"
    "    per_iteration = int(token_limits['{key}'] * 0.0625)\n"
    "    return ExecutionLimits({kw}=max(4096, per_iteration))\n"
)
LIMITS_INVALID = (Invalid(_LIMITS.format(key="input", kw="max_tokens_per_iteration"), line=3),)
_CONVERTED = (
    "def strategies(limits, DegradationStrategy):\n"
    "    return DegradationStrategy(\n"
    "        max_result_size=limits.max_tokens_per_tool_result\n"
    "        * 4,  # Convert {what}\n"
    "    )\n"
)
CONVERTED_VALID = (Valid(_CONVERTED.format(what="pages to rows")),)
CONVERTED_INVALID = (Invalid(_CONVERTED.format(what="tokens to chars"), line=3),)
SPEND_VALID = (Valid("MAX_SPEND_USD = 500_000\n"),)
SPEND_INVALID = (Invalid("MAX_SPEND_TOKENS = 500_000\n", line=1),)
_CLAMPED_SHARE = (
    "def truncate(text, max_tokens, *, head_ratio: float = 0.7):\n"
    "    head_ratio = {clamp}\n"
    "    head_budget = max(1, int(max_tokens * head_ratio))\n"
    "    return text[:head_budget]\n"
)
CLAMPED_SHARE_VALID = (Valid(_CLAMPED_SHARE.format(clamp="compute_share(text)")),)
CLAMPED_SHARE_INVALID = (Invalid(_CLAMPED_SHARE.format(clamp="min(max(head_ratio, 0.1), 0.9)"), line=1),)
_RECORDED = (
    '"""A demo of tokens saved."""\n'
    "\n"
    "\n"
    "def seed(store):\n"
    "    store.record_tokens_saved(420_000, source='output_budget', model='gpt-4o-mini')\n"
    "    store.record_tokens_saved(95_000, source='discovery_filter', model='gpt-4o-mini')\n"
    "    store.record_tokens_saved(38_000, source='semantic_cache', model='gpt-4o-mini')\n"
)
_CREDENTIAL_LENGTHS = (
    '"""Bearer credentials of the relay."""\n'
    "from pydantic import BaseModel, Field\n"
    "\n"
    "MIN_TOKEN_LENGTH = 32\n"
    "MAX_TOKEN_LENGTH = 256\n"
    "\n"
    "\n"
    "def check(value: str) -> str:\n"
    "    if not (MIN_TOKEN_LENGTH <= {size} <= MAX_TOKEN_LENGTH):\n"
    "        raise ValueError('must be 32-256 characters')\n"
    "    return value\n"
)
CREDENTIAL_LENGTHS_VALID = (Valid(_CREDENTIAL_LENGTHS.format(size="len(value)")),)
CREDENTIAL_LENGTHS_INVALID = (
    Invalid(_CREDENTIAL_LENGTHS.format(size="count_tokens(value)"), count=2),
    Invalid(
        "class Compressor:\n"
        "    def __init__(self):\n"
        "        self.keep_prefix = 50\n"
        "\n"
        "    def middle(self, scores, total_context_tokens):\n"
        "        return [p for p in scores if self.keep_prefix <= p < total_context_tokens - 10]\n",
        line=3,
    ),
)
_PROVIDER_DEFAULTS = (
    "def get_provider_default_{what}(provider: str) -> int:\n"
    '    """The default {what} of a provider, in tokens."""\n'
    "    defaults = {{'ollama': 4096, 'openai': 8191, 'azure': 8191, 'voyage': 32000}}\n"
    "    return defaults.get(provider, 2048)\n"
)
PROVIDER_DEFAULTS_VALID = (Valid(_PROVIDER_DEFAULTS.format(what="port")),)
PROVIDER_DEFAULTS_INVALID = (Invalid(_PROVIDER_DEFAULTS.format(what="context"), line=3),)

SET541_PB101_VALID = (
    *RANGED_VALID,
    *CHAR_FIELD_VALID,
    *ALIASED_VALID,
    *REVIEW63_PB101_VALID,
    *SET561_PB101_VALID,
    *SET563_PB101_VALID,
    *SET569_PB101_VALID,
)
SET541_PB101_INVALID = (
    *RANGED_INVALID,
    *CHAR_FIELD_INVALID,
    *ALIASED_INVALID,
    *SET561_PB101_INVALID,
    *SET563_PB101_INVALID,
    *REVIEW64_PB101_INVALID,
    *SET569_PB101_INVALID,
)
SET541_PB102_VALID = (
    *PROPERTY_VALID,
    *HANDED_VALID,
    *TRAILING_VALID,
    *CEILING_VALID,
    *BEARER_VALID,
    *POLICY_VALID,
    *DEDUP_VALID,
    *FILE_GUESS_VALID,
    *REVIEW63_PB102_VALID,
    *SPEND_VALID,
    *CREDENTIAL_LENGTHS_VALID,
    *SET561_PB102_VALID,
    *SET563_PB102_VALID,
    *SET565_PB102_VALID,
    *SET571_PB102_VALID,
    *SET573_PB102_VALID,
)
SET541_PB102_INVALID = (
    *PROPERTY_PB102_INVALID,
    *HANDED_INVALID,
    *TRAILING_INVALID,
    *CEILING_INVALID,
    *POLICY_INVALID,
    *FILE_GUESS_INVALID,
    *REVIEW63_PB102_INVALID,
    *SPEND_INVALID,
    *CREDENTIAL_LENGTHS_INVALID,
    *SET561_PB102_INVALID,
    *SET563_PB102_INVALID,
    *SET565_PB102_INVALID,
    *REVIEW64_PB102_INVALID,
    *SET571_PB102_INVALID,
    *SET573_PB102_INVALID,
)
SET541_PB103_VALID = SET563_PB103_VALID
SET541_PB103_INVALID = REVIEW64_PB103_INVALID
_WORDISH = (
    "import re\n"
    "\n"
    "_{name} = re.compile(r'\\w+|[^\\w\\s]')\n"
    "\n"
    "\n"
    "def estimate_tokens(text):\n"
    "    pieces = len(_{name}.findall(text))\n"
    "    return max(1, int(pieces * 1.30))\n"
)
WORDISH_VALID = (Valid(_WORDISH.format(name="URLS")),)
WORDISH_INVALID = (Invalid(_WORDISH.format(name="WORDISH"), line=8),)

SET541_PB104_VALID = (
    *WORDISH_VALID,
    *CONVERTED_VALID,
    *SET561_PB104_VALID,
    *SET563_PB104_VALID,
    *SET567_PB104_VALID,
    *REVIEW64_PB104_VALID,
    *SET575_PB104_VALID,
)
SET541_PB104_INVALID = (
    *WORDISH_INVALID,
    *RANGE_RATE_INVALID,
    *CONVERTED_INVALID,
    *SET561_PB104_INVALID,
    *SET563_PB104_INVALID,
    *SET567_PB104_INVALID,
    *SET575_PB104_INVALID,
)
SET541_PB105_VALID = (
    *PROPERTY_VALID,
    *SNAP_VALID,
    Valid(_RANGE_RATE),
    *RERANK_VALID,
    *REVIEW63_PB105_VALID,
    *CLAMPED_SHARE_VALID,
    *SET561_PB105_VALID,
    *SET563_PB105_VALID,
    *SET565_PB105_VALID,
    *SET569_PB105_VALID,
    *SET575_PB105_VALID,
)
SET541_PB105_INVALID = (
    *PROPERTY_PB105_INVALID,
    *SNAP_INVALID,
    *RERANK_INVALID,
    *LIMITS_INVALID,
    *CLAMPED_SHARE_INVALID,
    *SET561_PB105_INVALID,
    *SET563_PB105_INVALID,
    *SET565_PB105_INVALID,
    *SET569_PB105_INVALID,
    *SET575_PB105_INVALID,
)
SET541_PB106_VALID = SET567_PB106_VALID
SET541_PB106_INVALID = SET567_PB106_INVALID
SET541_PB107_VALID = (*PROVIDER_DEFAULTS_VALID, Valid(_RECORDED))
_ONE_PROVIDER = (
    "from .models import ModelInfo\n"
    "\n"
    "_AGENT_MODELS = [\n"
    "    ModelInfo(id='opus', provider='claude-agent', context_window=200_000),\n"
    "    ModelInfo(id='sonnet', provider='claude-agent', context_window=200_000),\n"
    "    ModelInfo(id='haiku', provider='claude-agent', context_window=200_000),\n"
    "]\n"
)
SET541_PB107_INVALID = (
    *PROVIDER_DEFAULTS_INVALID,
    Invalid(_ONE_PROVIDER, line=3),
)  # rows of one literal stay a table
