"""Cases from sets 333 onward (issue 19), read by the rules they name.

Set 321's and 331's others, taken up after them: PB104, a quotient the function's docstring converts, naming the
dividend and stating the rate (set 331: sessionmail's ``"mail": mail // 4`` under "as `mail`/`heard` tokens (chars
// 4)", ``stated_rates.rate_stated``); a count summed into what a function of a class or module about tokens
returns (set 321: memkernel-mcp's ``total += (len(piece) + 3) // 4`` ... ``return total`` in ``heuristic_count`` of
token_counter.py, ``pb104_context``, tested in tests/lint/test_set333_forms.py).

Set 333's: PB104, an estimate kept at least one in a dict's entry named for tokens (set 334: prospectai's
``"tokens_est": max(1, len(raw) // 4)``, ``dict_slots``); an environment variable named for the rate whose default
is the text the variable would hold (arachna's ``int(os.environ.get("ARACHNA_CHARS_PER_TOKEN", "4"))``,
``pb104_table_fallbacks``).

Set 333's: PB101, the answer an interactive prompt offers as a string the answer is made a number from
(arachna's ``max_tokens = int(_ask("Default max tokens", "16000"))``, ``prompted_defaults``).

Set 333's others: PB109, not a model named for the tokenizer (set 334: id-protocol's ``--tokenizer-model`` option
read as ``encoding_for_model(args.tokenizer_model)``, ``pb109_callers.tiktoken_name``); a method's budget parameter
given by position from another module (set 334: vox-code's ``self._memory_manager.build_context_for_query(text,
500)``, tested in tests/lint/test_imported_positional.py).

Set 339's: PB105, not a generic threshold of a class or function named for judging answers (salvo-ai's
``JudgeConfig.default_threshold = Field(default=0.8, ge=0.0, le=1.0)`` beside its ``max_tokens: int = 1024``,
``ratio_names.judging``).

Set 341's and 343's: PB107, a table of rows of the module's own dataclass whose first row gives its budget field
``0``, "n/a" (set 341: fidelity-ladder's ``RungSpec(0, "intent", ..., 0, 0, ...)``, ``RungSpec(1, "spec", ..., 3000,
1024, 1, ...)`` rows, ``pb107_field_rows``); PB101, a call of that dataclass alone given its budget by position
(tested in tests/lint/test_set333_forms.py) and ``cls(total=32_768)`` in a classmethod of a class named for token
budgets (set 343: ctxeng's ``TokenBudget.for_model``, ``inline_forms.called_class``); PB102, names ``max()`` or
``min()`` picks from given as a budget (set 343: taosmd's ``max_tokens=max(archive_budget, qmd_budget)``,
``lookup_values``) and a base scaled by a weight (``kg_budget = int(200 * strategy["kg_weight"])``,
``budget_bindings.weighted_base``); PB103, a floor of what is left of a budget a loop takes token counts off
(ctxeng's ``remaining -= tokens`` ... ``elif remaining > 200``, ``counted_locals``); PB106, room added to a budget
made a number first under a condition (claritty-sdk's ``int(thinking["budget_tokens"]) + 4096 if thinking is not
None else None``, ``added_headroom``).

Set 345's and 347's: PB101, an ``overlap`` beside ``max_tokens`` in a dict that sets chunking (set 345: pdfmux's
profiles ``{"chunk": True, "max_tokens": 800, "overlap": 80}``, ``overlap_siblings``); PB104, a quotient returned
under a docstring stating the rate (cadre-ai's ``return total // 4`` in ``project_text_tokens``, "~4 chars/token",
``stated_rates``); not a lambda's parameter named by the function around it (cadre-ai's ``listing=lambda limit=40:
...`` in ``_agent_call_tokens``, ``budget_defaults``), a constant whose comment gives it in characters (ask-fable's
``CONTEXT_MIN = 512_000`` under "in characters", ``budget_bindings``), a threshold given to a retrieval beside its
budget (set 347: memor-cli's ``recall(..., k=tier.k, threshold=0.15, max_tokens=...)``, ``ratio_names``) nor a share
of rows ordered against rows (pdfmux's ``_largest_table_rows(text) < _TABLE_TRUNCATION_RATIO * src_block``,
``scaled_units``); PB102, not a cap of the pieces a text is split into (set 347: agentgrep's
``DASH_DECODE_MAX_TOKENS = 32`` against ``len(encoded.split("-"))``, ``word_counts``); PB106, a reserve taken off a name ending in budget beside counts of tokens (set 347: prashflow's
``input_budget - history_tokens - query_tokens - 200``, ``subtracted_budgets.budget_less_tokens``).

Set 349's: PB102, a field whose description gives its length in tokens (spt-neo-rag-client's ``summary_length: int =
Field(default=200, description="Summary length (tokens)")``, ``forms.field_says_tokens``); PB104, a comment stating
tokens as a length divided by the rate (agentspend-sdk's ``# prompt_tokens ~ len(prompt + teacher + student) / 4``,
``stated_rates``).

Set 355's: PB102, a chunk's size beside an overlap in tokens in one signature or class (docforge-rag's
``ChunkingEngine(target_chunk_size=512, max_chunk_size=1024, min_chunk_size=64, overlap_tokens=64)`` and
``ChunkerConfig``, ``overlap_siblings.chunk_beside_token_overlap``); PB107, a table of tuples a function named for a
budget returns a column of (``def max_tokens(self): return _MODEL_INFO.get(self._model_name, (1536, 8191))[1]``,
``pb107_tuple_rows``).

Set 353's: PB102 and PB105, not a throughput taken for an amount of tokens (quantcost's ``MAX_PLAUSIBLE_TOK_S =
100_000.0`` and ``base_tps * 0.9`` against ``r.tokens_per_second``, ``names.is_token_amount``); PB103, not a bound of
a context's nesting depth (aport-agent-guardrails' ``MAX_CONTEXT_NESTING_DEPTH > 100``, ``names.EXCLUDED_WORDS``); PB105, a percent named for the share of the context a compaction acts at, whatever
reads it (pengy's ``chat(..., compact_at_percent: int = 75)``, ``percent_shares``).

Set 335's: PB104, a lambda an ``or`` falls back to when a counter is missing (foveance's ``self._count = counter or
(lambda s: max(1, len(s) // 4))``, ``pb104_context``); not a place in a list (entelligence-insights' ``q1 =
vals[len(vals) // 4]``, the first quartile of sorted token totals); PB105, a budget grown for the next attempt of a
function calling itself (masterwork's ``return ask(..., int(max_tokens * 1.6), ...)``, ``budget_growth``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_DOCUMENTED = (
    "def today_totals(rows):\n"
    '    """The chars given to `mail` items, as `mail` tokens (chars // 4)."""\n'
    "    {name} = sum(rows)\n"
    '    return {{"mail": {name} // 4}}\n'
)
DOCUMENTED_VALID = (Valid(_DOCUMENTED.format(name="pages")),)  # a dividend the docstring does not name
DOCUMENTED_INVALID = (Invalid(_DOCUMENTED.format(name="mail"), line=4),)

