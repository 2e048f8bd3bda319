"""Cases from sets 597 onward (issue 19), joined to sets 541-596's lists (``pb101_set579_cases``) in the
``SINCE597_*`` lists the rules' case modules take.

Set 597's (measured with the rules of 38d285a, then tuned on): PB102, a chunk setting's bounds named for it
(``MIN_CHUNK_SIZE``, ``MAX_CHUNK_OVERLAP``) beside the module's chunker documenting that setting's default in tokens
(ai4rag's ``ChunkingConstraints`` beside a ``LangChainChunker``, ``chunk_units.setting_of``; only in the chunker's
module: across modules the corpus check found other chunkers' settings in characters and bytes under the same names),
and the fallback of a read keyed by a constant naming a token splitter's key (``kwargs.get(Names.CHUNK_SIZE, 512)``,
the project's pass: tests/lint/test_set597_project.py); a dict's entry keyed by a parameter whose default the project
reports (solvent-agent's ``{"est_tokens": 9_000}`` beside ``def quote(..., est_tokens: int = 8_000)``,
``keyed_entries``; the project's pass, tests/lint/test_set597_project.py). PB105, the share of a quota of tokens per
minute read through the quota (toxp's ``quota.tokens_per_minute * 0.6``).

Set 599's (measured with the rules of 38d285a, then tuned on): PB102, not a count of credentials held in a module
defining a credential's token class (qveris' ``self._max_cached_tokens = 128`` beside ``_DelegationToken``,
``credential_names``); not the scale of a display unit (tunacode's ``UNIT_CONVERSION_THRESHOLD = 1000`` ...
``f"{tokens / UNIT_CONVERSION_THRESHOLD:.1f}k"``, ``stated_units.display_scale``). PB103, not an HTTP status's
range checked with an error about a token exchange (qveris' ``if not 200 <= response_status < 300: raise
AgentDelegationError("token_exchange_failed", ...)``, ``validated_params``).

Set 601's (measured with the rules of a2e83ae, then tuned on): PB101 and PB102, not a page of credentials'
tokens (dakb-server's ``def get_invite_tokens(skip=0, limit=20)`` documented "limit: Maximum tokens to return",
and its MCP tool "List invite tokens ..." whose ``limit`` is "Maximum number of tokens to return",
``comments.CREDENTIAL_TOKENS``).

Set 603's (measured with the rules of bce19d2, then tuned on): PB106, a reserve taken off a window a closure reads
from its enclosing function (pyragx's ``ctx = self.settings.max_context_tokens`` ... ``def budget(used): return
max(256, ctx - 512 - 768 - think - est_tokens(used))``, ``kept_budgets.enclosing_budget``). PB101, a cap on a retry's
tokens (marm-mcp-server's ``int(os.environ.get("MARM_LLM_MAX_RETRY_TOKENS") or 8192)``, set 597's miss,
``names.excluded``).

Set 605's (measured with the rules of 839d802, then tuned on): PB103, a doubled output cap's ceiling bound to a
name of retries that is given as ``max_tokens=`` (loom-agents' ``retry_max = min(max_tokens * 2, 16384)``,
``word_floors`` and ``fraction_shares.shared``); PB107, a table of budgets a field's ``default_factory`` lambda
returns (loom-agents' ``token_limits``, ``budget_rows.factory_field_name``).

Set 607's (measured with the rules of 61b3c1c, then tuned on): PB105, a percent of the window defaulted through
the module's own field helper taking a ``default`` parameter (beaker-notebook's ``summarization_threshold_pct: int =
configfield(description=..., default=20)``, ``field_helpers``); a share of a window by a whole number clamped against
bounds of tokens and returned by a function whose result is bound as ``max_tokens`` where called (repo-bug-hunter's
``return max(4096, min(16_384, context // 8))``, ``shares``), and a tolerance over a name ending in "budget" ordered
against a count of tokens (qwen3-repo's ``budget.pack_budget * 1.1``). PB103, those clamps' bounds
(``estimator_callers.result_budget``), and a thinking budget's floors and cap in a function whose result is bound as a
budget (narecli's ``_estimate_thinking_budget``); not a count shown in thousands through a string method
(``f"{tokens / 1000:.1f}k".replace(".0k", "k")``, ``pb103_display``). PB102, a parameter its function's docstring
states in tokens ("`context` is the model's context window in tokens", ``param_docstrings``), that thinking budget's
numbers (``branch_values``), and a budget class's limit named by its docstring ("Token budget tracking.",
``budget_classes``). PB107, a table named for budgets whose rows per model are records of window-sized numbers
(qwen3-repo's ``BUDGETS``, ``pb107_nested_rows.sized_record``).

Set 611's (measured with the rules of 07d1397, then tuned on): PB102, not the positions a positional encoding's table is
built for (ifbo's ``class LearnedPositionalEncoding(nn.Module)`` with ``max_len: int = 5000``,
``not_limits.positional_table``); a budget named by tokens in a module that estimates a model's tokens beside a
pattern named for tokens (pr-generator-agent's ``DEFAULT_MAX_INPUT_TOKENS = 100_000`` beside ``_HEADER_TOKEN_RE`` and
``estimate_tokens``, ``lexer_tokens``). PB104, a rate of 2 characters per token added into the total a token
estimator returns (qrclaw's ``total += len(json.dumps(args)) // 2`` in ``_estimate_tokens``, ``pb104_context``). PB105,
a ratio bound in one module and read as a share of a budget where imported (qrclaw's ``COMPRESS_TARGET_MIN_RATIO``,
``imported_ratios``; the project's pass: tests/lint/test_set611_project.py).

Set 613's (measured with the rules of 64d8163, then tuned on): PB102, not a limit of a module's own scanner's tokens
(obsvr-sdk's ``MAX_FACET_TOKENS = 2048`` bounding ``len(tokens)`` in ``def _tokenize(text)`` appending to its own list,
``lexer_tokens``). One finding for a row of a table built by calls that PB101 also reads as a number given for a budget
parameter (archon-framework's ``ModelInfo(..., 1_100_000)``, ``findings.one_reading``; tests/lint/test_one_literal.py).
PB101, each row of a batch of token ids cut to its last tokens (greybox-monitor's ``tok(s, return_tensors="pt")
["input_ids"][:, -12000:]``, ``literal_cuts``).

Set 615's (measured with the rules of 3a9fe67, then tuned on): PB101, an environment variable's default standing in
for a ``.get`` keyed by a budget (ephapsys' ``cfg.get("n_ctx", os.getenv("AOC_GGUF_CTX", "2048"))``,
``env_defaults``); PB103, a local bound to a lookup by a budget's key compared with levels of it (kosong's ``budget =
thinking_config["budget_tokens"]`` ... ``if budget <= 1024``); PB105, not a cut-off a score is compared with through
the parameter's private attribute (eracore's ``score >= self._threshold``, ``score_defaults``), nor a cut-off on an
overlap of word sets (vividmimir's ``CHUNK_OVERLAP_THRESHOLD = 0.30``, ``names.is_budget_ratio``).

Set 619's (measured with the session's final rules, 3e8dca4, then tuned on): PB104, a rate a constructor binds under a
name of a rate of tokens, a read of the environment on another branch (contextly's ``self.token_multiplier = 3.5``
... ``len(text) / self.token_multiplier``, ``pb104_rates.estimator_start``), and a count of characters given a
fallback of zero (bounty-agent's ``int(char_count or 0) // 4``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_review67_cases import (
    REVIEW67_PB101_VALID,
    REVIEW67_PB102_INVALID,
    REVIEW67_PB102_VALID,
    REVIEW67_PB103_VALID,
    REVIEW67_PB107_VALID,
    SET623_PB102_INVALID,
    SET623_PB102_VALID,
)
from prompt_budget.lint.rules.pb101_set541_cases import SET541_PB107_INVALID, SET541_PB107_VALID
from prompt_budget.lint.rules.pb101_set579_cases import (
    SINCE541_PB101_INVALID,
    SINCE541_PB101_VALID,
    SINCE541_PB102_INVALID,
    SINCE541_PB102_VALID,
    SINCE541_PB103_INVALID,
    SINCE541_PB103_VALID,
    SINCE541_PB104_INVALID,
    SINCE541_PB104_VALID,
    SINCE541_PB105_INVALID,
    SINCE541_PB105_VALID,
    SINCE541_PB106_INVALID,
    SINCE541_PB106_VALID,
)
from prompt_budget.lint.rules.pb101_set619_cases import (
    SET613_PB101_INVALID,
    SET613_PB101_VALID,
    SET613_PB102_INVALID,
    SET613_PB102_VALID,
    SET615_PB101_INVALID,
    SET615_PB101_VALID,
    SET615_PB103_INVALID,
    SET615_PB103_VALID,
    SET615_PB105_VALID,
    SET619_PB104_INVALID,
    SET619_PB104_VALID,
    SET621_PB102_INVALID,
    SET621_PB102_VALID,
    SET621_PB104_INVALID,
    SET621_PB104_VALID,
)

_CHUNKER = (
    "class Chunker:\n"
    "    def __init__(self, chunk_size: int = 2048, chunk_overlap: int = 256) -> None:\n"
    '        """Split documents.\n'
    "\n"
    "        Args:\n"
    "            chunk_size: the maximum number of {unit} in a chunk.\n"
    '        """\n'
    "        self.chunk_size = chunk_size\n"
    "        self.chunk_overlap = chunk_overlap\n"
    "\n"
    "\n"
    "class ChunkingConstraints:\n"
    "    MIN_CHUNK_SIZE = 128\n"
    "    MAX_CHUNK_SIZE = 4096\n"
)
_CACHED = (
    "class {token_class}:\n"
    "    value: str\n"
    "\n"
    "\n"
    "class Delegator:\n"
    "    def __init__(self):\n"
    "        self._cached = {{}}\n"
    "        self._max_cached_tokens = 128\n"
)
_DISPLAYED = (
    "UNIT_CONVERSION_THRESHOLD = 1000\n"
    "\n"
    "\n"
    "def format_tokens(tokens: int) -> str:\n"
    "    if tokens >= UNIT_CONVERSION_THRESHOLD:\n"
    '        return f"{{tokens / UNIT_CONVERSION_THRESHOLD:{shown}"\n'
    "    return str(tokens)\n"
)
_PAGED = (
    "def get_{what}_tokens(status: str | None = None, skip: int = 0, limit: int = 20) -> list:\n"
    '    """\n'
    "    Get {what} tokens with filtering.\n"
    "\n"
    "    Args:\n"
    "        status: Filter by token status (active, used, expired, revoked).\n"
    "        skip: Number of tokens to skip (pagination).\n"
    "        limit: Maximum tokens to return.\n"
    '    """\n'
    "    return []\n"
)
_OWN_SPLIT = (
    "from langchain_text_splitters import RecursiveCharacterTextSplitter\n"
    "\n"
    "\n"
    "class Chunker:\n"
    "    def __init__(self, chunk_size: int = 2048) -> None:\n"
    '        """Split documents.\n'
    "\n"
    "        Args:\n"
    "            chunk_size: the maximum number of tokens in a chunk.\n"
    '        """\n'
    "        self.chunk_size = chunk_size\n"
    "\n"
    "    def splitter(self):\n"
    "        return RecursiveCharacterTextSplitter(chunk_size={given}, length_function=count_tokens)\n"
    "\n"
    "\n"
    "class ChunkingConstraints:\n"
    "    MAX_CHUNK_SIZE = 4096\n"
)
_SESSION = (
    "def trim_session_tokens(messages: list[str], limit: int = 6000) -> list[str]:\n"
    '    """Drop the oldest messages of a session.\n'
    "\n"
    "    Args:\n"
    "        limit: Maximum tokens to keep in the prompt.\n"
    '    """\n'
    "    return messages\n"
)
_PROMPT_CACHE = (
    "from azure.core.credentials import AccessToken\n"
    "\n"
    "\n"
    "class CachedClient:\n"
    "    def __init__(self):\n"
    "        self._token: AccessToken | None = None\n"
    "        self._max_cached_tokens = 4096\n"
)
#: The session's review: a chunker handing its own setting to a splitter by characters with a length in tokens keeps
#: its bounds; a session's tokens are a model's; a prompt cache's limit beside an imported credential class is tokens.
_OTHER_SPLIT = _OWN_SPLIT.replace(
    "    MAX_CHUNK_SIZE = 4096\n", "    CHAR_SETTINGS = {{'chunk_size': 1000}}\n"
)
_OTHER_SPLIT = _OTHER_SPLIT.replace(", length_function=count_tokens", "")
REVIEW66_PB102_INVALID = (
    Invalid(_OWN_SPLIT.format(given="self.chunk_size"), line=5, count=2),
    # only the chunker's default: a dict's size handed to a splitter by characters stays out
    Invalid(_OTHER_SPLIT.format(given='ChunkingConstraints.CHAR_SETTINGS["chunk_size"]'), line=5),
    Invalid(_SESSION, line=1),
    Invalid(_PROMPT_CACHE, line=7),
)
SET597_PB102_VALID = (
    Valid(_CHUNKER.format(unit="lines")),
    Valid(_CACHED.format(token_class="_DelegationToken")),
    Valid(_DISPLAYED.format(shown=".1f}k")),
    Valid(_PAGED.format(what="invite")),
)
SET597_PB102_INVALID = (
    Invalid(_CHUNKER.format(unit="tokens"), line=2, count=3),
    Invalid(_CACHED.format(token_class="_Summary"), line=8),
    Invalid(_DISPLAYED.format(shown=".0%} of the limit"), line=1),
    Invalid(_PAGED.format(what="summary"), line=1),
)

