"""PB102's cases from what sets 53 and 54 left (issue 19): a length name handed to a tokenizer's cut through
a parameter of a function of the module, or given to a cut made only when the length is set
(``length_arguments``). Kept apart from the rule module to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A function of the module whose parameter is the length a tokenizer cuts to (rankify's FiD data).
_ENCODE = (
    "def encode_passages(texts, tokenizer, max_length):\n"
    "    return tokenizer.batch_encode_plus(texts, max_length=max_length, truncation=True)\n\n"
)

SET53_VALID = (
    # the function's parameter is no cut's length (a padding width); an audio extractor's cut
    Valid(
        "def pad(texts, tokenizer, width):\n    return tokenizer.pad(texts, length=width)\n\n"
        "class Collator:\n    def __init__(self, passage_maxlength=200):\n"
        "        self.passage_maxlength = passage_maxlength\n\n"
        "    def __call__(self, batch):\n        return pad(batch, self.tokenizer, self.passage_maxlength)\n"
    ),
    # a function of another name (a method of another object) is not the module's function
    Valid(
        _ENCODE + "class Collator:\n    def __init__(self, passage_maxlength=200):\n"
        "        self.passage_maxlength = passage_maxlength\n\n"
        "    def __call__(self, batch):\n"
        "        return self.store.encode_passages(batch, self.tokenizer, self.passage_maxlength)\n"
    ),
    # a conditional ``truncation=`` whose branches both leave the input whole; an audio extractor's
    Valid(
        "class Collator:\n    def __init__(self, answer_maxlength=20, clip_maxlength=48000):\n"
        "        self.answer_maxlength = answer_maxlength\n        self.clip_maxlength = clip_maxlength\n\n"
        "    def __call__(self, batch, audio):\n"
        "        self.tokenizer(batch, max_length=self.answer_maxlength, truncation=False if batch else None)\n"
        "        return self.feature_extractor(audio, max_length=self.clip_maxlength,\n"
        "            truncation=True if audio else False)\n"
    ),
)

SET53_INVALID = (
    # the name given by position to the module's function whose parameter a tokenizer cuts to
    Invalid(
        _ENCODE + "class RetrieverCollator:\n    def __init__(self, tokenizer, passage_maxlength=200):\n"
        "        self.passage_maxlength = passage_maxlength\n\n"
        "    def __call__(self, batch):\n"
        "        return encode_passages(batch, self.tokenizer, self.passage_maxlength)\n",
        line=5,
    ),
    # by keyword, a literal given under the name elsewhere (a config's default)
    Invalid(
        _ENCODE + "def collate(batch, tokenizer, cfg):\n"
        "    return encode_passages(batch, tokenizer, max_length=cfg.passage_maxlength)\n\n"
        "class RetrieverConfig:\n    def __init__(self, passage_maxlength=200, projection=True):\n"
        "        self.passage_maxlength = passage_maxlength\n",
        line=8,
    ),
    # a cut made only when the length is set, to that length
    Invalid(
        "class Collator:\n    def __init__(self, text_maxlength, tokenizer, answer_maxlength=20):\n"
        "        self.answer_maxlength = answer_maxlength\n\n"
        "    def __call__(self, batch):\n        return self.tokenizer.batch_encode_plus(batch,\n"
        "            max_length=self.answer_maxlength if self.answer_maxlength > 0 else None,\n"
        "            truncation=True if self.answer_maxlength > 0 else False)\n",
        line=2,
    ),
)

#: A config class whose ``max_length`` another function gives to a call that says the unit (``field_reach``).
_EMBEDDING_FIELD = (
    "class HFEmbedding(BaseModel):\n    embedding_model_name: str\n    max_length: int = 512\n\n"
)

SET53_FIELD_VALID = (
    # the field read into a string's cut, a form field's length, a tokenizer call that does not truncate
    Valid(
        _EMBEDDING_FIELD + "def title(cfg, text):\n    shorten(text, width=cfg.embedding.max_length)\n"
        "    Field(max_length=cfg.embedding.max_length)\n"
        "    return tokenizer(text, padding=True, max_length=cfg.embedding.max_length)\n"
    ),
    # one field name with a literal in two classes: a read cannot tell which
    Valid(
        _EMBEDDING_FIELD + "class Title(BaseModel):\n    max_length: int = 200\n\n"
        "def model(cfg):\n    return HFEndpointEmbeddings(model_name=cfg.name, max_length=cfg.max_length)\n"
    ),
)

SET53_FIELD_INVALID = (
    # the field read into an embedding model's longest input (set 53: syftr's ``HFEmbedding``)
    Invalid(
        _EMBEDDING_FIELD + "def model(cfg):\n"
        "    return HFEndpointEmbeddings(model_name=cfg.embedding_model_name, max_length=cfg.max_length)\n",
        line=3,
    ),
    # the field read into the length a tokenizer truncates to
    Invalid(
        "class Settings(BaseModel):\n    max_length: int = 256\n\n"
        "def encode(tokenizer, texts, settings):\n"
        "    return tokenizer(texts, truncation=True, max_length=settings.max_length)\n",
        line=2,
    ),
)

#: A reranker's base class whose getter named as a token budget returns the stored context size.
_RANKLLM = (
    "class RankLLM:\n    def __init__(self, model, context_size, prompt_mode):\n"
    "        self._context_size = context_size\n\n"
    "    def max_tokens(self) -> int:\n        return self._context_size\n\n"
)

SET53_GETTER_VALID = (
    # a getter not named as a budget; a budget getter returning another attribute; a default not forwarded
    Valid(
        "class Differ:\n    def __init__(self, context_size=50):\n        self._context_size = context_size\n\n"
        "    def window(self):\n        return self._context_size\n\n"
        "class Ranker:\n    def __init__(self, context_size, max_tokens):\n"
        "        self._context_size = context_size\n        self._max_tokens = max_tokens\n\n"
        "    def max_tokens(self):\n        return self._max_tokens\n\n"
        "class Lines(Ranker):\n    def __init__(self, context_size=50):\n        self.lines = context_size\n"
    ),
)

SET53_GETTER_INVALID = (
    # a subclass's default forwarded to the constructor that stores what ``max_tokens()`` returns
    Invalid(
        _RANKLLM + "class RankFiDDistill(RankLLM):\n"
        "    def __init__(self, model, context_size: int = 150, window_size: int = 20):\n"
        "        super().__init__(model=model, context_size=context_size, prompt_mode=None)\n",
        line=9,
    ),
    # the class's own constructor default
    Invalid(
        "class LiT5:\n    def __init__(self, model, context_size=300):\n"
        "        self._context_size = context_size\n\n"
        "    def max_tokens(self):\n        return self._context_size\n",
        line=2,
    ),
)

SET53_ATTRIBUTE_VALID = (
    # an attribute the class docstring counts in another unit, or gives no unit
    Valid(
        'class Differ:\n    """Shows a diff.\n\n    Attributes:\n'
        "        context_size (int): The maximum number of lines of context.\n"
        '        window (int): The maximum number of tokens, in characters.\n    """\n\n'
        "    def __init__(self):\n        self.context_size = 300\n        self.window = 300\n"
    ),
)

SET53_ATTRIBUTE_INVALID = (
    # a constructor's attribute the class docstring calls a maximum number of tokens (set 53: LiT5)
    Invalid(
        'class LiT5Distill:\n    """A reranker.\n\n    Attributes:\n'
        "        context_size (int): The **maximum number of tokens** used in ranking (default: `300`).\n"
        '    """\n\n    def __init__(self, method_args):\n        self.context_size = 300\n',
        line=9,
    ),
)
