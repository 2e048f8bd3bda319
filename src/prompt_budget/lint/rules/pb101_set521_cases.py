"""Cases from sets 521 onward (issue 19), read by the rules they name.

Set 521's: PB101, the ``or`` fallback a function named as a budget returns (fitz-forge's ``def
_compute_max_tokens(...)`` ... ``return requested or 16384``, ``or_fallbacks``); PB102 and PB104, a token budget
made characters by a rate under a name of both (fitz-forge's ``_TOKEN_BUDGET_CHARS = 32000 * 4``: the tokens PB102's,
the rate PB104's, ``char_params.tokens_made_characters``); PB102 and PB103, not a budget held in characters, what is
left of such a name less a text's length and given to the module's function whose parameter counts characters
(fitz-forge's ``reasoning_budget = _TOKEN_BUDGET_CHARS - fixed_chars - 200`` ... ``if reasoning_budget < 500:
reasoning_budget = 500`` ... ``_truncate_at_line(reasoning, reasoning_budget)`` of ``def _truncate_at_line(text,
max_chars)``, ``char_params``); PB102, a budget parameter ordered against a sum one term of which only ever holds
tokens (theoremql's ``receipt.budget_spent + prompt_cost >= budget`` where ``prompt_cost = count_tokens(chunk)``,
``counted_locals.counted_term``); PB103, the floor of a local that is a sum of token counts, clamped in place
(acervo's ``target_total = max(target_total, 2000)``, ``counted_locals._self_clamp``), and of a count less a
constant reserve (fitz-forge's ``budget = context_size - prompt_tokens - _SAFETY_MARGIN`` ... ``max(budget,
256)``); PB104, an estimate shown as ``tok`` (fitz-forge's ``(~{len(prompt) // 4} tok)``) and a rate in bytes
the function's docstring gives per token (rm-contextos's "Assumes ~3.5 bytes per token" over ``int(byte_count /
3.5)``); PB105, a growth of a count of tokens that triggers a rewrite (mode-manager-mcp's
``metadata.get("tokenGrowthThreshold", 1.20)``, ``ratio_names.budget_scale_name``).

Set 523's (measured with set 521's rules first, then tuned on): PB103, not a local named as a window bound to a
text's length (agenthelm-sdk's ``context_size = len(str(self.current_context))`` ... ``if context_size > 50``, a
log line's switch; ``counted_locals.bound_to_length``).

Set 525's (measured with set 523's rules first, then tuned on): PB105, a share given inline to a dataclass of the
module in place of a field's default PB105 reports (ai-hello's ``ContextConfig(max_tokens=2048, reserve_ratio=0.2)``
beside ``reserve_ratio: float = 0.15`` ... ``self.max_tokens * (1 - self.reserve_ratio)``, ``passed_ratios``).

Set 527's (measured with set 525's rules first, then tuned on): PB105, not a share of memory (tala-ai's ``WARN_FRACTION
= 0.6`` ordered against ``needed / budget`` where ``budget = hw.budget_gb``, ``compared_shares.memory_only``), nor one
commented "80% of budget" among fields of money (ragbox-core's ``CostBudget``, ``money_budgets.money_class``);
PB105, a share of a local named as a limit that a count of tokens is divided by (penhin-code's ``usage_ratio = tokens /
limit`` ... ``if usage_ratio < 0.6``, ``ratio_reads._limit_of_tokens``); PB106, a number added to words made tokens by
a rate in a function counting tokens (ai-rule-learning-mcp's ``int(words * 1.33) + 2``, ``token_overheads``).

Set 529's (measured with set 527's rules first, then tuned on): PB102, a module's constant named as the plural of a
budget (tala-ai's ``CONTEXT_SIZES = (4096, 8192, 16384, 32768)``, ``budget_lists``); PB101, CTranslate2's
``max_decoding_length=256`` (groundrails); PB105, not an overlap's share of chunks its module sizes in characters
(groundrails' ``CHUNK_OVERLAP_RATIO = 0.1`` beside ``CHUNK_MAX_CHARS = 300``, ``share_units.overlap_of_characters``);
PB106, a count of items times a number of tokens each bound to a local named for tokens (kodara's ``raw_tokens =
file_count * 800``, ``item_token_costs._inline``).

Set 531's (measured with set 529's rules first, then tuned on): PB102, a parameter's default decided by its own
function's reads when parameters of other functions of the module share its name with other values (a module with
``def extract(..., budget=30_000)`` comparing it with a count of tokens and ``def retry(call, budget=300)``: the
first is reported, the second not; before, the name bound to two values was dropped; ``candidate_bindings``).

Set 533's (measured with set 531's rules first, then tuned on): PB105, not a share given only under a keyword of a
device's memory (kvfit's ``utilization: float = 0.9`` ... ``gpu_memory_utilization=utilization``,
``scaled_units.given_as_memory``); PB103, not a comparison in a function named for a price (shim's ``def _price(model,
prompt_tokens)`` ... ``if prompt_tokens > 100_000``, ``pb103_uses.picks_price``), and the bound a pydantic validator of a
field named for tokens checks (ortim's ``@field_validator("estimated_tokens")`` ... ``if v > 20_000``,
``validated_params.validated_amount``); PB104, a record's size in bytes made tokens (shim's ``largest["bytes"] // 4``,
``pb104_bytes.byte_amount``).

Set 535's (measured with set 533's rules first, then tuned on): PB104, a rate of tokens per word found by a regular
expression (open-otk's ``words = re.findall(r"\\S+", text)`` ... ``int(len(words) * 1.3)``, ``pb104_rates.splits_words``);
PB105, not one of several tolerances of a change in metrics (proveai-agentpulse's ``{"cost_pct": 0.25, "latency_pct":
0.30, "token_pct": 0.30}``, ``keyed_ratios._metric_tolerances``).

Set 537's (measured with set 535's rules first, then tuned on): PB102, not a constant whose comment opens with what it
counts, other than tokens (openmymemo's ``EARLY = 60  # seconds before expiry that a token is refreshed``,
``ENV_HOLDS_MAX = 32  # pauses kept for environment tokens at once``, ``rule.OTHER_COUNT_FIRST``); PB101, the tokens of
a dict of caps (openmymemo's ``DEFAULT_CAPS = {"calls": 1000, "tokens": 2_000_000}``, ``model_limits.capped_tokens``).

The review of these readings (an independent reader's snippets, each wrong on 054a1fac; ``REVIEW62B_*``): a comment is
no other count's when it spells an amount of tokens; a name of tokens made bytes is no budget when its product is a
KiB (``4 * 1024``) or its name a credential's; a module's plural of a budget is one only when each item is given under
a budget's keyword; a key's scale above one is a budget's only when the key says budget or growth (not
``"token_ratio": 1.3``); a price function's comparison picks a tier only as an ``if`` returning or binding a row; a
docstring's rate per token counts only for a division by that rate; a share commented as the window's stays one beside
fields of money; a dict of caps, a count of items times tokens each and a share of a limit are no token bucket's; a
local named for tokens, or bound to the length of an encoding, is never taken for characters.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set521_review_cases import (
    REVIEW62B_PB101_VALID,
    REVIEW62B_PB102_INVALID,
    REVIEW62B_PB102_VALID,
    REVIEW62B_PB103_INVALID,
    REVIEW62B_PB104_VALID,
    REVIEW62B_PB105_INVALID,
    REVIEW62B_PB105_VALID,
    REVIEW62B_PB106_VALID,
)

_OR_RETURN = (
    "def _compute_{what}(client, requested):\n"
    "    if client.context_size <= 0:\n"
    "        return requested or 16384\n"
    "    return requested\n"
)
OR_RETURN_VALID = (Valid(_OR_RETURN.format(what="timeout")),)
OR_RETURN_INVALID = (Invalid(_OR_RETURN.format(what="max_tokens"), line=3),)

_MADE_CHARS = "def build(fixed):\n    _{name}_CHARS = 32000 * 4\n    return fixed[:_{name}_CHARS]\n"
MADE_CHARS_VALID = (Valid(_MADE_CHARS.format(name="PAGE_BUDGET")),)
MADE_CHARS_INVALID = (Invalid(_MADE_CHARS.format(name="TOKEN_BUDGET"), line=2),)

_HELD_CHARS = (
    "def _truncate_at_line(text: str, {param}: int) -> str:\n"
    "    return text[:{param}]\n"
    "\n"
    "\n"
    "def build(reasoning, fixed):\n"
    "    _TOKEN_BUDGET_CHARS = {chars}\n"
    "    reasoning_budget = _TOKEN_BUDGET_CHARS - len(fixed) - 200\n"
    "    if reasoning_budget < 500:\n"
    "        reasoning_budget = 500\n"
    "    return _truncate_at_line(reasoning, reasoning_budget)\n"
)
_CLAMPED_CHARS = (
    "def build(reasoning, fixed, cut):\n"
    "    _TOKEN_BUDGET_CHARS = {chars}\n"
    "    reasoning_budget = max(500, _TOKEN_BUDGET_CHARS - len(fixed) - 200)\n"
    "    return cut(reasoning, reasoning_budget)\n"
)
HELD_CHARS_VALID = (
    Valid(_HELD_CHARS.format(param="max_chars", chars="128_000")),
    Valid(_CLAMPED_CHARS.format(chars="128_000")),
)
HELD_CHARS_PB103_VALID = (
    Valid(_HELD_CHARS.format(param="max_chars", chars="32000 * 4")),
    Valid(_CLAMPED_CHARS.format(chars="32000 * 4")),
)

_SPENT = (
    "def count_tokens(text):\n"
    "    return len(text.split())\n"
    "\n"
    "\n"
    "def extract(session, receipt, budget: int = 50_000):\n"
    "    for chunk in session:\n"
    "        prompt_cost = {cost}\n"
    "        if receipt.budget_spent + prompt_cost >= budget:\n"
    "            break\n"
    "        receipt.budget_spent += prompt_cost\n"
)
SPENT_VALID = (Valid(_SPENT.format(cost="chunk.seconds")),)
SPENT_INVALID = (Invalid(_SPENT.format(cost="count_tokens(chunk)"), line=5),)

_SELF_CLAMP = (
    "def hot_budget(self, system, warm, count_tokens):\n"
    "    target_total = self._hot_max_{unit} + count_tokens(warm) + count_tokens(system)\n"
    "    target_total = max(target_total, 2000)\n"
    "    return target_total\n"
)
_RESERVE_LEFT = (
    "_SAFETY_MARGIN = 512\n"
    "\n"
    "\n"
    "def compute_max_tokens(client, messages, estimate):\n"
    "    {count} = estimate(messages)\n"
    "    budget = client.{size} - {count} - _SAFETY_MARGIN\n"
    "    budget = max(budget, 256)\n"
    "    return budget\n"
)
SELF_CLAMP_VALID = (
    Valid(_SELF_CLAMP.format(unit="items").replace("count_tokens(", "len(")),
    Valid(_RESERVE_LEFT.format(size="page_count", count="prompt_offset")),
)
SELF_CLAMP_INVALID = (
    Invalid(_SELF_CLAMP.format(unit="tokens"), line=3),
    Invalid(_RESERVE_LEFT.format(size="context_size", count="prompt_tokens"), line=7),
)

_SHOWN = (
    "def show(logger, prompt, client):\n"
    '    logger.info(f"prompt={{len(prompt)}} chars (~{{len(prompt) // 4}} {unit})")\n'
    "    return client.create(prompt, max_tokens=100)\n"
)
SHOWN_VALID = (Valid(_SHOWN.format(unit="lines")),)
SHOWN_INVALID = (Invalid(_SHOWN.format(unit="tok"), line=2),)

_BYTES_DOC = (
    "def estimate_from_bytes(byte_count: int) -> int:\n"
    '    """Fast size-based estimate when file content is not available.\n'
    "\n"
    "    Assumes ~3.5 bytes per {unit} (typical for mixed code and prose).\n"
    '    """\n'
    "    return max(0, int(byte_count / 3.5))\n"
)
BYTES_DOC_VALID = (Valid(_BYTES_DOC.format(unit="row")),)
BYTES_DOC_INVALID = (Invalid(_BYTES_DOC.format(unit="token"), line=6),)

