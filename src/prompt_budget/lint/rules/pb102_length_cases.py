"""PB102's cases about lengths under the project's own names (``learned_lengths``; set 33: ColBERT's
``doc_maxlen``): a name the project hands to a tokenizer's truncation length makes the literals given
under it token budgets. Kept apart from the rule module, which holds the other cases. The cases are one
module each; ``tests/lint/test_learned_lengths.py`` runs the same forms as multi-module projects.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A tokenizer that cuts documents to ``doc_maxlen`` tokens (ColBERT's ``DocTokenizer``).
_CUTTER = (
    "class DocTokenizer:\n    def __init__(self, config):\n        self.doc_maxlen = config.doc_maxlen\n\n"
    "    def tensorize(self, texts):\n"
    "        return self.tok(texts, truncation='longest_first', max_length=(self.doc_maxlen - 1))\n\n"
)

#: A stride name given to a convolution, or to a tokenizer that returns no overflowing windows.
_STRIDE_VALID = (
    Valid(
        "def block(cfg):\n    return nn.Conv2d(3, 64, kernel_size=3, stride=cfg.conv_stride)\n\n"
        "class Params(BaseModel):\n    conv_stride: int = Field(32)\n"
    ),
    Valid(
        "def prepare(tokenizer, texts, cfg):\n"
        "    return tokenizer(texts, truncation=True, max_length=512, stride=cfg.doc_stride)\n\n"
        "class Params(BaseModel):\n    doc_stride: int = Field(128)\n"
    ),
)

#: An attribute copying a length name, given to no token length (a string's cut): nothing learned.
_COPIED_VALID = (
    Valid(
        "class Page:\n    def __init__(self, config):\n        self.max_len_title = config.max_title_length\n\n"
        "    def title(self, text):\n        return text[: self.max_len_title]\n\n"
        "class Params(BaseModel):\n    max_title_length: int = Field(128, title='Max title length')\n"
    ),
)

LENGTH_VALID = (
    *_COPIED_VALID,
    *_STRIDE_VALID,
    # the name is also a queue's length: its unit is not known
    Valid(
        "def encode(tok, texts, cfg):\n    return tok(texts, truncation=True, max_length=cfg.span_maxlen)\n\n"
        "def recent(cfg):\n    return deque(maxlen=cfg.span_maxlen)\n\n"
        "parser.add_argument('--span_maxlen', default=200, type=int)\n"
    ),
    # a name with a unit word never learns (lines, words), a bare ``max_length`` is anyone's
    Valid(
        "def encode(tok, texts, cfg):\n"
        "    tok(texts, truncation=True, max_length=cfg.line_maxlen)\n"
        "    tok(texts, truncation=True, max_length=cfg.max_word_len)\n"
        "    return tok(texts, truncation=True, max_length=cfg.max_length)\n\n"
        "class Settings:\n    line_maxlen: int = 200\n    max_word_len: int = 100\n\n"
        "title = Field(max_length=200)\n"
    ),
    # a name the project never gives a tokenizer (a title cut in characters)
    Valid(
        "class Page:\n    title_maxlen: int = DefaultVal(200)\n\n"
        "    def title(self, text):\n        return text[: self.title_maxlen]\n\n"
        "parser.add_argument('--title_maxlen', dest='title_maxlen', default=120, type=int)\n"
    ),
    # a literal under 16 is no length anyone tunes
    Valid(_CUTTER + "config = Config(doc_maxlen=8)\n"),
    # a power of ten of a million or more under a generic length is the "not set" sentinel it is checked
    # against (crfm-helm: a tokenizer's model_max_length of 1e30 means the model's creator gave none)
    Valid(
        _CUTTER + "def register(tokenizer):\n    doc_maxlen = tokenizer.model_max_length\n"
        "    if doc_maxlen > 1_000_000:\n        raise ValueError('no model_max_length')\n"
    ),
    # lengths of strings, not of token lists, compared with the name in a comprehension over them
    Valid(
        "max_output_length = 128\nlengths = [len(x['output']) for x in data]\n"
        "data = [x for x, length in zip(data, lengths) if length < max_output_length]\n"
    ),
    # a field's default whose name reaches no tokenizer, only a setting that is no token budget
    Valid(
        "@dataclass\nclass FuserConfig:\n    candidate_maxlength: int = field(default=128)\n\n"
        "def show(cfg):\n    return {'max_chars': cfg.candidate_maxlength, 'num_beams': 4}\n"
    ),
    # the length of a row of a string's characters (not of token ids) compared with the name; a row of a
    # tokenizer's ids sliced, not measured
    Valid(
        "class Queries:\n    def __init__(self, prompts, query_len):\n"
        "        queries = [p.strip()[0] for p in prompts]\n"
        "        self.kept = [q for q in queries if len(q) <= query_len]\n\n"
        "@dataclass\nclass Args:\n    query_len: int = field(default=192)\n"
    ),
    Valid(
        "class Queries:\n    def __init__(self, tokenizer, prompts, query_len):\n"
        "        queries = [tokenizer(p, return_tensors='pt').input_ids[0] for p in prompts]\n"
        "        self.kept = [q[:query_len] for q in queries]\n\n"
        "@dataclass\nclass Args:\n    query_len: int = field(default=192)\n"
    ),
    # a sum given to a length in characters: the name is not learned
    Valid(
        "def shorten_all(self, text):\n"
        "    return shorten(text, width=self.prompt_max_length + self.suffix_length)\n\n"
        "parser.add_argument('--prompt_max_length', type=int, default=512)\n"
    ),
)

LENGTH_INVALID = (
    # a stride name given to the stride of a tokenizer returning its overflowing windows, whose
    # truncation is a strategy either way (set 40: autotrain, after Hugging Face's run_qa)
    Invalid(
        "def prepare(examples, tokenizer, config, pad_on_right):\n"
        "    return tokenizer(examples['q'], examples['c'],\n"
        "        truncation='only_second' if pad_on_right else 'only_first',\n"
        "        max_length=config.max_seq_length, stride=config.max_doc_stride,\n"
        "        return_overflowing_tokens=True)\n\n"
        "class Params(BaseModel):\n    max_doc_stride: int = Field(128, title='Document stride')\n",
        line=8,
    ),
    # an argparse option's default for the destination the tokenizer cuts to (set 33: ColBERT)
    Invalid(
        _CUTTER + "parser.add_argument('--doc_maxlen', dest='doc_maxlen', default=180, type=int)\n", line=8
    ),
    # a field's default wrapped in a one-argument call, or given as Field(default=...)
    Invalid(_CUTTER + "class Settings:\n    doc_maxlen: int = DefaultVal(220)\n", line=9),
    Invalid(_CUTTER + "class Settings(BaseModel):\n    doc_maxlen: int = Field(default=220)\n", line=9),
    # a keyword argument of that name in a call
    Invalid(
        _CUTTER + "config = Config(doc_maxlen=300, similarity='l2')\n",
        line=8,
        fixed="import prompt_budget\n\n\n"
        + _CUTTER
        + "config = Config(doc_maxlen=prompt_budget.value(\"doc_max_len\", 300), similarity='l2')\n",
    ),
    # a comparison of a read of the name with a literal
    Invalid(_CUTTER + "def check(config):\n    assert config.doc_maxlen == 64, config\n", line=9),
    # a term of the sum a tokenizer cuts to (set 34: llm-blender's prompt plus its template's tokens)
    Invalid(
        "class Prompts:\n    def __init__(self, tok, prompt_max_length):\n"
        "        self.prompt_max_length = min(prompt_max_length, tok.model_max_length)\n\n"
        "    def item(self, text):\n"
        "        return self.tok(text, max_length=self.prompt_max_length + self.template_length, truncation=True)\n\n"
        "parser.add_argument('--prompt_max_length', type=int, default=512)\n",
        line=8,
    ),
    # the token budget of a dict of generation settings, a config field's ``field(default=...)``
    Invalid(
        "def fuse(cfg, model):\n    candidate_maxlength = cfg.candidate_maxlength\n"
        "    params = {'max_new_tokens': candidate_maxlength, 'num_beams': 4}\n"
        "    return model.generate(**params)\n\n"
        "@dataclass\nclass FuserConfig:\n"
        "    candidate_maxlength: int = field(default=128, metadata={'help': 'Max length'})\n",
        line=8,
    ),
    # the length of a row of a tokenizer's ids, the items of a list of them or a local, compared with the
    # name: the prompts kept when short enough (set 44: alpaca-farm's ``query_len``)
    Invalid(
        "class Queries:\n    def __init__(self, tokenizer, prompts, query_len):\n"
        "        queries = [tokenizer(p, return_tensors='pt').input_ids[0] for p in prompts]\n"
        "        self.kept = [q for q in queries if len(q) <= query_len]\n\n"
        "@dataclass\nclass Args:\n    query_len: int = field(default=192)\n",
        line=8,
    ),
    Invalid(
        "def keep(tokenizer, prompt, args):\n    ids = tokenizer.encode(prompt)\n"
        "    return len(ids) <= args.prompt_len\n\nargs.prompt_len = 256\n",
        line=5,
    ),
    # compared with token counts: the items of a list of them in a comprehension over ``zip``, a loop's
    Invalid(
        "max_output_length = 128\nlengths = [len(tokenizer.encode(x['output'])) for x in data]\n"
        "data = [x for x, length in zip(data, lengths) if length > 10 and length < max_output_length]\n",
        line=1,
    ),
    Invalid(
        "def keep(texts, tokenizer):\n    counts = [len(tokenizer.encode(t)) for t in texts]\n"
        "    return [i for i, n in enumerate(counts) if n <= LIMITS.answer_max_len]\n\n"
        "LIMITS.answer_max_len = 256\n",
        line=5,
    ),
    # learned from a tokenizer's class given the name, a dict entry and an assignment under it
    Invalid(
        "def batcher(args):\n    return QueryTokenizer(args.query_len_max)\n\n"
        "DEFAULTS = {'query_len_max': 32}\nargs.query_len_max = 64\n",
        count=2,
    ),
    # a pydantic field's ``Field(128, title=...)`` for the name an attribute copies, the attribute given
    # to a tokenizer's length (set 40: autotrain's ``self.max_len_target = self.config.max_target_length``)
    Invalid(
        "class Dataset:\n    def __init__(self, tokenizer, config):\n"
        "        self.max_len_target = config.max_target_length\n\n"
        "    def item(self, target):\n"
        "        return self.tokenizer(text_target=target, max_length=self.max_len_target, truncation=True)\n\n"
        "class Params(BaseModel):\n    max_target_length: int = Field(128, title='Max target length')\n",
        line=9,
    ),
)
