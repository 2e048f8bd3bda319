"""PB101 inline-budget: a token budget written inline where it is used."""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.added_allowances import added_allowance
from prompt_budget.lint.api_minimums import api_dictated
from prompt_budget.lint.argument_rows import budget_argument, option_values, parametrize_rows
from prompt_budget.lint.asserted_configs import test_data
from prompt_budget.lint.bound_lengths import bound_lengths, watch_bound, watch_numbered
from prompt_budget.lint.budget_rows import lookup_table
from prompt_budget.lint.call_siblings import budget_siblings
from prompt_budget.lint.chunk_units import token_chunk_bounds
from prompt_budget.lint.dict_settings import dict_budgets, passed_how
from prompt_budget.lint.dict_slots import value_key
from prompt_budget.lint.env_defaults import environment_read
from prompt_budget.lint.estimate_tables import estimate_table
from prompt_budget.lint.forecast_contexts import forecast_context
from prompt_budget.lint.forms import default_pair, lookup_fallback, token_size
from prompt_budget.lint.getter_lookups import getter_fallback
from prompt_budget.lint.given_fields import GivenFlow, project_inline
from prompt_budget.lint.inline_branches import branch_budgets
from prompt_budget.lint.inline_forms import (
    WIDGETS,
    TypedLocals,
    budget_lookup,
    called_class,
    completions_count,
    estimate_into_count,
    field_bound,
    in_examples,
    lookup_default,
    token_unit_class,
    typed_amounts,
    typed_slot,
    widget_default,
)
from prompt_budget.lint.keyword_lookups import keyword_fallback
from prompt_budget.lint.literal_cuts import literal_token_cut
from prompt_budget.lint.model_limits import beside_window, capped_tokens, limit_entries
from prompt_budget.lint.option_ranges import bounded, option_range
from prompt_budget.lint.or_fallbacks import or_fallback
from prompt_budget.lint.overlap_siblings import overlap_beside
from prompt_budget.lint.own_params import own_params
from prompt_budget.lint.period_scales import counts_requests, per_item
from prompt_budget.lint.quota_keywords import quota_keyword
from prompt_budget.lint.request_entries import budget_keyword
from prompt_budget.lint.rule import (
    BUDGET_WORDS,
    Invalid,
    LintRule,
    Valid,
    attr_name,
    callee_name,
    sizes_token_chunks,
)
from prompt_budget.lint.rules.pb101_cut_cases import CUT_INVALID, CUT_VALID
from prompt_budget.lint.rules.pb101_form_cases import FORM_INVALID, FORM_VALID
from prompt_budget.lint.rules.pb101_list_cases import LIST_INVALID, LIST_VALID
from prompt_budget.lint.rules.pb101_row_cases import ROW_INVALID, ROW_VALID
from prompt_budget.lint.rules.pb101_set183_cases import SET183_INVALID, SET183_VALID
from prompt_budget.lint.rules.pb107_reads import handed_at
from prompt_budget.lint.runtime_strings import runtime_settings
from prompt_budget.lint.schema_defaults import schema_fallback
from prompt_budget.lint.settings_reads import PRECHECK_WORDS as MODELS
from prompt_budget.lint.settings_reads import settings_budgets
from prompt_budget.lint.sibling_returns import sibling_budgets
from prompt_budget.lint.sized_allowances import allowance_parts
from prompt_budget.lint.small_caps import small_cap, small_entry
from prompt_budget.lint.spec_bounds import assigned_spec_bounds, named_spec_bounds, nested_spec_bounds
from prompt_budget.lint.subscript_entries import serialized_entry, written_entry
from prompt_budget.lint.subtracted_defaults import subtracted_defaults
from prompt_budget.lint.token_cuts import CutFlow, attribute_cut, padded_length, truncation_defaults
from prompt_budget.lint.value_sweeps import swept_entries


