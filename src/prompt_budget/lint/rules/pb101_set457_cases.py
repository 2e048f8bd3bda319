"""Cases from sets 457 onward (issue 19), read by the rules they name.

Set 457's: PB104, a local lambda guessing tokens from words whose calls are the entries of a dict under keys of
tokens (kernel-arjun's ``est = lambda t: int(len(t.split()) * 1.33)`` ... ``{"tokens": est(m["content"])}``,
``"total_tokens": sum(est(m["content"]) for m in msgs)``, ``estimator_callers._lambda_calls``).

Set 459's: PB104, a rate dividing each count of a list of characters into a list of estimates (stepbook's
``"rendered_prompt_tokens_est": [round(c / 3.6) for c in self.rendered_prompt_chars]``, a comprehension's target
in the unit of what it runs over: ``pb104_terms.local_unit``); PB102, not a full-text search's word tokens
(docs-haven's ``_MAX_FTS5_TOKENS = 100`` of SQLite's FTS5, ``names.EXCLUDED_WORDS``). Its cross-module reading
(a number given by position to a method of the project's model wrapper, veract's ``self.llm.complete(sys, prompt,
1200)``) is in tests/lint/test_set457_project.py.

Set 461's: PB101, a spec's default named for tokens before something happens and described as a token budget
(ursa-ai's ``AgentParam(name="tokens_before_summarize", description="Conversation token budget before context is
summarized.", default=50000)``, ``spec_bounds._described_in_tokens``); PB107, a table of the tokens each role is
taken to use (agentlinter's ``ROLE_TOKEN_DEFAULTS = {"planner": 5000, ...}``) and PB101, a row's fallback of such a
table (``STEP_TYPE_TOKEN_DEFAULTS.get("llm", 8000)``, ``table_fallbacks.budget_row``); PB106, a function's local
estimate of an item's tokens (navcode's ``avg_file_tokens = 2000`` ... ``file_count * avg_file_tokens``,
``item_token_costs``); PB102, the length an embedding model's ``encode`` cuts its texts to
(yohakuforce-context-hub's ``model.encode(texts, max_length=self._max_length)`` with the default
``_DEFAULT_MAX_LENGTH = 8192``: ``padded_inputs.encoded_length`` asked past the parameter too). Its cross-module
reading (ursa-ai's subclass restating the base class's ``tokens_before_summarize: int = 50000``,
``param_echoes``) is in tests/lint/test_set457_project.py.

Set 465's: PB104, a rate turning a chunker's size or overlap read off its settings into characters, or any amount
so when the comment states the rate (mita-code's ``char_budget = config.chunk_size * 4  # ~4 chars per token`` and
``overlap_chars = config.chunk_overlap * 4``, ``token_chunk_chars._converted_chunk``).

Set 467's: PB106, room added to token counts whose sum ``min()`` caps at a window (onboard-memory-mcp's
``min(hot_tokens + digest_tokens + 500, 4000)``, ``reserve_sums.reserve_sum``), and an estimate of an item's tokens
given as an amount of tokens or added to a count (veralith's ``completion_tokens=_EST_OUTPUT_TOKENS_PER_JUDGE_CALL``,
``_EST_SYSTEM_PROMPT_TOKENS + q_tokens``, ``item_token_costs``); PB109, not the fallback of one OpenAI model's
encoding asked by name (veralith's ``encoding_for_model("gpt-4o")`` falling back to ``o200k_base``,
``pb109_fallbacks.reads_model``); PB101, an environment variable's default given as the length a tokenizer cuts
to (dsh-kb's ``tok.enable_truncation(max_length=int(os.environ.get(..., "192")))``, ``env_defaults._cut_length``);
PB105, a factor growing a budget the function gives under the same keyword elsewhere (thinkless's retry
``max_tokens=budget * 3`` beside ``max_tokens=budget``, ``budget_growth._keyword_growth``).

Set 471's: PB102, not a window named as a context's budget whose block of comments above gives it in characters,
however long the block (urdyn-memory's ``DEFAULT_CONTEXT_BUDGET = 4000`` under seven lines opening ``# [A29.1]
Character budget, not a token estimate``, ``budget_bindings._unit_comments``).

Set 473's: PB103, not where a label's unit changes in a formatter whose text is trimmed by its own methods
(bisheng-helix's ``if tokens >= 1_000_000: value = tokens / 1_000_000; return f"{value:.1f}M".rstrip("0")``,
``pb103_display._text``); PB104, a rate dividing characters into an estimate ordered against a ceiling of tokens,
a local bound to a budget less a margin (tanli's ``sum(_msg_chars(m) for m in messages) // 3 > ceiling`` with
``ceiling = context_window - context_safety_margin``, ``ceilings.budget_ceiling``).

Set 475's: PB102, not a budget given under a keyword of characters (iterate-ai's ``context_budget = 48_000 if
backend == "ollama" else 400_000`` ... ``CodingAgent(context_budget_chars=context_budget)``,
``character_reads.bounds_characters``); PB101, a plain ``max_length`` given beside a length of the prompt that is a
budget by its name (signalforgeai's ``DPOConfig(max_length=2048, max_prompt_length=1024)``,
``request_entries._beside_token_lengths``); PB104, a chunk overlap's tail cut in characters (hakua-memory's
``content[-chunk_overlap * 4:]``, ``token_chunk_chars._converted_chunk``); PB104, not the usage a stand-in for a
model makes up (huap-core's ``StubProvider`` and its client's ``if self._stub_mode:`` branch, ``prompt_tokens =
prompt_words * 2``, ``stand_in_usage``).

Set 477's: PB104, a rate of tokens per word written as a fraction of two whole numbers (zymis' ``token_est =
len(content.split()) * 4 // 3  # rough estimate``, ``pb104_integer_rates.words_fraction``).

Set 479's: PB102, not a page of a payment's tokens (theprotocol-orchestrator's ``list_payment_tokens(self, status=None,
limit=20)``, ``names.EXCLUDED_WORDS``); PB103, the cap and floor a function clamps its result to when its calls are
given as a budget keyword (ctx-tool's ``return min(8192, max(1024, 256 + file_count * 128))`` in
``_file_summary_output_budget``, called as ``max_tokens=_file_summary_output_budget(len(files))``,
``pb103_margins.returned_budget``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LAMBDA_ESTIMATE = (
    "def anatomy(msgs):\n"
    "    est = lambda t: int(len(t.split()) * 1.33)  # noqa: E731\n"
    "    return {{{entry}}}\n"
)
LAMBDA_ESTIMATE_VALID = (
    Valid(
        _LAMBDA_ESTIMATE.format(
            entry='"rows": [{"role": m["role"], "size": est(m["content"])} for m in msgs]'
        )
    ),
)
LAMBDA_ESTIMATE_INVALID = (
    Invalid(
        _LAMBDA_ESTIMATE.format(
            entry='"messages": [{"role": m["role"], "tokens": est(m["content"])} for m in msgs]'
        ),
        line=2,
    ),
    Invalid(_LAMBDA_ESTIMATE.format(entry='"total_tokens": sum(est(m["content"]) for m in msgs)'), line=2),
)

_COMPREHENDED_RATE = (
    "class Stats:\n"
    "    def to_dict(self):\n"
    '        return {{"rendered_prompt_tokens_est": [round(c / 3.6) for c in self.{source}]}}\n'
)
COMPREHENDED_RATE_VALID = (Valid(_COMPREHENDED_RATE.format(source="rendered_prompt_seconds")),)
COMPREHENDED_RATE_INVALID = (Invalid(_COMPREHENDED_RATE.format(source="rendered_prompt_chars"), line=3),)

_SEARCH_TOKENS = "_MAX_QUERY_LENGTH = 10000\n_MAX_{kind}_TOKENS = 100\n"
SEARCH_TOKENS_VALID = (Valid(_SEARCH_TOKENS.format(kind="FTS5")), Valid(_SEARCH_TOKENS.format(kind="BM25")))
SEARCH_TOKENS_INVALID = (Invalid(_SEARCH_TOKENS.format(kind="PROMPT"), line=2),)

_SPEC_TOKEN_BUDGET = (
    "def params():\n"
    "    return [\n"
    "        AgentParam(\n"
    '            name="{name}",\n'
    '            description="{text}",\n'
    "            default=50000,\n"
    "        ),\n"
    "    ]\n"
)
SPEC_TOKEN_BUDGET_VALID = (
    Valid(
        _SPEC_TOKEN_BUDGET.format(
            name="tokens_before_summarize", text="Conversation length before it is summarized."
        )
    ),
    Valid(
        _SPEC_TOKEN_BUDGET.format(
            name="auth_tokens_before_refresh", text="Auth token budget before a refresh."
        )
    ),
)
SPEC_TOKEN_BUDGET_INVALID = (
    Invalid(
        _SPEC_TOKEN_BUDGET.format(
            name="tokens_before_summarize", text="Conversation token budget before context is summarized."
        ),
        line=6,
    ),
)

_ROLE_TABLE = (
    '{name}: dict[str, int] = {{\n    "planner": 5000,\n    "builder": 20000,\n    "tester": 10000,\n}}\n'
)
ROLE_TABLE_VALID = (Valid(_ROLE_TABLE.format(name="ROLE_RETRY_DEFAULTS")),)
ROLE_TABLE_INVALID = (Invalid(_ROLE_TABLE.format(name="ROLE_TOKEN_DEFAULTS"), line=1),)

_ROW_FALLBACK = (
    "from .config import {name}\n\n\n"
    "def estimate(step):  # tokens of a step\n"
    '    return {name}.get("llm", 8000)\n'
)
ROW_FALLBACK_VALID = (
    Valid(_ROW_FALLBACK.format(name="STEP_TYPE_TIMEOUT_DEFAULTS")),
    Valid(_ROW_FALLBACK.format(name="STEP_TYPE_TOKEN_BYTES_DEFAULTS")),
)
ROW_FALLBACK_INVALID = (Invalid(_ROW_FALLBACK.format(name="STEP_TYPE_TOKEN_DEFAULTS"), line=5),)

_LOCAL_ITEM_COST = (
    "def report(stats):  # token savings\n"
    '    file_count = stats.get("file_count", 0)\n'
    "    {name} = 2000\n"
    "    total_raw = file_count * {name}\n"
    "    return total_raw\n"
)
LOCAL_ITEM_COST_VALID = (
    Valid(_LOCAL_ITEM_COST.format(name="avg_file_lines")),
    Valid(_LOCAL_ITEM_COST.format(name="max_file_tokens")),
)
LOCAL_ITEM_COST_INVALID = (Invalid(_LOCAL_ITEM_COST.format(name="avg_file_tokens"), line=3),)

_EMBED_ENCODE = (
    "_DEFAULT_MAX_LENGTH = 8192\n\n\n"
    "class Adapter:\n"
    "    def __init__(self, max_length: int = _DEFAULT_MAX_LENGTH) -> None:\n"
    "        self._max_length = max_length\n\n"
    "    def embed(self, model, texts):\n"
    "        return model.{method}(texts, batch_size=12, {keyword}=self._max_length)\n"
)
EMBED_ENCODE_VALID = (
    Valid(_EMBED_ENCODE.format(method="encode", keyword="max_chars")),
    Valid(_EMBED_ENCODE.format(method="render", keyword="max_length")),
)
EMBED_ENCODE_INVALID = (Invalid(_EMBED_ENCODE.format(method="encode", keyword="max_length"), line=1),)

_CHUNK_CHARS = (
    '"""Splits a file into chunks for the index, whose model reads about 4 chars per token."""\n\n\n'
    "def split(content, config):\n"
    "    char_budget = config.{size} * 4{comment}\n"
    "    if len(content) > char_budget:\n"
    "        return [content[:char_budget]]\n"
    "    return [content]\n"
)
CHUNK_CHARS_VALID = (
    Valid(_CHUNK_CHARS.format(size="line_width", comment="")),
    Valid(_CHUNK_CHARS.format(size="line_width", comment="  # four columns per cell")),
)
CHUNK_CHARS_INVALID = (
    Invalid(_CHUNK_CHARS.format(size="chunk_size", comment=""), line=5),
    Invalid(_CHUNK_CHARS.format(size="chunk_overlap", comment=""), line=5),
    Invalid(_CHUNK_CHARS.format(size="line_width", comment="  # ~4 chars per token"), line=5),
)

_CAPPED_SUM = (
    "def report(mem, digests):\n"
    "    hot_tokens = count_tokens(mem)\n"
    "    brief_est = min(hot_tokens + 500, {cap})\n"
    "    return brief_est\n"
)
CAPPED_SUM_VALID = (Valid(_CAPPED_SUM.format(cap="len(mem)")),)
CAPPED_SUM_INVALID = (Invalid(_CAPPED_SUM.format(cap="2500"), line=3),)

_GIVEN_ESTIMATE = (
    "_EST_OUTPUT_TOKENS_PER_JUDGE_CALL = 256\n"
    "_EST_SYSTEM_PROMPT_TOKENS = 800\n\n\n"
    "def preflight(model, q_tokens):\n"
    "    return cost_for(\n"
    "        model,\n"
    "        {prompt}=_EST_SYSTEM_PROMPT_TOKENS + {count},\n"
    "        {completion}=_EST_OUTPUT_TOKENS_PER_JUDGE_CALL,\n"
    "    )\n"
)
GIVEN_ESTIMATE_VALID = (
    Valid(
        _GIVEN_ESTIMATE.format(prompt="prompt_seconds", count="q_seconds", completion="completion_seconds")
    ),
)
GIVEN_ESTIMATE_INVALID = (
    Invalid(
        _GIVEN_ESTIMATE.format(prompt="prompt_tokens", count="q_tokens", completion="completion_tokens"),
        count=2,
    ),
)

_NAMED_ENCODING = (
    "import tiktoken\n\n\n"
    "def enc(model):\n"
    "    try:\n"
    "        return tiktoken.encoding_for_model({model})\n"
    "    except KeyError:\n"
    '        return tiktoken.get_encoding("o200k_base")\n'
)
NAMED_ENCODING_VALID = (Valid(_NAMED_ENCODING.format(model='"gpt-4o"')),)
NAMED_ENCODING_INVALID = (
    Invalid(_NAMED_ENCODING.format(model="model"), line=8),
    Invalid(
        _NAMED_ENCODING.format(model='"claude-3-5-sonnet"'), line=6, count=2
    ),  # the lookup and its fallback
    Invalid(_NAMED_ENCODING.format(model='"gpt-4"'), line=8),  # cl100k_base's model given o200k_base
)

_ENV_CUT = (
    "import os\n"
    "from tokenizers import Tokenizer\n\n\n"
    "def load(path):\n"
    "    tok = Tokenizer.from_file(path)\n"
    '    tok.{method}({keyword}=int(os.environ.get("RERANK_CUT", "192")))\n'
    "    return tok\n"
)
ENV_CUT_VALID = (
    Valid(_ENV_CUT.format(method="enable_truncation", keyword="stride")),
    Valid(_ENV_CUT.format(method="enable_padding", keyword="max_length")),
)
ENV_CUT_INVALID = (Invalid(_ENV_CUT.format(method="enable_truncation", keyword="max_length"), line=7),)

_RETRY_CAP = (
    "def ask(llm, messages, budget):\n"
    "    completion = llm.complete(messages, {first}=budget)\n"
    '    if completion.stop_reason == "length":\n'
    "        completion = llm.complete(messages, {again}=budget * 3)\n"
    "    return completion\n"
)
RETRY_CAP_VALID = (
    Valid(_RETRY_CAP.format(first="timeout", again="timeout")),
    Valid(_RETRY_CAP.format(first="max_tokens", again="n")),
)
RETRY_CAP_INVALID = (Invalid(_RETRY_CAP.format(first="max_tokens", again="max_tokens"), line=4),)

_RATIONALE = (
    "# [A29.1] {unit} budget, not a token estimate: the core has no\n"
    "# provider-specific tokenizer dependency anywhere, and a count is exactly\n"
    "# measurable against what render() actually produces, with no\n"
    "# model-specific conversion factor pretending to be a neutral unit.\n"
    "# A future target-aware renderer can substitute its own cost function\n"
    "# without changing anything in this module's selection policy.\n"
    "DEFAULT_CONTEXT_BUDGET = 4000\n"
)
RATIONALE_VALID = (Valid(_RATIONALE.format(unit="Character")), Valid(_RATIONALE.format(unit="Char")))
RATIONALE_INVALID = (Invalid(_RATIONALE.format(unit="Section"), line=7),)

_TRIMMED_LABEL = (
    "def _format_tokens(tokens: int) -> str:\n"
    "    if tokens >= 1_000_000:\n"
    "        value = tokens / 1_000_000\n"
    '        return f"{{value:.1f}}M"{trim}\n'
    '    return f"{{tokens:,}}"\n'
)
TRIMMED_LABEL_VALID = (Valid(_TRIMMED_LABEL.format(trim='.rstrip("0").rstrip(".")')),)
TRIMMED_LABEL_INVALID = (Invalid(_TRIMMED_LABEL.format(trim=" if value else None"), line=2),)

_CEILING = (
    "def _msg_chars(m):\n"
    '    return len(str(m.get("content") or ""))\n\n\n'
    "def guard(messages, {window}, margin):\n"
    "    ceiling = {window} - margin\n"
    "    if sum(_msg_chars(m) for m in messages) // 3 > ceiling:\n"
    "        return False\n"
    "    return True\n"
)
CEILING_VALID = (Valid(_CEILING.format(window="page_width")),)
CEILING_INVALID = (Invalid(_CEILING.format(window="context_window"), line=7),)

_CHARS_KEYWORD = (
    "def run(backend, CodingAgent):\n"
    '    context_budget = 48_000 if backend == "ollama" else 400_000\n'
    "    return CodingAgent({keyword}=context_budget)\n"
)
CHARS_KEYWORD_VALID = (Valid(_CHARS_KEYWORD.format(keyword="context_budget_chars")),)
CHARS_KEYWORD_INVALID = (Invalid(_CHARS_KEYWORD.format(keyword="context_budget"), line=2, count=2),)

_TRAINER_LENGTHS = (
    '"""DPO training; its lengths count the tokenizer\'s tokens."""\n\n'
    "cfg = DPOConfig(\n    beta=0.1,\n    max_length=2048,\n    {other}=1024,\n)\n"
)
TRAINER_LENGTHS_VALID = (Valid(_TRAINER_LENGTHS.format(other="max_steps")),)
TRAINER_LENGTHS_INVALID = (Invalid(_TRAINER_LENGTHS.format(other="max_prompt_length"), line=5, count=2),)