_GROWTH = (
    "def should_optimize(metadata, current_tokens, last_tokens):\n"
    '    growth = metadata.get("{key}", 1.20)\n'
    "    return current_tokens > int(last_tokens * growth)\n"
    "\n"
    "\n"
    "def defaults(frontmatter):\n"
    '    return {{"{key}": 1.20}}\n'
)
GROWTH_VALID = (Valid(_GROWTH.format(key="rowGrowthThreshold")),)
GROWTH_INVALID = (Invalid(_GROWTH.format(key="tokenGrowthThreshold"), line=2, count=2),)

_LOGGED_SIZE = (
    "def inject(client, current_context, count_tokens):\n"
    "    context_size = {size}\n"
    "    if context_size > 500:\n"
    '        client.log(f"context injected ({{context_size}})")\n'
)
LOGGED_SIZE_VALID = (Valid(_LOGGED_SIZE.format(size="len(str(current_context))")),)
LOGGED_SIZE_INVALID = (Invalid(_LOGGED_SIZE.format(size="count_tokens(current_context)"), line=3),)

_FIELD_GIVEN = (
    "from dataclasses import dataclass\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class ContextConfig:\n"
    "    max_tokens: int = 8000\n"
    "    reserve_ratio: float = 0.15\n"
    "    min_relevance: float = 0.3\n"
    "\n"
    "    def available(self) -> int:\n"
    "        return int(self.max_tokens * (1 - self.reserve_ratio))\n"
    "\n"
    "\n"
    "CONFIG = ContextConfig({given}=0.2)\n"
)
# the field's default is reported either way; the share given again in its place only under its own name
FIELD_GIVEN_INVALID = (
    Invalid(_FIELD_GIVEN.format(given="min_relevance"), line=7),
    Invalid(_FIELD_GIVEN.format(given="reserve_ratio"), line=7, count=2),
)

