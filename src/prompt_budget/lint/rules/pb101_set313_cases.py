"""Cases from sets 313 onward (issue 19), read by the rules they name.

Set 311's others: PB102, an output limit named without tokens beside a context limit of the same class or module
(aleph-rlm's ``DEFAULT_CONTEXT_LIMIT = 200_000`` and ``DEFAULT_OUTPUT_LIMIT = 8_192``, ``output_limits``); PB101, an
environment read's default taken as the fallback of a budget (``self._context_size = context_size or
int(os.getenv("ALEPH_LLAMACPP_CTX", "8192"))``, ``env_defaults``); PB103, a clamp bound to a local a budget has taken
off it (``reserve = min(provider.get_output_limit(model), 8192)`` ... ``context_limit - reserve``,
``subtracted_budgets.taken_off_budget``); PB104, a budget made whole by ``int()`` before its conversion to characters
(aidumem's ``budget_chars = max(0, int(max_tokens)) * 4``, ``LintRule.token_amount``).

Set 313's: PB107, one finding for a list of calls of one class whose rows give a window or leave the class's default
(set 314: eden-cli's ``_BUILTIN_MODELS = [ModelConfig(..., context_length=32768), ModelConfig(...), ...]``); PB103, a
floor under which a function gives up, of a local holding what a reserve leaves of a budget (agentkernel-cli's
``headroom = max_tokens - 1024`` ... ``if headroom < 1024: return None``, ``walks.gives_up``).

Set 313's others: PB102, not a cap on one token in a module naming a credential's token class (set 314:
mastodon-mock's ``_TOKEN_CAP = 200`` ... ``account_ids[:_TOKEN_CAP]`` building ``OAuthToken`` rows,
``credential_names.credential_count``); PB101, not a cut of the terms a lexical index's tokenizer made (webscout-mcp's
``doc_tokens = self.bm25.tokenizer(result.content)`` ... ``doc_tokens[:100]``, ``literal_cuts``); PB104, a size in
UTF-8 bytes divided into tokens (subagent-harness-mcp's ``return (utf8_bytes + 2) // 3``, ``pb104_bytes.of_text``).

Set 315's: PB102, not a dict entry whose comment gives a speed in tokens (edge8-mcp's OpenRouter routing preference
``'p50': 100,  # Prefer providers with >100 tokens/sec``, ``entry_comments``).

Set 315's others: PB102, a budget named for the tokens a compaction protects (set 316: my-novel-agent's
``protected_tail_input_tokens: int = 12000``, ``amount_words.LIMIT_WORDS``) and a default quota of tokens per minute
(set 315: zotero-mcp-server's ``DEFAULT_TOKENS_PER_MINUTE = 950_000.0``, ``token_quotas``); PB103, a floor clamped
into a local that a comprehension orders against tokens (set 316: o11y-reflect's ``threshold = max(250_000.0, median
* 2.5)`` ... ``if tokens >= threshold``, ``subtracted_budgets.read_as_tokens``); PB105, a share of a budget scaled
into characters (zotero-mcp-server's ``max_tokens * chars_per_token * self.CHUNK_FIT_MARGIN``,
``share_products.scaled_budget``).

Set 317's: PB102, a media item's tokens a function guessing them for any item returns, whatever it is named (pygent-ai's
``_UNKNOWN_IMAGE_TOKEN_BUDGET = 36_000`` returned by ``generic_media_input_tokens``, ``token_estimates``).

Set 317's others: PB106, an overhead per message written inline in a token estimate (pygent-ai's ``8 *
(len(context.messages) + 1)``, ``4 * len(messages)``, ``token_overheads``).

Set 319's: PB102, not a sequence length in a module that never speaks of tokens, a context, a prompt, an LLM or a
vocabulary (torchagentic's ``TransformerAgent(max_seq_len=1024)``, a policy over observations,
``item_shares.sequence_without_tokens``); PB105, not a share of a count of message pairs a parameter defaults to
twenty, saved into and restored from a state dict (kader's ``summarization_threshold: float = 0.8`` of
``window_size: int = 20``, ``item_shares``).

Set 319's others: PB102, module constants named for tokens under a heading comment calling them estimates of tokens
(murm's ``# Realistic token estimates per pipeline stage`` over ``_TOKENS_REPORT = 8000``, ``budget_bindings``).

Set 321's: PB104, a method of a class implementing the module's protocol named for tokens (tulving's
``HeuristicEstimator.estimate`` beside ``class TokenEstimator(Protocol)``: ``return max(len(text) // 4, 1)``,
``pb104_context``); PB103, not a percentage of tokens left compared with 100 (percona's ``tokens_remaining_pct <
100.0``, ``names.is_token_amount``); PB102, not a parser's limit of its own lexer's tokens (set 322: lokit's gettext
plural forms, ``maximum_tokens: int = 512`` given to ``_tokenize`` beside ``class _Parser``, ``lexer_tokens``).

Set 321's others: PB101, an environment variable's default given to a module's own function that reads the
environment, whatever it is named (groundhog-mcp's ``_int("GROUNDHOG_MAX_TOKENS", 20000)``, ``env_defaults``).

Set 323's: PB101 and PB102, not a forecaster's context of past observations in a module that speaks of forecasts and
never of tokens, prompts, an LLM, a completion or a chat (ts-agents' Chronos and TimesFM specs' ``max_context=8192``,
``forecast_contexts``).

Set 325's: PB102, a parameter whose docstring states characters only as the rate an estimate of its tokens uses
(iris-vector-rag's ``token_budget: int = 8192`` "estimated (4 characters per token)", ``param_docstrings``).

Set 327's: PB105, not a cut-off compared with a function of the module measuring a similarity (questkit's
``_token_overlap(a, b) >= _TOKEN_OVERLAP_THRESHOLD``, a Jaccard similarity of two titles' words,
``item_shares.compared_with_similarity``).

Set 329's: PB105, not a factor named for a memory's importance (set 330: memos-os's
``CLUSTER_SUMMARY_IMPORTANCE_FACTOR = 0.7`` scaling the highest importance of a cluster, ``names.SCORE_WORDS``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_OUTPUT_LIMIT = "class AnthropicProvider:\n    DEFAULT_{other} = 200_000\n    DEFAULT_OUTPUT_LIMIT = 8_192\n"
OUTPUT_LIMIT_VALID = (
    Valid(_OUTPUT_LIMIT.format(other="RETRY_SECONDS")),  # no context limit beside it
)
OUTPUT_LIMIT_INVALID = (
    Invalid("CONTEXT_LIMIT = 200_000\nOUTPUT_LIMIT = 30_000  # chars of a tool's output\n", line=1),
    Invalid(_OUTPUT_LIMIT.format(other="CONTEXT_LIMIT"), count=2),
    Invalid("class Opencode:\n    context_limit: int = 32768\n    output_limit: int = 4096\n", count=2),
)

_ENV_OR = (
    "import os\n\nclass Server:\n    def __init__(self, {name}=None):\n"
    '        self._{name} = {name} or int(os.getenv("ALEPH_LLAMACPP_SETTING", "8192"))\n'
)
ENV_OR_VALID = (Valid(_ENV_OR.format(name="gpu_layers")),)
ENV_OR_INVALID = (Invalid(_ENV_OR.format(name="context_size"), line=5),)

_RESERVE_CLAMP = (
    "def trim(provider, model):\n    context_limit = provider.get_context_limit(model)\n"
    "    reserve = min(provider.get_output_limit(model), 8192)\n    return {use}\n"
)
RESERVE_CLAMP_VALID = (Valid(_RESERVE_CLAMP.format(use="reserve - context_limit")),)
RESERVE_CLAMP_INVALID = (Invalid(_RESERVE_CLAMP.format(use="context_limit - reserve"), line=3),)

_WHOLE_BUDGET = (
    "def recall(items, max_tokens):\n    budget_chars = max(0, {whole}) * 4\n"
    "    return [i for i in items if len(i) < budget_chars]\n"
)
WHOLE_BUDGET_VALID = (Valid(_WHOLE_BUDGET.format(whole="int(max_items)")),)
WHOLE_BUDGET_INVALID = (Invalid(_WHOLE_BUDGET.format(whole="int(max_tokens)"), line=2),)

_CALL_ROWS = (
    "MODELS = [\n    Cfg(name='qwen2.5-coder', context_length=32768),\n    {a}(name='llama3.1'),\n"
    "    {a}(name='mistral'),\n    {a}(name='gemma2'),\n    Cfg(name='gpt-4o', context_length=128000),\n]\n"
)
CALL_ROWS_INVALID = (
    Invalid(_CALL_ROWS.format(a="Cfg"), line=1),  # one table, whatever rows leave the class's default
    Invalid(_CALL_ROWS.format(a="Plugin"), count=2),  # two rows among other things: one each
)

_GIVE_UP = (
    "def thinking_config(reasoning, max_tokens):\n    headroom = max_tokens - 1024\n    if headroom < 1000:\n"
    "        {body}\n    return {{'budget_tokens': min(4096, headroom)}}\n"
)
GIVE_UP_VALID = (Valid(_GIVE_UP.format(body="print('little room')").replace("4096", "limit")),)
GIVE_UP_INVALID = (
    Invalid(_GIVE_UP.format(body="return None"), line=3, count=2),  # and the cap of 4096
    Invalid(_GIVE_UP.format(body="return"), line=3, count=2),
)

_TOKEN_ROWS = (
    "from .models import {cls}\n\n# Cap on how many generated accounts get a loginable token.\n_TOKEN_CAP = 200\n\n"
    "def seed(session, account_ids):\n    return [{cls}(account_id=a) for a in account_ids[:_TOKEN_CAP]]\n"
)
TOKEN_ROWS_VALID = (Valid(_TOKEN_ROWS.format(cls="OAuthToken")),)
TOKEN_ROWS_INVALID = (Invalid(_TOKEN_ROWS.format(cls="Message"), line=4),)

_TERMS = (
    "def rerank(self, query, results):\n    for result in results:\n"
    "        doc_tokens = self.{index}.tokenizer(result.content)\n        first = set(doc_tokens[:100])\n"
)
TERMS_VALID = (Valid(_TERMS.format(index="bm25")), Valid(_TERMS.format(index="tfidf_index")))
TERMS_INVALID = (Invalid(_TERMS.format(index="llm"), line=4),)

_UTF8 = "def rough_token_estimate({name}: int) -> int:\n    return ({name} + 2) // 3\n"
UTF8_VALID = (Valid(_UTF8.format(name="audio_bytes")),)
UTF8_INVALID = (Invalid(_UTF8.format(name="utf8_bytes"), line=2),)

_SPEED = "provider = {{\n    'preferred_min_throughput': {{\n        'p50': 100,  # {comment}\n    }},\n}}\n"
SPEED_VALID = (Valid(_SPEED.format(comment="Prefer providers with >100 tokens/sec for half the requests")),)
SPEED_INVALID = (Invalid(_SPEED.format(comment="Minimum tokens before termination"), line=3),)

_PROTECTED = (
    "def compact(messages, *, tier: int, {name}: int = 12000):\n    return keep_tail(messages, {name})\n"
)
PROTECTED_VALID = (Valid(_PROTECTED.format(name="protected_tail_messages")),)
PROTECTED_INVALID = (Invalid(_PROTECTED.format(name="protected_tail_input_tokens"), line=1),)

_OUTLIERS = (
    "def explode(sessions, median):\n    threshold = max(250_000.0, median * 2.5)\n"
    "    return [(s, {n}) for s, {n} in sessions if {n} >= threshold]\n"
)
OUTLIERS_VALID = (Valid(_OUTLIERS.format(n="seconds")),)
OUTLIERS_INVALID = (Invalid(_OUTLIERS.format(n="tokens"), line=2),)

_DEFAULT_TPM = "class OpenAIEmbeddingFunction:\n    DEFAULT_{name} = 950_000.0\n"
DEFAULT_TPM_VALID = (Valid(_DEFAULT_TPM.format(name="REQUESTS_PER_MINUTE")),)
DEFAULT_TPM_INVALID = (Invalid(_DEFAULT_TPM.format(name="TOKENS_PER_MINUTE"), line=2),)

_FIT_MARGIN = (
    "class Search:\n    CHUNK_FIT_MARGIN = 0.85\n\n    def fit(self, text, model):\n"
    "        max_tokens = model.embedding_max_tokens\n        chars_per_token = model.chars_per_token\n"
    "        return text[: int(max_tokens * {rate} * self.CHUNK_FIT_MARGIN)]\n"
)
FIT_MARGIN_VALID = (Valid(_FIT_MARGIN.format(rate="n_chunks")),)  # a count: no share
FIT_MARGIN_INVALID = (Invalid(_FIT_MARGIN.format(rate="chars_per_token"), line=2),)

_MEDIA_FN = (
    "_UNKNOWN_IMAGE_TOKEN_BUDGET = 36_000\n\ndef {fn}(block) -> int:\n    if block.width is None:\n"
    "        return _UNKNOWN_IMAGE_TOKEN_BUDGET\n    return block.width * block.height // 750\n"
)
MEDIA_FN_VALID = (Valid(_MEDIA_FN.format(fn="media_pixels")),)
MEDIA_FN_INVALID = (Invalid(_MEDIA_FN.format(fn="generic_media_input_tokens"), line=1),)

_INLINE_FRAMING = (
    "def estimate_tokens(messages, text):\n    return len(text) // 4 + {per} * len(messages) + 3\n"
)
INLINE_FRAMING_VALID = (
    Valid(_INLINE_FRAMING.format(per="1").replace("len(text) // 4 + ", "").replace(" + 3", "")),
)
INLINE_FRAMING_INVALID = (
    Invalid(_INLINE_FRAMING.format(per="4"), line=2, count=2),
    Invalid(_INLINE_FRAMING.format(per="8").replace("len(messages)", "(len(messages) + 1)"), line=2, count=2),
)

_RL_POLICY = (
    "import torch\nfrom torch import nn\n\nclass TransformerAgent(nn.Module):\n"
    "    def __init__(self, embed_dim: int = 256, max_seq_len: int = 1024):\n"
    "        super().__init__()\n        self.pos = nn.Parameter(torch.zeros(1, max_seq_len, embed_dim))\n"
    "        self.{name} = None\n"
)
RL_POLICY_VALID = (Valid(_RL_POLICY.format(name="head")),)  # timesteps of observations
_EMBEDDER = (
    "def load_model(name, device='cpu', max_seq_length=512):\n    model = {cls}(name, device=device)\n"
    "    model.max_seq_length = max_seq_length\n    return model\n"
)
EMBEDDER_VALID = (Valid(_EMBEDDER.format(cls="PolicyNet")),)  # nothing says what the sequence holds
EMBEDDER_INVALID = (Invalid(_EMBEDDER.format(cls="SentenceTransformer"), line=1),)  # set 266: oneground
RL_POLICY_INVALID = (Invalid(_RL_POLICY.format(name="tokenizer"), line=5),)  # a model reading tokens

_PAIRS = (
    "class Manager:\n    def __init__(self, window_size: int = {size}, summarization_threshold: float = 0.8):\n"
    "        self.window_size = window_size\n        self.summarization_threshold = summarization_threshold\n\n"
    "    def should(self, total_pairs):\n        return total_pairs <= self.window_size * self.summarization_threshold\n\n"
    "    def save(self, state):\n        state['summarization_threshold'] = self.summarization_threshold\n\n"
    "    def load(self, state):\n"
    "        self.summarization_threshold = state.get('summarization_threshold', self.summarization_threshold)\n"
)
PAIRS_VALID = (Valid(_PAIRS.format(size=20)),)  # a share of twenty message pairs
PAIRS_INVALID = (Invalid(_PAIRS.format(size=8000).replace("window_size", "context_window"), line=2),)

_STAGE_ESTIMATES = (
    "# {heading}\n_TOKENS_PER_AGENT_TURN = 180  # optimised prompt\n_TOKENS_REPORT = 8000  # ReACT loop\n\n"
    "def estimate_simulation_cost(n_agents, n_rounds):\n"
    "    prompt = int(_TOKENS_PER_AGENT_TURN * 0.65) * n_agents * n_rounds + int(_TOKENS_REPORT * 0.8)\n"
    "    return {{'estimated_total_tokens': prompt, 'estimated_cost_usd': _model_cost(prompt)}}\n"
)
STAGE_ESTIMATES_VALID = (Valid(_STAGE_ESTIMATES.format(heading="Stages of the pipeline")),)
STAGE_ESTIMATES_INVALID = (
    Invalid(_STAGE_ESTIMATES.format(heading="Realistic token estimates per pipeline stage"), count=2),
)

_PROTOCOL = (
    "from typing import Protocol\n\nclass {proto}(Protocol):\n    def estimate(self, text: str) -> int: ...\n\n"
    "class HeuristicEstimator:\n    def estimate(self, text: str) -> int:\n        return max(len(text) // 4, 1)\n"
)
PROTOCOL_VALID = (Valid(_PROTOCOL.format(proto="CostEstimator")),)  # a cost of what, unsaid
PROTOCOL_INVALID = (Invalid(_PROTOCOL.format(proto="TokenEstimator"), line=8),)

_REMAINING_PCT = (
    "def usage(conversation, context_window):\n    remaining = conversation.{name}\n"
    "    if remaining is not None and remaining < 100.0:\n        return (100.0 - remaining) / 100.0\n"
    "    return conversation.total_tokens / context_window\n"
)
REMAINING_PCT_VALID = (Valid(_REMAINING_PCT.format(name="tokens_remaining_pct")),)
REMAINING_PCT_INVALID = (Invalid(_REMAINING_PCT.format(name="tokens_remaining"), line=3),)

_PLURAL = (
    "def _tokenize(expression: str, maximum_tokens: int) -> tuple[str, ...]:\n    return tuple(expression.split())\n\n"
    "class {cls}:\n    pass\n\ndef parse_plural_forms(header: str, *, maximum_tokens: int = 512):\n"
    "    return _tokenize(header, maximum_tokens)\n"
)
PLURAL_VALID = (Valid(_PLURAL.format(cls="_Parser")),)
PLURAL_INVALID = (
    Invalid(_PLURAL.format(cls="_Summary"), line=7),
    # a module importing a lexer only (aider's repository map, pygments for its tags) still takes a model's budget
    Invalid(
        "from pygments.lexers import guess_lexer_for_filename\n\nclass RepoMap:\n"
        "    def __init__(self, map_tokens=1024):\n        self.max_map_tokens = map_tokens\n",
        line=4,
    ),
)

_ENV_HELPER = (
    "import os\n\ndef _int(name: str, default: int) -> int:\n    raw = ({source} or '').strip()\n"
    "    return int(raw) if raw else default\n\ndef load_config():\n"
    "    return dict(max_tokens=_int('GROUNDHOG_MAX_TOKENS', 20000))\n"
)
ENV_HELPER_VALID = (Valid(_ENV_HELPER.format(source="LOCAL_SETTINGS.get(name)")),)
ENV_HELPER_INVALID = (Invalid(_ENV_HELPER.format(source="os.environ.get(name)"), line=8),)

_FORECASTER = (
    '"""Catalogue of forecasting foundation models."""\n\nSPECS = [\n'
    "    FoundationSpec(name='chronos-2-small', horizon=64, max_context=8192),\n]\n"
    "FOUNDATION_SMOKE_CONTEXT_LENGTH = 512\n\ndef forecast(series):\n    return run(series, HORIZON)\n"
)
FORECASTER_VALID = (Valid(_FORECASTER),)
FORECASTER_INVALID = (Invalid(_FORECASTER.replace("forecasting foundation models", "LLM prompts"), line=4),)

_ADVISORY = (
    "def extract_batch(documents, token_budget: int = 8192):\n"
    '    """Extract.\n\n    Args:\n        token_budget: {doc}\n    """\n    return documents\n'
)
ADVISORY_VALID = (Valid(_ADVISORY.format(doc="Maximum characters per batch.")),)
ADVISORY_INVALID = (
    Invalid(
        _ADVISORY.format(doc="Advisory: a batch estimated (4 characters per token) over it is logged."),
        line=1,
    ),
)

_SIMILAR = (
    'def _token_overlap(a, b):\n    """{doc}"""\n    return len(a & b) / len(a | b)\n\n'
    "_TOKEN_OVERLAP_THRESHOLD = 0.7\n\ndef similar(a, b):\n    return _token_overlap(a, b) >= _TOKEN_OVERLAP_THRESHOLD\n"
)
SIMILAR_VALID = (Valid(_SIMILAR.format(doc="Jaccard similarity of two token sets, ignoring stopwords.")),)
SIMILAR_INVALID = (
    Invalid(_SIMILAR.format(doc="Share of the context window two prompts' tokens fill."), line=5),
)

_IMPORTANCE = "CLUSTER_SUMMARY_{name}_FACTOR = 0.7\n\ndef merged(items, max_tokens):\n    return max_tokens * CLUSTER_SUMMARY_{name}_FACTOR\n"
IMPORTANCE_VALID = (Valid("CLUSTER_SUMMARY_IMPORTANCE_FACTOR = 0.7  # a constants module: read elsewhere\n"),)
IMPORTANCE_INVALID = (Invalid(_IMPORTANCE.format(name="BUDGET"), line=1),)
