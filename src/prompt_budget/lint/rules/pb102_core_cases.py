"""PB102's core cases of budgets it reports: constants, attributes, fields, parameter defaults,
getters and walruses named as budgets, and the data-flow forms that reach a token use. Kept apart from
the rule module, which would otherwise pass the design's size limit."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid

CORE_INVALID = (
    # a local stepped and clamped from itself (``size = min(size + 50, 300)``) keeps its first number,
    # judged by its reads: here the output cap given through a clamp (set 32: optillm)
    Invalid(
        "def gen(llm, max_tokens, used):\n    size = 150\n    while True:\n"
        "        out = llm(max_tokens=min(size, max_tokens - used))\n"
        "        if not out:\n            size = min(size + 50, 300)\n            continue\n        return out\n",
        line=2,
    ),
    # a rebinding by a long chain that is no step by numbers leaves the number bound twice, as before;
    # and the chain is looked into once (reading both sides at every level took 2**40 steps here)
    Invalid(
        "def f(llm, a):\n    max_tokens = 1000\n    max_tokens = max_tokens" + " + a" * 40 + "\n"
        "    return llm(max_tokens=max_tokens)\n",
        line=2,
    ),
    # a maximum length beside a budget named as tokens: the context window (set 20: lm-eval), in
    # the module's constants, a class (attribute, parameter, getter), with a prefix both share, a
    # fallback in a class giving that length to a language model's generate; abbreviated ``toks``
    Invalid("DEFAULT_MAX_LENGTH = 2048\nDEFAULT_MAX_GEN_TOKS = 256\n", count=2),
    Invalid(
        "class Engine(LM):\n    _DEFAULT_MAX_LENGTH = 2048\n\n"
        "    def __init__(self, max_length: int = 4096, max_gen_toks: int = 256): ...\n\n"
        "    @property\n    def max_length(self):\n        return 2048\n",
        count=4,
    ),
    Invalid("class Local:\n    _LOCAL_MAX_LENGTH = 4096\n    _LOCAL_MAX_GEN_TOKS = 1024\n", count=2),
    Invalid(
        "class Wrapper(HFLM):\n    def __init__(self, **kwargs):\n"
        '        super().__init__(max_length=kwargs.pop("max_length", 2048), **kwargs)\n\n'
        "    def _generate(self, context, max_length):\n"
        "        return self.model.generate(input_ids=context, max_length=max_length)\n",
        line=3,
    ),
    # decided by its reads: a list given as the fallback of a budget setting named in the plural,
    # the last resort of an ``or`` of budgets; a number of tokens to generate (set 20)
    Invalid(
        "DEFAULT_SEQ_LENGTHS = [4096, 8192]\n\ndef lengths(**kwargs):\n"
        '    return kwargs.pop("max_seq_lengths", DEFAULT_SEQ_LENGTHS)\n',
        line=1,
    ),
    Invalid(
        "_DEFAULT_OUTPUT_RESERVE = 4096\n\ndef reserve(config):\n"
        "    max_tokens = config.max_tokens or _DEFAULT_OUTPUT_RESERVE\n    return max_tokens\n",
        line=1,
    ),
    Invalid("def make_sample(tokenizer, tokens_to_generate: int = 50): ..."),
    # a media item's tokens, returned or scaled by a function estimating tokens (its docstring says
    # so), what such a function returns, or one read as a budget (set 20: inspect-ai)
    Invalid(
        "FALLBACK_AUDIO_TOKENS = 2000\nAUDIO_TOKENS_PER_SEC = 50\n\ndef _count_audio_tokens(audio):\n"
        '    """Estimate tokens for audio content."""\n    if audio.seconds:\n'
        "        return int(audio.seconds * AUDIO_TOKENS_PER_SEC)\n    return FALLBACK_AUDIO_TOKENS\n",
        count=2,
    ),
    Invalid(
        'def _count_image_tokens(image):\n    """Estimate tokens for an image."""\n'
        "    if image.detail == 'low':\n        return 85\n    return 765\n",
        count=2,
    ),
    Invalid(
        "def ask(config):\n    VISION_IMAGE_TOKENS = 4096\n"
        "    config.max_tokens = max(config.max_tokens, VISION_IMAGE_TOKENS)\n"
    ),
    # a token estimate written in a function: an estimating getter's fallback, literals added into a
    # token count; a budget getter's fallback parameter (set 18: bespokelabs-curator, raglite)
    Invalid(
        "def estimate_output_tokens(model):\n    if model in KNOWN:\n        return KNOWN[model] // 4\n"
        "    return 4096\n"
    ),
    Invalid(
        "def estimate_total_tokens(parts):\n    num_tokens = 0\n    for p in parts:\n        if p.image:\n"
        "            num_tokens += 1024\n    num_tokens += 50\n    return num_tokens\n",
        count=2,
    ),
    Invalid(
        "def tally(parts):\n    total_tokens = sum(map(count, parts))\n    total_tokens += 300  # rough overhead\n"
    ),
    Invalid(
        "def get_context_size(model, *, fallback: int = 2048):\n    return WINDOWS.get(model) or fallback\n"
    ),
    # decided by data flow further away (set 18: gptcache, distilabel): a length whose remainder
    # cuts a token list; a default stored in ``self``, given to a method, shared out and compared
    # with a token count; a field given as the length a tokenizer truncates to
    # the window a getter returns when its model -> window table's lookup loop finds no model (set 39:
    # langchain-decorators' ``get_model_window``)
    Invalid(
        "def get_model_window(self, model_name):\n    for pattern, max_tokens in MODEL_LIMITS.items():\n"
        "        if re.match(pattern, model_name):\n            return max_tokens\n"
        "    return 100_000  # unknown model, assume very large context\n",
        line=5,
    ),
    # a constant of a neutral name read only as the width of windows of a row of token ids (set 39:
    # airoboros's ``inputs["input_ids"][0][i : i + MAX_LENGTH]``)
    Invalid(
        "MAX_LENGTH = 512\n\ndef chunks(text, tokenizer):\n    inputs = tokenizer(text)\n"
        "    ids = inputs['input_ids'][0]\n"
        "    return [inputs['input_ids'][0][i : i + MAX_LENGTH] for i in range(0, len(ids), MAX_LENGTH)]\n",
        line=1,
    ),
    Invalid(
        "def split(text, max_len=1024):\n    tokens = tokenizer.encode(text)\n    step = max_len - 100\n"
        "    return [tokens[i : i + step] for i in range(0, len(tokens), step)]\n"
    ),
    Invalid(
        "class Shortener:\n    def __init__(self, tokenizer, target_length=512):\n"
        "        self.tokenizer = tokenizer\n        self.target_length = target_length\n\n"
        "    def run(self, texts):\n        return self.shorten(texts, self.target_length)\n\n"
        "    def shorten(self, texts, total=1000):\n        shares = [int(total * len(t) / 100) for t in texts]\n"
        "        return [t for t, n in zip(texts, shares) if len(self.tokenizer.tokenize(t)) <= n]\n",
        count=2,
    ),
    Invalid(
        "class Truncate(Step):\n    max_length: int = 8192\n\n    def cut(self, text):\n"
        "        ids = self._tokenizer.encode(text, max_length=self.max_length, truncation=True)\n"
        "        return self._tokenizer.decode(ids)\n"
    ),
    # decided by data flow (set 17): a parameter stored in ``self`` and compared with a token count,
    # with a subclass field of one value (its base declares it bare); a window of a model table and
    # a window getter's fallback; a number given to a function cutting by tokens; a token list's
    # head and tail beside its budget; an estimated token cost added into a count
    Invalid(
        "class Sizer:\n    def __init__(self, tokenizer, min_size: int = 300):\n"
        "        self.tokenizer = tokenizer\n        self.min_size = min_size\n\n"
        "    def keep(self, text):\n        return self.tokenizer.count_tokens(text) >= self.min_size\n\n"
        "class Base(BaseModel):\n    min_size: int\n\nclass Python(Base):\n    min_size: int = 300\n",
        count=2,
    ),
    Invalid('LONG_CONTEXT = 1_050_000\nCONTEXT_WINDOWS = {"gpt-5.5": LONG_CONTEXT, "gpt-4o": 128_000}\n'),
    Invalid(
        "FALLBACK = 32_768\n\ndef get_context_window(model):\n    if model in WINDOWS:\n"
        "        return WINDOWS[model]\n    return FALLBACK\n"
    ),
    Invalid(
        "def embed(texts, model):\n    limit = 8000\n    return truncate_by_token(texts, limit, model)\n"
    ),
    Invalid(
        "def head_tail(tokens, max_length=512, head=128, tail=382):\n    if len(tokens) > max_length:\n"
        "        tokens = tokens[:head] + tokens[-tail:]\n    return tokens\n",
        count=3,
    ),
    Invalid(
        "IMAGE_TOKEN_ESTIMATE = 500\n\ndef estimate(parts):\n    total = 0\n    for part in parts:\n"
        "        if part.image:\n            total += IMAGE_TOKEN_ESTIMATE\n    return total\n"
    ),
    # the same added once per item by a summed generator (set 73: firstcoder's image estimate)
    Invalid(
        "IMAGE_TOKEN_ESTIMATE = 1_024\n\ndef estimate(parts):\n    tokens = 0\n"
        "    tokens += sum(IMAGE_TOKEN_ESTIMATE for p in parts if p.image)\n    return tokens\n"
    ),
    # LangChain's context sizes bound to a name or a parameter: tokens (set 15: deepagents)
    Invalid(
        'DEFAULT_TRIGGER = ("tokens", 4000)\n\ndef make(keep=("tokens", 2000), last=("messages", 20)): ...\n',
        count=2,
    ),
    # decided by data flow: a field and its class's parameter of one name, compared with a token
    # count in a method; a field whose description says tokens (set 15: moatless)
    Invalid(
        "class Splitter(NodeParser):\n    chunk_size: int = Field(default=1500, description='Chunk size.')\n"
        "    min_chunk_size: int = Field(default=256, description='Min tokens to split code.')\n\n"
        "    def __init__(self, chunk_size: int = 750):\n        super().__init__(chunk_size=chunk_size)\n\n"
        "    def split(self, new_token_count):\n        return new_token_count < self.chunk_size\n",
        count=3,
    ),
    # tokens turned into characters by a per-token constant (set 15: deepagents)
    Invalid("_MAX_RESULT_CHARS = NUM_CHARS_PER_TOKEN * 20_000\n"),
    # a field's argparse const (set 14: mentat)
    Invalid(
        'class Config:\n    auto_context_tokens: int = attr.field(default=0, metadata={"const": 5000})\n'
    ),
    # a fallback window in the else of a lookup whose other branches read a window (set 14: mentat)
    Invalid(
        "def get_max_tokens(config):\n    context_size = lookup(config.model).context_length\n"
        "    maximum_context = config.maximum_context\n    if context_size is not None:\n"
        "        return context_size\n    elif maximum_context is not None:\n        return maximum_context\n"
        "    else:\n        maximum_context = 4096\n        return maximum_context\n",
        line=9,
    ),
    # decided by data flow: a length given to a language model's generate (set 14: adalflow)
    Invalid(
        "def _infer(self, messages, max_length: int = 8192):\n"
        "    input_ids = self.tokenizer(messages[0], return_tensors='pt')\n"
        "    return self.model.generate(**input_ids, max_length=max_length)\n"
    ),
    # a token list cut, characters from tokens: read as tokens
    Invalid(
        "def cut(text, max_token=4000):\n    tokens = enc.encode(text)\n    return tokens[0:max_token - 1]\n"
    ),
    Invalid("def cut(text, max_tokens=4000):\n    return text[: max_tokens * 4]\n"),
    # decided by data flow: the name says nothing, what the value meets does
    Invalid(
        "class Window:\n    def fit(self):\n        padding = 4096\n        return self.max_context_window - padding\n",
        line=3,
        key="fit_padding",
    ),
    Invalid(
        "_DEFAULT_COMPACT_THRESHOLD = 240_000\n\ndef due(used_tokens):\n    return used_tokens > _DEFAULT_COMPACT_THRESHOLD\n",
        line=1,
    ),
    Invalid(
        "LIMIT = 8000\nclient.chat.completions.create(model=m, messages=msgs, max_tokens=LIMIT)\n", line=1
    ),
    Invalid("def trim(messages, keep=2000):\n    return min(count_tokens(messages), keep)\n"),
    Invalid(
        "class Config:\n    context_length: int = 8192\n\n    def cut(self, tokens):\n        return tokens[: self.context_length]\n",
        line=2,
    ),
    # decided by data flow: stored in an attribute that is passed as a budget
    Invalid(
        "class Splitter:\n    def __init__(self, chunk_size: int = 8191):\n        self._chunk_size = chunk_size\n\n"
        "    def split(self, text):\n        return split_on_tokens(text, tokens_per_chunk=self._chunk_size)\n",
        line=2,
    ),
    # segment budgets beside a token budget of the same function
    Invalid(
        "def allocate(model, system_prompt_budget: int = 2000, rules_budget: int = 500, memory_budget: int = 1000):\n    ...\n",
        count=3,
    ),
    Invalid(
        "def __init__(self, protect_last_n_tokens: int = 20_000, prune_after_tokens: int = 40000): ...",
        count=2,
    ),
    Invalid("DEFAULT_OUTPUT_RESERVATION_TOKENS = 1024"),
    # constants built by an expression are evaluated
    Invalid("warn_number_of_tokens = 20 * 1024", key="warn_number_of_tokens"),
    Invalid("MAX_OUTPUT_TOKENS = 1 << 13"),
    # a conditional value
    Invalid("max_tokens = 5000 if heavy else 3000", count=2),
    Invalid("def get_repo_map_tokens(self):\n    map_tokens = 1024\n    return map_tokens\n"),
    Invalid("CONTEXT_WINDOW = int(1e5)"),
    Invalid("DEFAULT_CONTEXT_WINDOW = 128_000 - 4_000"),
    Invalid(
        "import prompt_budget\nCONTEXT_WINDOW = 200_000\n",
        line=2,
        key="context_window",
        fixed='import prompt_budget\nCONTEXT_WINDOW = prompt_budget.value("context_window", 200_000)\n',
    ),
    Invalid("DEFAULT_MAX_TOKENS: int = 4096", key="max_tokens"),
    Invalid("DEFAULT_NUM_OUTPUTS = 256  # tokens", key="num_outputs"),
    Invalid(
        "import prompt_budget\nSUMMARY_MAX_TOKENS, TIMEOUT = 1024, 30\n",
        line=2,
        key="summary_max_tokens",
        fixed='import prompt_budget\nSUMMARY_MAX_TOKENS, TIMEOUT = prompt_budget.value("summary_max_tokens", 1024), 30\n',
    ),
    Invalid("class Agent:\n    def __init__(self):\n        self.max_tokens = 4096\n", line=3),
    Invalid("def summarize(text, max_tokens=1024):\n    ...\n", key="summarize_max_tokens"),
    Invalid("class Settings(BaseModel):\n    context_window: int = 128000\n", key="settings_context_window"),
    Invalid("class Settings(BaseModel):\n    max_tokens: int = Field(default=1024, description='x')\n"),
    Invalid("@dataclass\nclass Cfg:\n    max_output_tokens: int = field(default=8192)\n"),
    Invalid("@attr.s\nclass Cfg:\n    max_tokens = attr.ib(default=2000)\n", line=3),
    Invalid(
        "import prompt_budget\nclass Cfg(BaseModel):\n    max_tokens: int = Field(default_factory=lambda: 4096)\n",
        fixed='import prompt_budget\nclass Cfg(BaseModel):\n    max_tokens: int = Field(\n        default_factory=lambda: prompt_budget.value("cfg_max_tokens", 4096)\n    )\n',
    ),
    Invalid(
        "def get_max_tokens(model):\n    if model.startswith('gpt-4'):\n        return 8192\n    return n\n",
        line=3,
    ),
    Invalid("def truncate_tokens(text, limit=500):\n    ...\n"),
    Invalid("def __init__(self, io, map_tokens=1024):\n    ...\n"),
    Invalid("MAX_OUTPUT_TOKENS = 8e3", key="max_output_tokens"),
    Invalid(
        "import prompt_budget\nn = (max_tokens := 4096)\n",
        key="max_tokens",
        fixed='import prompt_budget\nn = (max_tokens := prompt_budget.value("max_tokens", 4096))\n',
    ),
)