_MEMORY_SHARE = (
    "LARGE_CTX = 16384\n"
    "WARN_FRACTION = 0.6  # of the usable budget\n"
    "\n"
    "\n"
    "def assess(choices, hw, estimate):\n"
    "    needed = estimate(choices)\n"
    "    budget = hw.{budget}\n"
    "    advice = []\n"
    "    if needed / budget > WARN_FRACTION:\n"
    '        advice.append("warn")\n'
    "    if choices.num_ctx >= LARGE_CTX:\n"
    '        advice.append("large")\n'
    "    return advice\n"
)
_MONEY_FIELDS = (
    "from dataclasses import dataclass\n"
    "\n"
    "MAX_OUTPUT_TOKENS = 800\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class Budget:\n"
    "    max_daily_{unit}: {kind} = {amount}\n"
    "    warning_threshold: float = 0.8  # 80% of budget\n"
)
OTHER_SHARES_VALID = (
    Valid(_MEMORY_SHARE.format(budget="budget_gb")),
    Valid(_MONEY_FIELDS.format(unit="cost", kind="float", amount="10.0")),
)
OTHER_SHARES_INVALID = (
    Invalid(_MEMORY_SHARE.format(budget="budget_tokens"), line=2),
    Invalid(_MONEY_FIELDS.format(unit="tokens", kind="int", amount="100_000"), line=9),
)