_KEPT = 'def progress(raw, cb):\n    cb({{"event": "done", "{key}": max(1, len(raw) // 4)}})\n'
KEPT_VALID = (Valid(_KEPT.format(key="pages")),)
KEPT_INVALID = (Invalid(_KEPT.format(key="tokens_est"), line=2),)

_ENV_RATE = 'import os\n\nRATE = {parse}(os.environ.get("ARACHNA_{var}", "4"))\n'
ENV_RATE_VALID = (
    Valid(_ENV_RATE.format(parse="int", var="WORKERS")),  # a count of workers
    Valid(_ENV_RATE.format(parse="str", var="CHARS_PER_TOKEN")),  # kept a text
)
ENV_RATE_INVALID = (
    Invalid(_ENV_RATE.format(parse="int", var="CHARS_PER_TOKEN"), line=3),
    Invalid(_ENV_RATE.format(parse="float", var="CHARS_PER_TOKEN").replace("environ.get", "getenv"), line=3),
)

_COUNTER = (
    "class OllamaLLM:\n"
    '    """A local model; the tokens of a prompt counted by the counter given."""\n\n'
    "    def __init__(self, model, {param}=None):\n"
    "        self._count = {param} or (lambda s: max(1, len(s) // 4))\n"
)
COUNTER_VALID = (Valid(_COUNTER.format(param="splitter")),)  # a stand-in for a splitter
COUNTER_INVALID = (Invalid(_COUNTER.format(param="counter"), line=5),)

