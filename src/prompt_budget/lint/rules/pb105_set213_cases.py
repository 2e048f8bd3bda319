"""Cases from sets 213 to 224 (issue 19: shapa's term cache, openjiuwen's vLLM client and model limits,
symbiosis-brain's hook budgets, powabase-agentic's compaction buffer and chunking defaults).

PB103: the length of a dict the module binds counts its entries (``_NOTE_TOKENS: dict[...] = {}`` ... ``if
len(_NOTE_TOKENS) > 4096: _NOTE_TOKENS.clear()``, ``text_params.module_mapping``). PB101: a few token ids cut
for a log line are shown, not budgeted (``LOGGER.debug("... %s", list(ids[-16:]))``, ``literal_cuts``); each
number of a choice given positionally to the module's own function is taken by that parameter
(``_truncate_at_boundary(text, 650 if compact else 900)``, ``positional_args``); a number a function returns where
a sibling return reads a budget at the same place is that budget (``return 128000, 32768`` beside ``return
builder.DEFAULT_CONTEXT_WINDOW, builder.DEFAULT_MAX_OUTPUT_TOKENS``, ``sibling_returns``). PB107: a table wrapped
whole in a read-only view (``MappingProxyType({HookEvent.SESSION_START: 4000, ...})``) is the table. PB102: a floor
clamping a share of a window named as a budget's share (``max(_COMPACT_BUFFER, int(window *
_COMPACT_BUFFER_FRACTION))``, ``ratio_names.budget_share``), and a constant under a comment block saying "(in
tokens)". Sets 215 and 216: the length of a list of a regular expression's matches counts words, so a constant
named for tokens ordered against it is no model's (``word_counts``); an ORM column's ``default=`` is its default
(``mapped_column(Integer, default=2048)``, ``flow.default_of``). Sets 219 and 220: a callee named only "token" is a
validator or maker of a token string, so its ``max_length=`` is no budget (``request_entries.budget_keyword``), and a
constant named for tokens that is only the default of lengths the module orders against a string's length is
characters (``Deferred.defaults``). Sets 221 and 222: an estimate added into a running total of tokens is tokens
(``token_total += f.size_tokens or max(1, f.size_bytes // 4)``); the one parameter of a validator named for an
amount of tokens holds it (``validated_params``); a parameter the function writes under a key naming a token budget
takes a budget given by position (``{"budget_tokens": budget}``, ``token_floors.keyed_as_budget``); a segment's
tokens are tokens (``OVERSIZED_SEGMENT_TOKENS = 1800``, "segment" no longer an excluded word). Sets 223 and 224: an estimate written under a key naming a token estimate
(``"token_estimate": len(text) // 4``) is tokens (``dict_slots``). Spliced into ``pb103_set73_cases``, ``pb101_set111_cases``, ``pb107_set63_cases`` and
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CACHE = (
    "_NOTE_TOKENS: {kind} = {empty}\n\n\n"
    "def note_terms(key, counts):\n"
    "    if len(_NOTE_TOKENS) > 4096:\n"
    "        _NOTE_TOKENS.clear()\n"
    "    return counts\n"
)
MAPPING_VALID = (Valid(_CACHE.format(kind="dict[tuple, tuple[dict, int]]", empty="{}")),)
MAPPING_INVALID = (Invalid(_CACHE.format(kind="list[int]", empty="[]"), line=5),)

_PREFIX = (
    "import logging\n\n"
    "LOGGER = logging.getLogger(__name__)\n\n\n"
    "def prompt(handle, suffix_ids):\n"
    "    {use}\n"
    "    return suffix_ids\n"
)
LOGGED_VALID = (
    Valid(_PREFIX.format(use='LOGGER.debug("prefix_tail=%s", list(handle.prefix_token_ids[-16:]))')),
)
LOGGED_INVALID = (
    Invalid(_PREFIX.format(use="suffix_ids = list(handle.prefix_token_ids[-4096:]) + suffix_ids")),
)

_BOUNDARY = (
    "def estimate_tokens(text: str) -> int:\n"
    "    return len(text.split())\n\n\n"
    "def _truncate(text: str, {param}: int) -> str:\n"
    "    if estimate_tokens(text) <= {param}:\n"
    "        return text\n"
    "    return text[: {param}]\n\n\n"
    "def build(text: str, compact: bool) -> str:\n"
    "    return _truncate(text, 650 if compact else 900)\n"
)
CHOICE_VALID = (Valid(_BOUNDARY.format(param="width").replace("estimate_tokens(text) <=", "len(text) <=")),)
CHOICE_INVALID = (Invalid(_BOUNDARY.format(param="token_budget"), line=12, count=2),)

_HOOKS = (
    "from types import MappingProxyType\n\n"
    "ADDITIONAL_CONTEXT_LIMITS = MappingProxyType({{\n"
    "    HookEvent.SESSION_START: 4000,\n"
    "    HookEvent.USER_PROMPT_SUBMIT: 1500,\n"
    "    HookEvent.PRE_TOOL_USE: 1500,\n"
    "}})\n\n\n"
    "def bounded(event, value: str) -> str:\n"
    "    limit = ADDITIONAL_CONTEXT_LIMITS.get(event)\n"
    "    if limit is None or {measure} < limit:\n"
    "        return value\n"
    "    return value[:100]\n"
)
FROZEN_VALID = (Valid(_HOOKS.format(measure="len(value)")),)
FROZEN_INVALID = (Invalid(_HOOKS.format(measure="estimate_tokens(value)"), line=3),)

_BUFFER = (
    "_COMPACT_BUFFER = 13000\n"
    "_COMPACT_{share} = 0.08\n\n\n"
    "def compact_buffer(window: int) -> int:\n"
    '    """Room kept below the window, as the tokens are only estimated."""\n'
    "    return max(_COMPACT_BUFFER, int(window * _COMPACT_{share}))\n"
)
BUFFER_VALID = (Valid(_BUFFER.format(share="SAMPLE_RATE")),)
BUFFER_INVALID = (Invalid(_BUFFER.format(share="BUFFER_FRACTION"), line=1),)

_WINDOW = "# Sliding window configuration (in {unit}) - used when use_images=False\nDOC2JSON_DEFAULT_WINDOW_SIZE = 4000\n"
UNIT_VALID = (Valid(_WINDOW.format(unit="characters")),)
UNIT_INVALID = (Invalid(_WINDOW.format(unit="tokens"), line=2),)

_LIMITS = (
    "def model_limits(builder, model_name: str) -> tuple[int, int]:\n"
    '    if "gpt-4.1" in model_name or "claude" in model_name:\n'
    "        return 128000, 32768\n"
    '    if "gpt-5" in model_name:\n'
    "        return 200000, 65536\n"
    "    return {first}, {second}\n"
)
SIBLING_VALID = (Valid(_LIMITS.format(first="builder.rows", second="builder.columns")),)
SIBLING_INVALID = (
    Invalid(
        _LIMITS.format(first="builder.DEFAULT_CONTEXT_WINDOW", second="builder.DEFAULT_MAX_OUTPUT_TOKENS"),
        line=3,
        count=4,
    ),
)

# sets 215 and 216: depthfusion's word-tokens of a regular expression; agentend's ORM column default
_RICHNESS = (
    "import re\n\n"
    '_WORD_RE = re.compile(r"[a-zA-Z]{{2,}}")\n'
    "_RICHNESS_MIN_TOKENS: int = 20\n\n\n"
    "def richness(content: str, enc) -> float:\n"
    "    tokens = {tokens}\n"
    "    if len(tokens) <= _RICHNESS_MIN_TOKENS:\n"
    "        return 1.0\n"
    "    return len(set(tokens)) / len(tokens)\n"
)
MATCHES_VALID = (Valid(_RICHNESS.format(tokens="[t.lower() for t in _WORD_RE.findall(content)]")),)
MATCHES_INVALID = (Invalid(_RICHNESS.format(tokens="enc.encode(content)"), line=4),)

_COLUMN = (
    "from sqlalchemy import Integer\n"
    "from sqlalchemy.orm import Mapped, mapped_column\n\n\n"
    "class Agent(Base):\n"
    '    __tablename__ = "agents"\n'
    "    {name}: Mapped[int] = mapped_column(Integer, default=2048)\n"
)
COLUMN_VALID = (Valid(_COLUMN.format(name="max_rows")),)
COLUMN_INVALID = (Invalid(_COLUMN.format(name="max_tokens"), line=7),)

# sets 219 and 220: merkl-sdk's validator of identifier strings, named ``token``
_IDENTIFIER = (
    "TOKEN_MAX = 512\n\n\n"
    "def token(value: str, field: str, *, max_length: int = TOKEN_MAX) -> str:\n"
    '    """Validate an identifier-ish string: non-empty, printable, no whitespace."""\n'
    "    if {measure} > max_length:\n"
    '        raise ValueError(f"{{field}} is longer than {{max_length}}")\n'
    "    return value\n"
)
VALIDATOR_VALID = (Valid(_IDENTIFIER.format(measure="len(value)")),)
VALIDATOR_INVALID = (Invalid(_IDENTIFIER.format(measure="len(enc.encode(value))"), line=1),)

_CURRENCY = (
    "from merkl.core.canonical import {callee}\n\n\n"
    "class Currency:\n"
    "    def __post_init__(self) -> None:\n"
    '        {callee}(self.code, "currency.code", max_length=512)\n'
)
BARE_VALID = (Valid(_CURRENCY.format(callee="token")),)
BARE_INVALID = (Invalid(_CURRENCY.format(callee="truncate_tokens"), line=6),)


# sets 221 and 222: lao's running total, attune-harness's validator, mcp-multi-note's front matter, unvibecode's
# context selection and segment budgets
_RUNNING = (
    "def select(files):\n"
    "    {total} = 0\n"
    "    for f in files:\n"
    "        {total} += f.size_{unit} or max(1, f.size_bytes // 4)\n"
    "    return {total}\n"
)
RUNNING_VALID = (Valid(_RUNNING.format(total="page_total", unit="pages")),)
RUNNING_INVALID = (Invalid(_RUNNING.format(total="token_total", unit="tokens"), line=4),)

_VALIDATOR = (
    "def validate_{what}(value: int) -> int:\n"
    "    if type(value) is not int or not 1 <= value <= 10_000:\n"
    '        raise ValueError("out of range")\n'
    "    return value\n"
)
VALIDATED_VALID = (Valid(_VALIDATOR.format(what="retry_count")),)
VALIDATED_INVALID = (Invalid(_VALIDATOR.format(what="skills_context_tokens"), line=2),)

_SELECTION = (
    "def _selection(ids, tokens, budget: int) -> dict:\n"
    "    selected, total = [], 0\n"
    "    for chunk_id in sorted(ids):\n"
    "        price = max(0, tokens.get(chunk_id, 0))\n"
    "        if total + price <= budget or not selected:\n"
    "            selected.append(chunk_id)\n"
    "            total += price\n"
    '    return {{"chunk_ids": selected, "{key}": budget}}\n\n\n'
    "def context(ids, tokens) -> dict:\n"
    "    return _selection(ids, tokens, 30000)\n"
)
KEYED_VALID = (Valid(_SELECTION.format(key="budget_rows")),)
KEYED_INVALID = (Invalid(_SELECTION.format(key="budget_tokens"), line=12),)

_SEGMENTS = "OVERSIZED_SEGMENT_{unit} = 1800\n"
SEGMENT_VALID = (Valid(_SEGMENTS.format(unit="BYTES")),)
SEGMENT_INVALID = (Invalid(_SEGMENTS.format(unit="TOKENS"), line=1),)

# sets 223 and 224: rekall-mcp's delivery event, its estimate written under "token_estimate"
_PAYLOAD = (
    "def deliver(m, text: str, query: str) -> None:\n"
    "    m.record_event(\n"
    '        event_type="wiki_delivered",\n'
    '        payload={{"query": query, "{key}": len(text) // 4}},\n'
    "    )\n"
)
PAYLOAD_VALID = (Valid(_PAYLOAD.format(key="line_estimate")),)
PAYLOAD_INVALID = (Invalid(_PAYLOAD.format(key="token_estimate"), line=4),)