_LIMIT_SHARE = (
    "def estimate_tokens(messages):\n"
    "    return len(str(messages)) // 4\n"
    "\n"
    "\n"
    "def keep_recent(messages, {divisor}: int = 120_000):\n"
    "    tokens = estimate_tokens(messages)\n"
    "    usage_ratio = tokens / {divisor}\n"
    "    if usage_ratio < 0.6:\n"
    "        return 5\n"
    "    return 1\n"
)
LIMIT_SHARE_VALID = (Valid(_LIMIT_SHARE.format(divisor="total")),)
LIMIT_SHARE_INVALID = (Invalid(_LIMIT_SHARE.format(divisor="limit"), line=8),)

_WORD_OVERHEAD = (
    "def {fn}(text: str) -> int:\n    words = len(text.split())\n    return max(1, int(words * 1.33) + 2)\n"
)
WORD_OVERHEAD_VALID = (Valid(_WORD_OVERHEAD.format(fn="estimate_width")),)
WORD_OVERHEAD_INVALID = (Invalid(_WORD_OVERHEAD.format(fn="estimate_tokens"), line=3),)

_SIZES = "{name} = (4096, 8192, 16384, 32768)\n\n\ndef options(make):\n    return [make(num_ctx=s) for s in {name}]\n"
SIZES_VALID = (Valid(_SIZES.format(name="PAGE_SIZES")),)
SIZES_INVALID = (Invalid(_SIZES.format(name="CONTEXT_SIZES"), line=1),)

