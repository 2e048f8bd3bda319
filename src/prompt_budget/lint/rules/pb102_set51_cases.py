"""PB102's cases from what sets 51 and 52 left (issue 19): a class field's literal default whose
attribute is read into a token budget (``field_reach``). Kept apart from the rule module to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SUMMARIZER = (
    "class Summarizer:\n    def _chunk_text(self, text, chunk_size=900):\n        count = 0\n"
    "        for p in text.split('\\n'):\n            new_token_count = count + self._count_tokens(p)\n"
    "            if new_token_count < chunk_size:\n                count = new_token_count\n\n"
)

_CLASSIFY = (
    "def classify(self, completion, overlap):\n"
    "    inputs = self.tokenizer(completion, return_tensors='pt')\n    input_ids = inputs['input_ids'][0]\n"
    "    if len(input_ids) <= 512:\n        return self.model(**inputs)\n"
)

SET51_VALID = (
    # one field name given a literal in two classes (one of them characters): a read cannot tell which
    Valid(
        "class TextSplitter:\n    chunk_size: int = 1000\n\nclass Processing(BaseModel):\n"
        "    chunk_size: int = Field(default=256, gt=0)\n\n"
        "def form(config):\n    return {'chunking_max_tokens': str(config.processing.chunk_size)}\n"
    ),
    # a field said to count characters; a literal under 16; a read not given to a budget
    Valid(
        "class Processing(BaseModel):\n"
        "    chunk_size: int = Field(default=2000, description='Maximum characters per chunk')\n"
        "    tokens: int = 8\n    limit: int = 500\n\n"
        "def ask(config):\n    return llm(max_tokens=config.tokens, n=config.limit, size=config.chunk_size)\n"
    ),
    # a bare ``self`` read of an attribute the class sets from a parameter, not from a field of that name
    Valid(
        "class Processing:\n    chunk_size: int = 256\n\nclass Chunker:\n    def __init__(self, n):\n"
        "        self.chunk_size = n\n        self.tok = HuggingFaceTokenizer(max_tokens=self.chunk_size)\n"
    ),
    # a literal passed for a parameter whose default is no budget (``budget_overrides``)
    Valid(
        "class Store:\n    def fetch(self, query, limit=500):\n        return self.db.run(query)[:limit]\n\n"
        "def read(q):\n    store = Store()\n    return store.fetch(q, limit=60)\n"
    ),
    # beside a token threshold: another value, a name of another unit or of no limit, another function
    # (``threshold_copies``)
    Valid(
        "def classify(self, completion, overlap):\n    max_lines = 512\n    batch = 512\n    max_size = 256\n"
        "    inputs = self.tokenizer(completion, return_tensors='pt')\n    input_ids = inputs['input_ids'][0]\n"
        "    if len(input_ids) <= 512:\n        return self.model(**inputs)\n\n"
        "def other():\n    max_chunk_size = 512\n    return max_chunk_size\n"
    ),
    # read under its own name (set 50: gpt-oss's rotary origin; minDALL-E's text positions)
    Valid(
        "@dataclass\nclass Hparams:\n    ctx_len_txt: int = 64\n\nclass Transformer:\n"
        "    def __init__(self, hparams):\n        self.ctx_len_txt = hparams.ctx_len_txt\n"
    ),
)
SET51_INVALID = (
    # a settings field sent as the budget of a completion (set 51: readmeai's ``tokens``)
    Invalid(
        "class ModelSettings(BaseModel):\n    tokens: PositiveInt = Field(default=699, le=2048)\n\n"
        "class BaseHandler:\n    def __init__(self, config):\n        self.max_tokens = config.llm.tokens\n",
        line=2,
    ),
    # a chunk size sent as a request's token budget, and copied onto ``self`` then given to a tokenizer
    # (set 51: haiku-rag's ``ProcessingConfig.chunk_size``)
    Invalid(
        "class ProcessingConfig(BaseModel):\n    chunk_size: int = Field(default=256, gt=0)\n\n"
        "def form(config):\n    return {'chunking_max_tokens': str(config.processing.chunk_size)}\n",
        line=2,
    ),
    Invalid(
        "class ProcessingConfig(BaseModel):\n    chunk_size: int = Field(256, gt=0)\n\n"
        "class Chunker:\n    def __init__(self, config):\n"
        "        self.chunk_size = config.processing.chunk_size\n"
        "        self.tok = HuggingFaceTokenizer(tokenizer=hf, max_tokens=self.chunk_size)\n",
        line=2,
    ),
    # a literal passed for a parameter whose default is a budget (set 52: loopgpt's ``_chunk_text``), by
    # keyword or by position, the default reported too
    Invalid(
        _SUMMARIZER + "def read(page_text):\n    summarizer = Summarizer()\n"
        "    return list(summarizer._chunk_text(page_text, chunk_size=60))\n",
        count=2,
    ),
    Invalid(
        _SUMMARIZER + "    def pages(self, text):\n        return self._chunk_text(text, 300)\n",
        count=2,
    ),
    # the token threshold a function compares a count with, written again under a size name or as a
    # difference's first term (set 52: chembench's refusal classifier)
    Invalid(
        _CLASSIFY.replace("overlap):\n", "overlap):\n    max_chunk_size_allowed = 512\n"),
        line=2,
    ),
    Invalid(
        _CLASSIFY
        + "    max_chunk_size = 512 - overlap\n    return [input_ids[i : i + 8] for i in range(0, 9, 8)]\n",
        line=6,
    ),
)