_QUARTILE = "def token_distribution(vals):\n    return {expr}\n"
QUARTILE_VALID = (Valid(_QUARTILE.format(expr="vals[len(vals) // 4]")),)
QUARTILE_INVALID = (Invalid(_QUARTILE.format(expr="len(vals) // 4"), line=2),)

_RETRY = (
    "def ask(endpoint, messages, max_tokens, retries=3):\n"
    "    reply = post(endpoint, messages, max_tokens)\n"
    "    if not reply and retries:\n"
    "        return {call}\n"
    "    return reply\n"
)
RETRY_VALID = (
    Valid(_RETRY.format(call="ask(endpoint, messages, max_tokens, int(retries * 1.6))")),  # not the budget
    Valid(_RETRY.format(call="post(endpoint, messages, int(max_tokens * 1.6))")),  # another function
)
RETRY_INVALID = (
    Invalid(_RETRY.format(call="ask(endpoint, messages, int(max_tokens * 1.6), retries - 1)"), line=4),
    Invalid(_RETRY.format(call="ask(endpoint, messages, max_tokens=max_tokens * 2, retries=0)"), line=4),
)

_TOKENIZER_MODEL = (
    "import tiktoken\n\n\ndef build(args):\n    return tiktoken.encoding_for_model(args.{attr})\n"
)
TOKENIZER_MODEL_VALID = (Valid(_TOKENIZER_MODEL.format(attr="tokenizer_model")),)
TOKENIZER_MODEL_INVALID = (Invalid(_TOKENIZER_MODEL.format(attr="model"), line=5),)

_PROMPTED = 'def init(ask):\n    {name} = int(ask({question!r}, "16000"))\n    return {name}\n'
PROMPTED_VALID = (Valid(_PROMPTED.format(name="port", question="Port")),)
PROMPTED_INVALID = (Invalid(_PROMPTED.format(name="max_tokens", question="Default max tokens"), line=2),)

_JUDGE = "class {cls}:\n    max_tokens: int = 1024\n    default_threshold: float = 0.8\n"
JUDGE_VALID = (Valid(_JUDGE.format(cls="JudgeConfig")),)
JUDGE_INVALID = (Invalid(_JUDGE.format(cls="CompactionConfig"), line=3),)

_PICKED = (
    "def assemble(query, depth):\n"
    "    archive_budget = 500\n"
    "    qmd_budget = 500\n"
    "    return assemble_l2(query, {keyword}=max(archive_budget, qmd_budget))\n"
)
PICKED_VALID = (Valid(_PICKED.format(keyword="page")),)  # a page picked, no budget
PICKED_INVALID = (Invalid(_PICKED.format(keyword="max_tokens"), count=2),)

_WEIGHTED = (
    "def assemble(query, strategy):\n"
    '    kg_budget = int(200 * strategy["{key}"])\n'
    "    return assemble_l1(query, max_tokens=kg_budget)\n"
)
WEIGHTED_VALID = (Valid(_WEIGHTED.format(key="kg_depth")),)  # a product of two amounts
WEIGHTED_INVALID = (Invalid(_WEIGHTED.format(key="kg_weight"), line=2),)

_CLS_FALLBACK = (
    "class {cls}:\n"
    "    def __init__(self, total):\n"
    "        self.total = total\n\n"
    "    @classmethod\n"
    "    def for_model(cls, model):\n"
    "        return cls(total=32_768)  # safe default\n"
)
CLS_FALLBACK_VALID = (Valid(_CLS_FALLBACK.format(cls="PageBudget")),)
CLS_FALLBACK_INVALID = (Invalid(_CLS_FALLBACK.format(cls="TokenBudget"), line=7),)

_SPENT = (
    "def optimize(files, available):\n"
    "    remaining = available\n"
    "    for f in files:\n"
    "        tokens = count_tokens(f.content)\n"
    "        if tokens <= remaining:\n"
    "            remaining -= {taken}\n"
    "        elif remaining > 200:\n"
    "            remaining = 0\n"
    "    return remaining\n"
)
SPENT_VALID = (Valid(_SPENT.format(taken="len(f.content)")),)  # characters taken off
SPENT_INVALID = (Invalid(_SPENT.format(taken="tokens"), line=7),)

