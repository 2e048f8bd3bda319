"""PB101's cases about the forms a number of tokens takes beyond a keyword named as a budget: a
context size written as a ("tokens", N) pair, a (setting, default) pair, a window table's fallback, an
amount typed as tokens, a conversion's or an `or`'s fallback, a UI input's default or upper bound and a
runtime's setting written inside a string. Kept apart from the rule module to keep both short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set47_cases import SET47_INVALID, SET47_VALID
from prompt_budget.lint.rules.pb101_set49_cases import SET49_INVALID, SET49_VALID
from prompt_budget.lint.rules.pb101_set51_cases import SET51_INVALID, SET51_VALID
from prompt_budget.lint.rules.pb101_set53_cases import SET53_INVALID, SET53_VALID
from prompt_budget.lint.rules.pb101_set55_cases import SET55_INVALID, SET55_VALID
from prompt_budget.lint.rules.pb101_set57_cases import SET57_INVALID, SET57_VALID
from prompt_budget.lint.rules.pb101_set59_cases import SET59_INVALID, SET59_VALID
from prompt_budget.lint.rules.pb101_set61_cases import SET61_INVALID, SET61_VALID
from prompt_budget.lint.rules.pb101_set69_cases import SET69_INVALID, SET69_VALID
from prompt_budget.lint.rules.pb101_set71_cases import SET71_INVALID, SET71_VALID
from prompt_budget.lint.rules.pb101_set75_cases import SET75_INVALID, SET75_VALID
from prompt_budget.lint.rules.pb101_set79_cases import SET79_INVALID, SET79_VALID
from prompt_budget.lint.rules.pb101_set81_cases import SET81_INVALID, SET81_VALID
from prompt_budget.lint.rules.pb101_set81_shown_cases import SET81_SHOWN_INVALID, SET81_SHOWN_VALID
from prompt_budget.lint.rules.pb101_set85_cases import SET85_INVALID, SET85_VALID
from prompt_budget.lint.rules.pb101_set89_cases import SET89_INVALID, SET89_VALID
from prompt_budget.lint.rules.pb101_set95_cases import SET95_INVALID, SET95_VALID
from prompt_budget.lint.rules.pb101_set97_cases import SET97_INVALID, SET97_VALID
from prompt_budget.lint.rules.pb101_set97p_cases import SET97_INVALID as SET97P_INVALID
from prompt_budget.lint.rules.pb101_set97p_cases import SET97_VALID as SET97P_VALID
from prompt_budget.lint.rules.pb101_set99_cases import SET99_INVALID, SET99_VALID
from prompt_budget.lint.rules.pb101_set101_cases import SET101_INVALID, SET101_VALID
from prompt_budget.lint.rules.pb101_set103_cases import SET103_INVALID, SET103_VALID
from prompt_budget.lint.rules.pb101_set103y_cases import SET103Y_INVALID, SET103Y_VALID
from prompt_budget.lint.rules.pb101_set105_cases import SET105_INVALID, SET105_VALID
from prompt_budget.lint.rules.pb101_set107_cases import SET107_INVALID, SET107_VALID
from prompt_budget.lint.rules.pb101_set111_cases import SET111_INVALID, SET111_VALID
from prompt_budget.lint.rules.pb101_small_cap_cases import SMALL_CAP_INVALID, SMALL_CAP_VALID

_DOCUMENTED_INVALID = (
    # a setting written into a request under a key the class's docstrings state in tokens at that very
    # number (set 39: redisvl's Voyage ``contextualized_embed`` kwargs)
    Invalid(
        'class Embedder:\n    def __init__(self):\n        """A document longer than ``chunk_size``\n'
        '        (32000 tokens) auto-chunks."""\n\n'
        '    def kwargs(self, kw):\n        kw["chunk_size"] = 32000\n        return kw\n',
        line=7,
    ),
)

