"""PB101's cases about tokenizers' cuts: a number is the length a tokenizer truncates (or pads) its
input to, given inline, as a parameter's or a kwargs default, stored on the instance, or named as a
tokenizer's length; and the lengths that are no tokenizer's (padding alone, audio extractors, a
database column). Kept apart from the rule module, which holds the other cases, to keep both short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

CUT_VALID = (
    # a length given to a model class that cuts nothing the lint knows of
    Valid("def load(name, max_length=1024):\n    return Classifier(name, max_length=max_length)\n"),
    # a length given to a pipeline of a task that generates nothing, or to one bound to another
    # object too
    Valid("tagger = pipeline('ner')\n\ndef tag(text):\n    return tagger(text, max_length=128)\n"),
    Valid(
        "def run(text, fast):\n    gen = pipeline('summarization')\n    if fast:\n        gen = Summarizer()\n"
        "    return gen(text, min_length=30)\n"
    ),
    # an attribute that no call truncating to it reads: nothing says it counts tokens
    Valid("class Scorer:\n    def __init__(self):\n        self.max_input_length = 500\n"),
    # an attribute named as a budget, weakly or not, is PB102's field to follow
    Valid(
        "class Buff:\n    def __init__(self):\n        self.max_length = 128\n"
        "    def run(self, t):\n        return self.tokenizer(t, truncation=True, max_length=self.max_length)\n"
    ),
    # a parameter given to a call that does not truncate, or read from elsewhere
    Valid(
        "def pad(texts, max_length=64):\n    return tokenizer(texts, padding='max_length', max_length=max_length)\n"
        "def cut(texts):\n    return tokenizer(texts, truncation=True, max_length=max_length)\n"
    ),
    # audio feature extractors truncate to samples or frames, not tokens (set 17: pipecat's Smart Turn)
    Valid(
        "x = processor(audio, sampling_rate=16000, padding='max_length', truncation=True, max_length=800)\n"
        "y = feature_extractor(audio, truncation=True, max_length=16000 * 16)\n"
        'z = {"sampling_rate": 16000, "max_length": 800, "truncation": True}\n'
    ),
    # a length popped from kwargs for what is no tokenizer; a length to a function, not an embedder class
    Valid(
        "class Store:\n    def __init__(self, **kwargs):\n"
        '        max_length = kwargs.pop("max_length", 512)\n        self.col = Column(max_length=max_length)\n'
        "e = get_embedding(text, max_length=8000)\n"
    ),
)

CUT_INVALID = (
    # a reranker's input length: sentence-transformers' CrossEncoder and FlagEmbedding's rerankers
    # tokenize each pair with truncation to ``max_length`` (set 45: langchain-chatchat), given inline or
    # as a parameter's default
    Invalid(
        "class Reranker:\n    def __init__(self, name: str, top_n: int = 3, max_length: int = 1024):\n"
        "        self._model = CrossEncoder(model_name=name, max_length=max_length)\n",
        line=2,
    ),
    Invalid("reranker = FlagReranker('BAAI/bge-reranker-base', max_length=1024)\n"),
    # a generation length given to a text-generating pipeline's call: the pipeline hands it to its
    # model's ``generate``, in tokens (set 39: lm-buddy's summarizer)
    Invalid(
        "class Client:\n    def __init__(self, model):\n"
        "        self._summarizer = pipeline('summarization', model=model, truncation=True)\n\n"
        "    def predict(self, prompt):\n        return self._summarizer(prompt, min_length=30, do_sample=False)\n",
        key="predict_min_length",
    ),
    Invalid(
        "gen = pipeline(task='text-generation', model='gpt2', tokenizer=tok)\n\ndef run(p):\n"
        "    return gen(p, max_length=200), pipeline('translation_en_to_fr')(p, max_length=400)\n",
        count=2,
    ),
    # an instance's attribute a method gives as a truncating call's length (set 21: SummaC; an
    # attribute named as a budget, ``self.max_input_length``, is PB102's)
    Invalid(
        "class Scorer:\n    def __init__(self):\n        self.cut_at = 500\n"
        "    def score(self, pairs):\n        return self.tokenizer(pairs, truncation='only_first',"
        " max_length=self.cut_at)\n",
        line=3,
    ),
    # a parameter stored on the instance, then given as a truncating call's length (set 21: lazyllm)
    Invalid(
        "class Classifier:\n    def __init__(self, max_length=512):\n        self.max_length = max_length\n"
        "    def __call__(self, text):\n        return self.tokenizer(text, truncation=True,"
        " max_length=self.max_length)\n",
        line=2,
    ),
    # a parameter's default given to a tokenizer call that truncates (set 16: crawl4ai)
    Invalid(
        "def classify(texts, labels=None, max_length=64):\n"
        "    return tokenizer(texts, padding=True, truncation=True, max_length=max_length)\n",
        line=1,
    ),
    # a tokenizer's or a pipeline's keyword arguments, as a dict (set 17: llm-guard's pipeline_kwargs)
    Invalid('MODEL = Model(path=p, pipeline_kwargs={"max_length": 512, "truncation": True})'),
    # an embedding model's input length, also bound by a factory (set 17: autorag)
    Invalid(
        "a = HuggingFaceEmbedding(model_name=m, max_length=512)\n"
        "b = LazyInit(HuggingFaceEmbedding, model_name=m, max_length=512)\n",
        count=2,
    ),
    # a kwargs default, then a parameter's default, reaching a tokenizer's truncation through a
    # method of the class, bounded by min() (set 17: autorag's FlashRank)
    Invalid(
        "class Reranker:\n    def __init__(self, **kwargs):\n"
        '        max_length = kwargs.pop("max_length", 512)\n        self.tokenizer = self._load(max_length)\n\n'
        "    def _load(self, max_length=256):\n        tokenizer = Tokenizer.from_file(path)\n"
        "        tokenizer.enable_truncation(max_length=min(limit, max_length))\n        return tokenizer\n",
        count=2,
    ),
    Invalid("tokenizer.enable_truncation(max_length=300)"),
    # a tokenizer's length named as such; a padded length beside a cut; a budget field's bound (set 22)
    Invalid("gen = Generator.from_use_case(model_name=m, tokenizer_max_length=512, batch_size=8)"),
    Invalid("tok.enable_truncation(max_length=256)\ntok.enable_padding(pad_id=0, length=256)\n", count=2),
    Invalid("class Chat(BaseModel):\n    max_tokens: int = Field(ge=0, le=4096, default=100)\n", line=2),
    # a tokenizer made with its longest input: Hugging Face's model_max_length counts tokens
    Invalid(
        'tok = AutoTokenizer.from_pretrained("org/bert", model_max_length=512)\n'
        "fast = BertTokenizerFast(vocab_file=v, model_max_length=256)\n",
        count=2,
    ),
    # a tokenizer call that truncates: max_length is a number of tokens
    Invalid(
        "tokenizer, model = models\ninputs = tokenizer(pairs, padding=True, truncation=True, max_length=512)\n",
        line=2,
    ),
)
