"""PB101's cases from what sets 57 and 58 left (issue 19): a cap given as a conditional expression
(``inline_branches``), a tokenizer told to pad to a length or an ``encode`` given one
(``padded_inputs``), a section's key read with a default (``section_reads``), a lookup's default bound
to a budget's name or under a quota of tokens per minute (``assigned_lookups``), a chunk's size its
comment gives in tokens (``commented_keywords``). Spliced into ``pb101_form_cases`` to keep the rule
module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET57_VALID = (
    # a conditional under an overlap, a count of completions, a keyword no budget's; assigned: PB102's
    Valid(
        "def run(llm, big):\n    s = TokenTextSplitter(chunk_overlap=200 if big else 100)\n"
        "    out = llm.create(n=20 if big else 40, timeout=300 if big else 600, max_tokens=t)\n"
        "    limit = 300 if big else 350\n    return s, out, limit\n"
    ),
    # padding to the batch's longest, a processor's padding to samples, a length not padded to
    Valid(
        "def enc(tokenizer, processor, texts, audio):\n"
        "    a = tokenizer(texts, padding=True, max_length=None)\n"
        '    b = processor(audio, padding="max_length", max_length=16000)\n'
        '    c = collate(texts, padding="max_length", max_length=128)\n    return a, b, c\n'
    ),
    # a section's key no budget, the environment's, a helper whose third parameter is no default,
    # configparser's raw flag given by keyword
    Valid(
        "def read(config):\n    a = config.get('api', 'timeout', 3000)\n"
        "    b = env.get('api', 'max_tokens', 4096)\n    c = scale('api', 'max_tokens', 4096)\n"
        "    d = config.get('api', 'max_tokens', raw=True)\n    return a, b, c, d\n"
        "def scale(section, key, factor):\n    return factor\n"
    ),
    # a lookup bound to a name not of tokens, under a key of characters, of requests per minute
    Valid(
        "class B:\n    def __init__(self, data):\n        self.timeout = data.get('wait', 3000)\n"
        "        self.max_token_size = data.get('max_text_chars', 32000) - 4096\n"
        "        self.rpm = RPM(int(data.get('rpm', 500)))\n"
    ),
    # an encode of a string or of something not a model; a chunk's comment in words or about its overlap
    Valid(
        "def enc(text, codec):\n    a = text.encode('utf-8')\n    b = codec.encode(text, max_length=512)\n"
        "    c = SemanticChunker(\n        chunk_size=512,  # words per chunk\n"
        "        chunk_overlap=64,  # tokens shared\n        skip_window=100,  # tokens\n    )\n"
        "    return a, b, c\n"
    ),
)

SET57_INVALID = (
    # a section's key read with a default, also through the module's own helper (set 57: shandu)
    Invalid('n = int(config.get("api", "max_tokens", 32768))'),
    Invalid('n = parser.getint("llm", "max_tokens", fallback=4096)'),
    Invalid(
        "def build(config):\n    def lookup(section, key, default):\n        return config.get(section, key, default)\n"
        '    return Settings(max_tokens=int(lookup("api", "max_tokens", 32768)))\n',
        line=4,
    ),
    # the fallback of a budget's conversion (set 57: shandu's settings writer)
    Invalid('config.set("api", "max_tokens", int(max_tokens) if max_tokens is not None else 32768)'),
    # a lookup's default bound to a budget of tokens less a reserve; a quota of tokens per minute
    # (set 57: huixiangdou)
    Invalid(
        "class B:\n    def __init__(self, data):\n"
        "        self.max_token_size = data.get('remote_llm_max_text_length', 32000) - 4096\n",
        line=3,
    ),
    Invalid("limiter = TPM(int(data.get('tpm', 50000)))\nlimiter.wait(token_count)\n", line=1),
    # an embedding model's encode given a length (set 57: huixiangdou's BGE-M3 test)
    Invalid("vectors = model.encode(sentences, max_length=512)['dense_vecs']"),
    # a chunk's size its line's comment gives in tokens (set 57: llamabot)
    Invalid(
        "chunker = SemanticChunker(\n    threshold=0.5,\n    chunk_size=2048,  # Maximum tokens per chunk\n)\n",
        line=3,
    ),
    # both numbers of a conditional cap given to a call (set 57: xturing; set 58: sentient)
    Invalid(
        "def gen(engine, batch):\n    return engine.generate_text(\n        prompts,\n"
        "        max_tokens=300\n        if any(t.clf for t in batch)\n        else 350,\n    )\n",
        line=4,
        count=2,
    ),
    Invalid(
        "def ask(self):\n    return self.client.chat.completions.create(\n        model=self.model_name,\n"
        '        max_tokens=1000 if self.provider_name == "anthropic" else None,\n    )\n',
        line=4,
    ),
    Invalid("out = model.generate(ids, max_new_tokens=64 if short else (256 if mid else 1024))", count=3),
    # a tokenizer told to pad every input to a length: the prompt length in tokens (set 58: flexgen)
    Invalid('inputs = tokenizer(prompts, padding="max_length", max_length=128)'),
    Invalid('ids = self.tokenizer.batch_encode_plus(texts, padding="max_length", max_length=512)'),
)