FORM_VALID = (
    # keywords that are not tokens: retries, an access token's lifetime
    Valid("requests.get(url, timeout=30, max_retries=5)"),
    Valid("oauth.fetch(access_token_ttl=3600, refresh_token=token)"),
    *SET47_VALID,
    *SET49_VALID,
    *SET51_VALID,
    *SET53_VALID,
    *SET55_VALID,
    *SET57_VALID,
    *SET59_VALID,
    *SET61_VALID,
    *SET69_VALID,
    *SET71_VALID,
    *SET75_VALID,
    *SET81_SHOWN_VALID,
    *SET79_VALID,
    *SET81_VALID,
    *SET85_VALID,  # sets 85 and 86
    *SET89_VALID,  # sets 89 and 90
    *SET95_VALID,  # sets 95 and 96 (tuner U)
    *SET97_VALID,  # sets 97 and 98 (tuner R)
    *SET97P_VALID,  # sets 97 and 98 (tuner P)
    *SET99_VALID,  # sets 99 and 100 (tuner U)
    *SET103_VALID,  # set 103: a number times a unit constant
    *SET103Y_VALID,  # set 103 (tuner Y): a literal request whose answer is thrown away
    *SMALL_CAP_VALID,  # a request's own output cap below the least value
    *SET107_VALID,  # set 108: a library keyword documented in tokens
    *SET111_VALID,  # set 111: a ("tokens", N) context size as a setting's fallback
    *SET101_VALID,  # sets 101 and 102 (tuner P)
    *SET105_VALID,  # sets 105 and 106 (tuner C)
    # a table's ``["max_length"]`` also read as something else (a string's cut), or read by no truncating call
    Valid(
        'CONFIGS = {"arctic": {"max_length": 4096}}\n\n'
        "def encode(tok, texts, name):\n"
        '    cut = [t[: CONFIGS[name]["max_length"]] for t in texts]\n'
        '    return tok(cut, max_length=CONFIGS[name]["max_length"], truncation=True)\n'
    ),
    Valid(
        'CONFIGS = {"arctic": {"max_length": 4096}}\n\n'
        'def encode(tok, texts, name):\n    return tok(texts, max_length=CONFIGS[name]["max_length"], padding=True)\n'
    ),
    # a key the docstring states in tokens at another number, or a number it states under no key
    Valid(
        'class Embedder:\n    """Inputs longer than ``chunk_size`` (32000 tokens) are cut."""\n\n'
        '    def kwargs(self, kw):\n        kw["chunk_size"] = 8000\n        kw["batch"] = 32000\n        return kw\n'
    ),
    # a usage count beside a split; a length in a dict that is not given to a model's generate
    Valid('LOG = {"method": "token_count", "usage": {"prompt_tokens": 800}}'),
    Valid('RECORD = {"name": "page", "num_tokens": 800}'),
    Valid('ROWS = [{"id": "row-with-tokens", "num_tokens": 420, "depth": 3}]'),
    Valid(
        'def show(rows, opts=None):\n    opts = opts or {"max_length": 32, "num_beams": 4}\n    return render(rows, **opts)\n'
    ),
    # a runtime's setting named in prose, a help text, a docstring; a value that is no number
    Valid('def f():\n    """Set num_ctx 4096 in the Modelfile."""\n'),
    Valid('parser.add_argument("--ctx", help="passed as num_ctx=4096 to Ollama")'),
    Valid('msg = f"PARAMETER num_ctx {n_ctx}\\n"\nline = "num_ctx: auto"\nv = "n_ctx_train 4.5"\n'),
    # an output showing a count of tokens, not an input choosing one
    Valid('used = gr.Number(value=0, label="Completion tokens", interactive=False)'),
    Valid('speed = gr.Number(value=30, label="Tokens per second")'),
    # a model config's window read with a fallback nothing checks an input against: an architecture's
    Valid(
        'def rope(config):\n    n = getattr(config, "max_position_embeddings", 2048)\n    return cache(n)\n'
    ),
    # chunk bounds in a model whose chunks are not tokens (a character splitter's), or that says no unit
    Valid(
        'class TextSplitter(BaseModel):\n    type: str = Field("character")\n'
        "    chunk_size: Optional[int] = Field(None, ge=50, le=1000)\n"
    ),
    Valid("class Splitter(BaseModel):\n    chunk_size: Optional[int] = Field(None, ge=50, le=1000)\n"),
    # a spec named for no budget; a slot that is no value of the budget; a numeric string under another
    # name, or a budget's string never converted to a number (set 37: dify-plugin)
    Valid("rules = [ParameterRule(name=Names.TEMPERATURE.value, default=100, max=1000)]"),
    Valid('rules = [ParameterRule(name="top_k", type="int", default=50, max=100)]'),
    Valid('rules = [ParameterRule(name="max_tokens", precision=32)]'),
    Valid('TEMPLATE = {Names.TEMPERATURE: {"default": 100, "max": 1000}, "max_tokens": {"step": 64}}'),
    Valid('def port(cfg):\n    return int(cfg.get("port", "8080"))\n'),
    Valid('def size(cfg):\n    return cfg.get("context_size", "4096")\n'),
    # a setting's fallback whose local is read only as a string's cut or against a string's length:
    # characters, as a name bound to the literal would be (set 40: synthetic-data-kit)
    Valid(
        'def summary(self, text):\n    n = self.config.get("max_context_length", 8000)\n'
        '    return self.client.chat([{"role": "user", "content": text[0:n]}])\n'
    ),
    Valid(
        'def fits(cfg, text):\n    limit = int(cfg.get("context_window", 4000))\n    return len(text) <= limit - 1\n'
    ),
)