_TOOL = (
    "TOOLS = [\n"
    "    {{\n"
    '        "name": "list_items",\n'
    '        "description": "{description}",\n'
    '        "inputSchema": {{\n'
    '            "type": "object",\n'
    '            "properties": {{\n'
    '                "limit": {{\n'
    '                    "type": "integer",\n'
    '                    "description": "Maximum number of tokens to return",\n'
    '                    "maximum": 50,\n'
    '                    "default": 20,\n'
    "                }},\n"
    "            }},\n"
    "        }},\n"
    "    }},\n"
    "]\n"
)
_RETRY = 'import os\n\nMAX_RETRY = int(os.environ.get("MARM_LLM_MAX_RETRY_{unit}") or 8192)\n'
SET597_PB101_VALID = (
    Valid(_TOOL.format(description="List invite tokens with optional filtering.")),
    Valid(_RETRY.format(unit="DELAY_MS")),
)
SET597_PB101_INVALID = (
    Invalid(_TOOL.format(description="Summarize the notes."), line=11, count=2),
    Invalid(_RETRY.format(unit="TOKENS"), line=3),
)

_STATUS = (
    "def check({name}):\n"
    "    if not 200 <= {name} < 300:\n"
    '        raise DelegationError("{error}")\n'
    "    return {name}\n"
)
SET597_PB103_VALID = (Valid(_STATUS.format(name="response_status", error="token_exchange_failed")),)
SET597_PB103_INVALID = (
    Invalid(_STATUS.format(name="budget", error="budget_tokens_out_of_range"), line=2, count=2),
    # the session's review: "exchange" alone is no credential's word
    Invalid(
        _STATUS.format(name="budget", error="budget must be 200-300 tokens per exchange"), line=2, count=2
    ),
)