_OVERLAP_TAIL = (
    '"""Chunks sized in estimated tokens."""\n\n\n'
    "def tail(chunks, *, {name}: int = 64):\n"
    "    kept = chunks[-1].content[-{name} * 4:]\n"
    "    return kept, _estimate_tokens(kept)\n"
)
OVERLAP_TAIL_VALID = (Valid(_OVERLAP_TAIL.format(name="indent_width")),)
OVERLAP_TAIL_INVALID = (Invalid(_OVERLAP_TAIL.format(name="chunk_overlap"), line=5),)

_STAND_IN = (
    "class {cls}:\n"
    "    def complete(self, prompt, text):\n"
    "        {guard}\n"
    '            return {{"prompt_tokens": len(prompt) // 4, "completion_tokens": len(text) // 4}}\n'
    "        return None\n"
)
STAND_IN_VALID = (
    Valid(_STAND_IN.format(cls="StubProvider", guard="if text:")),
    Valid(_STAND_IN.format(cls="Provider", guard="if self._stub_mode:")),
    Valid(_STAND_IN.format(cls="Provider", guard='if self.mode == "mock":')),
)
STAND_IN_INVALID = (Invalid(_STAND_IN.format(cls="Provider", guard="if text:"), line=4, count=2),)

_WORDS_FRACTION = (
    "def select(content, budget):\n"
    "    {name} = len(content.split()) * 4 // 3  # rough estimate\n"
    "    return {name}\n"
)
WORDS_FRACTION_VALID = (Valid(_WORDS_FRACTION.format(name="lines_est")),)
WORDS_FRACTION_INVALID = (Invalid(_WORDS_FRACTION.format(name="token_est"), line=2),)

