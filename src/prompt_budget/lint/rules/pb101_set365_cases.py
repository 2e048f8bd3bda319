"""Cases from sets 365 onward (issue 19), read by the rules they name.

Set 365's: PB104, a token amount times the rate inside a block whose head's comment states the rate (tai-aitutor's
chunker: ``if enc is None:  # offline fallback: ~4 chars per token`` over ``size = chunk_size * 4`` and ``if
tail_len > chunk_overlap * 4``, ``pb104_local_factors.head_rate``) and a negated amount of tokens times the rate
(``text[-max_tokens * 4 :]``, the last so many tokens); PB105, a share named for what it is given, multiplying a
budget (lowe's ``FILES_SHARE = 0.5`` ... ``int(budget * FILES_SHARE)`` with ``budget = profile.context_budget``,
``flow.against_flow``); PB102 and PB103, not a payload of characters bound to a name that says no unit
(true-memory-fragments' ``budget = max(180, int(max_chars)) if max_chars is not None else 3000``,
``other_units.chosen_by_other_unit`` and ``word_floors.clamps_other_unit``).

Set 369's: PB105, not a risk budget's share (pebra's ``if risk_budget_used >= 0.75: return "High"``,
``names.EXCLUDED_WORDS``); PB102, not a constant every read of which is a validated field's ``max_length=``
(chainwake's ``context: str = Field(..., max_length=MAX_CONTEXT_LENGTH)``, ``not_limits.only_sizes_fields``) nor one
every read of which cuts a string, whatever its comment says (fliiq's ``MAX_LEN = 10_000  # keep responses small for
token limits`` ... ``content[start_index : start_index + MAX_LEN]``, ``budget_bindings``).

Set 371's: PB102, a class field's list of budgets, a sweep's values (mrm-trace's ``context_lengths: List[int] =
Field(default_factory=lambda: [2048])`` and ``output_tokens``, ``budget_lists``); not a cap of a command's words
(cursorfleet's ``raw[:N].split()[:_MAX_TOKENS]``, ``word_counts``) nor a length its comment counts in words in
Chinese (penshot's ``max_prompt_length: int = 200  # 提示词最大长度（单词数）``, ``budget_bindings``).

Set 373's and 375's: PB102, a field whose description says "Token size" (pdf2tex's ``text_chunk_size: int =
Field(default=512, description="Token size for text chunks")``, ``amount_words.SIZED_IN_TOKENS``) and ``max_output``
beside a context window field with no default (insightsmith's ``Capabilities``, ``output_limits``); PB104, an estimate
compared with a local bound to a clamp of a token budget, its text a JSON dump however named (djobs' ``budget =
max(64, min(int(token_budget), 4000))`` ... ``math.ceil(len(encoded) / 4) > budget`` with ``encoded = refresh()``,
``token_quotients`` and ``pb104_bytes``).

Set 377's and 379's: PB102, not a throughput (proxym's ``speed_tps: int = 80  # approx output tokens/sec``,
``names.EXCLUDED_WORDS``) nor a local of a function named for a price (agentop's ``threshold = 200_000`` in
``tiered_cost()``, ``priced_branches.only_prices``); PB105, not a share of a timeout (howler-agents-core's
``_RLLM_TIME_BUDGET_FRACTION = 0.65``) nor a factor scaling a score (agentworkbench's ``turn_score * token_factor``,
``scaled_units.OTHER_UNITS``); PB104, a token size times the rate given as the default of a parameter its comment
says is in characters (enablement-agent's ``chunk_size: int = EMBEDDING.chunk_size_tokens * 4,  # approx chars``,
``character_defaults.defaults_characters``).

Set 381's: PB106, a reserve taken off what is left of a budget, the remainder set to 0 once spent (repotrim's
``remaining = packet_budget - estimate_tokens(rendered)`` ... ``_truncate_to_tokens(content, remaining - 40, ...)``
... ``remaining = 0``, ``pb106_reserve_arithmetic``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_HEADED = (
    "def chunk(text, chunk_size=512, chunk_overlap=64):\n"
    "    enc = get_encoding()\n"
    "    if enc is None:  # offline fallback: ~{rate} chars per token\n"
    "        out, size = [], chunk_size * 4\n"
    "        return [text[i : i + size] for i in range(0, len(text), size)]\n"
    "    return enc.encode(text)\n"
)
HEADED_VALID = (Valid(_HEADED.format(rate=3)),)  # a rate the comment does not state
HEADED_INVALID = (Invalid(_HEADED.format(rate=4), line=4),)

_NEGATED = "def tail(text, {name}):\n    return text[{sign}{name} * 4 :]\n"
NEGATED_VALID = (Valid(_NEGATED.format(sign="-", name="max_lines")),)  # lines, not tokens
NEGATED_INVALID = (Invalid(_NEGATED.format(sign="-", name="max_tokens"), line=2),)

_PORTION = (
    "FILES_SHARE = 0.5\n\n\n"
    "def prompt(profile, parts, files):\n"
    "    budget = profile.context_budget\n"
    "    return build_chat_prompt(parts, int({amount} * FILES_SHARE))\n"
)
PORTION_VALID = (Valid(_PORTION.format(amount="len(files)")),)  # a share of the files themselves
PORTION_INVALID = (Invalid(_PORTION.format(amount="budget"), line=1),)

_CHAR_PAYLOAD = (
    "import json\n\n\n"
    "def context(question, {name}=None):\n"
    "    budget = max(180, int({name})) if {name} is not None else 3000\n"
    "    payload = build(question, budget)\n"
    "    if len(json.dumps(payload)) <= budget:\n"
    "        return payload\n"
    "    return payload\n\n\n"
    'TOOLS = [{{"name": "context", "description": "the most it sends; this is not a character/token budget"}}]\n'
)
_CHAR_PAYLOAD_HELD = (
    "import json\n\n\nclass Server:\n    def context(self, question):\n"
    "        budget = max(180, int(self.max_chars)) if self.max_chars is not None else 3000\n"
    "        return question if len(json.dumps(question)) <= budget else {}\n\n\n"
    'TOOLS = [{"description": "this is not a character/token budget"}]\n'
)
CHAR_PAYLOAD_VALID = (Valid(_CHAR_PAYLOAD.format(name="max_chars")), Valid(_CHAR_PAYLOAD_HELD))  # characters
CHAR_PAYLOAD_INVALID = (Invalid(_CHAR_PAYLOAD.format(name="max_tokens"), line=5),)

_RISK = "def band({name}):\n    if {name} >= 0.75:\n        return 'High'\n    return 'Low'\n"
RISK_VALID = (Valid(_RISK.format(name="risk_budget_used")),)  # a change-risk score
RISK_INVALID = (Invalid(_RISK.format(name="context_budget_used"), line=2),)

_FIELD_LENGTH = (
    "from pydantic import BaseModel, Field\n\n"
    "MAX_CONTEXT_LENGTH = 8192\n\n\n"
    "class JobCreate(BaseModel):\n"
    '    context: str = Field(default="", {keyword}=MAX_CONTEXT_LENGTH)\n'
)
FIELD_LENGTH_VALID = (Valid(_FIELD_LENGTH.format(keyword="max_length")),)  # a string's characters
FIELD_LENGTH_INVALID = (Invalid(_FIELD_LENGTH.format(keyword="max_tokens"), line=3),)

_CUT_TEXT = (
    "MAX_LEN = 10_000  # keep responses small for token limits\n\n\n"
    "def page(content, start):\n"
    "    return {cut}\n"
)
CUT_TEXT_VALID = (Valid(_CUT_TEXT.format(cut="content[start : start + MAX_LEN]")),)  # characters
CUT_TEXT_INVALID = (Invalid(_CUT_TEXT.format(cut="truncate(content, MAX_LEN)"), line=1),)

_SHELL_WORDS = "_MAX_TOKENS = 256\n\n\ndef redact(raw):\n    return {cut}[:_MAX_TOKENS]\n"
SHELL_WORDS_VALID = (Valid(_SHELL_WORDS.format(cut="raw.split()")),)  # a command's words
SHELL_WORDS_INVALID = (Invalid(_SHELL_WORDS.format(cut="encoder.encode(raw)"), line=1),)

_SWEEP = (
    "from typing import List\n\nfrom pydantic import BaseModel, Field\n\n\n"
    "class SweepConfig(BaseModel):\n"
    "    {name}: List[int] = Field(default_factory=lambda: [2048])\n"
)
SWEEP_VALID = (
    Valid(_SWEEP.format(name="stop_tokens")),
    Valid(_SWEEP.format(name="batch_sizes")),
)  # ids, items
SWEEP_INVALID = (
    Invalid(_SWEEP.format(name="context_lengths"), line=7),
    Invalid(_SWEEP.format(name="output_tokens"), line=7),
)

_WORD_COMMENT = "class ShotConfig:\n    max_prompt_length: int = 200  # 提示词最大长度（{unit}）\n"
WORD_COMMENT_VALID = (Valid(_WORD_COMMENT.format(unit="单词数")),)  # a count of words
WORD_COMMENT_INVALID = (Invalid(_WORD_COMMENT.format(unit="令牌"), line=2),)

_SAID_TOKEN_SIZE = (
    "from pydantic import BaseModel, Field\n\n\n"
    "class ChunkingSettings(BaseModel):\n"
    '    text_chunk_size: int = Field(default=512, description="{said} for text chunks")\n'
)
SAID_TOKEN_SIZE_VALID = (Valid(_SAID_TOKEN_SIZE.format(said="Size")),)  # no unit said
SAID_TOKEN_SIZE_INVALID = (Invalid(_SAID_TOKEN_SIZE.format(said="Token size"), line=5),)

_OUTPUT_BESIDE_FIELD = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass Capabilities:\n    {other}: int\n    max_output: int = 4096\n"
)
OUTPUT_BESIDE_FIELD_VALID = (Valid(_OUTPUT_BESIDE_FIELD.format(other="max_lines")),)  # no window beside it
OUTPUT_BESIDE_FIELD_INVALID = (Invalid(_OUTPUT_BESIDE_FIELD.format(other="context_window"), line=7),)

_DUMPED_PAYLOAD = (
    "import json\nimport math\n\n\n"
    "def bounded(result, {param}):\n"
    "    budget = max(64, min(int({param}), 4000))\n"
    "    encoded = {encode}(result)\n"
    "    if math.ceil(len(encoded) / 4) > budget:\n"
    '        result.pop("trace")\n'
    "    return result\n"
)
DUMPED_PAYLOAD_VALID = (
    Valid(_DUMPED_PAYLOAD.format(param="max_items", encode="json.dumps")),  # a budget of items
    Valid(_DUMPED_PAYLOAD.format(param="token_budget", encode="base64.b64encode")),  # base64's 4 characters
)
DUMPED_PAYLOAD_INVALID = (Invalid(_DUMPED_PAYLOAD.format(param="token_budget", encode="json.dumps"), line=8),)

_SPEED_TPS = "class ModelSpec:\n    {name}: int = {value}  # approx output tokens\n"
SPEED_TPS_VALID = (Valid(_SPEED_TPS.format(name="speed_tps", value=80)),)  # tokens a second
SPEED_TPS_INVALID = (Invalid(_SPEED_TPS.format(name="max_output_tokens", value=4096), line=2),)

_TIME_SHARE = (
    "_RLLM_{unit}_BUDGET_FRACTION = 0.65\n\n\n"
    "def run(spent, instance_budget):\n"
    "    return spent >= instance_budget * _RLLM_{unit}_BUDGET_FRACTION\n"
)
TIME_SHARE_VALID = (Valid(_TIME_SHARE.format(unit="TIME")),)  # a share of a timeout
TIME_SHARE_INVALID = (Invalid(_TIME_SHARE.format(unit="TOKEN"), line=1),)
# a chunk size of a scheduler predicting execution time: tokens, whatever "time" says (vidur)
_TIMED_CHUNK = "EXECUTION_TIME_PREDICTION_MAX_CHUNK_SIZE = 4096\n\n\ndef chunk(remaining_tokens):\n    return min(remaining_tokens, EXECUTION_TIME_PREDICTION_MAX_CHUNK_SIZE)\n"
TIMED_CHUNK_INVALID = (Invalid(_TIMED_CHUNK, line=1),)

_PRICE_TIER = (
    "def {fn}(total_tokens, base, tiered):\n"
    "    threshold = 200_000\n"
    "    below = min(total_tokens, threshold)\n"
    "    return below * base + max(0, total_tokens - threshold) * tiered\n"
)
PRICE_TIER_VALID = (Valid(_PRICE_TIER.format(fn="tiered_cost")),)  # a price's tier
PRICE_TIER_INVALID = (
    Invalid(_PRICE_TIER.format(fn="trimmed_count"), line=2),
    # a limit said in tokens, in a function checking cost limits: a budget (ai-software-factory)
    Invalid(_PRICE_TIER.format(fn="check_cost_limits").replace("threshold", "token_limit"), line=2),
)

_SCORE_FACTOR = (
    "def efficiency(turn_score, max_tokens, total_tokens):\n"
    "    token_factor = 1.0\n"
    "    if total_tokens > 1000:\n"
    "        token_factor = 0.9\n"
    "    return {scaled} * token_factor\n"
)
SCORE_FACTOR_VALID = (Valid(_SCORE_FACTOR.format(scaled="turn_score")),)  # a score's penalty
SCORE_FACTOR_INVALID = (Invalid(_SCORE_FACTOR.format(scaled="max_tokens"), line=4),)

_PARAM_CHARS = (
    "from .config import EMBEDDING\n\n\n"
    "def ingest(text, chunk_size: int = EMBEDDING.chunk_size_tokens * 4):  # approx {unit}\n"
    "    return split(text, chunk_size)\n"
)
PARAM_CHARS_VALID = (Valid(_PARAM_CHARS.format(unit="lines")),)  # no characters said
PARAM_CHARS_INVALID = (Invalid(_PARAM_CHARS.format(unit="chars"), line=4),)

_SPENT_REMAINDER = (
    "def build(files, max_tokens, rendered):\n"
    "    remaining = max_tokens - estimate_tokens(rendered)\n"
    "    out = []\n"
    "    for f in files:\n"
    "        if remaining <= 40:\n"
    "            break\n"
    "        out.append(_truncate_to_tokens(f.content, remaining - 40, max_tokens))\n"
    "        remaining = {reset}\n"
    "    return out\n"
)
SPENT_REMAINDER_VALID = (Valid(_SPENT_REMAINDER.format(reset="len(files)")),)  # a count of files too
SPENT_REMAINDER_INVALID = (Invalid(_SPENT_REMAINDER.format(reset="0"), line=7),)