_QUOTA = (
    "def recommend({held}, tokens_per_request):\n"
    "    return int(({held}.tokens_per_minute * 0.6) / tokens_per_request)\n"
)
SET597_PB105_VALID = (Valid(_QUOTA.format(held="stats")),)
SET597_PB105_INVALID = (Invalid(_QUOTA.format(held="quota"), line=2),)

_CLOSURE = (
    "class Engine:\n"
    "    def make(self):\n"
    "        ctx = self.settings.{setting}\n"
    "\n"
    "        def budget(used: str) -> int:\n"
    "            return max(256, ctx - 512 - est_tokens(used))\n"
    "\n"
    "        return budget\n"
)
_LAMBDA = _CLOSURE.replace(
    "max(256, ctx - 512 - est_tokens(used))", "sorted(used, key=lambda ctx: ctx - 512)"
)
SET603_PB106_VALID = (
    Valid(_CLOSURE.format(setting="max_history_lines")),
    Valid(
        _LAMBDA.format(setting="max_context_tokens")
    ),  # the session's review: a nested lambda's own ``ctx``
)
SET603_PB106_INVALID = (Invalid(_CLOSURE.format(setting="max_context_tokens"), line=6),)

_RETRY_CLAMP = (
    "async def run(client, max_tokens, truncated):\n"
    "    if truncated:\n"
    "        {name} = min(max_tokens * {factor}, 16384)\n"
    "        if {name} > max_tokens:\n"
    "            return await client.complete({keyword}={name})\n"
    "    return None\n"
)
SET605_PB103_VALID = (
    Valid(_RETRY_CLAMP.format(name="read_timeout", factor=2, keyword="timeout")),
    Valid(_RETRY_CLAMP.format(name="retry_max", factor=4, keyword="max_chars")),
)
SET605_PB103_INVALID = (
    Invalid(_RETRY_CLAMP.format(name="retry_max", factor=2, keyword="max_tokens"), line=3),
)