_PAYMENT_PAGE = (
    "class Client:\n"
    "    async def list_{what}_tokens(self, status=None, limit: int = 20):\n"
    '        return await self._get("/tokens", {{"limit": limit}})\n'
)
PAYMENT_PAGE_VALID = (Valid(_PAYMENT_PAGE.format(what="payment")),)
PAYMENT_PAGE_INVALID = (Invalid(_PAYMENT_PAGE.format(what="context"), line=2),)

_RETURNED_CLAMP = (
    "def _summary_output(file_count: int) -> int:\n"
    "    return min(8192, max(1024, 256 + file_count * 128))\n\n\n"
    "def summarize(client, files):\n"
    "    return client.create(files=files, {keyword}=_summary_output(len(files)))\n"
)
RETURNED_CLAMP_VALID = (Valid(_RETURNED_CLAMP.format(keyword="timeout")),)
RETURNED_CLAMP_INVALID = (Invalid(_RETURNED_CLAMP.format(keyword="max_tokens"), line=2, count=2),)

# The review's narrowings (each a VALID the first versions reported): a window of characters named for chunks, in a
# module counting no tokens; the ``else`` of a stub's branch, and ``if not`` one; a usage counter's spec; a credential's
# ``TOKEN_DEFAULTS``.
REVIEW_PB104_VALID = (
    Valid(
        '"""Character windows of a text."""\n\n\n'
        "def windows(text: str, chunk_size: int = 200) -> list[str]:\n"
        "    span = chunk_size * 3\n"
        "    return [text[i : i + span] for i in range(0, len(text), chunk_size)]\n"
    ),
)
#: ``if not self._stub_mode:``: the real provider's branch, an estimate still.
REVIEW_PB104_INVALID = (
    Invalid(
        "class Provider:\n"
        "    def usage(self, prompt):  # tokens of the prompt\n"
        "        if not self._stub_mode:\n"
        '            return {"prompt_tokens": len(prompt) // 4}\n'
        "        return None\n",
        line=4,
    ),
)
REVIEW_PB101_VALID = (
    Valid(
        "def columns():\n"
        '    return [Column(name="prompt_tokens", description="Prompt tokens billed for the request.", maximum=2_000_000)]\n'
    ),
    Valid(
        'TOKEN_DEFAULTS = {"access": 900, "refresh": 86_400}\n\n\n'
        "def lifetime(kind):  # a session token's\n"
        "    return TOKEN_DEFAULTS.get(kind, 3600)\n"
    ),
)
