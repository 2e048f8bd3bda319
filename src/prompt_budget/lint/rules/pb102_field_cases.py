"""PB102's cases about lengths of settings fields and parameters (``window_lengths``): a maximum or
sequence length whose help text or description says it counts a tokenized sequence (``"Maximum
sequence length"``, ``"the model inputs"``, pydantic's ``json_schema_extra={"description": ...}``),
the maximum length of a model reading tokens (``reranker_max_length``), and a length in a scope that
handles a tokenizer or ``input_ids``; a parameter or field a docstring gives in tokens, and a usage
count under a comment of tokens that code only reports (set 26). Kept apart from the rule module, which holds the other cases.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A module docstring naming a tokenizer, as such modules do: the rule's pre-check reads the file for
#: a token word before parsing it.
_DOC = '"""Settings of the model and its tokenizer."""\n'

FIELD_VALID = (
    # a ``param`` library class attribute whose name says no budget (its slider's ``bounds`` never one),
    # and an ``Integer`` call of another library
    Valid(
        "class ChatConfig(param.Parameterized):\n    page_size = param.Integer(default=500, bounds=(1, 8000))\n"
        "    max_new_tokens = column.Integer(default=1000)\n"
    ),
    # a length whose help text counts characters, frames or items; a sequence length by its name alone
    Valid(
        _DOC + "@dataclass\nclass Args:\n    title_maxlen: int = field(\n        default=1024,\n"
        '        metadata={"help": "Maximum length of the title, in characters."},\n    )\n'
    ),
    Valid(
        _DOC + "@dataclass\nclass Args:\n    video_maxlen: int = field(\n        default=128,\n"
        '        metadata={"help": "The maximum number of sampled frames of video inputs."},\n    )\n'
    ),
    Valid(
        _DOC
        + "def pad(rows, sequence_len=2048):\n    return [r + [0] * (sequence_len - len(r)) for r in rows]\n"
    ),
    # a sequence length in a scope with a tokenizer, but cut from a string (characters)
    Valid("def clip(tokenizer, text, max_length=2048):\n    return tokenizer.encode(text[:max_length])\n"),
    # in a scope with a tokenizer: a prefixed length (a response's words), an abstract method's default
    Valid(
        "class Search:\n    def __init__(self, tokenizer, map_max_length=1000):\n"
        "        self.tokenizer = tokenizer\n        self.prompt = PROMPT.format(max_length=map_max_length)\n"
    ),
    Valid(
        "class Embedder(ABC):\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n\n"
        "    @abstractmethod\n    def encode(self, texts, max_length: int = 512):\n        ...\n"
    ),
    # a model's maximum length too small to be its window, with no help text
    Valid(_DOC + "@dataclass\nclass Args:\n    encoder_max_length: int = field(default=64)\n"),
    Valid(
        'class Gen:\n    """top_k: the model keeps the top_k tokens of the highest probability."""\n\n    top_k: int = 50\n'
    ),
    # set 26: a usage count under a comment of tokens, only sent back as a response's usage; a
    # parameter whose docstring entry gives its unit as bytes
    Valid(
        "def reply():\n    completion_tokens = 100  # fixed completion tokens\n"
        "    return {'usage': {'completion_tokens': completion_tokens, 'total_tokens': 5 + completion_tokens}}\n"
    ),
    Valid(
        'def pack(token_size: int = 4096):\n    """Args:\n        token_size: size of each token, in bytes\n    """\n'
    ),
    # a fallback whose local only cuts a string, in a class that handles a tokenizer
    Valid(
        "class Preview:\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n\n"
        '    def show(self, text, **kwargs):\n        truncate_length = kwargs.get("max_len", 2048)\n'
        "        return text[:truncate_length]\n"
    ),
    # a field named as tokens whose description or docstring says characters and never tokens (set 44:
    # ragelo's evidence snippets, cut to that many characters)
    Valid(
        "class PairwiseConfig(BaseModel):\n    max_evidence_tokens: int = Field(\n        default=2000,\n"
        '        description="Maximum character budget for evidence snippets in the evaluation prompt.",\n    )\n'
    ),
    Valid(
        "@dataclass\nclass Args:\n    max_context_tokens: int = field(\n        default=8000,\n"
        '        metadata={"help": "Longest context kept, in characters."},\n    )\n'
    ),
    Valid('class Cfg:\n    summary_max_tokens = 4000\n    """Longest summary, counted in characters."""\n'),
)

FIELD_INVALID = (
    # HoloViz ``param``'s class attributes, declared like a pydantic ``Field(default=...)``: a budget
    # name's default (set 44: ragna's UI settings), positional or by keyword, not the slider's bounds
    Invalid(
        "class ChatConfig(param.Parameterized):\n"
        "    max_new_tokens = param.Integer(default=1_000, step=100, bounds=(100, 10_000))\n"
        "    max_context_tokens = param.Integer(2000, bounds=(1, 8000))\n",
        count=2,
    ),
    # a dataclass field whose help text says a sequence length, its default on the line after
    # ``field(`` (set 23: LLaMA-Factory's serving lengths)
    Invalid(
        _DOC + "@dataclass\nclass Args:\n    engine_maxlen: int = field(\n        default=4096,\n"
        '        metadata={"help": "Maximum sequence (prompt + response) length of the engine."},\n    )\n',
        line=5,
    ),
    # a pydantic field described in ``json_schema_extra``; an output length smaller than any window
    Invalid(
        "class Config(BaseModel):\n    sequence_len: int = Field(\n        default=512,\n"
        '        json_schema_extra={"description": "Most models have a token/context limit."},\n    )\n',
        line=3,
    ),
    Invalid(
        _DOC + "class Config(BaseModel):\n"
        "    generation_max_length: int = Field(default=100, description='Maximum sequence length for generation')\n"
    ),
    # the maximum length of a model reading tokens (set 23: FlagEmbedding's evaluation arguments)
    Invalid(
        _DOC + "@dataclass\nclass EvalArgs:\n"
        '    reranker_max_length: int = field(default=512, metadata={"help": "Max length for reranking."})\n'
    ),
    # a length in a scope handling a tokenizer or ``input_ids`` (set 23: axolotl's prompters and filters)
    Invalid(
        "class Prompter:\n    def __init__(self, tokenizer, max_length=2048):\n        self.tokenizer = tokenizer\n"
        "        self.max_length = max_length\n"
    ),
    Invalid(
        "def drop_long(sample, sequence_len=2048):\n    return len(sample['input_ids']) <= sequence_len\n"
    ),
    # set 26: a parameter (an expression) or a field a docstring gives in tokens (datatrove's shuffler);
    # the same usage count as the valid one, compared with a count: a limit
    Invalid(
        'class Shuffler:\n    """Moves windows of `window_size` tokens."""\n\n'
        "    def __init__(self, window_size: int = 2048 + 1):\n        self.window_size = window_size\n",
        line=4,
    ),
    Invalid(
        'def cut(seq_len=4096):\n    """Args:\n        seq_len: length of a sample, in tokens\n    """\n'
    ),
    Invalid(
        'class Cfg:\n    """Attributes:\n        window: the context, in tokens\n    """\n\n    window: int = 8192\n',
        line=6,
    ),
    Invalid(
        "def check(n):\n    completion_tokens = 100  # completion tokens\n    return n < completion_tokens\n",
    ),
    # a fallback's local cutting a token list's attention mask with the lists aligned with it, and one
    # whose namesake in another method cuts a string (set 36: openrlhf's rollout ``max_len``)
    Invalid(
        "class Rollout:\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n\n"
        '    def trim(self, response, **kwargs):\n        truncate_length = kwargs.get("max_len", 2048)\n'
        '        sequences, attention_mask = response["sequences"], response["attention_mask"]\n'
        "        return sequences[:truncate_length], attention_mask[:truncate_length]\n",
        line=6,
    ),
    Invalid(
        "class Rollout:\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n\n"
        '    def dispatch(self, engine, prompt, **kwargs):\n        truncate_length = kwargs.get("max_len", 2048)\n'
        "        return engine.generate(prompt, max_length=truncate_length)\n\n"
        "    def preview(self, text):\n        truncate_length = 80\n        return text[:truncate_length]\n",
        line=6,
    ),
    # a field whose description speaks of tokens beside characters, or of tokens alone: its name stands
    Invalid(
        "class PairwiseConfig(BaseModel):\n    max_evidence_tokens: int = Field(\n        default=2000,\n"
        '        description="Maximum evidence tokens (about four characters each).",\n    )\n',
        line=3,
    ),
    Invalid(
        "class PairwiseConfig(BaseModel):\n"
        '    max_evidence_tokens: int = Field(default=2000, description="Maximum budget for evidence.")\n'
    ),
    Invalid(
        'class Cfg:\n    summary_max_tokens = 4000\n    """Longest summary, in tokens; a token is ~4 chars."""\n'
    ),
)