_THINKING_ROOM = (
    "def run(client, thinking, messages):\n"
    '    max_tokens = int(thinking["{key}"]) + 4096 if thinking is not None else None\n'
    "    return client.chat_with_tools(messages, max_tokens=max_tokens)\n"
)
THINKING_ROOM_VALID = (Valid(_THINKING_ROOM.format(key="seconds")),)
THINKING_ROOM_INVALID = (Invalid(_THINKING_ROOM.format(key="budget_tokens"), line=2),)

_LAMBDA_LIMIT = (
    'def _agent_call_tokens(reader):\n    stub = Workspace({listing}: "(empty)")\n    return reader(stub)\n'
)
LAMBDA_LIMIT_VALID = (Valid(_LAMBDA_LIMIT.format(listing="listing=lambda limit=40")),)
LAMBDA_LIMIT_INVALID = (
    Invalid("def _agent_call_tokens(reader, limit=40):\n    return reader(limit)\n", line=1),
)

_RETRIEVAL = (
    "def run(case, tier):\n    return {call}(case.query, {k}threshold=0.15, max_tokens=tier.max_tokens)\n"
)
RETRIEVAL_VALID = (
    Valid(_RETRIEVAL.format(call="recall", k="")),  # named for retrieving
    Valid(_RETRIEVAL.format(call="fetch", k="k=tier.k, ")),  # given how many to retrieve
)
RETRIEVAL_INVALID = (Invalid(_RETRIEVAL.format(call="compact", k=""), line=2),)

_ROWS_KEPT = (
    "_TABLE_TRUNCATION_RATIO = 0.8\n\n\n"
    "def truncated(source_text, extracted_text):\n"
    "    src_block = _largest_table_rows(source_text)\n"
    "    return {kept} < _TABLE_TRUNCATION_RATIO * src_block\n"
)
ROWS_KEPT_VALID = (Valid(_ROWS_KEPT.format(kept="_largest_table_rows(extracted_text)")),)
ROWS_KEPT_INVALID = (Invalid(_ROWS_KEPT.format(kept="count_tokens(extracted_text)"), line=1),)

_PROFILE_OVERLAP = 'PROFILES = {{"papers": {{"{flag}": True, "max_tokens": 800, "overlap": 80}}}}\n'
PROFILE_OVERLAP_VALID = (Valid(_PROFILE_OVERLAP.format(flag="stream").replace('"max_tokens": 800, ', "")),)
PROFILE_OVERLAP_INVALID = (Invalid(_PROFILE_OVERLAP.format(flag="chunk"), count=2),)

_CHAR_FLOOR = (
    "import os\n\n# Minimum context capacity, in {unit}.\nCONTEXT_MIN = 512_000\n\n\n"
    "def check(context=''):\n"
    '    max_ctx = int(os.environ.get("MAX_CONTEXT_LEN") or 0)\n'
    "    if 0 < max_ctx < CONTEXT_MIN:\n"
    "        max_ctx = CONTEXT_MIN\n"
    "    return max_ctx\n"
)
CHAR_FLOOR_VALID = (Valid(_CHAR_FLOOR.format(unit="characters")),)
CHAR_FLOOR_INVALID = (Invalid(_CHAR_FLOOR.format(unit="tokens"), line=4),)

_RETURNED_RATE = (
    "def project_text_tokens(paths):\n"
    '    """{doc} a reader could pull in from a project (~4 chars/token)."""\n'
    "    total = 0\n"
    "    for p in paths:\n"
    "        total += p.stat().st_size\n"
    "    return total // 4\n"
)
RETURNED_RATE_VALID = (Valid(_RETURNED_RATE.format(doc="Pages").replace("chars/token", "pages/sheet")),)
RETURNED_RATE_INVALID = (Invalid(_RETURNED_RATE.format(doc="Tokens of text"), line=6),)

_SPLIT_PIECES = (
    "DASH_DECODE_MAX_TOKENS: int = 32\n\n\n"
    "def decode(encoded):\n"
    "    tokens = {split}\n"
    "    if len(tokens) > DASH_DECODE_MAX_TOKENS:\n"
    "        return None\n"
    "    return tokens\n"
)
SPLIT_PIECES_VALID = (Valid(_SPLIT_PIECES.format(split='encoded.split("-")')),)
SPLIT_PIECES_INVALID = (Invalid(_SPLIT_PIECES.format(split="tokenizer.encode(encoded)"), line=1),)