_DECODING = (
    "def translate(tr, tokens):\n    return tr.translate_batch([tokens], beam_size=2, {keyword}=256)\n"
)
DECODING_VALID = (Valid(_DECODING.format(keyword="max_batch_size")),)
DECODING_INVALID = (Invalid(_DECODING.format(keyword="max_decoding_length"), line=2),)

_CHUNK_OVERLAP = (
    "MAX_TOKENS = 4096\n"
    "CHUNK_MAX_{unit} = 300  # lexical operating point\n"
    "CHUNK_OVERLAP_RATIO = 0.1  # fit/extraction default\n"
    "\n"
    "\n"
    "def chunk(text, max_{low}: int = CHUNK_MAX_{unit}, chunk_overlap_ratio: float = CHUNK_OVERLAP_RATIO):\n"
    "    overlap = int(max_{low} * chunk_overlap_ratio)\n"
    "    return [text[i : i + max_{low}] for i in range(0, len(text), max_{low} - overlap)]\n"
)
CHUNK_OVERLAP_VALID = (Valid(_CHUNK_OVERLAP.format(unit="CHARS", low="chars")),)
CHUNK_OVERLAP_INVALID = (Invalid(_CHUNK_OVERLAP.format(unit="TOKENS", low="tokens"), line=3),)

_PER_ITEM = "def quick_win(file_count):\n    raw_{unit} = file_count * 800\n    return raw_{unit}\n"
PER_ITEM_VALID = (Valid(_PER_ITEM.format(unit="bytes")),)
PER_ITEM_INVALID = (Invalid(_PER_ITEM.format(unit="tokens"), line=2),)

_PARAMS_APART = (
    "def count_tokens(text):\n"
    "    return len(text.split())\n"
    "\n"
    "\n"
    "def extract(text, budget: int = 30_000):\n"
    "    if count_tokens(text) > budget:\n"
    "        return text[:10]\n"
    "    return text\n"
    "\n"
    "\n"
    "def {other}(call, budget: int = {value}):\n"
    "    for _ in range(budget):\n"
    "        call()\n"
)
# a parameter is its function's: the retry count beside it is neither reported nor a reason to drop the budget
PARAMS_APART_INVALID = (
    Invalid(_PARAMS_APART.format(other="retry", value="300"), line=5),
    Invalid(_PARAMS_APART.format(other="again", value="30_000"), line=5, count=2),
)

