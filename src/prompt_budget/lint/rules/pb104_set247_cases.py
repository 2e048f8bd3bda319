"""Cases from sets 243 to 248 (issue 19): the leftovers of sets 243-246 and the forms of sets 247-248.

PB104: a table of rates under a comment naming characters per token (contextviz's ``DIVISORS = {"prose": 4.0,
"code": 3.0, ...}`` under "# Characters-per-token by content kind", ``rate_tables``); an estimate stored under a
token key with ``setdefault`` (checkagent's ``kwargs.setdefault("prompt_tokens", len(input_text) // 4 + 1)``,
``pb104_context.targets``); the span between two offsets into a text (dynamanic-raggedy's ``(end - start) // 4``,
``pb104_rates.offset_span``); a budget kept off zero, cut into a text at 4 characters a token (sessionvoice's ``limit =
max(budget_tokens - _CUT_RESERVE_TOKENS, 1)`` ... ``keep = max(limit * 4 - 80, 40)`` ... ``text[:keep]``,
``kept_budgets.kept_of``).

PB102: a media item's tokens a comment calls approximate (contextviz's ``IMAGE_TOKENS = 1_300`` under "# Fixed
token cost for an inline image (approximate; ...)", ``budget_bindings``); a module's constant given as a
command-line option's default whose f-string help gives tokens (convo-mem's ``ap.add_argument("--floor",
default=CONTENT_FLOOR, help=f"Skip sessions under N stripped tokens ...")``, ``token_options``).

PB102 also: a level declared beside a token budget in one settings class, and a field's default restated as its
reader's fallback (oclawma's ``total_budget: int = 8192``, ``warning_threshold: int = 6144  # 75%`` ... ``cls(
warning_threshold=data.get("warning_threshold", 6144))``, ``threshold_siblings``).

PB102 also: a direction's quota of tokens per minute (osojicode's ``input_tokens_per_minute: int = 100_000``,
``token_quotas``). PB101 also: a quota of tokens per day given to a rate limit (zetryn's ``RateLimit(rpm=30, rpd=20,
tpd=200_000)``, ``quota_keywords``).

Set 255's: a field declared through the module's own helper returning ``Field(default, ...)`` (investorch's
``max_output_tokens: PositiveInt = hot(16384)``, PB102, ``field_helpers``); a floor a local budget must clear before an
error is raised (``budget = window - reserve - 1024`` ... ``if budget <= 512: raise``, PB103, ``kept_budgets.kept_of``
through a chain of subtractions); an overhead added to a sum of estimates returned or bound to ``overhead``
(``estimate_context_tokens(items) + estimate_context_tokens([instructions]) + 1024``, PB106, ``token_overheads``).

PB101 also: no key that is a sentence names a budget (agchk's ``FINDING_PENALTIES["Large context window used as default
token budget"] = 18``, penalty points; ``names``).

PB101: a number offered as the answer to a prompt about a budget (mmore's ``max_new_tokens = prompt_int("Max new
tokens", 1200)``, ``prompted_defaults``).

PB103: a threshold on tokens whose branch only shows a cost in a message (contextviz's ``if rt["wastedTokens"] >=
3_000:`` ... ``f"~{_money(rt['wastedCostUsd'])} carry cost"``, ``priced_branches``).

PB105: a constant compared with a share of a window a function's local reads (contextviz's ``window =
breakdown.get("contextWindow", 200_000)`` ... ``fill = total / window`` ... ``if fill >= LIMIT_WARN``,
``LintRule.budget_expr``); a level picked as a label inside the alert the same share raised (``"danger" if fill >=
LIMIT_DANGER else "warn"``, ``compared_shares``); a margin on a budget's proportion to a count written at once
(mmore's ``ratio = max_tokens / total_tokens * 0.9``, ``budget_proportions``).

PB106: a reserve taken off a budget a local holds through ``or`` (lazybridge's ``effective_max = request.max_tokens
or self.get_default_max_tokens(model)`` ... ``effective_max - 1024``, ``LintRule.budget_expr``); an overhead a token
estimator's class holds and its methods add (simagentplg's ``HeuristicMessageTokenEstimator.message_overhead_tokens =
4`` ... ``return self.message_overhead_tokens + self._estimate_value(visible)``, ``token_overheads``), a local bound
to a per-item overhead and a count named for tokens grown by a number (oclawma's ``overhead = len(self._messages) * 4``
... ``(total_chars // 4) + overhead``, ``estimated_tokens += 50  # Base overhead``).

PB105 also: a percent compared with a local holding a share of a budget times 100 (oclawma's ``usage_pct =
(breakdown.total / budget.total_budget) * 100`` ... ``if usage_pct >= 87``, ``ratio_reads``).

Spliced into ``pb104_set111_cases``, ``pb102_set117_cases``, ``pb101_set111_cases``, ``pb103_set73_cases``,
``pb105_set111_cases`` and ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_DIVISORS = (
    "# {comment}\n"
    'DIVISORS = {{"prose": 4.0, "code": 3.0, "json": 3.2, "default": 3.6}}\n\n\n'
    'def estimate_text(text, kind="default"):\n'
    '    return round(len(text) / DIVISORS.get(kind, DIVISORS["default"]))\n'
)
RATE_TABLE_VALID = (Valid(_DIVISORS.format(comment="Weights per token kind")),)  # no characters named
RATE_TABLE_INVALID = (Invalid(_DIVISORS.format(comment="Characters-per-token by content kind"), line=2),)

_IMAGE = "# tokens\n# {comment}\nIMAGE_TOKENS = 1_300\n"
IMAGE_VALID = (Valid(_IMAGE.format(comment="The image tokens an upload holds.")),)  # no guess said
IMAGE_INVALID = (
    Invalid(_IMAGE.format(comment="Fixed token cost for an inline image (approximate)."), line=3),
)

_FLOOR = (
    "import argparse\n\nCONTENT_FLOOR = 2500\n\n\ndef main():\n    ap = argparse.ArgumentParser()\n"
    '    ap.add_argument("--floor", type=int, default=CONTENT_FLOOR, help=f"Skip sessions under N {unit} '
    '(default {{CONTENT_FLOOR}}).")\n'
)
FLOOR_VALID = (Valid(_FLOOR.format(unit="lines")),)
FLOOR_INVALID = (Invalid(_FLOOR.format(unit="stripped tokens"), line=3),)

_WIZARD = "def build():\n    {name} = prompt_int({question!r}, {value})\n    return {name}\n"
WIZARD_VALID = (
    Valid(_WIZARD.format(name="port", question="Port", value=8000)),
    Valid(_WIZARD.format(name="retries", question="Max retries", value=5)),
)
WIZARD_INVALID = (
    Invalid(_WIZARD.format(name="max_new_tokens", question="Max new tokens", value=1200), line=2),
    Invalid(_WIZARD.format(name="n", question="Max tokens per chunk", value=512), line=2),
)

_SHOWN_COST = (
    "def recommend(red, recs):\n"
    '    rt = red["totals"]\n'
    '    if rt["wastedTokens"] >= 3_000:\n'
    '        recs.append({{"evidence": f"~{{_money(rt[\'wastedCostUsd\'])}} carry cost"}})\n'
    "{priced}"
)
SHOWN_COST_VALID = (Valid(_SHOWN_COST.format(priced='        cost = rt["wastedCostUsd"] * 2\n')),)  # a tier
SHOWN_COST_INVALID = (Invalid(_SHOWN_COST.format(priced=""), line=3),)

_FILL = (
    "# tokens\nLIMIT_WARN = 0.70\nLIMIT_DANGER = 0.85\n\n\n"
    "def recommend(breakdown, total):\n"
    '    window = breakdown.get("{key}", 200_000)\n'
    "    fill = total / window if window else 0\n"
    "    if fill >= LIMIT_WARN:\n"
    '        return "danger" if fill >= LIMIT_DANGER else "warn"\n'
)
_LABEL_ONLY = (
    "# tokens\nLIMIT_DANGER = 0.85\n\n\n"
    "def colour(used, context_window):\n"
    "    fill = used / context_window\n"
    '    return "red" if fill >= LIMIT_DANGER else "green"\n'
)
FILL_VALID = (
    Valid(_FILL.format(key="rowCount")),  # a share of rows, no window
    Valid(_LABEL_ONLY),  # a gauge's colour alone
)
# the warning and its next level
FILL_INVALID = (Invalid(_FILL.format(key="contextWindow"), line=2, count=2),)

_PROPORTION = (
    "def fit(self, text, {budget}):\n"
    "    total_tokens = self._count_tokens(text)\n"
    "    ratio = {budget} / total_tokens * 0.9\n"
    "    return text[: int(len(text) * ratio)]\n"
)
PROPORTION_VALID = (Valid(_PROPORTION.format(budget="n_rows")),)
PROPORTION_INVALID = (Invalid(_PROPORTION.format(budget="max_tokens"), line=3),)

_EITHER = (
    "def thinking(self, request, model):\n"
    "    effective_max = request.{read} or self.get_default_max_tokens(model)\n"
    "    return effective_max - 1024\n"
)
EITHER_VALID = (Valid(_EITHER.format(read="retries")),)  # either side not a budget
EITHER_INVALID = (Invalid(_EITHER.format(read="max_tokens"), line=3),)

_ESTIMATOR = (
    "class {owner}:\n"
    "    message_overhead_tokens = 4\n\n"
    "    def estimate_message(self, message):\n"
    "        return self.message_overhead_tokens + self._estimate_value(message)\n\n"
    "    def _estimate_value(self, value):\n"
    "        return len(str(value))\n"
)
ESTIMATOR_VALID = (Valid(_ESTIMATOR.format(owner="MessageFormatter")),)  # no estimator of tokens
ESTIMATOR_INVALID = (Invalid(_ESTIMATOR.format(owner="HeuristicMessageTokenEstimator"), line=2),)

_LEVELS = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class ContextBudgetConfig:\n"
    "    {budget}: int = 8192\n"
    "    warning_threshold: int = {level}\n\n"
    "    @classmethod\n"
    "    def from_dict(cls, data):\n"
    '        return cls(warning_threshold=data.get("warning_threshold", {level}))\n'
)
LEVELS_VALID = (
    Valid(_LEVELS.format(budget="max_rows", level=6144)),  # rows
    Valid(
        _LEVELS.format(budget="max_context_tokens", level=30).replace(
            "max_context_tokens: int = 8192", "x = 1"
        )
    ),
)
# the budget, its level and the level's restated default
LEVELS_INVALID = (Invalid(_LEVELS.format(budget="max_context_tokens", level=6144), line=6, count=3),)

_PER_MESSAGE = (
    "class Session:\n"
    "    def estimate_tokens(self):\n"
    "        {total} = sum(len(m.content) for m in self._messages)\n"
    "        overhead = len(self._messages) * 4\n"
    "        return ({total} // 3) + overhead\n"
)
_GROWN = (
    "def to_metadata(tools):\n"
    "    {count} = sum(tool.{each} for tool in tools)\n"
    "    {count} += 50  # Base overhead\n"
    "    return {count}\n"
)
PER_ITEM_VALID = (
    Valid(_PER_MESSAGE.format(total="total_items")),  # items, no characters turned into tokens
    Valid(_GROWN.format(count="estimated_rows", each="row_count")),
)
PER_ITEM_INVALID = (
    Invalid(_PER_MESSAGE.format(total="total_chars"), line=4),
    Invalid(_GROWN.format(count="estimated_tokens", each="token_count"), line=3),
)

_PERCENT = (
    "def show(used, {budget}):\n"
    "    usage_pct = (used / {budget}) * 100\n"
    "    if usage_pct >= 87:\n"
    '        return "critical"\n'
)
PERCENT_VALID = (Valid(_PERCENT.format(budget="max_rows")),)
PERCENT_INVALID = (Invalid(_PERCENT.format(budget="max_tokens"), line=3),)

_SET_DEFAULT = (
    'def with_usage(kwargs, text):\n    kwargs.setdefault("{key}", len(text) // 4 + 1)\n    return kwargs\n'
)
_SPAN = "def naive_token_count_for_range({a}, {b}):\n    return max(1, ({b} - {a}) // 4)\n"
KEYED_SPAN_VALID = (
    Valid(_SET_DEFAULT.format(key="page_count")),
    Valid(_SPAN.format(a="start_tok", b="end_tok")),  # token positions: tokens already
)
KEYED_SPAN_INVALID = (
    Invalid(_SET_DEFAULT.format(key="prompt_tokens"), line=2),
    Invalid(_SPAN.format(a="start", b="end"), line=2),
)

_QUOTA_FIELD = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass RateLimiterConfig:\n    {name}: int = 100_000\n"
)
QUOTA_FIELD_VALID = (Valid(_QUOTA_FIELD.format(name="input_requests_per_minute")),)
QUOTA_FIELD_INVALID = (Invalid(_QUOTA_FIELD.format(name="input_tokens_per_minute"), line=6),)
_PER_DAY = (
    '# quotas of requests and tokens\nLIMITS = {{"llama": RateLimit(rpm=30, rpd=20, {quota}=200_000)}}\n'
)
PER_DAY_VALID = (Valid(_PER_DAY.format(quota="rpw")),)
PER_DAY_INVALID = (Invalid(_PER_DAY.format(quota="tpd"), line=2),)

_HELPER = (
    "from pydantic import BaseModel, Field\n\n\n"
    "def {helper}(default, **kwargs):\n"
    "    return {returned}\n\n\n"
    "class CompactionConfig(BaseModel):\n"
    "    max_output_tokens: int = {helper}(16384)\n"
)
HELPER_VALID = (Valid(_HELPER.format(helper="hot", returned="Field(kwargs.get('x'), default=default)")),)
HELPER_INVALID = (
    Invalid(_HELPER.format(helper="hot", returned="Field(default, json_schema_extra={})"), line=9),
)

_FLOOR_RAISED = (
    "def compact(config):\n"
    "    window = config.model.{window}\n"
    "    budget = window - config.max_output_tokens - 1024\n"
    "    if budget <= 512:\n"
    '        raise ValueError("no room")\n'
    "    return budget\n"
)
FLOOR_RAISED_VALID = (Valid(_FLOOR_RAISED.format(window="row_count").replace(" - 1024", "")),)
FLOOR_RAISED_INVALID = (
    Invalid(_FLOOR_RAISED.format(window="context_window_tokens").replace(" - 1024", ""), line=4),
)

_SUMMED = "def estimate(items, instructions):\n    return {a}(items) + {a}([instructions]) + 1024\n"
SUMMED_VALID = (Valid(_SUMMED.format(a="count_rows")),)
SUMMED_INVALID = (Invalid(_SUMMED.format(a="estimate_context_tokens"), line=2),)

TITLE_VALID = (
    Valid('def score(penalties):\n    penalties["Large context window used as default token budget"] = 18\n'),
)
TITLE_INVALID = (Invalid('def ask(params):\n    params["max_context_tokens"] = 8192\n', line=2),)

_KEPT_OFF_ZERO = (
    "def render(items, {budget}):\n"
    "    limit = max({budget} - 20, 1)\n"
    "    for text in items:\n"
    "        keep = max(limit * 4 - 80, 40)\n"
    "        yield text[:keep]\n"
)
KEPT_OFF_ZERO_VALID = (Valid(_KEPT_OFF_ZERO.format(budget="row_limit")),)
KEPT_OFF_ZERO_INVALID = (Invalid(_KEPT_OFF_ZERO.format(budget="budget_tokens"), line=4),)

_ENV = 'import os\n\n# tokens\nlimit = int(os.environ.get("{name}", "{value}"))\n'
ENV_VALID = (
    Valid(_ENV.format(name="ARSHAI_MAX_PROMPT_LENGTH", value=500)),  # a log's characters, no unit said
    Valid(_ENV.format(name="APP_PORT", value=8000)),
)
ENV_INVALID = (
    Invalid(_ENV.format(name="CODER_CTX_LEN", value=262100), line=4),
    Invalid(_ENV.format(name="NULL_TOKEN_BUDGET", value=1000), line=4),
)
_LEN_LEVEL = "class Rewards:\n    MAX_REASONABLE_TOKENS = 2000\n    {name} = 1000\n"
LEN_LEVEL_VALID = (
    Valid(
        _LEN_LEVEL.format(name="MEDIUM_OUTPUT_LEN_THRESHOLD").replace("MAX_REASONABLE_TOKENS = 2000", "x = 2")
    ),
)
LEN_LEVEL_INVALID = (
    Invalid(_LEN_LEVEL.format(name="MEDIUM_OUTPUT_LEN_THRESHOLD"), line=2),
)  # the budget alone

_MODULE_TWINS = (
    "def compile_wiki(items, *, wiki_input_budget: int = 8000):\n"
    "    items_budget = wiki_input_budget - 300\n"
    '    return {{"max_tokens": items_budget}}\n\n\n'
    "def needs_recompile(items, *, {name}: int = 8000):\n"
    "    return {name}\n"
)
MODULE_TWINS_VALID = (Valid(_MODULE_TWINS.format(name="wiki_input_budget").replace("max_tokens", "rows")),)
# the reported default and its twin in another function of the module
MODULE_TWINS_INVALID = (Invalid(_MODULE_TWINS.format(name="wiki_input_budget"), line=1, count=2),)
