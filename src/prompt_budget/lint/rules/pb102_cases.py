"""PB102's cases: its own, and the lists of the modules each holding a set's or a reading's (``pb102_*_cases``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb102_chunk_cases import CHUNK_INVALID, CHUNK_VALID
from prompt_budget.lint.rules.pb102_core_cases import CORE_INVALID
from prompt_budget.lint.rules.pb102_field_cases import FIELD_INVALID, FIELD_VALID
from prompt_budget.lint.rules.pb102_instance_cases import INSTANCE_INVALID, INSTANCE_VALID
from prompt_budget.lint.rules.pb102_length_cases import LENGTH_INVALID, LENGTH_VALID
from prompt_budget.lint.rules.pb102_option_cases import OPTION_INVALID, OPTION_VALID
from prompt_budget.lint.rules.pb102_runtime_cases import RUNTIME_INVALID, RUNTIME_VALID
from prompt_budget.lint.rules.pb102_set45_cases import SET45_INVALID, SET45_VALID
from prompt_budget.lint.rules.pb102_set47_cases import SET47_INVALID, SET47_VALID
from prompt_budget.lint.rules.pb102_set49_cases import SET49_INVALID, SET49_VALID
from prompt_budget.lint.rules.pb102_set51_cases import SET51_INVALID, SET51_VALID
from prompt_budget.lint.rules.pb102_set53_cases import (
    SET53_ATTRIBUTE_INVALID,
    SET53_ATTRIBUTE_VALID,
    SET53_FIELD_INVALID,
    SET53_FIELD_VALID,
    SET53_GETTER_INVALID,
    SET53_GETTER_VALID,
    SET53_INVALID,
    SET53_VALID,
)
from prompt_budget.lint.rules.pb102_set65_cases import SET65_INVALID, SET65_VALID
from prompt_budget.lint.rules.pb102_set71_cases import SET71_INVALID, SET71_VALID
from prompt_budget.lint.rules.pb102_set73_cases import SET73_INVALID, SET73_VALID
from prompt_budget.lint.rules.pb102_stated_default_cases import STATED_DEFAULT_INVALID, STATED_DEFAULT_VALID
from prompt_budget.lint.rules.pb102_vocabulary_cases import VOCABULARY_INVALID, VOCABULARY_VALID

PB102_VALID = (
    # a draft model's tokens per speculative step, compared with a batch size: no budget
    Valid(
        "class Server:\n    def __init__(self, n_batch: int, draft_num_pred_tokens: int = 16):\n"
        "        if n_batch < draft_num_pred_tokens + 1:\n            raise ValueError\n"
    ),
    # a maximum length that cuts a string (characters), one without a budget named as tokens, one
    # whose prefix the token budget does not share, a fallback in a class about no tokens (set 20)
    Valid(
        "class Form:\n    max_length = 2048\n    max_tokens = None\n\n    def clip(self, text):\n"
        "        return text[: self.max_length]\n"
    ),
    Valid("class Title:\n    MAX_LENGTH = 2048\n\n    def __init__(self, max_length=1024): ..."),
    # the fallback of a lookup loop over a table of no budget (prices), or of a loop not returning its budget
    Valid(
        "def price(model):\n    for pattern, cost in PRICES.items():\n        if pattern in model:\n"
        "            return cost\n    return 1000\n\ndef window(model):\n"
        "    for pattern, max_tokens in LIMITS.items():\n        if pattern in model:\n"
        "            return pattern\n    return 4096\n"
    ),
    # a class's window name whose every read is compared with a string's length: characters (set 43)
    Valid(
        "class PromptValidator:\n    MAX_PROMPT_LENGTH = 10000\n\n    def validate(self, prompt):\n"
        "        if len(prompt) > self.MAX_PROMPT_LENGTH:\n"
        '            raise ValueError(f"Prompt too long: {len(prompt)} > {self.MAX_PROMPT_LENGTH}")\n'
    ),
    # a number named as tokens multiplied by a price per token, not by characters per token: a cost
    Valid(
        "_NUM_INITIAL_TOKENS = 500\n\ndef cost(price_per_token):\n"
        "    return _NUM_INITIAL_TOKENS * price_per_token\n"
    ),
    # the width of windows of a text (characters) or of a row of no tokens
    Valid(
        "MAX_LENGTH = 512\n\ndef pieces(text, rows, tokenizer):\n    tokenizer(text)\n"
        "    return [text[i : i + MAX_LENGTH] for i in range(0, len(text), MAX_LENGTH)], rows[0][:MAX_LENGTH]\n"
    ),
    Valid(
        "class Page:\n    TITLE_MAX_LENGTH = 1000\n\n    def summarize(self, text, max_new_tokens=None): ..."
    ),
    Valid(
        'class Field:\n    def __init__(self, **kw):\n        self.max_length = kw.pop("max_length", 2048)\n'
    ),
    # said to count characters, or stored where a string's length is compared (set 20 tuning)
    Valid(
        "class Prompt(BaseModel):\n    max_tokens: int | None = None\n"
        "    max_length: int = Field(default=16000, description='Its length in characters.')\n"
    ),
    Valid(
        "class Clipper:\n    def __init__(self, settings, max_input_tokens=None):\n"
        '        self._max_arg = settings.get("max_length", 2000)\n\n'
        "    def long(self, value):\n        return len(value) > self._max_arg\n"
    ),
    # an image tile's cost in a counting function not saying it estimates; a special token's id; an ``or``
    Valid(
        "IMAGE_TOKENS_PER_TILE = 170\nBASE_IMAGE_TOKENS = 85\n\ndef count_image_tokens(tiles):\n"
        "    return BASE_IMAGE_TOKENS + IMAGE_TOKENS_PER_TILE * tiles\n"
    ),
    Valid("IMAGE_TOKEN_INDEX = 32000\nmask = input_ids == IMAGE_TOKEN_INDEX\n"),
    Valid(
        'def tokens_from_image(size):\n    """Estimate the tokens of an image.\n\n'
        '    See https://example.com/vision#costs.\n    """\n    return 258\n'
    ),
    Valid("DEFAULT_PAGE = 4096\nsize = config.page_size or DEFAULT_PAGE\n"),
    # a pricing tier, compared in a function about cost (set 12: skyvern)
    Valid(
        "LONG_PROMPT_THRESHOLD = 100_000\n\ndef _long_prompt_cost_multiplier(prompt_tokens):\n"
        "    if prompt_tokens > LONG_PROMPT_THRESHOLD:\n        return 5.0\n    return 1.0\n"
    ),
    # names that do not say budget and uses that do not either
    Valid("PAGE_SIZE = 4096\nbuf = f.read(PAGE_SIZE)\n"),
    Valid("limit = 500\nrows = rows[:limit]\n"),
    Valid("context_lines = 5000\nif n_tokens > context_lines:\n    pass\n"),
    Valid("padding = 4096\npadding = compute()\nx = self.context_window - padding\n"),
    Valid("_ONE_MILLION = 1_000_000\nbig = max_input_tokens >= _ONE_MILLION\n"),
    # what an image costs in tokens, added up: a count, not a limit
    Valid(
        "def _count_tokens_from_image(detail):\n    LOW_DETAIL_TOKENS = 85\n    return LOW_DETAIL_TOKENS\n"
    ),
    Valid(
        "SQUARE_TOKENS = 170\nEXTRA_TOKENS = 85\n\ndef image_tokens(h, w):\n    return EXTRA_TOKENS + SQUARE_TOKENS * h * w\n"
    ),
    Valid("MAX_TOKENS = int(os.getenv('MAX_TOKENS', '4096'))"),
    Valid("DEFAULT_TIMEOUT = 600\nMAX_RETRIES = 3\nPORT = 8080"),
    Valid("TOKEN_EXPIRY_SECONDS = 3600\nACCESS_TOKEN_TTL = 900"),
    # a field and a parameter of one name in different classes; a description about an access token
    Valid(
        "class A:\n    chunk_size: int = 1500\n\nclass B:\n    def __init__(self, chunk_size: int = 750): ...\n\n"
        "def f(self, new_token_count):\n    return new_token_count < self.chunk_size\n"
    ),
    Valid(
        "class C(BaseModel):\n    max_chunks: int = Field(default=100, description='Access token reuse count.')\n"
        "    osl: int = Field(default=512, description='Expected output sequence length (tokens).')\n"
        "    doc_size: int = Field(default=2048, description='The token size of a document.')\n"
    ),
    Valid(
        "class ChunkerRequest(BaseModel):\n    tokenizer: str = Field(default='character')\n"
        "    chunk_size: int = Field(default=512, description='Maximum tokens per chunk')\n"
    ),
    Valid("PAGE_BYTES = BYTES_PER_PAGE * 4096\nMAX_CHARS = NUM_CHARS_PER_LINE * 2000\n"),
    Valid('DEFAULT_KEEP = ("messages", 20)\nRATE_LIMIT = ("tokens", 9000)\n'),
    Valid("EMBEDDING_DIM = 1536"),
    Valid("class Usage(BaseModel):\n    prompt_tokens: int = 0\n    completion_tokens: int = 0\n"),
    Valid("def ask(prompt, max_tokens: int | None = None): ..."),
    Valid("max_tokens = settings.max_tokens"),
    Valid("num_tokens = 100  # a count, not a budget"),
    Valid("cached_tokens = 0\noutput_tokens = 240\nusage = {'input_tokens': 350}"),
    Valid("def get_context_window(model):\n    return WINDOWS[model]\n"),
    Valid("if (limit := 8000) > n:\n    pass\n"),
    Valid("MAX_TOKENS = -1  # unlimited"),
    # not tokens: lines of diff context, a number of chat messages, a GPU memory fraction
    Valid("class DiffOptions(BaseModel):\n    context_length: int = 50\n"),
    Valid("CONTEXT_LIMIT = 21\nmessages = fetch_history(limit=CONTEXT_LIMIT)\n"),
    Valid("def show(diff, context_lines=3, max_context_messages=200): ..."),
    Valid("gpu_memory_utilization = 0.9\nMAX_MEMORY_TOKENS_GB = 4096"),
    # a field's metadata that is not argparse's const; a const of a field that is not a budget
    Valid('class Config:\n    max_tokens: int = attr.field(default=None, metadata={"example": 5000})\n'),
    Valid('class Config:\n    workers: int = attr.field(default=1, metadata={"const": 5000})  # tokens\n'),
    # an else that reads no window in its chain's other branches
    Valid(
        "def show(rows, token_counter):\n    if rows:\n        surrounding_context = len(rows)\n"
        "    else:\n        surrounding_context = 600\n    return surrounding_context\n"
    ),
    # an id generator's length, not a language model's
    Valid(
        'def new_id(max_length=64):\n    """A session token."""\n    return ID_MAKER.generate(max_length=max_length)\n'
    ),
    # characters named as tokens: every read cuts a string or is compared with its length (set 14), or a share
    Valid(
        "def _run(self, query, max_token: int = 4000):\n    result = self.store.run(query)\n"
        "    if isinstance(result, list):\n        single_max_token = int(max_token / len(result))\n"
        "        return '\\n'.join(r[0:single_max_token - 1] for r in result)\n"
        "    return result[0:max_token - 1]\n"
    ),
    Valid(
        "def _run(self, records, max_token: int = 4000):\n    joined = '\\n'.join(records)\n"
        "    if len(joined) > max_token:\n        joined = joined[:max_token]\n    return joined\n"
    ),
    # a size whose unit a sibling chooses, by default words; a token estimate never added up; a
    # number given to a call that counts tokens, not one that cuts; a table not of budgets (set 17)
    Valid(
        "class Splitter:\n    def __init__(self, split_by='word', split_length=200):\n"
        "        self.split_length = split_length\n\n    def by_tokens(self, tokens):\n"
        "        return min(self.split_length, len(tokens))\n"
    ),
    Valid("IMAGE_TOKEN_ESTIMATE = 500\nprint(IMAGE_TOKEN_ESTIMATE)\n"),
    Valid("def f(texts):\n    n = 8000\n    return count_tokens(texts, n)\n"),
    Valid('SEATS = 500\nPLANS = {"gpt-4o": SEATS}\n'),
    # a counting function's exact parts; a fallback of a getter that is no budget's; a divisor and
    # a factor of a token count; a length given to an audio extractor's truncation (set 18)
    Valid(
        "def count_tokens(parts):\n    num_tokens = 0\n    for p in parts:\n        if p.image:\n"
        "            num_tokens += 85\n    return num_tokens\n\ndef count_image_tokens(detail):\n    return 765\n"
    ),
    Valid("def get_timeout(fallback=3000):\n    return CONFIG.get('timeout') or fallback\n"),
    Valid(
        "def head(tokens, parts=64, factor=100):\n    size = len(tokens) // parts\n"
        "    if len(tokens) * factor > max_tokens:\n        return tokens[:size]\n"
    ),
    Valid(
        "class Clip:\n    max_length: int = 48000\n\n    def cut(self, audio):\n"
        "        return self.extractor(audio, sampling_rate=16000, truncation=True, max_length=self.max_length)\n"
    ),
    *VOCABULARY_VALID,
    *OPTION_VALID,
    *CHUNK_VALID,
    *INSTANCE_VALID,
    *RUNTIME_VALID,
    *FIELD_VALID,
    *STATED_DEFAULT_VALID,
    *LENGTH_VALID,
    *SET45_VALID,
    *SET47_VALID,
    *SET49_VALID,
    *SET51_VALID,
    *SET53_VALID,
    *SET53_FIELD_VALID,
    *SET53_ATTRIBUTE_VALID,
    *SET53_GETTER_VALID,
    *SET65_VALID,
    *SET71_VALID,
    *SET73_VALID,
)
PB102_INVALID = (
    # compared with a string's length, but also given as a budget; compared with a count of tokens
    Invalid(
        "class PromptValidator:\n    MAX_PROMPT_LENGTH = 10000\n\n    def validate(self, prompt):\n"
        "        if len(prompt) > self.MAX_PROMPT_LENGTH:\n            raise ValueError(prompt)\n"
        "        return llm.complete(prompt, max_tokens=self.MAX_PROMPT_LENGTH)\n",
        line=2,
    ),
    # a number named as tokens turned into the characters of the text it keeps (set 43: gdm-concordia)
    Invalid(
        "_NUM_INITIAL_TOKENS = 500\n\ndef trim(prompt, max_chars, guess_chars_per_token=4):\n"
        "    num_initial_chars = _NUM_INITIAL_TOKENS * guess_chars_per_token\n"
        "    return prompt[:num_initial_chars] + prompt[num_initial_chars - max_chars :]\n",
        line=1,
    ),
    Invalid(
        "MAX_CONTEXT_LENGTH = 6000\n\ndef check(prompt, tokenizer):\n"
        "    if len(tokenizer.encode(prompt)) > MAX_CONTEXT_LENGTH:\n        raise ValueError(prompt)\n",
        line=1,
    ),
    *CORE_INVALID,
    *VOCABULARY_INVALID,
    *OPTION_INVALID,
    *CHUNK_INVALID,
    *INSTANCE_INVALID,
    *RUNTIME_INVALID,
    *FIELD_INVALID,
    *STATED_DEFAULT_INVALID,
    *LENGTH_INVALID,
    *SET45_INVALID,
    *SET47_INVALID,
    *SET49_INVALID,
    *SET51_INVALID,
    *SET53_INVALID,
    *SET53_FIELD_INVALID,
    *SET53_ATTRIBUTE_INVALID,
    *SET53_GETTER_INVALID,
    *SET65_INVALID,
    *SET71_INVALID,
    *SET73_INVALID,
)