_COUNTED_CUT = (
    "class Model:\n"
    "    def prune_context(self, ctx):\n"
    "        {name} = self.count_tokens(ctx)\n"
    "        if {name} > 16000:\n"
    "            ctx = ctx[0:1000] + ctx[{name} - 5000 :]\n"
    "        return ctx\n"
)
_SCALE_KEY = 'PROFILE = {{"full_file_threshold_tokens": 100, "{key}": 2.0, "max_degradation_rounds": 2}}\n'
# the review of sets 521-531 against the corpus: a count of tokens that also cuts a string stays tokens; a scale
# of a budget of lines is no share of tokens
REVIEW62_PB103_INVALID = (Invalid(_COUNTED_CUT.format(name="pruned_tokens"), line=4),)
REVIEW62_PB105_VALID = (Valid(_SCALE_KEY.format(key="adaptive_line_budget_max_factor")),)
REVIEW62_PB105_INVALID = (Invalid(_SCALE_KEY.format(key="adaptive_token_budget_max_factor"), line=1),)

_MEMORY_GIVEN = (
    "def check(context_tokens: int = 131072, utilization: float = 0.9, run=None):\n"
    "    return run(max_model_len=context_tokens, {keyword}=utilization)\n"
)
MEMORY_GIVEN_VALID = (Valid(_MEMORY_GIVEN.format(keyword="gpu_memory_utilization")),)
MEMORY_GIVEN_INVALID = (Invalid(_MEMORY_GIVEN.format(keyword="context_share"), line=1),)

_PRICED = (
    "def _{fn}(model, prompt_tokens: int = 0):\n"
    '    if model == "haiku" and prompt_tokens > 100_000:\n'
    "        return LONG\n"
    "    return TABLE.get(model)\n"
)
PRICED_VALID = (Valid(_PRICED.format(fn="price")),)
PRICED_INVALID = (Invalid(_PRICED.format(fn="route"), line=2),)

_RECORD_BYTES = 'def report(largest, found):\n    tokens = largest["{key}"] // 4\n    found.append(tokens)\n'
RECORD_BYTES_VALID = (Valid(_RECORD_BYTES.format(key="rows")),)
RECORD_BYTES_INVALID = (Invalid(_RECORD_BYTES.format(key="bytes"), line=2),)

_VALIDATOR = (
    "from pydantic import BaseModel, field_validator\n"
    "\n"
    "\n"
    "class Task(BaseModel):\n"
    "    {field}: int\n"
    "\n"
    '    @field_validator("{field}")\n'
    "    @classmethod\n"
    "    def _bound(cls, v: int) -> int:\n"
    "        if v > 20_000:\n"
    '            raise ValueError("too large")\n'
    "        return v\n"
)
VALIDATOR_VALID = (Valid(_VALIDATOR.format(field="retries")),)
VALIDATOR_INVALID = (Invalid(_VALIDATOR.format(field="estimated_tokens"), line=10),)

_FOUND_WORDS = (
    "import re\n"
    "\n"
    "\n"
    "def estimate_tokens(text: str) -> int:\n"
    '    found = re.findall(r"{pattern}", text)\n'
    "    return max(1, int(len(found) * 1.3))\n"
)
FOUND_WORDS_VALID = (Valid(_FOUND_WORDS.format(pattern="[.!?]")),)
FOUND_WORDS_INVALID = (Invalid(_FOUND_WORDS.format(pattern="\\S+"), line=6),)

_TOLERANCES = (
    "DEFAULTS = {{\n"
    '    "{first}_pct": 0.25,\n'
    '    "{second}_pct": 0.30,\n'
    '    "token_pct": 0.30,\n'
    "}}\n"
    "\n"
    "\n"
    "def drift(base_tokens, new_tokens, thresholds=None):\n"
    "    t = {{**DEFAULTS, **(thresholds or {{}})}}\n"
    "    change_pct = (new_tokens - base_tokens) / base_tokens * 100\n"
    '    return abs(change_pct) > t["token_pct"] * 100\n'
)
TOLERANCES_VALID = (Valid(_TOLERANCES.format(first="cost", second="latency")),)
TOLERANCES_INVALID = (Invalid(_TOLERANCES.format(first="history", second="memory_block"), line=2, count=2),)

