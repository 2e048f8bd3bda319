"""How the lint decides, from identifiers alone, what a number means.

The rules never judge a number by its size alone: a literal is a token budget when the name it is bound
to (a keyword, a constant, a parameter, a dict key) says so. This module holds those word lists and the
small predicates the rules share. Pure Python: no libcst.

Names are split into lower-case words (``maxOutputTokens`` -> ``max output tokens``) and judged on the words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from prompt_budget.lint.amount_words import (
    COUNT_WORDS,
    LIMIT_WORDS,
    MANAGING_VERBS,
    RATIO_CONTEXT_WORDS,
    RATIO_WORDS,
    SPECULATIVE_WORDS,
    TRAILING_DEFAULTS,
    USAGE_WORDS,
    decoding_state,
)
from prompt_budget.lint.cache_names import token_cache_size

#: The word "token" or "tokens" in a comment, a help text or a docstring (a unit said in prose).
#: ASCII word boundaries: "token" glued to Chinese or Japanese (``token预算``, a budget of tokens, set 161) is a word.
TOKENS_WORD = re.compile(r"\btokens?\b", re.IGNORECASE | re.ASCII)

_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")

TOKEN_WORDS = frozenset({"token", "tokens", "tok", "toks", "tkn", "tkns", "ntok", "ntoks", "ntokens"})
# Whole phrases that are budgets without the word "tokens".
BUDGET_PHRASES: tuple[tuple[str, ...], ...] = (
    ("context", "window"),
    ("context", "windows"),
    ("context", "length"),
    ("context", "size"),
    ("context", "limit"),
    ("limit", "context"),  # models.dev's ``limit: {context, output}``, flattened (set 148: aweswitch)
    ("limit", "output"),
    ("context", "len"),
    ("max", "context"),
    ("n", "ctx"),
    ("num", "ctx"),
    ("max", "ctx"),
    ("ctx", "len"),
    ("ctx", "length"),
    ("ctx", "size"),
    ("max", "seq", "len"),
    ("max", "seq", "length"),
    ("max", "sequence", "length"),
    ("num", "predict"),
    ("thinking", "budget"),
    ("reasoning", "budget"),
    ("context", "budget"),
    ("ctx", "budget"),  # ``CTX_BUDGET = 3000  # ... up to 4k tokens`` (set 585: moth-companion)
    ("prompt", "budget"),
    ("num", "output"),
    ("num", "outputs"),
    # generation runtimes' own names: Llama's ``max_gen_len``, TensorRT-LLM's ``max_*_len``, vLLM's
    # ``max_model_len``, text-generation-webui's ``truncation_length`` (sets 11 and 13)
    ("max", "gen", "len"),
    ("max", "input", "len"),
    ("max", "output", "len"),
    ("request", "output", "len"),  # a serving scheduler's per-request output cap (set 22: lmdeploy)
    ("max", "input", "length"),
    ("max", "total", "len"),
    ("max", "model", "len"),
    ("max", "model", "length"),
    ("truncation", "length"),
    ("max", "decoding", "length"),  # CTranslate2's ``max_decoding_length=256`` (set 529)
    # how many tokens a generation may produce (RULER's ``tokens_to_generate``, set 20; lighteval's
    # ``generation_size``, HELM's ``generation_length``, set 21)
    ("tokens", "to", "generate"),
    ("generation", "size"),
    ("generation", "length"),
    ("generation", "len"),
    ("max", "completion", "length"),
    ("max", "completion", "len"),
    ("max", "response", "length"),
    ("max", "prompt", "length"),
    # the input a fine-tune or an embedder cuts its tokenized samples to (LLaMA-Factory's
    # ``cutoff_len``, FlagEmbedding's ``query_max_len``), a serving engine's per-request lengths
    # (LightLLM's ``max_req_total_len``), a tokenizer's ``model_max_length`` and a prefill chunk (set 21)
    ("cutoff", "len"),
    ("cutoff", "length"),
    ("query", "max", "len"),
    ("passage", "max", "len"),
    ("max", "req", "total", "len"),
    ("max", "req", "input", "len"),
    ("model", "max", "length"),
    ("prefill", "size"),
    # llama.cpp's own names (set 24): ``n_predict`` is its output cap, ``n_batch`` / ``n_ubatch`` /
    # ``--ubatch-size`` and MLX's ``prefill_step_size`` the prompt tokens per decode / prefill step
    # (the set-21 convention: a limit on tokens per batch or prefill step is a budget)
    ("n", "predict"),
    ("n", "batch"),
    ("n", "ubatch"),
    ("ubatch", "size"),
    ("prefill", "step", "size"),
    # the cache position (in tokens) where a KV cache starts being quantized or evicted
    ("kv", "start"),
    # the room kept free of a context window for the model's answer (set 25: praisonai; set 232: localforge's
    # ``reserved_output: int = 1024``); a model's window (set 234) and a profile's target of context (set 233)
    ("output", "reserve"),
    ("response", "reserve"),
    ("reserved", "output"),
    ("model", "window"),
    ("context", "target"),
    # the room kept free of the window itself, and the least window a feature runs in (set 156: natshell's
    # ``config.context_reserve or 800``, ``min_ctx: int = 16384``); ``ctx`` is a window of tokens
    ("context", "reserve"),
    ("ctx", "reserve"),
    ("min", "ctx"),
)
#: A model config's attributes holding its window (Hugging Face's names), or a lookup's fallback standing for it.
CONFIG_WINDOWS = frozenset({"max_position_embeddings", "n_positions", "max_sequence_length", "seq_length"})
# Names that are a budget only in a token context (the callee or the function mentions tokens).
WEAK_BUDGET_NAMES = frozenset(
    {"budget", "limit", "max", "maximum", "cap", "max_len", "max_length", "max_size", "max_output"}
)
# Any of these words means the name is about something else: credentials, time, money, ids, special tokens...
EXCLUDED_WORDS = frozenset(
    {
        "nesting",  # ``MAX_CONTEXT_NESTING_DEPTH``: how deep a context's JSON nests (set 353: aport-agent-guardrails)
        "weight",  # ``_SEARCH_WEIGHT_KEYWORD_TOKEN_CAP = 45``: the most a ranking score adds (set 417: eggcalc)
        "risk",  # ``risk_budget_used >= 0.75``: a change-risk score against its threshold (set 369: pebra)
        "speed",  # ``speed_tps: int = 80  # approx output tokens/sec``: a throughput (set 377: proxym)
        "access",
        "refresh",
        "auth",
        "oauth",
        "bearer",
        # a token bucket limiting connections or requests, not a language model's tokens (set 12)
        "connection",
        "connections",
        "jwt",
        "csrf",
        "session",
        "expiry",
        "expire",
        "expires",
        "expiration",
        "expired",
        "ttl",
        "age",
        "lifetime",
        *("secret", "password"),
        *("url", "uri"),
        *("seconds", "secs", "sec", "ms"),
        "timeout",
        "retry",
        "retries",
        "attempts",
        "pad",
        "padding",
        "bos",
        "eos",
        "special",
        "repeat",
        "repetition",
        "penalty",
        "stop",
        "sep",
        "unk",
        "mask",
        "idx",
        "ids",
        "id",
        *("logprob", "logprobs"),
        *("cost", "costs", "price", "prices", "pricing"),
        *("usd", "dollar", "dollars", "cents", "bps"),  # ``MAX_SLIPPAGE_BPS``: basis points (set 587)
        *("minute", "minutes", "tpm", "rpm", "rps", "hour", "hours", "day", "days"),
        "rate",
        "port",
        "argv",  # a command line's arguments (``MAX_ARGV_TOKENS = 32``, set 208: weightclass)
        "dim",
        "dims",
        "dimension",
        "dimensions",
        "width",
        "height",
        "pixels",
        "px",
        "bytes",
        "kb",
        "mb",
        "api",
        # Python's ``secrets.token_urlsafe(n)``, ``token_hex(n)``: a credential's random characters (set 78)
        "urlsafe",
        "hex",
        "hf",
        "github",
        "gh",
        "slack",
        "bot",
        "spend",
        "credits",
        "credit",
        "bucket",
        "refill",
        "concurrency",
        "parallel",
        "workers",
        "threads",
        "duration",
        "interval",
        "delay",
        "heartbeat",
        "jitter",
        "backoff",
        "image",
        "images",
        "img",
        "audio",
        "video",
        "pages",
        "exceeded",
        "error",
        "errors",
        "code",
        "codes",
        "status",
        "health",
        "exception",
        "char",
        "chars",
        "character",
        "characters",
        "csv",
        "namespace",
        "path",
        "gpu",
        *("gb", "vram"),
        # a parser's tokens (``MAX_YAML_ALIAS_TOKENS = 25`` against ``yaml.scan``'s alias tokens, set 124)
        *("yaml", "alias", "lexer", "scanner"),
        # a cryptocurrency's tokens (``_MIN_BURN_TOKENS = 1_000_000`` of a coin burned, set 161: clawmes)
        *("burn", "burned", "wei", "gwei", "airdrop"),
        # a full-text search's word tokens (``_MAX_FTS5_TOKENS = 100`` of SQLite's FTS5, set 459: docs-haven; BM25's)
        *("fts", "bm"),
        # a payment's tokens (``list_payment_tokens(limit=20)``, set 479: theprotocol-orchestrator's A2A payments)
        *("payment", "payments"),
    }
)
#: RapidFuzz's scorers of two texts' words (``token_set_ratio``: set 429, skillvariants): a similarity, no share.
_FUZZY_SCORERS = frozenset(
    {("token", "set", "ratio"), ("token", "sort", "ratio"), ("partial", "token", "ratio")}
)

#: Words of a score a threshold is compared with (``context_relevance_threshold``, ``similarity``,
#: ``quality``): evidence that a ratio is not a share of a budget.
SCORE_WORDS = frozenset(
    {
        *("score", "scores", "dedup", "dedupe", "duplicate", "collision", "sanity"),  # sets 209, 287
        "similarity",
        "similarities",
        "sim",
        "cosine",
        "jaccard",
        "relevance",
        "relevancy",
        "relevant",
        "quality",
        "confidence",
        "importance",  # ``CLUSTER_SUMMARY_IMPORTANCE_FACTOR = 0.7``: a memory's importance scaled (set 330: memos-os)
        "accuracy",
        "precision",
        "recall",
        "loss",
        "perplexity",
        "ppl",
        "prob",
        "probability",
        "fuzzy",
        "match",
        "distance",
        "coherence",
        "faithfulness",
        "success",
    }
)
CHAR_WORDS = frozenset({"char", "chars", "character", "characters"})
BYTE_WORDS = frozenset({"byte", "bytes"})
#: Units a budget-like name without the word "tokens" may count instead (``context_lines``,
#: ``CONTEXT_MESSAGES``): evidence that the number is not an amount of tokens.
UNIT_WORDS = frozenset(
    {
        "line",
        "lines",
        "message",
        "messages",
        "msgs",
        "turns",
        "items",
        "rows",
        "files",
        "results",
        "docs",
        "documents",
        "chunks",
        "blocks",  # ``MAX_CONTEXT_BLOCKS = 1000``: stored blocks of context fetched (set 88: pinkyclawd)
        "entries",
        "steps",
        "seconds",
        "words",
        "chars",
        "bytes",
        "cost",
        "price",
        "call",
        "calls",
    }
)
#: Units whose ``len()`` counts items, not characters: every unit but characters and a single line or message,
#: a string (``len(user_message) // 4`` is characters; set 164: persona-runtime's routing estimate).
ITEM_WORDS = UNIT_WORDS - CHAR_WORDS - {"line", "message"}
#: Words of a context-window phrase: a window below ``SMALLEST_MODEL_WINDOW`` tokens is no window.
CONTEXT_WORDS = frozenset({"context", "ctx"})
SMALLEST_MODEL_WINDOW = 512
#: Window names of the runtimes that only ever count tokens (llama.cpp's ``n_ctx``, Ollama's ``num_ctx``).
_RUNTIME_WINDOWS = frozenset({("n", "ctx"), ("num", "ctx")})
BASE64_WORDS = frozenset({"b64", "base64", "encoded", "decoded", "padding", "pad", "bytes", "audio", "pcm"})


#: Last words of a name holding a share of an amount, not the amount (``tokens_remaining_pct``).
_SHARE_ENDINGS = frozenset({"pct", "percent", "percentage", "ratio", "fraction", "share"})
#: Units of time a rate of tokens is given per (``tokens_per_second``).
_TIME_UNITS = frozenset({"second", "seconds", "sec", "s", "minute", "minutes", "min", "hour", "hours"})


@lru_cache(maxsize=65536)
def words(name: str) -> tuple[str, ...]:
    """Split an identifier or a dict key into lower-case words (kept for 65,536: 8,192 missed 55,000 times)."""
    out: list[str] = []
    for part in _NOT_ALNUM.split(name):
        for w in _CAMEL.findall(part):
            glued = _GLUED.fullmatch(w.lower())
            out.extend(glued.groups() if glued else (w.lower(),))  # maxtokens -> max tokens
    return tuple(out)


_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]+")
#: Names written as one lower-case word (``maxtokens``, ``maxlength``, ``numctx``), split at their limit word.
_GLUED = re.compile(r"(max|min|num)(tokens|token|length|len|ctx|context|output|input)")


_PHRASES = tuple(" " + " ".join(p) + " " for p in BUDGET_PHRASES)
#: Excluded words saying where a budget is used, not what it counts: a token phrase outweighs them (set 15).
_WHERE_WORDS = frozenset({"session", "sessions", "api", "slack", "bot", "github", "gh", "hf", "namespace"})
#: The sides of a model's request: ``max_input_token_len`` counts tokens, not a token string's length.
_LLM_SIDES = frozenset({"input", "output", "prompt", "completion"})
#: Words of a guessed amount (``NAIVE_EST_NUM_OUTPUT_TOKENS``, set 29): no budget by a phrase alone.
_GUESS_WORDS = frozenset({"est", "estimate", "estimated", "naive", "guess", "guessed", "approx"})
_LLM_PHRASES = (" completion tokens ", " prompt tokens ", " output tokens ", " input tokens ", " new tokens ")


def speculative(ws: Iterable[str]) -> bool:
    """A draft model's or speculative decoding's number of tokens, with no limit word: no budget."""
    found = set(ws)
    return bool(found & SPECULATIVE_WORDS) and not found & LIMIT_WORDS


#: Devices, pieces or sessions a budget is divided over (``max_tokens_per_gpu``, ``MAX_L1_TOKENS_PER_SEGMENT``:
#: set 69; ``token_cap_per_session``, no session token: set 431).
_PER_DEVICE = frozenset({"gpu", "segment", "session"})


def excluded(ws: tuple[str, ...]) -> bool:
    """Whether the words hold an excluded word (:data:`EXCLUDED_WORDS`) that no token phrase outweighs."""
    if speculative(ws) or decoding_state(ws) or token_cache_size(ws):
        return True  # ``num_draft_tokens``: decoding; ``token_cache_limit``: a cache's entries (set 573)
    if ("time", "budget") in pairwise(ws):  # ``_RLLM_TIME_BUDGET_FRACTION``: a timeout's share (set 377)
        return True
    if len(ws) > 1 and ws[-1] == "s":
        return True  # ``TOKEN_MARGIN_S = 60``: seconds before a login token expires (set 153; ``ms`` is excluded)
    # ``max_tokens_per_gpu``: the devices a budget is divided over, not what it measures (GPU memory)
    found = {
        w
        for i, w in enumerate(ws)
        if w in EXCLUDED_WORDS
        and not (w in _PER_DEVICE and ws[i - 1 : i] == ("per",))
        # ``DEFAULT_MAX_CODE_TOKENS = 6144``: the tokens of source code cut for a model (set 175), no status code;
        # ``code_budget_ratio``: the share of a budget kept for code (set 234: shenlun-forge); ``CODE_GEN_MAX_TOKENS``
        and not (w == "code" and (ws[i + 1 : i + 2] == ("budget",) or "tokens" in ws[i + 1 :]))
        and not (w == "cost" and _cost_in_tokens(ws[i + 1 :], ws))
        and not (w == "spend" and ws[i + 1 :] == ("tokens",))  # ``MAX_SPEND_TOKENS = 500_000`` (set 555)
        # ``MAX_RETRY_TOKENS = 8192`` (set 597: marm); not a retry quota's ``INITIAL_RETRY_TOKENS`` (botocore's)
        and not (w == "retry" and ws[i - 1 : i] == ("max",) and ws[i + 1 :] == ("tokens",))
        # ``CONTAINER_PENALTY_MIN_TOKENS = 200``: the size in tokens from which a penalty applies (set 583)
        and not (w == "penalty" and ws[i + 1 :] in _PENALTY_SIZES)
    }
    if not found or not found <= _WHERE_WORDS:
        return bool(found)
    joined = " " + " ".join(ws) + " "
    return not any(p in joined for p in (*_LLM_PHRASES, " context window ", " max tokens "))


_PENALTY_SIZES = frozenset({("min", "tokens"), ("max", "tokens")})
#: The last words of a name whose "cost" is measured in tokens (``DEFAULT_COST_CEILING_TOKENS``).
_COST_LIMITS = frozenset({"threshold", "ceiling", "limit", "budget", "cap", "max", "alert", "warn"})
_MONEY = frozenset({"per", "price", "prices", "pricing", "usd", "dollar", "dollars", "cents", "spend"})


def _cost_in_tokens(after: tuple[str, ...], ws: tuple[str, ...]) -> bool:
    """``DEFAULT_COST_CEILING_TOKENS``: a token and a limit word after "cost", no money word (sets 163-164)."""
    return (
        ws[-1] in {*_COST_LIMITS, "tokens"}
        and bool(_COST_LIMITS.intersection(after))
        and ("token" in after or "tokens" in after)
        and not _MONEY.intersection(ws)
    )


_BARE_MAXIMA = (("context", "max"), ("ctx", "max"))
#: Words of a ``<what>_token_size`` that is a tally, not a size set (``sum_input_token_size``; not ``USAGE_WORDS``: ``base``).
_TALLY_WORDS = frozenset({"total", "sum", "used", "current", "actual", "count", "input", "output"})


@lru_cache(maxsize=65536)
def _is_budget(name: str, extra: frozenset[str], ignore: frozenset[str]) -> bool:
    lowered = name.lower()
    if lowered.lstrip("_") in extra or lowered in extra:
        return True
    ws = words(name)
    # a sentence (``"Large context window used as default token budget"``, a finding's title): no setting's name
    if not ws or lowered in ignore or excluded(ws) or name.count(" ") >= 3:
        return False
    if (
        "token" in ws
        and "tokens" not in ws
        and any(w in {"length", "len"} for w in ws)
        and not any(w in _LLM_SIDES for w in ws)
    ):
        # MAX_TOKEN_LENGTH: the length of a token string (a credential), not a budget; a "token size"
        # (``chunk_token_size``, ``max_token_size`` of an embedding model) counts tokens, and so does a
        # side of a model's request (``maxInputTokenLen``, set 21)
        return False
    if len(ws) > 2 and (ws[-1] in CHAR_WORDS or ws[-1] in BYTE_WORDS) and "per" not in ws:
        return False  # ``_TOKEN_BUDGET_CHARS = 32000 * 4``: a token budget made characters (set 521)
    if any(w in TOKEN_WORDS for w in ws) and any(w in LIMIT_WORDS for w in ws):
        return True
    if len(ws) > 2 and ws[-2:] == ("token", "size") and not _TALLY_WORDS.intersection(ws):
        return True  # ``base_token_size``: a chunk's size in tokens (set 154), not a tally (``total_token_size``)
    if any(w in UNIT_WORDS for w in ws):
        return False  # context_lines, CONTEXT_MESSAGES_LIMIT: a budget of something else
    if any(w in _GUESS_WORDS for w in ws):
        return False  # NAIVE_EST_NUM_OUTPUT_TOKENS: a guessed amount, its reads decide (set 29)
    joined = " " + " ".join(ws) + " "
    # ``ctx_max``, ``app.context_max``: the largest context, bare (``SYMBOL_CONTEXT_MAX`` is a text's)
    return any(p in joined for p in _PHRASES) or ws in _BARE_MAXIMA


def config_key(*parts: str) -> str:
    """A snake_case key for ``[tool.prompt_budget.values]`` from name parts (empty parts skipped)."""
    ws: list[str] = []
    for part in parts:
        for w in words(part):
            if not ws or ws[-1] != w:
                ws.append(w)
    while len(ws) > 1 and ws[0] in {"default", "defaults", "dflt"}:
        ws.pop(0)
    return "_".join(ws) or "value"


#: Calls that log or print what they are given: a number inside one is shown, not used.
LOG_CALLS = frozenset({"debug", "info", "warning", "warn", "error", "print", "log", "exception"})


#: A function about prices: a token count compared in it picks a pricing tier, not a limit.
PRICE_WORDS = frozenset(
    {"cost", "costs", "price", "prices", "pricing", "rate", "rates", "tier", "usd", "spend"}
)


@dataclass(frozen=True)
class NameJudge:
    """The name predicates, bent by the user's ``budget-names`` and ``ignore-names`` options (``extra_budget_names``
    and ``ignore_names`` match whole identifiers, case-insensitively)."""

    extra_budget_names: frozenset[str] = field(default_factory=frozenset)
    ignore_names: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def build(cls, budget_names: Iterable[str] = (), ignore_names: Iterable[str] = ()) -> NameJudge:
        return cls(frozenset(n.lower() for n in budget_names), frozenset(n.lower() for n in ignore_names))

    def _ignored(self, name: str, ws: tuple[str, ...]) -> bool:
        return name.lower() in self.ignore_names or excluded(ws)

    def is_budget(self, name: str) -> bool:
        """A name that on its own says "a limit measured in tokens" (``max_tokens``, ``context_window``,
        ``token_budget``, ``num_ctx``); never a count of tokens (``prompt_tokens``) or a credential."""
        return _is_budget(name, self.extra_budget_names, self.ignore_names)

    def is_budget_setting(self, name: str) -> bool:
        """A budget, or a setting named ``<what>_tokens`` (``map_tokens``, ``summary_tokens``) that is
        not a usage count (``prompt_tokens``, ``cached_tokens``). For names bound to a literal, where a
        count would not be written as one."""
        if self.is_budget(name):
            return True
        ws = words(name)
        while len(ws) > 2 and ws[-1] in TRAILING_DEFAULTS:  # ``RAG_READ_TOKENS_FALLBACK = 1800`` (set 543)
            ws = ws[:-1]
        if len(ws) < 2 or ws[-1] != "tokens" or name.lower() in self.ignore_names or excluded(ws):
            return False
        # ``protect_last_n_tokens``, ``prune_after_tokens``: what a budget manager does to that many tokens
        return ws[0] in MANAGING_VERBS or not any(w in USAGE_WORDS for w in ws)

    def says_tokens(self, name: str) -> bool:
        """A budget name that says "tokens" (``max_context_tokens``), not only a window phrase
        (``max_context_length``), which could count characters."""
        return any(w in TOKEN_WORDS for w in words(name))

    def is_excluded(self, name: str) -> bool:
        """Credentials, time, money, rates, ids...: a name no comment can turn into a budget."""
        return self._ignored(name, words(name))

    def is_weak_budget(self, name: str) -> bool:
        """``budget``, ``limit``, ``max_length``: a token budget only where the callee or the enclosing
        function is about tokens."""
        return name.lower().lstrip("_") in WEAK_BUDGET_NAMES and name.lower() not in self.ignore_names

    def mentions_tokens(self, name: str) -> bool:
        """A function, callee or class name about tokens (``count_tokens``, ``truncate_to_tokens``,
        ``TokenTextSplitter``), not about credentials."""
        ws = words(name)
        return any(w in TOKEN_WORDS for w in ws) and not self._ignored(name, ws)

    def is_token_amount(self, name: str) -> bool:
        """A name holding an amount of tokens, a count or a budget (``num_tokens``, ``prompt_tokens``,
        ``tokens``, ``max_tokens``, ``governed_context_estimate``: set 305), for comparisons and conversions."""
        if self.is_budget(name):
            return True
        ws = words(name)
        if not ws or self._ignored(name, ws):
            return False
        if ws[-1] in _SHARE_ENDINGS:
            return False  # ``tokens_remaining_pct``: a share of tokens, not an amount (set 321: percona)
        if "per" in ws and ws[ws.index("per") + 1 :][:1] in {(u,) for u in _TIME_UNITS}:
            return False  # ``tokens_per_second``: a throughput, not an amount (set 353: quantcost)
        if "tokens" in ws or "toks" in ws or tuple(ws[-2:]) == ("context", "estimate"):
            return True
        return "token" in ws and any(w in COUNT_WORDS or w in {"estimate", "estimated", "est"} for w in ws)

    def is_ratio(self, name: str) -> bool:
        ws = words(name)
        return any(w in RATIO_WORDS for w in ws) and name.lower() not in self.ignore_names

    def is_budget_ratio(self, name: str) -> bool:
        """A ratio name that says which budget it divides (``summary_trigger_ratio``, ``compact_threshold``)."""
        ws = words(name)
        return (
            self.is_ratio(name)
            and any(w in RATIO_CONTEXT_WORDS for w in ws)
            and not any(w in SCORE_WORDS for w in ws)
            and tuple(ws[-3:]) not in _FUZZY_SCORERS
            # ``CHUNK_OVERLAP_THRESHOLD = 0.30``: a cut-off on two word sets' overlap, a similarity (set 615)
            and not (("overlap", "threshold") in pairwise(ws) and not TOKEN_WORDS.intersection(ws))
            and not self._ignored(name, ws)
        )

    def scores(self, callee: str) -> bool:
        """A callee whose last word names a score or a ratio (``token_set_ratio``, ``token_f1_score``)."""
        last = words(callee)[-1:]
        return bool(last) and (last[0] in SCORE_WORDS or last[0] in RATIO_WORDS)

    def is_score(self, name: str) -> bool:
        """A score, a similarity, a loss: what a quality threshold is compared with, not a budget."""
        ws = words(name)
        return any(w in SCORE_WORDS for w in ws) or tuple(ws[-3:]) in _FUZZY_SCORERS

    def implausible(self, name: str, value: float) -> bool:
        """``name = value`` cannot be a token budget: a context window (a name about the context without
        the word tokens: ``context_length``, ``CONTEXT_LIMIT``) smaller than any model's
        (``context_length = 50`` lines of diff context, ``CONTEXT_LIMIT = 21`` messages). A runtime's
        own window name (llama.cpp's ``n_ctx``, Ollama's ``num_ctx``) counts tokens at any size: a test
        model's ``n_ctx=32`` is a real window (set 24)."""
        ws = words(name)
        return (
            value < SMALLEST_MODEL_WINDOW
            and ws not in _RUNTIME_WINDOWS
            and any(w in CONTEXT_WORDS for w in ws)
            and not any(w in TOKEN_WORDS for w in ws)
            and name.lower() not in self.extra_budget_names
        )

    def is_chars(self, name: str) -> bool:
        return any(w in CHAR_WORDS for w in words(name))

    def is_base64(self, name: str) -> bool:
        return any(w in BASE64_WORDS for w in words(name))