_FACTORY = (
    "from pydantic import BaseModel, Field\n"
    "\n"
    "\n"
    "class WeaverConfig(BaseModel):\n"
    "    {name}: dict[str, int] = Field(\n"
    '        default_factory=lambda: {{"simple": 150_000, "medium": 300_000, "heavy": 600_000}}\n'
    "    )\n"
)
SET605_PB107_VALID = (Valid(_FACTORY.format(name="timeouts_ms")),)
SET605_PB107_INVALID = (Invalid(_FACTORY.format(name="token_limits"), line=6),)

_CONFIG_FIELD = (
    "from dataclasses import dataclass, field\n"
    "\n"
    "\n"
    "def configfield(description, env_var=None, *, default=None, sensitive=False):\n"
    '    metadata = {{"description": description, "sensitive": sensitive}}\n'
    "    return field(metadata=metadata, default_factory=lambda: default)\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class ProviderConfig:\n"
    "    {name}: int = configfield(\n"
    '        description="Percentage of the {what} to allow to be used prior to summarizing.",\n'
    "        default=20,\n"
    "    )\n"
)
_FIELD_PB105_VALID = (Valid(_CONFIG_FIELD.format(name="cpu_threshold_pct", what="CPU time")),)
_FIELD_PB105_INVALID = (
    Invalid(_CONFIG_FIELD.format(name="summarization_threshold_pct", what="context window"), line=13),
)