_CAPS = '{name} = {{"calls": 1000, "tokens": 2_000_000}}\n'
CAPS_VALID = (Valid(_CAPS.format(name="DEFAULT_COUNTS")),)
CAPS_INVALID = (Invalid(_CAPS.format(name="DEFAULT_CAPS"), line=1),)

_OTHER_COUNT = "{name} = {value}  # {unit} before expiry that a token is refreshed\n"
OTHER_COUNT_VALID = (
    Valid(_OTHER_COUNT.format(name="EARLY", value=60, unit="seconds")),
    Valid("ENV_HOLDS_MAX = 32  # pauses kept for environment tokens at once\n"),
)
OTHER_COUNT_INVALID = (Invalid("SUMMARY_SIZE = 300  # tokens kept for the summary\n", line=1),)

SET521_PB101_VALID = (*OR_RETURN_VALID, *DECODING_VALID, *CAPS_VALID, *REVIEW62B_PB101_VALID)
SET521_PB101_INVALID = (*OR_RETURN_INVALID, *DECODING_INVALID, *CAPS_INVALID)
SET521_PB102_VALID = (
    *MADE_CHARS_VALID,
    *HELD_CHARS_VALID,
    *SPENT_VALID,
    *SIZES_VALID,
    *OTHER_COUNT_VALID,
    *REVIEW62B_PB102_VALID,
)
SET521_PB102_INVALID = (
    *MADE_CHARS_INVALID,
    *SPENT_INVALID,
    *SIZES_INVALID,
    *PARAMS_APART_INVALID,
    *OTHER_COUNT_INVALID,
    *REVIEW62B_PB102_INVALID,
)
SET521_PB103_VALID = (
    *HELD_CHARS_VALID,
    *HELD_CHARS_PB103_VALID,
    *SELF_CLAMP_VALID,
    *LOGGED_SIZE_VALID,
    *PRICED_VALID,
    *VALIDATOR_VALID,
)
SET521_PB103_INVALID = (
    *SELF_CLAMP_INVALID,
    *LOGGED_SIZE_INVALID,
    *REVIEW62_PB103_INVALID,
    *PRICED_INVALID,
    *VALIDATOR_INVALID,
    *REVIEW62B_PB103_INVALID,
)
SET521_PB104_VALID = (
    *SHOWN_VALID,
    *BYTES_DOC_VALID,
    *RECORD_BYTES_VALID,
    *FOUND_WORDS_VALID,
    *REVIEW62B_PB104_VALID,
)
SET521_PB104_INVALID = (
    Invalid(_MADE_CHARS.format(name="TOKEN_BUDGET"), line=2),
    *SHOWN_INVALID,
    *BYTES_DOC_INVALID,
    *RECORD_BYTES_INVALID,
    *FOUND_WORDS_INVALID,
)
SET521_PB105_VALID = (
    *GROWTH_VALID,
    *OTHER_SHARES_VALID,
    *LIMIT_SHARE_VALID,
    *CHUNK_OVERLAP_VALID,
    *REVIEW62_PB105_VALID,
    *MEMORY_GIVEN_VALID,
    *TOLERANCES_VALID,
    *REVIEW62B_PB105_VALID,
)
SET521_PB105_INVALID = (
    *GROWTH_INVALID,
    *FIELD_GIVEN_INVALID,
    *OTHER_SHARES_INVALID,
    *LIMIT_SHARE_INVALID,
    *CHUNK_OVERLAP_INVALID,
    *REVIEW62_PB105_INVALID,
    *MEMORY_GIVEN_INVALID,
    *TOLERANCES_INVALID,
    *REVIEW62B_PB105_INVALID,
)
SET521_PB106_VALID = (*WORD_OVERHEAD_VALID, *PER_ITEM_VALID, *REVIEW62B_PB106_VALID)
SET521_PB106_INVALID = (*WORD_OVERHEAD_INVALID, *PER_ITEM_INVALID)
