"""PB105's cases (``Valid``/``Invalid``), kept apart from the rule module to keep both short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb105_set64_cases import SET64_INVALID, SET64_VALID

CASES_VALID = (
    *SET64_VALID,
    # set 57: a budget halved in place (a retry's step) or bound to a name that says it is the half
    Valid("def retry(max_tokens):\n    max_tokens = max_tokens // 2\n    return max_tokens\n"),
    Valid(
        "def pair(max_token, a, b):\n    single_doc_max_token = max_token // 2\n    return single_doc_max_token\n"
    ),
    # set 57: a budget scaled by itself (a retry's step), a length of characters scaled into a budget
    Valid(
        "def retry(max_tokens, tokens):\n    max_tokens = int(min(max_tokens, tokens) * 2)\n    return max_tokens\n"
    ),
    Valid("def cap(text):\n    max_tokens = int(len(text) * 1.5)\n    return max_tokens\n"),
    Valid(
        "def warn(model):\n    max_map_tokens = model.get_repo_map_tokens() * 2\n    return max_map_tokens\n"
    ),
    # set 58: a lookup by model in a table named otherwise (a price), scaled by a share
    Valid("def cost(model):\n    return int(PRICE_PER_1K.get(model, 2000) * 0.75)\n"),
    Valid("def split(model):\n    half_max_tokens = model.context_length // 2\n    return half_max_tokens\n"),
    # a halving with no budget on one end: split in two, a budget's middle, a weak budget kept weak
    Valid("def split(max_tokens, items):\n    mid = max_tokens // 2\n    return items[:mid], items[mid:]\n"),
    Valid("def halves(budget):\n    return budget // 2\n"),
    Valid(
        "def window(max_tokens, rows):\n    return Pager(max_tokens=max_tokens, page_size=len(rows) // 2)\n"
    ),
    # a ratio commented as a share of something else, or as a score over tokens
    Valid("class Split:\n    TRAIN_RATIO = 2/3  # fraction of the samples used for training\n"),
    Valid("MATCH_RATIO = 0.8  # similarity ratio of matched tokens\n"),
    # set 49: a ratio documented as a share of requests (guidellm's statistics window), whatever its
    # name's window says; a generic threshold read from a config whose fallback is set again when the
    # read fails (chainforge's semantic-similarity threshold), decided by the read's flow
    Valid(
        "def limit(max_tokens, maximum_window_ratio: float = 0.75):\n"
        '    """Args:\n        maximum_window_ratio: Maximum window size as ratio of total requests\n    """\n'
        "    return max_tokens\n"
    ),
    Valid(
        "class Args:\n    max_tokens: int = 512\n    maximum_window_ratio: float = Field(\n"
        '        default=0.75, description="Maximum window size as ratio of total requests"\n    )\n'
    ),
    Valid(
        "def semantic(text, **kwargs):\n    chunk_size = int(kwargs.get('chunk_size', 512))\n"
        "    threshold = kwargs.get('threshold', 0.8)\n    try:\n        threshold = float(threshold)\n"
        "    except ValueError:\n        threshold = 0.8\n"
        "    return Chunker(chunk_size=chunk_size, threshold=threshold).chunk(text)\n"
    ),
    # a fraction of two literals above one: a multiple of a budget, no share of it
    Valid("def room(max_tokens):\n    return int(4 / 3 * max_tokens)\n"),
    # a share kept in a table whose key multiplies no budget; a lone quarter of a length nothing else
    # splits (it may turn characters into tokens, PB104's)
    Valid(
        'def plan(effort, width):\n    rows = {"low": {"share": 0.3}}\n    return int(width * rows[effort]["share"])\n'
    ),
    Valid(
        "def enc(tok, d, max_length, left):\n    return tok(d, truncation=True, max_length=min(left, max_length // 4))\n"
    ),
    # a rate that multiplies no budget; a sampling setting (no word of the window) beside a budget; a
    # budget times a float alone (a conversion to another unit, PB104's), not a sum scaled by a margin
    Valid("LEARNING_RATE = 0.7\nloss = LEARNING_RATE * grad\nMAX_TOKENS = 512"),
    Valid("def run(n_ctx: int, temp: float = 0.2):\n    load(n_ctx=n_ctx, temp=temp)\n"),
    Valid("def words_for(max_tokens):\n    return int(max_tokens * 1.3)\n"),
    Valid("similarity_threshold = 0.7"),
    Valid("temperature = 0.2\ntop_p = 0.95"),
    Valid("class Retriever:\n    similarity_threshold = 0.7\n    max_tokens = settings.max_tokens\n"),
    Valid("threshold = 0.5  # no budget anywhere near"),
    Valid("compression_ratio = 2.5\nmax_tokens = settings.max_tokens"),
    Valid("scaled = 0.5 * width"),
    # a constant given as a default whose parameter multiplies no budget; a limit read from a
    # profile that is not a budget
    Valid(
        "class Layout:\n    DEFAULT_SCALE: float = 0.5\n\n    def __init__(self, width, scale: float = DEFAULT_SCALE):\n"
        "        self.w = int(width * scale)\n"
    ),
    Valid('def f(p):\n    limit = p.get("max_retries") if p else None\n    return int(limit * 0.95)\n'),
    # a ("fraction", x) pair that is no context size: no trigger/keep setting, no size beside it
    Valid('row = {"share": ("fraction", 0.85), "label": ("name", 3)}\nplot(part=("fraction", 0.5))\n'),
    Valid("limit = settings.ratio * context_window"),
    # a GPU memory fraction is not a share of the context window
    Valid("gpu_memory_utilization = 0.9\nllm = LLM(model, gpu_memory_utilization=gpu_memory_utilization)\n"),
    # a share of the machine's RAM sizing how many rows are loaded (set 22: a PySpark loader)
    Valid(
        "import psutil\n\ndef rows(row, fraction_of_memory=0.1):\n"
        "    return int(psutil.virtual_memory().available / sys.getsizeof(row) * fraction_of_memory)\n"
    ),
    # a quality threshold: compared with a score, whatever budget is beside it
    Valid(
        "class Metric:\n    def __init__(self, threshold=0.5, max_context_size=None):\n        self.threshold = threshold\n\n    def measure(self):\n        return self.score >= self.threshold\n"
    ),
    Valid("def keep(loss, max_tokens, threshold=0.5):\n    return loss > threshold\n"),
    Valid("context_relevance_threshold = 0.7\ncontext_quality_threshold = 0.5"),
    # a parameter's meaning is its function's: a budget elsewhere in the module does not make it one
    Valid("MAX_TOKENS = 4096\n\ndef fuzzy(a, b, threshold=0.8):\n    return ratio(a, b) >= threshold\n"),
    Valid(
        "class Req(BaseModel):\n    threshold: float = Field(default=0.5, description='Cosine-similarity threshold')\n    chunk_size: int = 512\n"
    ),
    Valid(
        "class C(BaseModel):\n    dropout: float = Field(default=0.1)\n\n    def f(self, x):\n        return self.dropout * x\n"
    ),
    # a per-token conversion (PB104's: one finding per literal, set 16: rank-llm)
    Valid("TOKENS_PER_WORD_RATIO = 1.34\nWORDS_PER_TOKEN_RATIO = 0.75\nMAX_TOKENS = 4096\n"),
    Valid("est = Estimator(max_tokens=4096, tokens_per_word_ratio=1.3)"),
    Valid("TOKEN_TO_CHAR_RATIO = 0.25\nMAX_TOKENS = 4096\n"),
    # a generic threshold of a class holding no budget (a voice-activity threshold), in a module
    # whose other classes hold token budgets (set 17: pipecat)
    Valid(
        "class TurnDetection:\n    threshold: float = 0.5\n    silence_duration_ms: int = 500\n\n"
        "class Session:\n    max_output_tokens: int = 4096\n"
    ),
    # a ratio named by what it does, of a class whose size counts characters (set 17: fast-graphrag)
    Valid(
        "class Config:\n    max_description_size: int = 512\n    summarization_ratio: float = 0.5\n\n"
        "def upsert(config, text):\n    if len(text) > config.max_description_size:\n        shorten(text)\n"
    ),
    # a name saying tokens but no part of an amount: a rate, a time, a model's setting
    Valid("tokens_per_second = 0.5\nfirst_token_latency = 0.5\ntoken_dropout = 0.1\n"),
    # halving a budget (a convention), a unit (per thousand), a length in characters (PB104's), a
    # share of a token count that limits nothing
    Valid("half = context_window // 2\ncost = max_tokens / 1000 * price\nn = len(text) // 4\n"),
    Valid("def f(text, max_chars):\n    return max_chars - min(2000, max_chars // 4)\n"),
    # a multiplier documented as scaling something else than tokens
    Valid(
        "class Args(BaseModel):\n    max_tokens: int = 512\n"
        '    backoff_multiplier: float = Field(default=1.5, description="Multiplier of the retry delay")\n'
    ),
    # k/d of a length that no limit takes (a batch size on an out-of-memory retry)
    Valid("def retry(max_size, run):\n    size = max_size * 3 // 4\n    return run(size)\n"),
    Valid("def f(tok, ids):\n    quarter = len(ids) // 4\n    return tok.decode(ids[:quarter])\n"),
    # a share of a splitter's chunk size in characters
    Valid(
        "def split(chunk_size=1000):\n    overlap = chunk_size // 4\n"
        "    return RecursiveCharacterTextSplitter(chunk_size=chunk_size, chunk_overlap=overlap)\n"
    ),
    # a parameter documented as a score; a share of a limit that cuts a list of something else
    Valid(
        'def retrieve(query, max_chunk=512, threshold=0.7):\n    """Retrieve chunks.\n\n    Args:\n'
        "        max_chunk: Size of a chunk in tokens.\n        threshold: Minimum similarity of a chunk.\n"
        '    """\n'
    ),
    Valid("def head(items, limit):\n    keep = int(0.8 * limit)\n    return items[:keep]\n"),
    # a generic threshold whose own field text says what it filters, beside a token cap (set 25)
    Valid(
        "class ChatRequest(BaseModel):\n    max_tokens: int | None = Field(None)\n"
        '    threshold: float = Field(0.5, description="Threshold for filtering references")\n'
    ),
    # a config's fallback share that reaches no token amount
    Valid(
        'def keep(cfg, rows):\n    ratio = cfg.get("ratio", 0.5) or 0.5\n    return rows[: int(len(rows) * ratio)]\n'
    ),
    # set 28: a share held back from a quota of requests, not tokens; a fraction given to a callable
    # that compacts nothing
    Valid(
        "class RateLimiter:\n    def __init__(self, query_per_second=0, buffer_ratio=0.1):\n"
        "        self.qps = query_per_second * (1 - buffer_ratio)\n"
    ),
    Valid("thumb = ImageResizer(max_fraction=0.8, keep_aspect=True)"),
    # a share of a size compared with characters, not tokens (set 29)
    Valid(
        "_KEEP_FRACTION = 0.75\n\nclass Buffer:\n    def resize(self, size):\n"
        "        self._limit = int(size * _KEEP_FRACTION)\n\n"
        "    def step(self, text):\n        if len(text) >= self._limit:\n            self.flush()\n"
    ),
    # a share of a quota of requests, or of the tokens a minute has used (set 29)
    Valid("class Limiter:\n    def cap(self):\n        return int(self.rpm_limit * 0.95)\n"),
    Valid("def left(tpm_used):\n    return tpm_used * 0.5\n"),
    # a window's share of training steps sizing a rolling window of losses; a generic threshold of
    # epochs beside a budget: every read scales something else than tokens (set 35: llm-foundry)
    Valid(
        "_WINDOW_FRACTION = 0.05\n\nclass KillLossSpike:\n    def fit_start(self, total_training_steps):\n"
        "        self.window = max(100, round(float(total_training_steps * _WINDOW_FRACTION)))\n"
    ),
    Valid(
        "def schedule(max_tokens, num_epochs, threshold=0.8):\n"
        "    warmup = int(num_epochs * threshold)\n    return generate(max_tokens=max_tokens, warmup=warmup)\n"
    ),
    # ``rate=`` of a compressor that is not LLMLingua's, or of another call where LLMLingua is imported
    Valid("def squeeze(model, prompt):\n    return model.compress_prompt(prompt, rate=0.5)\n"),
    Valid("from llmlingua import PromptCompressor\n\nlayer = Dropout(rate=0.33)\n"),
    # doubling a retry delay or a fetch window of rows; a budget scaled by a name, not a literal
    Valid(
        "def backoff(retry_delay, window):\n    retry_delay *= 2\n    window *= 2\n    return retry_delay, window\n"
    ),
    Valid(
        "def fit(max_tokens_per_gpu, ring_size):\n    max_tokens_per_gpu *= ring_size\n    return max_tokens_per_gpu\n"
    ),
    # a ratio named for the context compared with a relevance score: a cut-off on the score (set 42:
    # ai2-scholar-qa's ``context_threshold``, its default given in another class)
    Valid(
        "class Finder:\n    def __init__(self, context_threshold: float = 0.0):\n"
        "        self.context_threshold = context_threshold\n\n    def keep(self, cands):\n"
        '        return [c for c in cands if c["relevance_judgement"] >= self.context_threshold]\n\n'
        "class Reranked(Finder):\n    def __init__(self, context_threshold: float = 0.5, max_tokens=None):\n"
        "        super().__init__(context_threshold)\n"
    ),
    # a ratio a loop halves: a binary search's step over a document, no share to tune (set 42: spacy-llm)
    Valid(
        "def shards(doc, context_length, est):\n    fraction = 0.5\n    while True:\n"
        "        end = int(len(doc) * fraction)\n        if est(doc[:end]) <= context_length:\n"
        "            return end\n        fraction /= 2\n"
    ),
    # halving a budget alone, or beside something else than what a reserve leaves of it
    Valid("def split(max_tokens):\n    return max_tokens // 2, max(max_tokens // 2, 64)\n"),
    Valid("def keep(context_window, used):\n    return max(used - 100, context_window // 2)\n"),
    # a division past a sixteenth alone, by a thousand (a unit), clamped by a bound too small for tokens,
    # of characters or beside no literal bound: no share (set 43)
    Valid(
        "def price(max_tokens, price, max_chars, text, floor):\n"
        "    a = max_tokens // 20\n    cost = max(0.01, max_tokens / 1000 * price)\n"
        "    k = max(1000, max_tokens // 1000)\n    n = max(1, max_tokens // 100)\n"
        "    c = min(4096, max_chars // 20)\n    d = min(4096, len(text) // 20)\n"
        "    return max(floor, max_tokens // 20), a, cost, k, n, c, d\n"
    ),
    # a margin scaling a budget alone (a conversion to another unit, PB104's), or a count of words
    # ordered against a limit of words
    Valid("def words_for(max_tokens, ratio: float = 1.3):\n    return int(max_tokens * ratio) > 10\n"),
    Valid(
        "def fits(text, context_length, max_words, slack: float = 1.1):\n"
        "    return len(text.split()) * slack <= max_words\n"
    ),
    # a factor of a length, of a count of items, or a unit, clamped by a limit: no budget grows
    Valid("def cap(tokens, max_chars):\n    return min(len(tokens) * 4, max_chars)\n"),
    Valid("def cap(n_items, max_tokens):\n    return min(n_items * 4, max_tokens)\n"),
    Valid("def cap(max_k_tokens, max_tokens):\n    return min(max_k_tokens * 1000, max_tokens)\n"),
    # a halving: not bound as a budget, not clamped, or of a count of items
    Valid("def mid(tokens, max_tokens):\n    half = tokens // 2\n    half = min(half, max_tokens)\n"),
    Valid("def cut(tokens):\n    budget = tokens // 2\n    return budget\n"),
    Valid(
        "def cut(items, max_tokens):\n    budget = len(items) // 2\n    budget = min(budget, max_tokens)\n"
    ),
    # set 51: a conditional halving whose result is no budget (the half as the test, or a count returned)
    Valid("def pages(max_tokens, rows, ok):\n    return rows if ok else len(rows) // 2\n"),
    Valid("def split(max_tokens, ok):\n    return 'a' if max_tokens // 2 > ok else 'b'\n"),
    Valid("def mid(max_tokens, ok):\n    return max_tokens if ok else max_tokens // 2\n"),
    # set 52: a fraction in a product with a budget and a factor that is no share (a count, an amount)
    Valid("def total(max_tokens, n_chunks):\n    return int(max_tokens * n_chunks * 0.5)\n"),
    Valid("def cost(max_tokens, r, price):\n    return max_tokens * (1 - r) * 0.5 * price\n"),
    Valid("def part(width, r):\n    return ceil(width * ((1 - r) * 0.5))\n"),
)
CASES_INVALID = (
    *SET64_INVALID,
    # set 49: half of a budget used as a budget (openparse, bbook-maker)
    Invalid(
        "def ingest(max_tokens):\n    return Combine(min_similarity=0.6, max_tokens=max_tokens // 2)\n",
    ),
    Invalid(
        "SEED_CAP_TOKENS = 512\n\ndef seed_cap(budget):\n    return max(1, min(SEED_CAP_TOKENS, budget // 2))\n",
        line=4,
    ),
    Invalid("def substrict_token_budget(o):\n    return max(FLOOR, session_token_budget(o) // 2)\n"),
    # set 51: half of a budget on one branch of a conditional returned by a function named as a budget
    # (readmeai's ``update_max_tokens``, whose result truncates a prompt)
    Invalid(
        "def update_max_tokens(max_tokens, prompt, target='Hello!'):\n    ok = prompt.startswith(target)\n"
        "    return max_tokens if ok else max_tokens // 2\n",
        line=3,
    ),
    Invalid(
        "def run(max_tokens, ok):\n    return ask(max_new_tokens=max_tokens // 2 if ok else max_tokens)\n"
    ),
    # set 52: a fraction of what a share leaves of the budget (chembench's chunk overlap), however grouped
    Invalid(
        "def chunk(self, text):\n    size = floor(self.chunk_size * self.max_input_tokens)\n"
        "    overlap = ceil(self.max_input_tokens * ((1 - self.chunk_size) * 0.5))\n",
        line=3,
        key="chunk_max_input_tokens_ratio",
    ),
    Invalid("def pad(max_tokens, r):\n    return int(0.5 * (1 - r) * max_tokens)\n"),
    # set 49: a class constant share, a fraction of two literals, commented as a share of tokens
    # (extract-thinker's thinking budget)
    Invalid(
        "class LLM:\n    DEFAULT_THINKING_RATIO = 1/3  # Thinking budget as a fraction of content tokens\n",
        key="thinking_ratio",
    ),
    Invalid("KEEP_RATIO = 0.25  # share of the token budget kept for the reply\n"),
    # a ratio documented as a share of the context window; a generic threshold beside a budget whose
    # name no config read follows in its function
    Invalid(
        "def limit(max_tokens, maximum_window_ratio: float = 0.75):\n"
        '    """Args:\n        maximum_window_ratio: Maximum share of the context window used by requests\n    """\n'
        "    return max_tokens\n"
    ),
    Invalid(
        "def semantic(text, max_tokens, **kwargs):\n    threshold = 0.8\n"
        "    if count(text) > max_tokens * threshold:\n        return compact(text)\n    return text\n"
    ),
    # a share of a budget written as a fraction of two literals, one finding each (set 47: wdoc's
    # ``chunk_size=int(3 / 4 * max_tokens)``)
    Invalid(
        "def split(text, max_tokens):\n    return Splitter(chunk_size=int(3 / 4 * max_tokens)).split(text)\n",
        line=2,
    ),
    Invalid(
        "def halves(max_tokens):\n    return int(1 / 2 * max_tokens), int(max_tokens * (1 / 4))\n", count=2
    ),
    # a share past a sixteenth that min()/max() clamps against a bound of tokens (set 43:
    # agent-memory-server's summarization budget)
    Invalid(
        "def allot(summarization_max_tokens):\n"
        "    summary_max_tokens = max(2048, summarization_max_tokens // 20)  # 5%\n"
        "    buffer_tokens = min(max(230, summarization_max_tokens // 100), 1000)\n"
        "    return summary_max_tokens, buffer_tokens\n",
        line=2,
        count=2,
    ),
    Invalid("def cap(full_context_tokens):\n    return min(1024, full_context_tokens // 20)\n", line=2),
    # half the window kept as a floor on what a reserve leaves (set 42: verifiers' compaction)
    Invalid(
        "RESERVE_TOKENS = 16384\n\ndef threshold(context_window):\n"
        "    return max(context_window - RESERVE_TOKENS, context_window // 2)\n",
        line=4,
    ),
    # a margin on a token estimate checked against the window (set 42: spacy-llm's shard mapper)
    Invalid(
        "def make_mapper(n_tok_est, buffer_frac: float = 1.1):\n"
        "    def fits(prompt, context_length):\n"
        "        return n_tok_est(prompt) * buffer_frac <= context_length\n\n    return fits\n",
        line=1,
    ),
    Invalid(
        "SAFETY = 1.2\n\ndef fits(tokens, max_tokens):\n    return count_tokens(tokens) * SAFETY < max_tokens\n"
    ),
    # the same names when nothing compares them with a score or halves them in a loop
    Invalid(
        "class Finder:\n    def __init__(self, context_threshold: float = 0.5, max_tokens=None):\n"
        "        self.context_threshold = context_threshold\n"
    ),
    Invalid(
        "def shards(doc, context_length, est):\n    fraction = 0.5\n    fraction /= 2\n"
        "    return int(context_length * fraction)\n",
    ),
    # shares in a table, read by key as the factor of a budget: one finding per table (set 32: optillm)
    Invalid(
        'def plan(effort, max_tokens):\n    rows = {"low": {"share": 0.3}, "high": {"share": 0.9}}\n'
        '    return int(max_tokens * rows[effort]["share"])\n',
        line=2,
    ),
    # a length split in parts: 3/4 kept for the query, the other 1/4 for the document (set 32: rerankers)
    Invalid(
        "def enc(tok, q, d, max_length, left_tokens):\n"
        "    a = tok(q, truncation=True, max_length=max_length * 3 // 4)\n"
        "    n = min(left_tokens, max_length // 4)\n    return a, tok(d, truncation=True, max_length=n)\n",
        count=2,
    ),
    Invalid(
        "import prompt_budget\n\ndef trigger(context_window):\n    return 0.8 * context_window\n",
        line=4,
        key="trigger_context_window_ratio",
        fixed='import prompt_budget\n\ndef trigger(context_window):\n    return prompt_budget.value("trigger_context_window_ratio", 0.8) * context_window\n',
    ),
    Invalid("limit = int(self.max_tokens * 0.9)"),
    Invalid("if used_tokens / context_window > 0.75:\n    compact()\n"),
    Invalid("SUMMARY_TRIGGER_RATIO = 0.9", key="summary_trigger_ratio"),
    # a share whose name says tokens and the part of an amount it keeps, though no ratio word (set
    # 17: pipecat), read or not
    Invalid("SUMMARY_TOKEN_BUFFER = 0.8", key="summary_token_buffer_ratio"),
    # a ratio named by what it does, of a class whose size counts tokens
    Invalid(
        "class Config:\n    max_summary_tokens: int = 512\n    summarization_ratio: float = 0.5\n", line=3
    ),
    # a multiplier of a token budget may exceed 1
    Invalid("def compress(context, target_token=-1, token_budget_ratio: float = 1.4):\n    ...\n"),
    Invalid(
        "class Memory:\n    threshold = 0.7\n\n    def __init__(self, token_limit):\n        self.token_limit = token_limit\n",
        line=2,
    ),
    Invalid("def compact(messages, max_tokens, threshold=0.8):\n    ...\n"),
    Invalid(
        'def is_critical(self, threshold: float = 0.9):\n    """Check if any budget dimension is near its limit."""\n    return any(v >= threshold for v in self.usage().values())\n'
    ),
    Invalid("memory = SummaryMemory(token_limit=limit, summarize_threshold=0.85)"),
    # decided by data flow: a field default multiplied by a context window elsewhere in the module
    Invalid(
        "class Compactor(BaseModel):\n    trigger: float = Field(default=0.9)\n\n    def due(self, used, context_window):\n        return used > self.trigger * context_window\n",
        line=2,
        key="compactor_trigger_ratio",
    ),
    # the same, through the attribute the parameter is stored in
    Invalid(
        "class TokenMemory:\n    def __init__(self, max_tokens, capacity_threshold: float = 0.75):\n"
        "        self._max_tokens = max_tokens\n        self._threshold = capacity_threshold\n\n"
        "    def capacity(self):\n        return self._max_tokens * self._threshold\n",
        line=2,
    ),
    # decided by data flow: a class constant given as a parameter's default, the parameter
    # multiplying a budget (set 15: agent-framework); a fraction of a window read from a profile
    # (set 15: deepagents)
    Invalid(
        "class Strategy:\n    DEFAULT_TOOL_EVICTION_THRESHOLD: float = 0.5\n\n"
        "    def __init__(self, max_context_window_tokens, max_output_tokens,\n"
        "                 tool_eviction_threshold: float = DEFAULT_TOOL_EVICTION_THRESHOLD):\n"
        "        input_budget = max_context_window_tokens - max_output_tokens\n"
        "        self._evict_at = int(input_budget * tool_eviction_threshold)\n",
        line=2,
    ),
    Invalid(
        "def budget(request):\n    profile = request.model.profile\n"
        '    limit = profile.get("max_input_tokens") if isinstance(profile, dict) else None\n'
        "    return int(limit * 0.95)\n",
        line=4,
    ),
    # LangChain's context sizes: a share of the window as a trigger/keep setting, or beside a size
    # in tokens or messages (set 15: deepagents)
    Invalid(
        'def defaults(model):\n    return {"trigger": ("fraction", 0.85), "keep": ("fraction", 0.10)}\n',
        count=2,
    ),
    Invalid('cfg = make(until=("fraction", 0.5), floor=("messages", 20))\n'),
    # a safety factor inside a product with the budget (set 12: pr-agent)
    Invalid(
        "def clip_tokens(text, max_tokens, chars_per_token):\n    factor = 0.9  # reduce by 10% to be safe\n"
        "    return text[: int(factor * chars_per_token * max_tokens)]\n",
        line=2,
    ),
    # a scale of the budget whose name says tokens but no per-token unit (near-miss of set 16's)
    Invalid("TOKEN_BUDGET_RATIO = 1.34\nMAX_TOKENS = 4096\n"),
    # stored in an attribute of its own name, read in another method (set 11: upsonic)
    Invalid(
        "class Middleware:\n    def __init__(self, safety_margin_ratio: float = 0.90):\n"
        "        self.safety_margin_ratio: float = safety_margin_ratio\n\n"
        "    def limit(self):\n        max_window = self._get_max_context_window()\n"
        "        return int(max_window * self.safety_margin_ratio)\n",
        line=2,
    ),
    # a share of a budget as a division by a whole number (set 18: raglite, curator)
    Invalid(
        "def plan(context_size):\n    return min(2048, context_size // 4)\n",
        key="plan_context_size_divisor",
    ),
    Invalid("def estimate_output_tokens(model):\n    return get_max_tokens(model) // 4\n"),
    # a multiplier whose field says it scales a token count into a budget (set 23: axolotl)
    Invalid(
        "class Args(BaseModel):\n    length_multiplier: float = Field(\n        default=1.5,\n"
        '        json_schema_extra={"description": "Multiplier for the answer token count"},\n    )\n',
        line=3,
    ),
    # k/d of a length limit kept as another that a tokenizer cuts to (set 23: FlagEmbedding)
    Invalid(
        "def score(tok, q, max_length):\n    q_len = max_length * 3 // 4\n"
        "    return tok(q, truncation=True, max_length=q_len)\n",
        line=2,
    ),
    # a share of a list of tokens (decoded by a tokenizer) given as a length limit (set 18: gptcache)
    Invalid(
        "def shrink(summarizer, tokenizer, segment):\n    n = int(len(segment) / 4)\n"
        "    return summarizer(tokenizer.decode(segment), max_length=n)\n",
        line=2,
    ),
    # a share of a token splitter's chunk size given as its overlap (set 19: ragatouille)
    Invalid(
        "def split(chunk_size=256):\n    overlap = min(chunk_size / 4, 64)\n"
        "    return SentenceSplitter(chunk_size=chunk_size, chunk_overlap=overlap)\n",
        line=2,
    ),
    # a generic ratio parameter whose docstring entry says tokens or the context window; a share of
    # a number whose name says nothing, compared with a token count (set 20: inspect-ai)
    Invalid(
        "class Strategy:\n    def __init__(self, threshold: float = 0.9):\n"
        '        """Compaction.\n\n        Args:\n            threshold: Token count or share of the\n'
        '                context window that triggers compaction.\n        """\n'
        "        self.threshold = threshold\n",
        line=2,
    ),
    Invalid(
        "def check(messages, threshold):\n    warn_at = int(0.9 * threshold)\n"
        "    if count_tokens(messages) > warn_at:\n        warn()\n",
        line=2,
    ),
    # a fraction named a rate, used as a share of a budget: decided by the use, not the word "rate"
    Invalid(
        "CONTEXT_LENGTH = get_window()\nEVICTION_RATE = 0.7\n\ndef evict(total_tokens):\n"
        "    return total_tokens > CONTEXT_LENGTH * EVICTION_RATE\n",
        line=2,
    ),
    # a fraction named for the context window, passed on beside a token budget (in two methods)
    Invalid(
        "class Model:\n    def set_context(self, n_ctx: int, context_erase: float = 0.75):\n"
        "        self.ctx = Context(n_ctx=n_ctx, context_erase=context_erase)\n\n"
        "    def prompt(self, n_predict: int, context_erase: float = 0.75):\n"
        "        self.set_context(n_ctx=n_predict, context_erase=context_erase)\n",
        count=2,
    ),
    # a margin scaling a sum of a token budget and a prompt's length
    Invalid(
        "def slot_size(n_predict, prompt_n):\n    return int(1.05 * (n_predict + max(prompt_n)))\n", line=2
    ),
    # a share reached through a config's fallback, scaling an amount compared with tokens (set 25)
    Invalid(
        'def due(cfg, used_tokens, budget):\n    threshold = float(cfg.get("threshold", 0.8) or 0.8)\n'
        "    return used_tokens >= budget * threshold\n",
        line=2,
    ),
    Invalid(
        'def due(cfg, used_tokens, context_window):\n    share = getattr(cfg, "trigger_share", 0.8)\n'
        "    return used_tokens > context_window * share\n",
        line=2,
    ),
    # the same share written under the key the fallback reads
    Invalid(
        'state = {"threshold": getattr(args, "ctx_threshold", 0.85)}\n\n'
        'def due(cfg, used_tokens, budget):\n    threshold = cfg.get("threshold") or 0.8\n'
        "    return used_tokens >= budget * threshold\n",
        count=2,
    ),
    # a generic threshold whose option text says it triggers compaction
    Invalid(
        'def compact(threshold: float = typer.Option(0.8, "--threshold", help="Compaction threshold")):\n'
        "    run()\n"
    ),
    # set 28: a share given to a callable that compacts the conversation; a share held back from a
    # quota of tokens per minute
    Invalid("compaction = SummarizingCompaction(max_fraction=0.8, keep_messages=20)"),
    Invalid(
        "class TokenLimiter:\n    def __init__(self, token_limit_per_minute=0, buffer_ratio=0.1):\n"
        "        self.limit = int(token_limit_per_minute * (1 - buffer_ratio))\n",
        line=2,
    ),
    # set 29: a share of a window parsed from an error, stored as the token threshold (magentic-ui)
    Invalid(
        "_RESIZE_FRACTION = 0.75\n\nclass Session:\n    def resize(self, match):\n"
        "        self._threshold = int(int(match.group(1)) * _RESIZE_FRACTION)\n\n"
        "    def step(self, usage):\n        if usage.total_tokens >= self._threshold:\n            self.compact()\n",
        line=1,
    ),
    # set 29: a safety share of a tokens-per-minute quota, written inline (lotus)
    Invalid("class LM:\n    def cap(self):\n        return int(self.tpm_limit * 0.95)\n", line=3),
    # the same name multiplying a context window, or read once beside steps and once scaling the window
    Invalid(
        "_WINDOW_FRACTION = 0.05\n\ndef keep(context_window):\n    return int(context_window * _WINDOW_FRACTION)\n"
    ),
    Invalid(
        "_WINDOW_FRACTION = 0.05\n\ndef plan(total_steps, context_window):\n"
        "    return total_steps * _WINDOW_FRACTION, context_window * _WINDOW_FRACTION\n"
    ),
    # LLMLingua's compression rate, the share of the prompt's tokens kept (set 36: fastrag)
    Invalid(
        "from llmlingua import PromptCompressor\n\nclass Compressor:\n    def __init__(self, rate=0.33):\n"
        "        self.rate = rate\n        self.lingua = PromptCompressor()\n\n"
        "    def run(self, prompt):\n        return self.lingua.compress_prompt(prompt, rate=self.rate)\n",
        line=4,
    ),
    Invalid(
        "from llmlingua import PromptCompressor\n\ndef squeeze(lingua: PromptCompressor, prompt):\n"
        "    return lingua.compress_prompt_llmlingua2(prompt, rate=0.5)\n",
        line=4,
    ),
    # a budget scaled in place by a literal factor (set 36: sammo doubles a thinking model's cap)
    Invalid(
        'def request_for(request):\n    request["thinking"] = {"budget_tokens": request["max_tokens"]}\n'
        '    request["max_tokens"] *= 2\n',
        line=3,
    ),
    # a growth factor of a budget clamped by a token limit (set 45: agent-lifecycle-toolkit's retries)
    Invalid(
        "class Client:\n    ASSUMED_MAX_TOKENS = 1024\n    MAX_TOKENS_LIMIT = 16384\n\n"
        "    def escalate(self, current):\n        base = current or self.ASSUMED_MAX_TOKENS\n"
        "        return min(base * 4, self.MAX_TOKENS_LIMIT)\n",
        line=7,
    ),
    Invalid("def grow(max_tokens, context_window):\n    return min(int(max_tokens * 1.5), context_window)\n"),
    # half a token count bound as a budget, clamped against another budget (set 41: langchain's retry)
    Invalid(
        "def retry(self, text, max_input_tokens):\n    tokens = self.count(text)\n    budget = tokens // 2\n"
        "    budget = min(budget, max_input_tokens * 2 // 5)\n    return budget\n",
        count=2,
    ),
    # half the window bound as another budget, a name or a key, through int() and a literal clamp (set
    # 57: continuedev's output caps)
    Invalid("def caps(model):\n    max_tokens = int(model.context_length / 2)\n    return max_tokens\n"),
    Invalid(
        "def options(model, options):\n"
        '    options["max_tokens"] = min(2048, model.context_length // 2)\n    return options\n',
        line=2,
    ),
    # the usable share of a model's window read from a table of windows (set 58: dendrite)
    Invalid("def usable(self):\n    return int(LLM_CONTEXT_WINDOW_SIZES.get(self.model, 8192) * 0.75)\n"),
    # an output cap sized as a multiple of the input's count of tokens (set 57: continuedev)
    Invalid(
        "def cap(model, text):\n    max_tokens = int(min(model.count_tokens(text), DEFAULT_MAX_TOKENS) * 2.5)\n"
        "    return max_tokens\n"
    ),
)