_REPLY_ROOM = (
    "def reply_tokens(context: int) -> int:\n"
    "    return max(4096, min(16_384, context // 8))\n"
    "\n"
    "\n"
    "def make(client, context: int = 32_768):\n"
    "    {bound} = reply_tokens(context)\n"
    "    return client.chat.completions.create(model='m', messages=[], {bound}={bound})\n"
)
_DOCUMENTED_CONTEXT = (
    "def openai_compatible(model: str, context: int = 32_768):\n"
    '    """Returns query(messages). `context` is {what}."""\n'
    "    return model, context\n"
)
_THINKING = (
    "def _estimate_thinking_budget(length: int, multi: bool) -> int:\n"
    "    budget = 1024\n"
    "    if length >= 5000:\n"
    "        budget = 2000\n"
    "    if multi:\n"
    "        budget = max(budget, 2048)\n"
    "    return min(budget, 8192)\n"
    "\n"
    "\n"
    "def payload(prompt: str) -> dict:\n"
    "    {bound} = _estimate_thinking_budget(len(prompt), True)\n"
    "    return {{'{key}': {bound}}}\n"
)
_BUDGET_CLASSES = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class Budget:\n"
    '    """{what} budget tracking."""\n'
    "    total: int = 200000\n"
    "    used: int = 0\n"
    "\n"
    "\n"
    "class BudgetManager:\n"
    '    """Manages {what_lower} budget and planning."""\n'
    "\n"
    "    def __init__(self, total_budget: int = 200000):\n"
    "        self.total_budget = total_budget\n"
)
_SHOWN = (
    "def show(tokens: int) -> str:\n"
    "    if tokens >= 1000:\n"
    '        token_str = f"{tokens / 1000:.1f}k".replace(".0k", "k")\n'
    "    else:\n"
    "        token_str = str(tokens)\n"
    "    return token_str\n"
)
_PACK = (
    "def pack(files, budget):\n"
    "    total_tokens = 0\n"
    "    for rf in files:\n"
    "        if total_tokens + rf.estimated_tokens > budget.{name} * 1.1:\n"
    "            continue\n"
    "        total_tokens += rf.estimated_tokens\n"
)
_PER_MODEL = (
    "class ContextBudget:\n"
    "    {name} = {{\n"
    '        "Qwen3-235B-A22B": {{"native": 32_768, "extended": 131_072, "recommended_pack": 24_000}},\n'
    '        "Qwen3-32B": {{"native": 32_768, "extended": 131_072, "recommended_pack": 24_000}},\n'
    "    }}\n"
)
SET607_PB102_VALID = (
    Valid(_DOCUMENTED_CONTEXT.format(what="the diff's context, in lines")),
    Valid(_THINKING.format(bound="retries", key="retries")),
    Valid(_BUDGET_CLASSES.format(what="Time", what_lower="time")),
)
SET607_PB102_INVALID = (
    Invalid(_DOCUMENTED_CONTEXT.format(what="the model's context\n    window in tokens"), line=1),
    Invalid(_THINKING.format(bound="thinking_budget", key="budget_tokens"), line=2, count=2),
    Invalid(_BUDGET_CLASSES.format(what="Token", what_lower="token"), line=7, count=2),
)
SET607_PB103_VALID = (Valid(_REPLY_ROOM.format(bound="timeout")), Valid(_SHOWN))
SET607_PB103_INVALID = (
    Invalid(_REPLY_ROOM.format(bound="max_tokens"), line=2, count=2),
    Invalid(_THINKING.format(bound="thinking_budget", key="budget_tokens"), line=6, count=2),
)
SET607_PB105_VALID = (
    *_FIELD_PB105_VALID,
    Valid(_REPLY_ROOM.format(bound="timeout")),
    Valid(_PACK.format(name="time_budget")),
)
SET607_PB105_INVALID = (
    *_FIELD_PB105_INVALID,
    Invalid(_REPLY_ROOM.format(bound="max_tokens"), line=2),
    Invalid(_PACK.format(name="pack_budget"), line=4),
)
SET607_PB107_VALID = (Valid(_PER_MODEL.format(name="TIMEOUTS")),)
SET607_PB107_INVALID = (Invalid(_PER_MODEL.format(name="BUDGETS"), line=2),)