FORM_INVALID = (
    *SET47_INVALID,
    *SET49_INVALID,
    *SET51_INVALID,
    *SET53_INVALID,
    *SET55_INVALID,
    *SET57_INVALID,
    *SET59_INVALID,
    *SET61_INVALID,
    *SET69_INVALID,
    *SET71_INVALID,
    *SET75_INVALID,
    *SET81_SHOWN_INVALID,
    *SET79_INVALID,
    *SET81_INVALID,
    *SET85_INVALID,  # sets 85 and 86
    *SET89_INVALID,  # sets 89 and 90
    *SET95_INVALID,  # sets 95 and 96 (tuner U)
    *SET97_INVALID,  # sets 97 and 98 (tuner R)
    *SET97P_INVALID,  # sets 97 and 98 (tuner P)
    *SET99_INVALID,  # sets 99 and 100 (tuner U)
    *SET103_INVALID,  # set 103: a number times a unit constant
    *SET103Y_INVALID,  # set 103 (tuner Y): a literal request whose answer is thrown away
    *SMALL_CAP_INVALID,  # a request's own output cap below the least value
    *SET107_INVALID,  # set 108: a library keyword documented in tokens
    *SET111_INVALID,  # set 111: a ("tokens", N) context size as a setting's fallback
    *SET101_INVALID,  # sets 101 and 102 (tuner P)
    *SET105_INVALID,  # sets 105 and 106 (tuner C)
    *_DOCUMENTED_INVALID,
    # a per-model settings table whose ``["max_length"]`` the module reads only as a truncating
    # tokenizer's length (set 40: instructlab-sdg's arctic encoder)
    Invalid(
        'CONFIGS = {"arctic": {"pooling": "cls", "max_length": 4096, "batch_size": 24}}\n\n'
        "class Encoder:\n    def __init__(self, name):\n        self.config = CONFIGS[name]\n\n"
        "    def encode(self, texts):\n"
        '        return self.tokenizer(texts, max_length=self.config["max_length"], truncation=True)\n',
        line=1,
    ),
    # a name saying tokens, cut from a string all the same; the fallback's local also read as something
    # else (a call's keyword), or cutting a list of tokens
    Invalid(
        'def embed(cfg, text):\n    n = cfg.get("max_input_tokens", 8192)\n    return embedder(text[:n])\n',
        line=2,
    ),
    Invalid(
        'def summary(self, text):\n    n = self.config.get("max_context_length", 8000)\n'
        "    return self.client.chat(text[0:n], max_tokens=n)\n",
        line=2,
    ),
    Invalid(
        'def cut(cfg, text):\n    n = cfg.get("max_context_length", 8000)\n'
        "    return tokenizer.decode(tokenizer.encode(text)[:n])\n",
        line=2,
    ),
    # dict settings judged by what they configure or are given to (set 29: docetl, lotus)
    Invalid('OPS = [{"type": "split", "method": "token_count", "method_kwargs": {"num_tokens": 800}}]'),
    Invalid('INDEX_KWARGS = {"doc_maxlen": 300, "nbits": 2}'),
    Invalid(
        "class Captioner:\n    def __init__(self, model, gen_kwargs=None):\n        self.model, self.tokenizer = model\n"
        '        self.gen_kwargs = gen_kwargs or {"max_length": 32, "num_beams": 4}\n\n'
        "    def caption(self, pixels):\n        return self.model.generate(pixels, **self.gen_kwargs)\n",
        line=4,
    ),
    # LangChain's context sizes: a number of tokens, in a call, a dict or a list of sizes (set 15:
    # deepagents)
    Invalid(
        'mw = SummarizationMiddleware(model=m, trigger=("tokens", 4000), keep=("messages", 20))\n'
        'd = {"trigger": ("tokens", 170000), "keep": ("messages", 6)}\n'
        'w = Summarizer(trigger=[("tokens", 3000), ("messages", 50)])\n',
        count=3,
    ),
    # a setting's default as a (setting, default) pair given to a kwargs helper (set 16: rank-llm)
    Invalid(
        "keys_and_defaults = [\n"
        '    ("context_size", 4096),\n    ("reasoning_token_budget", 10000),\n'
        '    ("window_size", 20),\n    ("batch_size", 32),\n]\n'
        "context_size, budget, window, batch = extract_kwargs(keys_and_defaults, **kwargs)\n",
        count=2,
    ),
    # the fallback of a failed lookup in a window table, under a name saying tokens (set 16: scrapegraphai)
    Invalid(
        "try:\n    self.model_token = models_tokens[provider][model]\nexcept KeyError:\n"
        "    self.model_token = 8192\n",
        line=4,
    ),
    # an amount typed as tokens, inline or bound to a local first; a class named after a unit of
    # tokens (set 20: inspect-ai)
    Invalid(
        'EDIT = {"type": "input_tokens", "value": 100000}\nt = Trigger(type="input_tokens", value=50000)\n',
        count=2,
    ),
    Invalid(
        "def edit(request):\n    limit = 150_000\n"
        '    request["trigger"] = {"type": "input_tokens", "value": limit}\n',
        line=2,
    ),
    Invalid("DEFAULT_TRIGGER = TokenInterval(every=500_000)", key="token_interval_every"),
    # a budget read through a conversion; a per-item guess added into an estimator's count (set 20:
    # open-webui)
    Invalid('def load(values):\n    return parse_int(values.get("token_budget")) or 80000\n', line=2),
    # an `or` fallback where a budget goes, whatever it reads first (set 23: axolotl, llamafactory)
    Invalid(
        "def enc(self, texts):\n    return self.tok(texts, truncation=True,\n"
        '        max_length=getattr(self.args, "max_len", None) or 2048)\n',
        line=3,
    ),
    Invalid(
        "def gen(given, kwargs):\n"
        '    max_new_tokens = given or int(kwargs.get("max_length", 128))\n    return max_new_tokens\n',
        line=2,
    ),
    Invalid(
        "def score(tok, texts, model, n=None):\n    return tok(texts, truncation=True,\n"
        '        max_length=n or getattr(model.config, "max_position_embeddings", 1024))\n',
        line=3,
    ),
    # a UI input's upper bound on a budget, beside its default (set 23: llamafactory)
    Invalid("max_new_tokens = gr.Slider(minimum=8, maximum=8192, value=1024, step=1)\n", count=2),
    Invalid(
        "def estimate_messages_tokens(messages):\n    total = 0\n    for m in messages:\n"
        "        if m.image:\n            total += 1000\n    return total\n",
        line=5,
    ),
    # a UI input whose label names tokens, whatever else it says (set 23: axolotl)
    Invalid('n = gr.Number(value=64, precision=0, label="Completion tokens (completion mode)")'),
    # a runtime's setting written in a string a program renders (set 23: llamafactory's Modelfile)
    Invalid(
        'modelfile += "PARAMETER num_ctx 4096\\n"\ncmd = "llama-server --ctx-size 8192 -m m.gguf"\n', count=2
    ),
    # a model's window assumed when its config gives none, an input checked against it (set 23: axolotl)
    Invalid(
        'def check(model, input_ids):\n    top = int(getattr(model.config, "max_position_embeddings", 262144))\n'
        "    if input_ids.shape[1] > top:\n        raise ValueError('too long')\n",
        line=2,
    ),
    # an output reserve as getattr / ``.get`` fallbacks (set 25: praisonai)
    Invalid(
        "def usable_tokens(cfg, args, window):\n    cfg['output_reserve'] = getattr(args, 'output_reserve', 8000)\n"
        "    reserve = int(cfg.get('output_reserve', 8000) or 8000)\n    return window - reserve\n",
        count=3,
    ),
    # a chunk's bounds in a model whose ``type`` says tokens (set 36: taskingai's TextSplitter)
    Invalid(
        'class TextSplitter(BaseModel):\n    type: TextSplitterType = Field("token")\n'
        "    chunk_size: Optional[int] = Field(None, ge=50, le=1000)\n",
        line=3,
        count=2,
    ),
    Invalid(
        "class Splitter(BaseModel):\n    split_unit: SplitUnit = SplitUnit.TOKEN\n"
        "    chunk_overlap: int = Field(20, ge=0, le=200)\n",
        line=3,
    ),
    # a parameter spec whose budget is named by its sibling `name=` (a string or an enum member) or by
    # the key of its entry in a template; a fallback written as a string that int() converts (set 37:
    # dify-plugin)
    Invalid(
        'rules = [ParameterRule(name=Names.MAX_TOKENS.value, type="int", default=512, min=1, max=4096)]',
        count=2,
    ),
    Invalid('rules = [ParameterRule(name="max_tokens", default=512)]', key="max_tokens"),
    Invalid('TEMPLATE = {Names.MAX_TOKENS: {"type": "int", "default": 64, "min": 1, "max": 2048}}', count=2),
    Invalid('TEMPLATE = {"max_new_tokens": {"type": "integer", "maximum": 8192}}'),
    Invalid('def props(cfg):\n    return {"size": int(cfg.get("context_size", "4096"))}\n', line=2),
)
