"""PB102's cases about its vocabulary: the names that say "a limit counted in tokens" without the rule's
data flow (one-word names, runtimes' window and output names, a fine-tune's cutoff, a generation's size,
a tokenizer's ``model_max_length``), and the names that look like budgets but count something else (a
credential's lifetime, a batch of sequences, a rollback depth); a sweep of budgets, a parameter's default
list of values to try (set 27). Kept apart from the rule module, which holds the other cases, to keep both short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

VOCABULARY_VALID = (
    # a session's credential, whatever limit word it has (a token phrase outweighs "session": set 15)
    Valid("SESSION_TOKEN_TTL = 3600\nMAX_SESSION_TOKEN_LENGTH = 512\nSESSION_MAX_TOKENS_PER_MINUTE = 9000"),
    # a margin before an access token expires, in seconds (set 21: lazyllm)
    Valid("_SA_TOKEN_BUFFER = 300  # refresh 5 min before expiry\n"),
    # a context budget that cuts a string: characters (set 21: lazyllm)
    Valid("_RICH_CONTEXT_BUDGET = 12000\n\ndef trim(raw):\n    return raw[:_RICH_CONTEXT_BUDGET]\n"),
    # a batch of sequences cut from the token ids along their first axis (set 21: garak)
    Valid(
        "def forward(model, input_ids, batch_size=512):\n    for i in range(0, input_ids.shape[0], batch_size):\n"
        "        model(input_ids[i : i + batch_size])\n"
    ),
    # a length getter reading no window of the model: nothing says tokens
    Valid(
        "class Form:\n    @property\n    def max_length(self):\n        if self.cfg.max_length:\n"
        "            return self.cfg.max_length\n        return 2048\n"
    ),
    # a window name whose field cuts a string, or given to a function cutting strings: characters
    # (set 22: langchain-community, opik)
    Valid(
        "MAX_RESPONSE_LENGTH = 5000\n\nclass Tool:\n    response_length: int = MAX_RESPONSE_LENGTH\n\n"
        "    def run(self, response):\n        return response[: self.response_length]\n"
    ),
    Valid(
        "TRUNCATION_LENGTH = 1_000\n\ndef shrink(payload):\n    return truncate_strings(payload, TRUNCATION_LENGTH)\n"
    ),
    # a field whose docstring is about characters or an access token
    Valid('class Page:\n    length: int = 2000\n    """The maximum number of characters to keep."""\n'),
    Valid(
        'class Sampler:\n    top_k: int = 40\n    """Limit the next token selection to the K most probable tokens."""\n'
    ),
    # a field whose docstring counts something for each token (an API token's cap, set 42: verifiers)
    Valid(
        "class PoolConfig(BaseModel):\n    multiplex: int = Field(32, ge=1)\n"
        '    """Rollouts sharing one server: key past the per-token tunnel cap."""\n'
    ),
    # a rotary table's cached length: grown when a longer sequence comes, no window
    Valid(
        "class Rotary:\n    def __init__(self, dim, max_position_embeddings=2048):\n"
        "        self.max_seq_len_cached = max_position_embeddings\n"
    ),
    Valid('class Client:\n    lifetime: int = 3600\n    """Maximum age of the access token."""\n'),
    # in a module defining Triton kernels: a tile aligning tokens, a token threshold only compared to
    # choose a launch (set 22: lmdeploy)
    Valid(
        "import triton\n\nPDL_MIN_PREFILL_TOKENS = 4096\n\n@triton.jit\ndef _kernel(x, BLOCK_E: tl.constexpr): ...\n\n"
        "def launch(kv, n):\n    BLOCK_E = 128  # tokens per expert aligned to 128\n"
        "    use_pdl = kv.size(0) >= PDL_MIN_PREFILL_TOKENS\n    _kernel[(n,)](kv, BLOCK_E=BLOCK_E, launch_pdl=use_pdl)\n"
    ),
    # how many accepted tokens a grammar matcher may undo: a rollback depth, not a budget (set 27)
    Valid("def make(matcher, max_rollback_tokens=16, lookback_tokens=64): ...\nMAX_ROLLBACK_TOKENS = 200\n"),
    Valid("def run(max_tokens: list = [None], seeds=[1337, 42]): ..."),
    # a quota of requests per minute, and what a minute has used, are no token budgets (set 29)
    Valid("def limiter(max_rpm=500, tpm_used=0, max_requests_per_minute=60): ..."),
    # the same as a field, an attribute and a variable (set 30)
    Valid(
        "class Settings(BaseModel):\n    rpm_limit: int = 100\n\nclass Client:\n    def __init__(self):\n"
        "        self._rpm_limit = 200\n        self._tpm_used = 5000\n        tpm_remaining = 90_000\n"
    ),
    # an error code about the quota, not the quota
    Valid("class Consts:\n    TPMLimitReached = 336502\n"),
    # a cost model's guess at a record's output, only multiplied by a price (set 29: palimpzest)
    Valid(
        "NAIVE_EST_NUM_OUTPUT_TOKENS = 100\n\ndef cost(records):\n"
        "    return records * NAIVE_EST_NUM_OUTPUT_TOKENS * USD_PER_OUTPUT_TOKEN\n"
    ),
    # what a tile costs, added up once per tile by a summed generator: a cost, no budget; an estimate
    # of one item's tokens only compared (the largest of several), never added into a count
    Valid(
        "SQUARE_TOKENS = 170\n\ndef image_cost(tiles):\n    total = 85\n"
        "    total += sum(SQUARE_TOKENS for _ in tiles)\n    return total\n"
    ),
    Valid(
        "IMAGE_TOKEN_ESTIMATE = 500\n\ndef biggest(parts):\n    return max(IMAGE_TOKEN_ESTIMATE for p in parts)\n"
    ),
    # a media item's pixel bound, a media token's price: no token budget
    Valid(
        "def optimize(video, *, max_video_pixels: int = 1_048_576, max_image_size: int = 2048):\n    return video\n"
    ),
    Valid("def cost(n, image_tokens_price_per_million: int = 1500):\n    return n\n"),
    # a dict entry whose comment counts usage, characters, or a model's row (a table's, PB107's)
    Valid(
        'STATS = {\n    "prompt": 120,  # tokens used\n    "preview": 300,  # characters, about 75 tokens\n}\n'
    ),
    Valid('WINDOWS = {\n    "gpt-4": 8192,  # tokens\n    "gpt-4o": 128000,  # tokens\n}\n'),
)

VOCABULARY_INVALID = (
    # a rate limiter's quota of tokens per minute (set 29: docetl)
    Invalid("def run(query, model='o3', max_tpm=5000000): ...", line=1),
    # the same quota as a settings field's default, an attribute, a constant (set 30: uptrain)
    Invalid("class Settings(BaseModel):\n    tpm_limit: int = 90_000\n", line=2),
    Invalid(
        "class Client:\n    def __init__(self):\n        self._tpm_limit = 90_000\n"
        "        self.limiter = AsyncLimiter(self._tpm_limit, time_period=60)\n",
        line=3,
    ),
    Invalid("MAX_TOKENS_PER_MINUTE = 1_000_000\n", key="max_tokens_per_minute"),
    # a guessed amount that also caps the request: its read decides (set 29)
    Invalid(
        "EST_NUM_OUTPUT_TOKENS = 100\n\ndef run(client, p):\n    cost = EST_NUM_OUTPUT_TOKENS * PRICE\n"
        "    return client.create(prompt=p, max_tokens=EST_NUM_OUTPUT_TOKENS)\n",
        line=1,
    ),
    # window and output names of generation runtimes (set 13: llama-stack, llmware)
    Invalid(
        'class UseCase:\n    """A prompt, and the tokens it may generate."""\n\n    max_gen_len: int = 512\n',
        line=4,
    ),
    Invalid("def __init__(self, tokenizer, max_output_len=100, max_total_len=8191):\n    pass\n", count=2),
    # a chunk's "token size" counts tokens (a token string's *length* is a credential's)
    Invalid(
        "def chunk(text, chunk_token_size: int = 1200, chunk_overlap_token_size: int = 100):\n    ...\n",
        count=2,
    ),
    # names written as one word
    Invalid("def __init__(self, path=None, maxtokens=512): ..."),
    Invalid(
        "def generate(text, maxlength=8192, stream=False):\n    return llm(text, max_new_tokens=maxlength)\n"
    ),
    # a language model's token phrase outweighs a word that only says where it is used (set 15: kimi-cli)
    Invalid("SESSION_TITLE_MAX_COMPLETION_TOKENS = 512\napi_max_output_tokens = 4096\n", count=2),
    # a generation's size, a fine-tune's cutoff, an embedder's query length, a request's side, a
    # completion cap, a prefill chunk: tokens without the word (set 21: lighteval, lazyllm, crfm-helm)
    Invalid("def task(name, generation_size: int = 256): ..."),
    Invalid(
        "@dataclass\nclass TrainArgs:\n    cutoff_len: int = 1024\n    query_max_len: int = 512\n"
        "    max_prompt_length: int = 2048\n    chunked_prefill_size: int = 4096\n",
        count=4,
    ),
    Invalid("def deploy(maxInputTokenLen=4096): ..."),
    Invalid("class Client:\n    MAX_COMPLETION_LENGTH: int = 8192\n"),
    Invalid("DEFAULT_MODEL_MAX_LENGTH = 1280\n"),
    # the window a length getter falls back to when the model's own is not found (set 21: lighteval)
    Invalid(
        "class Model:\n    def _init_max_length(self) -> int:\n        for attr in ('n_positions', 'n_ctx'):\n"
        "            if hasattr(self.cfg, attr):\n                return getattr(self.cfg, attr)\n"
        "        return 2048\n",
        line=6,
    ),
    # an overlap of windows sharing its prefix with a token budget: tokens too (set 21: weave); one
    # sharing none stays unreported
    Invalid("ROLLING_WINDOW_MAX_TOKENS = 512\nROLLING_WINDOW_OVERLAP = 50\n", count=2),
    Invalid("CHUNK_OVERLAP = 50\nREPLY_MAX_TOKENS = 512\n", line=2),
    # a training config's maximum length, tokens by its help text or beside a completion's length
    # (set 22: trl)
    Invalid(
        "@dataclass\nclass TrainConfig:\n    max_length: int | None = field(\n        default=1024,\n"
        '        metadata={"help": "Maximum length of the tokenized sequence."},\n    )\n',
        line=4,
    ),
    Invalid(
        "@dataclass\nclass PairConfig:\n    max_length: int = field(default=1024)\n"
        "    max_completion_length: int | None = None\n",
        line=3,
    ),
    # a provider wrapper's field named as its API names it, tokens by the docstring under it (a small
    # embedder window too), or a maximum generation length (set 22: langchain-community)
    Invalid(
        'class Provider(LLM):\n    length: int = 256\n    """The maximum number of tokens to generate."""\n'
        '    n_predict: int = 128\n    """Number of tokens to generate."""\n'
        '    max_length: int = 512\n    """Maximum generation length."""\n'
        '    embedding_ctx_length: int = 500\n    """The maximum number of tokens to embed at once."""\n'
        '    n_batch = Field(512)\n    """Number of tokens to process in parallel."""\n',
        count=5,
    ),
    # the window assumed when a model's config gives none, stored in a window variable; a serving
    # scheduler's per-request output cap (set 22: lmdeploy)
    Invalid(
        "def context_window(config):\n    max_model_len = min((config[k] for k in KEYS if k in config), default=None)\n"
        "    if max_model_len is None:\n        default_max_len = 2048\n        max_model_len = default_max_len\n"
        "    return max_model_len\n",
        line=4,
    ),
    Invalid("@dataclass\nclass SchedulerConfig:\n    max_request_output_len: int = 512\n"),
    # a token threshold in a kernel module that is read as a budget, not only compared
    Invalid(
        "import triton\n\nMAX_PREFILL_TOKENS = 8192\n\n@triton.jit\ndef _kernel(x): ...\n\n"
        "def plan(ids):\n    return ids[:MAX_PREFILL_TOKENS]\n",
        line=3,
    ),
    # a parameter's default list of budgets to try, each value one (set 27: prompttools)
    Invalid("def run(max_tokens_to_sample: list[int] = [1000], n_ctx=(512, 2048)): ...", count=3),
    # a cap on a media item's tokens, named as one (set 32: frames fitted to a video token budget)
    Invalid(
        "def optimize(video, *, resize: bool = True, max_video_tokens: int = 32000):\n"
        "    return video.sample(max_video_tokens)\n",
        line=1,
    ),
    # a setting in a config dict whose own line's comment gives it in tokens (set 32: a floor of
    # generated tokens)
    Invalid(
        'DEFAULTS = {\n    "window": 16,\n    "min_trace_length": 100,  # minimum tokens before stopping\n}\n',
        line=3,
    ),
    # only the token length: a length option named otherwise, or in another function, is no sibling
    Invalid(
        "def add(parser):\n"
        '    parser.add_argument("--query_max_len", type=int, default=32)\n'
        '    parser.add_argument("--max_line_len", type=int, default=120)\n'
        '    parser.add_argument("--doc_min_len", type=int, default=50)\n\n'
        "def other(parser):\n"
        '    parser.add_argument("--doc_max_len", type=int, default=180)\n',
        line=2,
    ),
    # an option beside a sibling option that is a token length, the two named alike (set 62: pylate)
    Invalid(
        "def add_model_parameters(parser):\n"
        '    parser.add_argument("--query_maxlen", dest="query_maxlen", default=32, type=int)\n'
        '    parser.add_argument("--doc_maxlen", dest="doc_maxlen", default=180, type=int)\n',
        count=2,
    ),
)