_POSITIONS = (
    "import torch\n"
    "from torch import nn\n"
    "\n"
    "\n"
    "class {cls}(nn.Module):\n"
    "    def __init__(self, d_model: int, max_len: int = 5000) -> None:\n"
    "        super().__init__()\n"
    "        self.max_seq_len = max_len\n"
    "        self.table = nn.Parameter(torch.empty(max_len, d_model))\n"
)
_DIFF_HEADER = (
    "import re\n"
    "\n"
    "{rate}"
    "DEFAULT_MAX_INPUT_TOKENS = 100_000\n"
    '_HEADER_TOKEN_RE = re.compile(r\'"((?:[^"\\\\]|\\\\.)*)"|(\\S+)\')\n'
)
SET611_PB102_VALID = (
    Valid(_POSITIONS.format(cls="LearnedPositionalEncoding")),
    Valid(_DIFF_HEADER.format(rate="")),
)
SET611_PB102_INVALID = (
    Invalid(_POSITIONS.format(cls="SequenceEncoder"), line=6),
    Invalid(_DIFF_HEADER.format(rate="\n\ndef estimate_tokens(text):\n    return len(text)\n\n\n"), line=9),
)

_TOOL_CALLS = (
    "import json\n"
    "\n"
    "\n"
    "class Extractor:\n"
    "    def {name}(self, blocks):\n"
    "        total = 0\n"
    "        for block in blocks:\n"
    '            if block.get("type") == "tool_use":\n'
    '                total += len(json.dumps(block.get("input", {{}}))) // 2\n'
    "            else:\n"
    '                total += self._count_text_tokens(block.get("text", ""))\n'
    "        return total\n"
)
SET611_PB104_VALID = (Valid(_TOOL_CALLS.format(name="_payload_size")),)
SET611_PB104_INVALID = (Invalid(_TOOL_CALLS.format(name="_estimate_tokens"), line=9),)


