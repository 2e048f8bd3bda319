"""PB102's cases about defaults followed through an instance (``instance_lengths``): a constructor's
length stored on ``self`` as the fallback of a method's parameter documented in tokens, one handed to
the base class's ``__init__`` and read back from ``self``, one given to a nested helper that truncates
to tokens; a constant or a class's field, whatever its name, that a tokenizer truncates (or, truncating,
pads) its input to (set 27: fastembed). Kept apart from the rule module, which holds the other cases, to keep both short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

INSTANCE_VALID = (
    # the same default compared with a number of characters (set 29)
    Valid(
        "DEFAULT_THRESHOLD = 20_000\n\nclass Session:\n"
        "    def __init__(self, threshold=DEFAULT_THRESHOLD):\n        self._threshold = threshold\n\n"
        "    def step(self, text):\n        if len(text) >= self._threshold:\n            self.compact()\n"
    ),
    # the fallback of a method's parameter documented in characters; a local named like another
    # function's parameter, bound to something that is no budget
    Valid(
        "class Form:\n    def __init__(self, title_length: int = 512):\n        self.title_length = title_length\n\n"
        "    def render(self, text, max_length=None):\n"
        '        """Args:\n            max_length (int): Maximum length in characters of the title."""\n'
        "        if max_length is None:\n            max_length = self.title_length\n        return self.base.render(text, max_length=max_length)\n"
    ),
    Valid(
        "class Page(Base):\n    def __init__(self, max_length: int = 2048):\n        super().__init__(max_length=max_length)\n\n"
        "    def clip(self, text, max_length=None):\n        max_length = max_length or self.max_length\n"
        "        return text[:max_length]\n"
    ),
    # a count printed as tokens, not a limit
    Valid("def report(used: int = 2048):\n    print(f'used {used} tokens')\n"),
    # a generic length given a power of ten of a million: "no limit" (set 23: a bag of word vectors)
    Valid(
        "class WordVectors:\n    def __init__(self, max_seq_length: int = 1000000):\n"
        "        self.max_seq_length = max_seq_length\n\n"
        "    def split(self, text):\n        return self.tokenizer.tokenize(text)[: self.max_seq_length]\n"
    ),
    # tokens only dividing a length into a count of shards: a tiling granularity (set 23)
    Valid(
        "def forward(x):\n    target_tokens_per_shard = 32768\n"
        "    shards = max(1, math.ceil(x.shape[-2] / target_tokens_per_shard))\n    return run(x, shards)\n"
    ),
    # a constant given to a call that does not truncate (padding alone), or a parameter's (PB101's)
    Valid("PAD = 512\n\ndef load(tokenizer):\n    tokenizer.enable_padding(length=PAD)\n"),
    Valid("def load(tokenizer, max_length=512):\n    tokenizer.enable_truncation(max_length=max_length)\n"),
    # token ids kept (the last N) only to match stored patterns: a look-back depth (set 32)
    Valid(
        "class Matcher:\n    def __init__(self):\n        self.history = []\n"
        "        self.max_history = 256  # tokens kept\n\n"
        "    def feed(self, ids):\n        self.history.extend(ids)\n"
        "        if len(self.history) > self.max_history:\n            self.history = self.history[-self.max_history:]\n\n"
        "    def hit(self, pattern):\n        return self.history[-len(pattern):] == pattern\n"
    ),
    Valid(
        "def index(tokenizer, texts, table):\n    max_key_tokens = 256\n    for text in texts:\n"
        "        ids = tokenizer.encode(text)\n        if len(ids) > max_key_tokens:\n            ids = ids[-max_key_tokens:]\n"
        "        table[tuple(ids)] = text\n"
    ),
    # a number set on ``self`` in ``__init__`` read back to cut a string or size a batch: no tokens
    Valid(
        "class Ranker:\n    def __init__(self):\n        self.preview_length = 200\n        self.batch = 32\n\n"
        "    def show(self, text):\n        return text[: max(10, self.preview_length)]\n\n"
        "    def run(self, texts):\n        return self.model.encode(texts, batch_size=self.batch)\n"
    ),
)

INSTANCE_INVALID = (
    # a module constant, a parameter's default, stored in ``self`` and compared in another method with
    # a count of tokens (set 29: magentic-ui's compaction threshold)
    Invalid(
        "DEFAULT_THRESHOLD = 20_000\n\nclass Session:\n"
        "    def __init__(self, threshold=DEFAULT_THRESHOLD):\n        self._threshold = threshold\n\n"
        "    def step(self, usage):\n        if usage.total_tokens >= self._threshold:\n            self.compact()\n",
        line=1,
    ),
    # stored on ``self`` as the fallback of a method's parameter documented in tokens (set 23:
    # FlagEmbedding's embedders, whose token use is in a subclass)
    Invalid(
        "class Embedder:\n    def __init__(self, query_max_length: int = 512):\n"
        "        self.query_max_length = query_max_length\n\n"
        "    def encode_queries(self, queries, max_length=None):\n"
        '        """Args:\n            max_length (int, optional): Maximum length of tokens."""\n'
        "        if max_length is None:\n            max_length = self.query_max_length\n"
        "        return self.encode(queries, max_length=max_length)\n",
        line=2,
    ),
    # handed to the base class and read back from ``self`` as a tokenizer's truncation length
    Invalid(
        "class Reranker(Base):\n    def __init__(self, name, max_length: int = 512):\n"
        "        super().__init__(name=name, max_length=max_length)\n\n"
        "    def score(self, pairs, max_length=None):\n        if max_length is None:\n"
        "            max_length = self.max_length\n"
        "        return self.tokenizer(pairs, max_length=max_length, truncation=True)\n",
        line=2,
    ),
    # given to a nested helper that truncates to tokens
    Invalid(
        "def score(tokenizer, pairs, max_query_length: int = 512):\n"
        "    def _tokenize(texts, max_length):\n"
        "        return tokenizer(texts, max_length=max_length, truncation=True)\n\n"
        "    return _tokenize(pairs, max_length=max_query_length)\n",
        line=1,
    ),
    # documented in tokens by its own function, the tokenizer given a remainder of it (set 23)
    Invalid(
        "def encode(tokenizer, texts, max_length: int = 512):\n"
        '    """Args:\n        max_length (int, optional): Maximum length of tokens."""\n'
        "    return tokenizer(texts, truncation=True, max_length=max_length - len(PREFIX))\n",
        line=1,
    ),
    # printed by its own message as a number of tokens (set 23: a window minimum as an error's default)
    Invalid(
        "class WindowTooSmall(Exception):\n    def __init__(self, window: int, min_required: int = 16384):\n"
        '        super().__init__(f"window of {window} tokens, below the minimum of {min_required:,} tokens")\n',
        line=2,
    ),
    # a constant a tokenizer truncates its input to; a class's field it pads a truncating one to
    Invalid(
        "MAX_LENGTH = 512\n\ndef load(tokenizer):\n    tokenizer.enable_truncation(max_length=MAX_LENGTH)\n",
        line=1,
    ),
    Invalid("LIMIT = 256\nids = tokenizer(text, truncation=True, max_length=LIMIT)\n", line=1),
    Invalid(
        "class Encoder:\n    QUERY_LENGTH: int | None = 32\n\n    def load(self, tokenizer):\n"
        "        tokenizer.enable_truncation(max_length=self.limit)\n"
        "        tokenizer.enable_padding(length=self.QUERY_LENGTH)\n",
        line=2,
    ),
    # the last N tokens of the context kept and given to the model: a budget
    Invalid(
        "class Chat:\n    def __init__(self):\n        self.ids = []\n        self.max_history = 256  # tokens kept\n\n"
        "    def step(self, new):\n        self.ids.extend(new)\n        if len(self.ids) > self.max_history:\n"
        "            self.ids = self.ids[-self.max_history:]\n        return self.model.generate(self.ids)\n",
        line=4,
    ),
    # set on ``self`` in ``__init__``, a floor taken in another method and given on to a method that
    # truncates with a tokenizer (set 32: rerankers' ColBERT)
    Invalid(
        "class Ranker:\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n"
        "        self.floor_length = 32\n\n"
        "    def docs(self, documents, longest):\n        length = max(longest, self.floor_length)\n"
        "        return self._encode(documents, length)\n\n"
        "    def _encode(self, texts, max_length):\n"
        "        return self.tokenizer(texts, max_length=max_length - 1, truncation=True)\n",
        line=4,
    ),
)