class InlineBudget(LintRule):
    """A token budget passed inline: a keyword argument (``max_tokens=8000``, ``context_window=``,
    ``token_limit=``, ``budget=`` to a token function), a request dict entry (``{"max_tokens": 1024}``),
    a ``.get("max_tokens", 2048)`` default, or an ``x or 4096`` fallback (also of a field the module's class declares
    with that default and names or describes as tokens: ``params.tokensNum or 5000``; also a ``.get(key, 2000)`` of a tool
    argument whose JSON schema in the module describes ``key`` in tokens). A ``.get(model, 4096)``
    default is a window when the table is a dict of model names to window-sized numbers, whatever the
    table is named (``DEEpSEEkMAXCONTETNLENGTH``), and so is one in a table named for budgets whose rows are
    all amounts of tokens (``THINKING_LEVEL_BUDGETS.get(level, 2048)``); a ``max_length=`` given to a language model's
    ``generate`` counts tokens. LangChain's context size ``trigger=("tokens", 4000)`` (also in a dict or a
    list of sizes) is a number of tokens; ``("messages", 20)`` is not. A default written as a
    ``("context_size", 4096)`` pair in a table of (setting, default) pairs is judged by its name as the
    keyword ``context_size=4096`` would be; a number assigned, under a name saying tokens, in the
    ``except`` of a failed lookup in a budget table (``self.model_token = 8192``) is that table's fallback;
    a parameter's default given as ``max_length=`` to a tokenizer call that truncates counts tokens, as
    does a ``kwargs.pop("max_length", 512)`` default that reaches one (also through a method of the
    module, stored on ``self``, given to ``generate``, or bounded: ``min(limit, max_length)``), a ``"max_length"``
    beside ``"truncation": True`` in a dict of a pipeline's keyword arguments, and an embedding model's
    ``max_length`` (``HuggingFaceEmbedding(max_length=512)``), and a tokenizer's ``model_max_length``
    given where it is made (``AutoTokenizer.from_pretrained(name, model_max_length=512)``). An amount
    given beside a ``type`` naming tokens (``{"type": "input_tokens", "value": 150000}``, also bound to a
    local first), a model's ``"limit": {"context": 131072, "output": 8192}``, a number given to a class named
    after a unit of tokens (``TokenInterval(every=500_000)``), a budget read through a conversion
    (``parse_int(cfg.get("token_limit")) or 80000``) and a literal added into the count a token-estimating function returns (``total += 1000`` per image ... ``return total``) are budgets too,
    as are a UI input's default under a label naming tokens (``gr.Number(value=64, label="Completion
    tokens")``), a runtime's setting written in a string (``"PARAMETER num_ctx 4096"``) and a model's
    window assumed when its config gives none, an input then checked against it (``getattr(config, "max_position_embeddings", 262144)``). An audio feature extractor's call (given
    a ``sampling_rate=``) truncates to samples, not tokens. A chunk size's or overlap's validation
    bounds in a model whose unit field says tokens (``type = Field("token")`` beside ``chunk_size:
    int = Field(None, ge=50, le=1000)``) are the least and the most tokens a chunk may be given. A number
    inside the value an assertion expects (the second argument of ``assertEqual``, the right side of
    ``assert x == ...``) repeats the number a test fed in, no budget of its own; given to the code under
    test, outside the expected value, it is one. A lookup's fallback given whole as a budget's keyword
    is that budget whatever its key is named (``max_sequence_length=cfg.get("encoder_seq_length", 512)``,
    also converted, ``int(cfg.get(Keys.CONTEXT_WINDOW, 3900))``), so is a number added first to a budget
    given as a budget's keyword (``num_ctx=2048 + max_new_tokens``), a parameter's default a token count is taken from (``capacity - n_tokens(prompt)``), and a
    ``kwargs["max_length"] = 512`` written where ``kwargs["truncation"] = True`` is.

    A number given by position, also to another module's function, is judged by its parameter's name,
    or, for the module's own function, by its comparing the parameter with tokens (``remaining < ensure_min``)
    or batching a tokenizer's ids by it (``self._batched(ids, chunk_length)``). A number given as a keyword
    to a class of the project whose field of that name is a token budget (its default reported, or the field
    commented in tokens: ``max_output: int  # max output tokens``) is that budget, also through a function
    spreading its ``**kwargs`` into the class; so is one written under the key the other branch of an ``if``
    writes a budget under (``else: params[key_for(model)] = 16384``).

    The number decides nothing: the name it is bound to does. Values read from the environment (``os.getenv("MAX_TOKENS",
    "4096")``), names about credentials, time, money or requests (``TokenBudget(rpd_limit=20)``) and a period's scale (``monthly_tokens = daily_avg * 30``) are never reported.
    """

    CODE = "PB101"
    NAME = "inline-budget"
    SUMMARY = "Token budget passed inline (keyword, request dict, .get() default, `or` fallback)"
    #: also a file that truncates (``truncation=True``) or gives an embedding model a ``max_length``,
    #: though no word of it says tokens
    PROJECT_WIDE = True
    check_project = project_inline  # given to another module's budget parameter, a class's budget field
    PRECHECK = (
        re.compile(
            BUDGET_WORDS.pattern
            + r"|truncat|embedding[(,][^()]*max_len|doc_maxlen|cleartool|[\"']c(?:ontext|tx)[\"']:"
            + MODELS
        ),
    )
    VALID = (
        *CUT_VALID,
        *FORM_VALID,
        *ROW_VALID,
        # a number of outputs beside a cap named as tokens: how many completions (set 21: crfm-helm)
        Valid("spec = AdapterSpec(num_outputs=25, max_tokens=max_tokens)\n"),
        Valid("response = client.create(model=model, max_tokens=settings.max_tokens)"),
        Valid("usage = Usage(prompt_tokens=120, completion_tokens=80, total_tokens=200)"),
        Valid("llm.complete(prompt, max_tokens=1)  # a ping: too small to be a budget"),
        Valid("paginate(items, limit=100)"),
        Valid("embed(texts, dimensions=1536)"),
        Valid('payload = {"max_tokens": max_tokens, "temperature": 0.2}'),
        Valid('def f():\n    """Example: client.create(max_tokens=8000)"""\n'),
        Valid("chunker(text, max_tokens=-1)"),
        Valid('model: str = Field(examples=[{"model": "gpt-4o", "max_tokens": 4096}])'),
        Valid("lookup(model, ALIASES, default=4096)"),
        Valid("chunker(text, max_tokens=-500)  # negative: a sentinel or an offset, not a budget"),
        Valid("llm.complete(prompt, max_tokens=1500.5)"),
        Valid("def page(items, offset=0, size=100):\n    ...\n\nfirst = page(items, 200)\n"),
        # a parameter used only as a tensor's dimension: a benchmark's input shape (set 22: lmdeploy)
        Valid(
            "def bench(bsz, ctx_len):\n    x = torch.empty((bsz, ctx_len, 64))\n    return run(x)\n\n"
            "bench(1, 8128)\n"
        ),
        Valid("field = Column(String, max_length=512)"),
        Valid("tok.enable_padding(pad_id=0, length=256)\ntop_k: int = Field(ge=0, le=128, default=0)\n"),
        # a weak name in a dict that is not a generation request
        Valid('schema = {"type": "string", "max_length": 512}'),
        # a splitter that counts characters
        Valid("splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200)"),
        Valid(
            "from langchain.text_splitter import RecursiveCharacterTextSplitter as TokenSplitter\n\n"
            "s = TokenSplitter(chunk_size=1000)  # characters, named as tokens\n"
        ),
        Valid("splitter = CodeSplitter(language='python', max_chars=1500)"),
        Valid('temperature = st.slider("Temperature", min_value=0.0, max_value=1.0, value=0.7)'),
        Valid("splitter = RecursiveDocumentSplitter(split_length=200, split_unit='word')"),
        Valid("delay = self.timeout if self.timeout else 30"),
        Valid("n = RETRIES.get(model_name, 3000)"),
        *LIST_VALID,
        *SET183_VALID,
        # an `or` fallback given where no budget goes
        Valid("def page(rows, size=None):\n    return fetch(rows, limit=size or 100)\n"),
        Valid("def new_id(self):\n    width = self.width or 2048\n    return width\n"),
        Valid('def new_id(ids):\n    """A session token."""\n    return ids.generate(max_length=64)\n'),
        # the fallback of a failed lookup in a table that is no budget's, or under a name not saying tokens
        Valid(
            "try:\n    self.model_token = rate_limits[provider]\nexcept KeyError:\n    self.model_token = 8192\n"
            "try:\n    self.timeout = models_tokens[model]\nexcept KeyError:\n    self.timeout = 3000\n"
        ),
        # typed otherwise; a token class with a spacing (a bucket); a literal added to a count no estimator returns
        Valid(
            'EDIT = {"type": "tool_uses", "value": 300}\nb = TokenBucket(capacity=1000)\n'
            "r = TokenRefreshInterval(every=3600)\n"
        ),
        Valid(
            "def render(rows):\n    total = 0\n    for r in rows:\n        total += 1000\n    return total\n"
        ),
        Valid(
            "def estimate_tokens(parts):\n    offset = 0\n    offset += 1000\n    return count(parts, offset)\n"
        ),
        # an assertion's expected value repeats the number the test fed in (set 43: langfun)
        Valid(
            "class T(unittest.TestCase):\n    def test_lm(self):\n        self.assertEqual(\n"
            "            target.lm,\n            pg.oneof([Claude(max_tokens=1024), Gpt4(max_tokens=1024)]),\n"
            "        )\n        self.assertDictEqual(args, dict(model=m, max_tokens=4096))\n"
            "        self.assertEqual(first=args, second={'max_tokens': 4096})\n"
        ),
        Valid("def test_args(make):\n    assert make().request() == {'model': m, 'max_tokens': 4096}\n"),
    )
    INVALID = (
        *CUT_INVALID,
        Invalid('limit = int(os.environ.get("MAX_TOKENS", 4096))'),  # an environment variable's default
        Invalid('n = os.getenv("LLM_MAX_TOKENS", "4096")'),
        # the number given to the code under test, outside the expected value (set 43: langfun)
        Invalid(
            "class T(unittest.TestCase):\n    def test_args(self):\n        self.assertEqual(\n"
            "            lm._request_args(Options(max_tokens=4096)),\n            dict(n=2),\n        )\n",
            line=4,
        ),
        # a provider's constant named as a budget, used as a key (set 21: crfm-helm's watsonx client)
        Invalid("engine = ModelInference(params={GenParams.MAX_NEW_TOKENS: 2000})\n"),
        Invalid('keep = config.get("keep_recent_tokens", 20_000)'),
        Invalid("self.max_tokens = self._default_max_tokens() or 16000"),
        Invalid(
            "import prompt_budget\n\ndef ask(client):\n    return client.create(max_tokens=8000)\n",
            line=4,
            key="ask_max_tokens",
            fixed='import prompt_budget\n\ndef ask(client):\n    return client.create(max_tokens=prompt_budget.value("ask_max_tokens", 8000))\n',
        ),
        Invalid("llm = Anthropic(model=m, max_output_tokens=4_096)", key="max_output_tokens"),
        Invalid("reply = gen(prompt, maxTokens=2048)"),
        Invalid("buf = ChatMemoryBuffer.from_defaults(token_limit=3000)"),
        Invalid("llm = Ollama(model='llama3', context_window=8192)"),
        Invalid("llm = Ollama(model='llama3', num_ctx=32768)"),
        Invalid('thinking = {"type": "enabled", "budget_tokens": 10000}'),
        Invalid("text = truncate_to_tokens(doc, limit=500)"),
        Invalid('def call(kwargs):\n    return post(max_tokens=kwargs.get("max_tokens", 2048))\n', line=2),
        Invalid("def call(self, max_tokens=None):\n    return send(n=max_tokens or 4096)\n", line=2),
        Invalid('params["max_tokens"] = 1024'),
        Invalid('max_new = getattr(config, "max_new_tokens", 512)'),
        Invalid('payload = {"model": model, "max_tokens": 1024, "messages": messages}'),
        Invalid("repo_map = RepoMap(root, map_tokens=1024)"),
        Invalid("window = lookup(self.model, GEMINI_CONTEXT_WINDOWS, default=1_048_576)"),
        Invalid("reply = client.create(max_tokens=1e5)", key="max_tokens"),
        Invalid(
            "import prompt_budget\nreply = client.create(max_tokens=+16000)\n",
            fixed='import prompt_budget\nreply = client.create(max_tokens=prompt_budget.value("max_tokens", +16000))\n',
        ),
        Invalid("reply = client.create(max_tokens=(n := 4096))"),
        Invalid(
            "@wrap_embedding_func_with_attrs(embedding_dim=1536, max_token_size=8192)\nasync def embed(texts): ...\n"
        ),
        Invalid("window = TOKEN_MAX.get(model_name, 2048) - reserved"),
        # a conditional fallback where the budget goes
        Invalid('body = {"max_tokens": request.max_tokens if request.max_tokens is not None else 512}'),
        Invalid("client.create(max_tokens=self.max_tokens if self.max_tokens else 8192)"),
        # decided by data flow: a positional argument taken by the module's own function as a budget
        Invalid(
            "def keep(doc, min_num_tokens=500):\n    return doc.tokens > min_num_tokens\n\nkept = [d for d in docs if keep(d, 100)]\n",
            line=4,
        ),
        # a weak name in a generation request, a window read with a default (set 11: letta)
        Invalid('SETTINGS = {"max_new_tokens": 250, "max_length": 512, "temperature": 0.8}', count=2),
        Invalid('ROW = {"context_window": 204800, "max_output": 128000}', count=2),
        Invalid('PRESET = {"max_new_tokens": 250, "truncation_length": 4096}', count=2),
        Invalid('llm = Config(context_window=model.get("max_model_len", 32768))'),
        # a tokenizer's truncation length, given positionally (set 13: llmware)
        Invalid("tokenizer.enable_truncation(300)"),
        # a UI input's default (set 13: llama-stack) and its upper bound (set 23)
        Invalid(
            'max_tokens = st.slider("Max Tokens", min_value=0, max_value=4096, value=512, step=1)',
            key="max_tokens_upper",
            count=2,
        ),
        # a size given to a splitter that counts tokens (set 11: motleycrew, letta)
        Invalid("splitter = SentenceSplitter(chunk_size=512)"),
        Invalid("splitter = TokenTextSplitter(chunk_size=1024, chunk_overlap=64)"),
        # a token splitter imported under another name (set 14: agentuniverse)
        Invalid(
            "from langchain.text_splitter import TokenTextSplitter as Splitter\n\ns = Splitter(chunk_size=1024)\n"
        ),
        Invalid("s = RecursiveCharacterTextSplitter.from_tiktoken_encoder(chunk_size=800)"),
        # told to count tokens, the size a fallback (set 12: haystack-experimental)
        Invalid(
            "def build(size=None):\n    return RecursiveDocumentSplitter(\n"
            "        split_length=size if size else 500, split_unit='token'\n    )\n",
            line=3,
        ),
        *FORM_INVALID,
        *ROW_INVALID,
        *SET183_INVALID,
        *LIST_INVALID,
    )

    def _report(self, node: ast.expr, name: str, value: int | float, how: str) -> None:
        if self.names.implausible(name, value) or forecast_context(self, name):
            return  # ``context_length=5``: a window no model has; a forecaster's steps of a series (set 323)
        if api_dictated(self, node, value):
            return  # ``max_output_tokens=16,  # Minimum allowed value``, a probe's cap (``api_minimums``)
        if test_data(self, node, name, value):
            return  # ``assertEqual(lm, Gpt4(max_tokens=1024))``, ``"max_tokens=100" in text``, a checked config
        message = f"token budget {name}={value} {how}; move it to config so it can be tuned and tested"
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            # ``int(d.get("context_size", "4096"))``: a number written as a string, moved by hand
            key = (f"{self.scope_key()} {name}", self.ctx.module_name)
            self.report(node, message, value=value, key_parts=key)
            return
        self.report_literal(node, message, value, name)

    _positional: GivenFlow
    #: names bound to a model -> window dict (with its line), and ``.get(model, N)`` on other names
    _window_tables: dict[str, tuple[int, str]]
    _lookups: list[tuple[str, ast.expr, int | float, tuple[str, str] | None]]
    _cuts: CutFlow

    def visit_Module(self, node: ast.Module) -> None:
        self._positional = GivenFlow(node)
        self._window_tables = {}
        self._lookups = []
        self._cuts = CutFlow(self)
        self._typed = TypedLocals(self)
        self.bound_lengths: set[str] = set()  # ``max_length = 512``, followed (``prune``)

    def leave_Module(self, node: ast.Module) -> None:
        # ``filter_doc(node, 100)`` where the module's ``def filter_doc(node, min_num_tokens=500)`` takes it
        for given, name, value, how in self._positional.budgets(self):
            self._report(given, name, value, how)
        self._positional.record(self, self._cuts)  # ``load_memory(task, 24000)`` (``check_project``)
        # ``DEEpSEEkMAXCONTETNLENGTH.get(model, 4096)`` of a dict of model names to window-sized numbers
        for table, literal, value, got in self._lookups:
            if (row := self._window_tables.get(table)) is not None:  # ``budget_rows.lookup_table``
                how = f"used as the fallback of `{table}`, {row[1]} (line {row[0]})"
                self._report(literal, table, value, how)
            elif got is not None:  # ``def token_limit(e): return m.get(e, 4000)``: a budget getter's
                self._report(literal, got[0], value, got[1])
            elif read := handed_at(node, literal.lineno, table, self.names):  # rows handed on as budgets
                self._report(
                    literal, table, value, f"used as the fallback of `{table}`, whose rows are {read}"
                )

    def visit_arguments(self, node: ast.arguments) -> None:
        if node.defaults or node.kw_defaults:
            # ``def f(texts, max_length=64)`` ... ``tokenizer(texts, truncation=True, max_length=max_length)``
            for name, written, value in truncation_defaults(self, node, self._cuts):
                self._report(written, name, value, "as the default of a parameter a tokenizer cuts to")
            for given in subtracted_defaults(self, node):  # ``capacity=4097`` ... ``capacity - n_tokens(p)``
                self._report(*given)

    def visit_Call(self, node: ast.Call) -> None:
        if environment_read(self, node):  # ``os.environ.get("ADRA_MAX_TOKENS", "4096")`` (``env_defaults``)
            return
        callee = called_class(self, node)  # ``cls(total=32_768)``: the class around it
        if callee in WIDGETS:
            for literal, label, amount, which in widget_default(self, node):
                self._report(literal, label, amount, f"as an input's {which}")
        # ``_profile("claude", ctx=200_000)`` ... ``context_window=ctx``: a helper's parameter handed on
        for passed in own_params(self, node):
            self._report(*passed)
        if callee == "enable_truncation" and node.args:
            # ``tokenizer.enable_truncation(300)``: Hugging Face tokenizers' ``max_length``, in tokens
            value = self.budget_literal(node.args[0])
            if value is not None:
                self._report(node.args[0], "max_length", value, "given to `enable_truncation`")
        if (padded := padded_length(self, node)) is not None and (n := self.budget_literal(padded)):
            self._report(padded, "length", n, "given to `enable_padding` of a tokenizer that truncates")
        if (bound := field_bound(self, node)) is not None:
            for kw, key in bound:
                if (n := self.budget_literal(kw.value)) is not None:
                    self._report(kw.value, key, n, f"as the `{kw.arg}=` bound of {bounded(callee)}")
        elif ranged := option_range(self, node):  # ``add_argument("--max-tokens", type=_limit(256, 8192))``
            for literal, key, how in ranged:
                if (n := self.budget_literal(literal)) is not None:
                    self._report(literal, key, n, how)
        elif (chunk := token_chunk_bounds(self, node)) is not None:
            for kw in chunk[2]:
                if (n := self.budget_literal(kw.value)) is not None:
                    said = f"as the `{kw.arg}=` bound of a chunk measured in tokens (its model's `{chunk[1]}` says tokens)"
                    self._report(kw.value, chunk[0], n, said)
        if callee == "parametrize":
            for literal, name, n in parametrize_rows(self, node):
                self._report(literal, name, n, "in a `parametrize` row, under that argument")
        elif (setter := budget_argument(self, node)) is not None:
            self._report(setter[0], setter[1], setter[2], f"given to `{callee}`")
        self._positional.call(node, self.ctx.function())
        # ``max_length = 512`` ... ``generate(max_length=max_length)``
        for literal, name, value, how in bound_lengths(self, node, self.bound_lengths, self._budget_keyword):
            self._report(literal, name, value, how)
        bounds = list(named_spec_bounds(self, node))
        spec = {id(found[0]) for found in bounds}
        for literal, name, value, how in bounds:
            self._report(literal, name, value, how)  # ``ParameterRule(name="max_tokens", default=512)``
        typed = {id(amount): unit for unit, amount in typed_amounts(self, node)} if node.keywords else {}
        unit_class = token_unit_class(callee or "")
        if unit_class and node.args and (first := self.budget_literal(node.args[0])) is not None:
            # ``TokenInterval(500_000)``: the class's name gives the unit (set 20: inspect-ai)
            self._report(node.args[0], callee or "", first, f"given to `{callee}`, which counts tokens")
        # keyword arguments: f(max_tokens=8000), f(limit=500) when f is about tokens
        for kw in node.keywords:
            if kw.arg is None:
                continue
            value = self.budget_literal(kw.value) or small_cap(self, kw.arg, kw.value)
            if value is None and self._budget_keyword(kw.arg, node):  # ``1200 + 160 * len(texts)`` (set 569)
                for literal, amount, how in allowance_parts(self, kw.value):
                    self._report(literal, kw.arg, amount, how)
            if value is None or id(kw.value) in spec or completions_count(self, kw.arg, node):
                continue
            if self._budget_keyword(kw.arg, node) or quota_keyword(kw.arg, node, value):  # a TPM quota
                self._report(kw.value, kw.arg, value, passed_how(self.names, kw.arg, node))
            elif "overlap" not in kw.arg and sizes_token_chunks(self.names, kw.arg, node, self.ctx):
                # the chunk's size; an overlap inline is how the chunks meet, not a budget
                self._report(kw.value, kw.arg, value, f"given to `{callee_name(node)}`, which counts tokens")
            elif kw.arg in {"default", "fallback"} and budget_lookup(self, node):
                self._report(kw.value, kw.arg, value, "used as the fallback of a budget lookup")
            elif id(kw.value) in typed:
                # ``TriggerParam(type="input_tokens", value=150000)``: an amount typed as tokens
                how = f'given beside `type="{typed[id(kw.value)]}"`'
                self._report(kw.value, typed_slot(self, node, typed[id(kw.value)]), value, how)
            elif unit_class and not self.names.is_excluded(kw.arg) and not counts_requests(kw.arg):
                # ``TokenInterval(every=500_000)``: the class's name gives the unit (set 20: inspect-ai)
                how = f"given to `{callee}`, which counts tokens"
                self._report(kw.value, f"{callee}.{kw.arg}", value, how)
        # ``ContextBudget(window_tokens=..., output_reserve=8_192)``: a budget class's other amounts
        for kw, amount in budget_siblings(self, node):
            self._report(kw.value, kw.arg or "", amount, f"beside the token budgets given to `{callee}`")
        # d.get("max_tokens", 2048), getattr(obj, "max_tokens", 2048), TOKEN_MAX.get(model_name, 2048)
        found = lookup_default(self, node, self._cuts)
        given = keyword_fallback(self, node, self._budget_keyword) if not (found and found[3]) else None
        if (given := given or (None if found else schema_fallback(self, node))) is not None:
            self._report(*given)  # ``max_sequence_length=cfg.get("encoder_seq_length", 512)``, a schema's
        elif found is not None and found[3] is None:  # the table's values decide (``leave_Module``)
            self._lookups.append((found[1], found[0], found[2], getter_fallback(self, node)))
        elif found is not None:
            self._report(found[0], found[1], found[2], found[3] or "")
        settings_budgets(self, node, self._report)  # ``settings.get_int("max_tokens", 8192)``

    def _budget_keyword(self, arg: str, call: ast.Call) -> bool:
        """A keyword whose value is a budget, by its name or by the call (``request_entries``)."""
        return budget_keyword(self, arg, call)

    def _destination(self, node: ast.expr) -> str | None:
        """The budget an expression is written into: a budget keyword of its call (``max_length=`` of a
        tokenizer that truncates, ``max_new_tokens=``), or a single name said to be a budget."""
        parent = self.ctx.parent(node)
        call = self.ctx.parent(parent) if isinstance(parent, ast.keyword) else None
        if isinstance(parent, ast.keyword) and parent.arg and isinstance(call, ast.Call):
            return parent.arg if self._budget_keyword(parent.arg, call) else None
        if isinstance(parent, ast.Dict):  # ``{"max_tokens": _get(params, "max_tokens") or 1024}`` (set 495)
            return key if (key := value_key(parent, node)) and self.names.is_budget(key) else None
        if isinstance(parent, ast.Return) and (fn := self.ctx.function()) is not None:
            return (
                fn.name if self.names.is_budget(fn.name) else None
            )  # ``_compute_max_tokens``: ``return n or 16384``
        name = (
            attr_name(parent.targets[0])
            if isinstance(parent, ast.Assign) and len(parent.targets) == 1
            else None
        )
        return name if name and self.names.is_budget_setting(name) else None

    def visit_Constant(self, node: ast.Constant) -> None:
        if type(node.value) is not str:
            return  # ``runtime_settings`` reads strings alone: the parent is not looked up for a number
        for name, value in runtime_settings(node, self.ctx.parent):
            if value > 1:  # ``num_predict -1``: unlimited, ``1``: a ping
                message = f"token budget {name}={value} written inside a string; move it to config so it can be tuned and tested"
                self.report(
                    node, message, value=value, key_parts=(f"{self.scope_key()} {name}", self.ctx.module_name)
                )

    def visit_Slice(self, node: ast.Slice) -> None:
        if (cut := literal_token_cut(self, node)) is not None:  # ``enc.decode(enc.encode(text)[:8192])``
            self._report(cut[0], "token_limit", cut[1], cut[2])

    def visit_List(self, node: ast.List | ast.Tuple) -> None:
        """``["--ctx-size", "8192"]``: a command line's option named as a budget, then its value; a
        sweep of budgets (``{"n_ctx": [512]}``, ``run(max_tokens=[128, 512])``, ``value_sweeps``)."""
        for literal, setting, amount in swept_entries(self, node):
            self._report(literal, setting, amount, "in a list of values to try")
        for word, setting, value in option_values(self, node):
            if isinstance(word.value, str) if isinstance(word, ast.Constant) else False:
                message = f"token budget {setting}={value} given on a command line; move it to config so it can be tuned and tested"
                self.report(
                    word,
                    message,
                    value=value,
                    key_parts=(f"{self.scope_key()} {setting}", self.ctx.module_name),
                )
            else:
                self._report(word, setting, value, "given on a command line")

    def visit_Tuple(self, node: ast.Tuple) -> None:
        """LangChain's context size ``trigger=("tokens", 4000)``: tokens, whatever the setting is named (set 15)."""
        self.visit_List(node)
        found = token_size(self, node) if len(node.elts) == 2 else None
        if found is not None and not in_examples(self):
            name, literal, value = found
            said = 'given as a ("tokens", N) context size'
            self._report(literal, name or "context_size_tokens", value, said)
        elif len(node.elts) == 2 and (pair := default_pair(self, node)) is not None:
            # ``[("context_size", 4096), ("window_size", 20)]`` given to a kwargs helper (set 16: rank-llm)
            self._report(pair[1], pair[0], pair[2], "as the default of a (setting, default) pair")

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        if (found := or_fallback(self, node, self._destination, self._cuts)) is not None:
            self._report(*found)  # ``settings.max_tokens or 4096`` (``or_fallbacks``)

    def visit_Return(self, node: ast.Return) -> None:
        for found in sibling_budgets(
            self, node
        ):  # ``return 128000, 32768`` beside ``return DEFAULT_CONTEXT_WINDOW, ...``
            self._report(*found)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if (found := added_allowance(self, node, self._budget_keyword)) is not None:
            self._report(*found)  # ``num_ctx=2048 + max_new_tokens`` (``added_allowances``)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        """``max_tokens=300 if clf else 350`` written where a budget goes (``inline_branches``; not assigned)."""
        for literal, name, value, how in branch_budgets(self, node, self._budget_keyword):
            self._report(literal, name, value, how)

    def visit_Dict(self, node: ast.Dict) -> None:
        scopes = self.ctx.scopes
        top = not scopes or isinstance(scopes[-1], ast.ClassDef)  # a table at module or class level
        if len(node.keys) >= 2 and top and (table := lookup_table(self, node)) is not None:
            self._window_tables[table[0]] = (node.lineno, table[1])
        if in_examples(self):
            return
        found = [*dict_budgets(self, node), *limit_entries(self, node), *capped_tokens(self, node)]
        found += [*beside_window(self, node, found), *overlap_beside(self, node, found)]  # a cap, an overlap
        for item, name, value, how in (
            *found,
            *nested_spec_bounds(self, node),
            *assigned_spec_bounds(self, node),
        ):
            self._report(item, name, value, how)  # and ``{Names.MAX_TOKENS: {"default": 64}}`` (set 37)

    def visit_Assign(self, node: ast.Assign) -> None:
        watch_bound(self, node, self.bound_lengths)
        watch_numbered(self, node, self._positional.numbered)  # ``budget = 500`` ... ``f(q, budget)``
        if (each := per_item(self, node)) is not None:  # not ``monthly = daily * 30`` (``period_scales``)
            # ``server.n_ctx = server.n_slots * 1024``: a budget per slot, written inline
            self._report(each[0], each[1], each[2], "times a count: a budget per item")
        if (text := serialized_entry(self, node)) is not None:  # ``os.environ["MAX_TOKENS"] = str(N)``
            self._report(*text)
        value = self.budget_literal(node.value) or small_entry(self, node)  # ``options["num_predict"] = 8``
        if value is None:
            return
        for target in node.targets:
            if (keyword := attribute_cut(self, target, self._cuts)) is not None:
                # ``self.max_input_length = 500`` ... ``max_length=self.max_input_length`` (set 21: SummaC)
                how = f"stored in an attribute given as `{keyword}=` to a tokenizer that truncates"
                self._report(node.value, attr_name(target) or keyword, value, how)
            elif isinstance(target, ast.Subscript):
                if (entry := written_entry(self, node, target, value)) is not None:  # ``subscript_entries``
                    self._report(node.value, entry[0], value, entry[1])
            elif (
                isinstance(target, (ast.Name, ast.Attribute))
                and not self.names.is_budget(attr_name(target) or "")
                and (table := lookup_fallback(self, node))
            ):
                # ``except KeyError: self.model_token = 8192`` after ``models_tokens[provider][model]``
                how = f"used as the fallback of a failed lookup in `{table}`"
                self._report(node.value, attr_name(target) or table, value, how)
            elif type(target) is ast.Name and (fn := self.ctx.function()) and target.id in self._typed.of(fn):
                # ``max_trigger = 990_000`` ... ``{"type": "input_tokens", "value": max_trigger}`` (set 20)
                how = f"bound to a local given as an amount of type `{self._typed.of(fn)[target.id]}`"
                self._report(node.value, target.id, value, how)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        """``total += 1000`` (an image) in a token-estimating function that returns ``total``: a guessed
        per-item token cost written inline (set 20: open-webui; ``num_tokens += 1024`` is PB102's)."""
        value = self.budget_literal(node.value)
        found = estimate_into_count(self, node) if value is not None else None
        if value is not None and found is not None:
            count, fn = found
            message = (
                f"token estimate {value} added inline into `{count}`, the token count `{fn}()` returns; "
                "move it to config so it can be tuned and tested"
            )
            self.report_literal(node.value, message, value, f"{count} estimate")
        elif (table := estimate_table(self, node.value)) is not None and (
            found := estimate_into_count(self, node)
        ):
            count, fn = found  # ``total += {"low": 85, "high": 765}.get(detail, 512)`` (``estimate_tables``)
            said = f"added inline into `{count}`, the token count `{fn}()` returns; move it to config"
            self.report(
                table[0],
                f"table of token estimates {said}",
                key_parts=(f"{count} estimates", fn),
                advice="move the table into [tool.prompt_budget.values] by hand",
            )
            if table[1] is not None and (fallback := self.budget_literal(table[1])) is not None:
                message = f"token estimate {fallback} as the table's fallback, {said}"
                self.report_literal(table[1], message, fallback, f"{count} estimate")