SINCE597_PB101_VALID = (
    *SINCE541_PB101_VALID,
    *SET597_PB101_VALID,
    *SET613_PB101_VALID,
    *SET615_PB101_VALID,
    *REVIEW67_PB101_VALID,
)
SINCE597_PB101_INVALID = (
    *SINCE541_PB101_INVALID,
    *SET597_PB101_INVALID,
    *SET613_PB101_INVALID,
    *SET615_PB101_INVALID,
)
SINCE597_PB102_VALID = (
    *SINCE541_PB102_VALID,
    *SET597_PB102_VALID,
    *SET607_PB102_VALID,
    *SET611_PB102_VALID,
    *SET613_PB102_VALID,
    *SET621_PB102_VALID,
    *REVIEW67_PB102_VALID,
    *SET623_PB102_VALID,
)
SINCE597_PB102_INVALID = (
    *SINCE541_PB102_INVALID,
    *SET597_PB102_INVALID,
    *REVIEW66_PB102_INVALID,
    *SET607_PB102_INVALID,
    *SET611_PB102_INVALID,
    *SET613_PB102_INVALID,
    *SET621_PB102_INVALID,
    *REVIEW67_PB102_INVALID,
    *SET623_PB102_INVALID,
)
SINCE597_PB103_VALID = (
    *SINCE541_PB103_VALID,
    *SET597_PB103_VALID,
    *SET605_PB103_VALID,
    *SET607_PB103_VALID,
    *SET615_PB103_VALID,
    *REVIEW67_PB103_VALID,
)
SINCE597_PB103_INVALID = (
    *SINCE541_PB103_INVALID,
    *SET597_PB103_INVALID,
    *SET605_PB103_INVALID,
    *SET607_PB103_INVALID,
    *SET615_PB103_INVALID,
)
SINCE597_PB105_VALID = (*SINCE541_PB105_VALID, *SET597_PB105_VALID, *SET607_PB105_VALID, *SET615_PB105_VALID)
SINCE597_PB105_INVALID = (*SINCE541_PB105_INVALID, *SET597_PB105_INVALID, *SET607_PB105_INVALID)
SINCE597_PB106_VALID = (*SINCE541_PB106_VALID, *SET603_PB106_VALID)
SINCE597_PB106_INVALID = (*SINCE541_PB106_INVALID, *SET603_PB106_INVALID)
SINCE597_PB107_VALID = (*SET541_PB107_VALID, *SET605_PB107_VALID, *SET607_PB107_VALID, *REVIEW67_PB107_VALID)
SINCE597_PB107_INVALID = (*SET541_PB107_INVALID, *SET605_PB107_INVALID, *SET607_PB107_INVALID)
SINCE597_PB104_VALID = (*SINCE541_PB104_VALID, *SET611_PB104_VALID, *SET619_PB104_VALID, *SET621_PB104_VALID)
SINCE597_PB104_INVALID = (
    *SINCE541_PB104_INVALID,
    *SET611_PB104_INVALID,
    *SET619_PB104_INVALID,
    *SET621_PB104_INVALID,
)