_BUDGET_LESS = (
    "class Rag:\n"
    "    def room(self, history_{unit}, query_{unit}):\n"
    "        input_budget = self.params.input_budget()\n"
    "        return input_budget - history_{unit} - query_{unit} - 200\n"
)
BUDGET_LESS_VALID = (Valid(_BUDGET_LESS.format(unit="pages")),)
BUDGET_LESS_INVALID = (Invalid(_BUDGET_LESS.format(unit="tokens"), line=4),)

_FIELD_UNIT = (
    "from pydantic import BaseModel, Field\n\n\n"
    "class RaptorTreeCreate(BaseModel):\n"
    '    summary_length: int = Field(default=200, description="Summary length ({unit})")\n'
)
FIELD_UNIT_VALID = (Valid(_FIELD_UNIT.format(unit="sentences")),)
FIELD_UNIT_INVALID = (Invalid(_FIELD_UNIT.format(unit="tokens"), line=5),)

_LEN_COMMENT = (
    "def judge(entry, teacher, student, pricing):\n"
    "    # Approximate: prompt_tokens ~ len(prompt + teacher + student) / {rate}\n"
    "    estimate = (len(entry.prompt) + len(teacher) + len(student)) // 4\n"
    "    return pricing.calculate_cost(estimate)\n"
)
LEN_COMMENT_VALID = (Valid(_LEN_COMMENT.format(rate="3")),)  # another rate stated
LEN_COMMENT_INVALID = (Invalid(_LEN_COMMENT.format(rate="4"), line=3),)

_CHUNK_OVERLAP = (
    "class ChunkingEngine:\n"
    "    def __init__(self, target_chunk_size: int = 512, max_chunk_size: int = 1024, {overlap}: int = 64):\n"
    "        self.sizes = (target_chunk_size, max_chunk_size, {overlap})\n\n\n"
    "class ChunkerConfig(BaseModel):\n"
    "    target_chunk_size: int = Field(default=512, ge=64)\n"
    "    {overlap}: int = Field(default=64, ge=0)\n"
)
CHUNK_OVERLAP_VALID = (Valid(_CHUNK_OVERLAP.format(overlap="overlap_lines")),)
CHUNK_OVERLAP_INVALID = (Invalid(_CHUNK_OVERLAP.format(overlap="overlap_tokens"), count=5),)

_INDEXED = (
    "_MODEL_INFO = {{\n"
    '    "text-embedding-3-small": (512, 8191),\n'
    '    "text-embedding-3-large": (3072, 8191),\n'
    "}}\n\n\n"
    "class OpenAIEmbedder:\n"
    "    def {method}(self):\n"
    "        return _MODEL_INFO.get(self._model_name, (1536, 8191))[1]\n"
)
INDEXED_VALID = (Valid(_INDEXED.format(method="rate_limit")),)
INDEXED_INVALID = (Invalid(_INDEXED.format(method="max_tokens"), line=1),)

_THROUGHPUT = "MAX_PLAUSIBLE = 100_000\n\n\ndef check(r):\n    return r.{count} > MAX_PLAUSIBLE\n"
THROUGHPUT_VALID = (Valid(_THROUGHPUT.format(count="tokens_per_second")),)
THROUGHPUT_INVALID = (Invalid(_THROUGHPUT.format(count="prompt_tokens"), line=1),)

_NESTING = (
    "import os\n\n# Maximum tokens of a reply\nMAX_CONTEXT_{what} = int(os.environ.get('APORT_MAX_CONTEXT', '10'))\n\n\n"
    "def validate_constants():\n"
    "    if MAX_CONTEXT_{what} <= 0 or MAX_CONTEXT_{what} > 100:\n"
    "        raise ValueError('bad')\n"
)
NESTING_VALID = (Valid(_NESTING.format(what="NESTING_DEPTH")),)
NESTING_INVALID = (
    Invalid(_NESTING.format(what="WINDOW").replace("'10'", "'8192'").replace("> 100", "> 100_000"), line=8),
)

_PERCENT_NAMED = (
    "def chat(messages, {name}: int = 75):\n"
    "    if not 1 <= {name} <= 100:\n"
    "        raise ValueError('a percent')\n"
    "    return send(messages, {name}, tokens=True)\n"
)
PERCENT_NAMED_VALID = (Valid(_PERCENT_NAMED.format(name="charge_at_percent")),)
PERCENT_NAMED_INVALID = (Invalid(_PERCENT_NAMED.format(name="compact_at_percent"), line=1),)
