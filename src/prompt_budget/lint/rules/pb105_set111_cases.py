"""PB105's cases from the misses of sets 111 to 116 (issue 19): a percent read through the name it is handed
on to (roboz's ``threshold_percent: float = DEFAULT_THRESHOLD_PERCENT`` ... ``max_tokens * threshold_percent /
100.0``), a percent of tokens whose operands are locals bound to calls (miniouto's ``used = _tokens_used(...)``,
``window = get_context_window(...)``, ``pct = used * 100 // window``) (``percent_shares``), and LangChain's
context size as the fallback of a setting read (lc-agent-app's ``summ_conf.get("trigger") or ("fraction",
0.85)``, ``forms.size_slot``), and a share of a parameter named as a limit beside a parameter holding tokens
(aic-agent's ``def _compress_truncate(self, budget, total_tokens)`` ... ``int(budget * self.compress_target)``,
``kept_budgets.local_budgets``), and a share of a local named as a limit bound to a call and ordered against a
count of tokens (set 118: just-ralph-it's ``room = get_input_room(...)`` ... ``estimate > room * self.INPUT_SHARE``).
Sets 119 and 120: a percent compared cross-multiplied (chiliarch's ``self.tokens * 100 >= window *
COMPACT_PERCENT``), and a parameter named a window that a running total of token counts is ordered against
(``if size > window // 5``, ``kept_budgets``). With them, sets 125 and 126's (``pb105_set125_cases``), set 188's (``pb105_set187_cases``) and set 201's
(``pb105_set201_cases``).
Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK
from prompt_budget.lint.rules.pb101_set283_cases import (
    HELD_INVALID,
    HELD_VALID,
    MATCH_INVALID,
    MATCH_VALID,
    MONEY_INVALID,
    MONEY_VALID,
)
from prompt_budget.lint.rules.pb101_set303_cases import (
    BUDGET_SHARES_INVALID,
    BUDGET_SHARES_VALID,
    OPTION_SHARE_INVALID,
    OPTION_SHARE_VALID,
    SMOOTHING_INVALID,
    SMOOTHING_VALID,
    SPENT_INVALID,
    SPENT_VALID,
    USAGE_SHARE_INVALID,
    USAGE_SHARE_VALID,
)
from prompt_budget.lint.rules.pb101_set313_cases import (
    FIT_MARGIN_INVALID,
    FIT_MARGIN_VALID,
    IMPORTANCE_INVALID,
    IMPORTANCE_VALID,
    PAIRS_INVALID,
    PAIRS_VALID,
    SIMILAR_INVALID,
    SIMILAR_VALID,
)
from prompt_budget.lint.rules.pb101_set333_cases import (
    JUDGE_INVALID,
    JUDGE_VALID,
    PERCENT_NAMED_INVALID,
    PERCENT_NAMED_VALID,
    RETRIEVAL_INVALID,
    RETRIEVAL_VALID,
    RETRY_INVALID,
    RETRY_VALID,
    ROWS_KEPT_INVALID,
    ROWS_KEPT_VALID,
)
from prompt_budget.lint.rules.pb101_set365_cases import (
    PORTION_INVALID,
    PORTION_VALID,
    RISK_INVALID,
    RISK_VALID,
    SCORE_FACTOR_INVALID,
    SCORE_FACTOR_VALID,
    TIME_SHARE_INVALID,
    TIME_SHARE_VALID,
)
from prompt_budget.lint.rules.pb101_set389_cases import (
    GAUGE_INVALID,
    GAUGE_VALID,
    SEQ_HALF_INVALID,
    SEQ_HALF_VALID,
    TOLERANCE_INVALID,
    TOLERANCE_VALID,
)
from prompt_budget.lint.rules.pb101_set427_cases import (
    BUDGET_PART_INVALID,
    BUDGET_PART_VALID,
    CONTEXT_PCT_INVALID,
    CONTEXT_PCT_VALID,
    FUZZY_INVALID,
    FUZZY_VALID,
    LOOP_SHARE_INVALID,
    LOOP_SHARE_VALID,
)
from prompt_budget.lint.rules.pb101_set457_cases import (
    RETRY_CAP_INVALID,
    RETRY_CAP_VALID,
)
from prompt_budget.lint.rules.pb101_set487_cases import (
    MODEL_LIMIT_INVALID,
    MODEL_LIMIT_VALID,
    REVIEW61_PB105_VALID,
    SET487_PB105_INVALID,
    SET487_PB105_VALID,
)
from prompt_budget.lint.rules.pb101_set521_cases import SET521_PB105_INVALID, SET521_PB105_VALID
from prompt_budget.lint.rules.pb101_set597_cases import SINCE597_PB105_INVALID, SINCE597_PB105_VALID
from prompt_budget.lint.rules.pb102_set185_cases import SCORE_INVALID, SCORE_VALID
from prompt_budget.lint.rules.pb103_set263_cases import (
    MEAN_INVALID,
    MEAN_VALID,
    UTIL_INVALID,
    UTIL_VALID,
    YUAN_INVALID,
    YUAN_VALID,
)
from prompt_budget.lint.rules.pb104_set189_cases import HALF_INVALID, HALF_VALID
from prompt_budget.lint.rules.pb104_set193_cases import SHARE_INVALID, SHARE_VALID
from prompt_budget.lint.rules.pb104_set237_cases import (
    LEVELS_INVALID,
    LEVELS_VALID,
    MARGIN_INVALID,
    MARGIN_VALID,
    NORMALIZED_INVALID,
    NORMALIZED_VALID,
)
from prompt_budget.lint.rules.pb104_set247_cases import (
    FILL_INVALID,
    FILL_VALID,
    PERCENT_INVALID,
    PERCENT_VALID,
    PROPORTION_INVALID,
    PROPORTION_VALID,
)
from prompt_budget.lint.rules.pb105_set125_cases import SET125_INVALID, SET125_VALID
from prompt_budget.lint.rules.pb105_set131_cases import SET131_INVALID, SET131_VALID
from prompt_budget.lint.rules.pb105_set133_cases import SET133_INVALID, SET133_VALID
from prompt_budget.lint.rules.pb105_set137_cases import SET137_INVALID, SET137_VALID
from prompt_budget.lint.rules.pb105_set143_cases import SET143_INVALID, SET143_VALID
from prompt_budget.lint.rules.pb105_set149_cases import SET149_INVALID, SET149_VALID
from prompt_budget.lint.rules.pb105_set153_cases import SET153_INVALID, SET153_VALID
from prompt_budget.lint.rules.pb105_set155_cases import SET155_INVALID, SET155_VALID
from prompt_budget.lint.rules.pb105_set157_cases import SET157_INVALID, SET157_VALID
from prompt_budget.lint.rules.pb105_set159_cases import SET159_INVALID, SET159_VALID
from prompt_budget.lint.rules.pb105_set161_cases import SET161_INVALID, SET161_VALID
from prompt_budget.lint.rules.pb105_set167_cases import SET167_INVALID, SET167_VALID
from prompt_budget.lint.rules.pb105_set171_cases import SET171_INVALID, SET171_VALID
from prompt_budget.lint.rules.pb105_set173_cases import SET173_INVALID, SET173_VALID
from prompt_budget.lint.rules.pb105_set179_cases import SET179_INVALID, SET179_VALID
from prompt_budget.lint.rules.pb105_set181_cases import SET181_INVALID, SET181_VALID
from prompt_budget.lint.rules.pb105_set183_cases import SET183_INVALID, SET183_VALID
from prompt_budget.lint.rules.pb105_set187_cases import SET187_INVALID, SET187_VALID
from prompt_budget.lint.rules.pb105_set197_cases import (
    CELLS_INVALID,
    CELLS_VALID,
    UTILIZATION_INVALID,
    UTILIZATION_VALID,
)
from prompt_budget.lint.rules.pb105_set201_cases import ROTATION_INVALID, ROTATION_VALID
from prompt_budget.lint.rules.pb105_set207_cases import PRESSURE_INVALID, PRESSURE_VALID
from prompt_budget.lint.rules.pb105_set209_cases import (
    CONTENT_INVALID,
    CONTENT_VALID,
    DEDUP_INVALID,
    DEDUP_VALID,
    METER_INVALID,
    METER_VALID,
)
from prompt_budget.lint.rules.pb105_set211_cases import PRICED_INVALID, PRICED_VALID
from prompt_budget.lint.rules.pb105_set225_cases import SHARES_INVALID, SHARES_VALID
from prompt_budget.lint.rules.pb107_set191_cases import ABOVE_INVALID, ABOVE_VALID

#: A compaction step whose percent is a parameter, defaulted to the module's constant.
_HANDED = (
    "DEFAULT_THRESHOLD_PERCENT = 80.0\n\n\n"
    "def compact(messages, max_tokens, used, *, threshold_percent={default}):\n"
    "    threshold_tokens = int({budget} * threshold_percent / 100.0)\n"
    "    return used >= threshold_tokens\n"
)

#: A hook defined in the function that reads the window; the percent is compared with a local percent.
_HOOK = (
    "TRIGGER_PCT = 80\n\n\n"
    "def install(model):\n"
    "    window = {window}\n\n"
    "    def hook(messages):\n"
    "        used = {used}\n"
    "        pct = used * 100 // window\n"
    "        if pct < TRIGGER_PCT:\n"
    "            return None\n"
    "        return summarize(messages)\n\n"
    "    return hook\n"
)

_FALLBACK = (
    "def middleware(conf):\n"
    '    trigger = parse(conf.get("trigger")) or {trigger}\n'
    "    return Summarization(trigger=trigger)\n"
)

#: set 116: aic-agent keeps a share of a budget given beside a count of tokens.
_SQUEEZE = (
    "class Agent:\n    def __init__(self, compress_target: float = 0.4):\n"
    "        self.compress_target = compress_target\n\n"
    "    def squeeze(self, {params}):\n        return max(1, int(budget * self.compress_target))\n"
)

#: set 118: just-ralph-it's shares of the model's input room, which a token estimate is ordered against.
_ROOM = (
    "class Explorer:\n    INPUT_SHARE = 0.8\n\n    def context(self):\n"
    "        estimate = {estimate}\n"
    "        room = get_input_room(self.model, 100_000)\n"
    "        if estimate > room * self.INPUT_SHARE:\n            self.at_limit = True\n"
)

_CROSS = "COMPACT_PERCENT = 90\n\n\ndef should_compact(used, window):\n    return {used} * 100 >= window * COMPACT_PERCENT\n"
_KEPT = (
    "def retained(provider, groups, window):\n    size = 0\n    kept = []\n    for group in groups:\n"
    "        size += {added}\n        if size > window // 5:\n            break\n        kept.append(group)\n"
    "    return kept\n"
)

SET111_VALID = (
    *RETRY_CAP_VALID,  # set 467: a timeout, a count
    *BUDGET_PART_VALID,  # set 449: cognis-engine's cost per hit
    *CONTEXT_PCT_VALID,  # set 447: cogsession's percent of the window
    *FUZZY_VALID,  # set 429: skillvariants' RapidFuzz scores
    *LOOP_SHARE_VALID,  # set 427: intentops' loop budget
    *SEQ_HALF_VALID,  # set 401: retries
    *TOLERANCE_VALID,  # set 395: seconds
    *GAUGE_VALID,  # set 395: a colour shown
    *PERCENT_NAMED_VALID,  # set 353: a battery's charge
    *RETRIEVAL_VALID,  # set 347: memor-cli's score floor
    *ROWS_KEPT_VALID,  # set 345: pdfmux's rows
    *RETRY_VALID,  # set 335: retries, another function
    *PORTION_VALID,  # set 365: a share of files
    *RISK_VALID,  # set 369: pebra's risk score
    *TIME_SHARE_VALID,  # set 377: a timeout's share
    *SCORE_FACTOR_VALID,  # set 379: a score's penalty
    *JUDGE_VALID,  # set 339: salvo-ai's pass mark
    *SMOOTHING_VALID,  # set 312: gelpy's image windows
    *OPTION_SHARE_VALID,  # set 301: sentences, a score
    *SPENT_VALID,  # set 307: money spent
    *BUDGET_SHARES_VALID,  # set 303: a sampler, no budget beside
    *USAGE_SHARE_VALID,  # set 306: memory, a score, seconds
    *FIT_MARGIN_VALID,  # set 315: a count of chunks
    *PAIRS_VALID,  # set 319: kader's message pairs
    *SIMILAR_VALID,  # set 327: questkit's Jaccard similarity
    *IMPORTANCE_VALID,  # set 329: memos-os's importance scores
    *YUAN_VALID,  # set 274: aifix-code's budget in yuan
    *UTIL_VALID,  # set 272: contextlens-ai's utilization
    *MEAN_VALID,  # set 263: kaos-harness's mean, obol-sdk's buffer
    *MONEY_VALID,  # set 285: pact-agents' share of dollars
    *HELD_VALID,  # set 287: statistics, similarity thresholds
    *MATCH_VALID,  # set 297: kp-build's title match
    # a disk's use cross-multiplied; a running total of characters or items
    Valid(READ_BY_PRECHECK + _CROSS.format(used="disk_used")),
    Valid(READ_BY_PRECHECK + _KEPT.format(added="len(str(group))")),
    # the room is ordered against a number of bytes, or the local is bound twice
    Valid(READ_BY_PRECHECK + _ROOM.format(estimate="len(self.history)")),
    Valid(
        READ_BY_PRECHECK
        + _ROOM.format(estimate="estimate_tokens(self.history)").replace(
            "        if ", "        room = 1\n        if "
        )
    ),
    # the budget's unit is not said beside it, or it is said to be money
    Valid(READ_BY_PRECHECK + _SQUEEZE.format(params="budget: int, total: int")),
    Valid(READ_BY_PRECHECK + _SQUEEZE.format(params="budget: float, spent_usd: float")),
    # review: a budget of another unit beside a count of tokens
    *(
        Valid(
            READ_BY_PRECHECK + _SQUEEZE.format(params=params).replace("budget *", params.split(":")[0] + " *")
        )
        for params in ("time_budget: float, prompt_tokens: int", "budget_usd: float, prompt_tokens: int")
    ),
    # review: the hook binds the window itself, unpacked with the disk's use (not the enclosing function's)
    Valid(
        _HOOK.format(window="get_context_window(model)", used="_tokens_used(messages)").replace(
            "        used = _tokens_used(messages)\n", "        used, window = get_disk_usage(messages)\n"
        )
    ),
    # the parameter's percent makes a share of no budget (a disk's size)
    Valid(READ_BY_PRECHECK + _HANDED.format(default="DEFAULT_THRESHOLD_PERCENT", budget="disk_size")),
    # the constant is not what the parameter defaults to
    Valid(READ_BY_PRECHECK + _HANDED.format(default="75.0", budget="disk_size")),
    # the locals are bound to calls that say no tokens
    Valid(READ_BY_PRECHECK + _HOOK.format(window="get_disk_size(model)", used="bytes_written(messages)")),
    # a local bound twice is not read through
    Valid(
        READ_BY_PRECHECK
        + _HOOK.format(
            window="get_disk_size(model)\n    window = get_context_window(model)", used="len(messages)"
        )
    ),
    # a fallback pair that is no context size
    Valid(READ_BY_PRECHECK + _FALLBACK.format(trigger='("weight", 0.85)')),
    *SET125_VALID,
    *SET131_VALID,  # set 132: half a window clamped against a reported threshold
    *SET133_VALID,  # set 133: a share of a count is no budget's
    *SET137_VALID,  # set 137: half of what is left of a budget
    *SET143_VALID,  # set 144: a bound product ordered against tokens
    *SET149_VALID,  # set 149: a score's cut-off by its parameter
    *SET153_VALID,  # set 154: a statistic's fallback
    *SET157_VALID,  # set 158: limits held in a named container
    *SET159_VALID,  # set 159: a share threshold checked on its way, and passed
    *SET161_VALID,  # set 162: a class's own share threshold against the window's share in use
    *SET167_VALID,  # set 168: a chunk overlap as a fraction beside a size in tokens
    *SET171_VALID,  # set 171: a budget grown into a copy, a reduction of a count
    *SET173_VALID,  # set 173: a share of what a reserve leaves of a budget
    *SET179_VALID,  # set 179: a growth of one count of tokens over another
    *SET181_VALID,  # set 181: a share of a window read with getattr or scaled first
    *SET183_VALID,  # set 183: a half handed on by position, a count with a safety margin
    *SCORE_VALID,  # set 185's check: a threshold documented as a similarity
    *SET187_VALID,  # set 188: a record's share of the context, a budget in dollars
    *UTILIZATION_VALID,  # set 197: a utilization share of a token budget
    *CELLS_VALID,  # set 198: a single-cell model's shares of cells
    *ROTATION_VALID,  # set 201: another share ordered against a setting
    *PRESSURE_VALID,  # set 207: levels of rows or bytes over a budget
    *DEDUP_VALID,  # set 209-210: a dedup cut-off, a theme colour, a classifying share
    *METER_VALID,  # set 209-210: a dedup cut-off, a theme colour, a classifying share
    *CONTENT_VALID,  # set 209-210: a dedup cut-off, a theme colour, a classifying share
    *PRICED_VALID,  # set 211: a share of tokens priced: money
    *HALF_VALID,  # set 190: no budget to fall back to, a window of lines
    *SHARE_VALID,  # set 193: a share of items, another class's property, a getter with arguments
    *ABOVE_VALID,  # set 192: a comment of another whole, a block of comments
    *SET155_VALID,  # set 155: a window's ratio getter
    *SHARES_VALID,  # set 234: a status code's ratio, a count of windows
    *NORMALIZED_VALID,  # set 239: a sample's ratio
    *MARGIN_VALID,  # set 240: a count of items
    *LEVELS_VALID,  # set 241: a rate of errors
    *FILL_VALID,  # set 247: rows, a gauge's colour
    *PROPORTION_VALID,  # set 248: rows
    *PERCENT_VALID,  # set 251: rows
    *SET487_PB105_VALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB105_VALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB105_VALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *MODEL_LIMIT_VALID,  # sets 505-507 (``pb101_set487_cases``)
    *REVIEW61_PB105_VALID,  # session 61's review (``pb101_set487_cases``)
)

#: Review: a percent handed on to a name only another scope decides (a disk's alarm beside a token check).
_TWO_SCOPES = (
    "DISK_ALERT_PERCENT = 90\n\n\n"
    "def check_tokens(used_tokens, max_tokens, threshold_percent=80.0):\n"
    "    return used_tokens >= max_tokens * threshold_percent / 100\n\n\n"
    "{disk}"
)

SET111_INVALID = (
    *RETRY_CAP_INVALID,  # set 467: thinkless's retry
    *BUDGET_PART_INVALID,  # set 449: cognis-engine's cost per hit
    *CONTEXT_PCT_INVALID,  # set 447: cogsession's percent of the window
    *FUZZY_INVALID,  # set 429: skillvariants' RapidFuzz scores
    *LOOP_SHARE_INVALID,  # set 427: intentops' loop budget
    *SEQ_HALF_INVALID,  # set 401: grpo-in-sandbox's prompt half
    *TOLERANCE_INVALID,  # set 395: repoview's tolerance
    *GAUGE_INVALID,  # set 395: a colour acted on
    *PERCENT_NAMED_INVALID,  # set 353: pengy's compaction percent
    *RETRIEVAL_INVALID,  # set 347: a compaction's threshold
    *ROWS_KEPT_INVALID,  # set 345: tokens kept
    *RETRY_INVALID,  # set 335: masterwork's retry
    *PORTION_INVALID,  # set 365: lowe's files' share
    *RISK_INVALID,  # set 369: a context's share used
    *TIME_SHARE_INVALID,  # set 377: a token share
    *SCORE_FACTOR_INVALID,  # set 379: a budget's share
    *JUDGE_INVALID,  # set 339: a compaction's threshold
    *SMOOTHING_INVALID,  # set 312: the same share beside a context
    *OPTION_SHARE_INVALID,  # set 301: lumberjack-py's options
    *SPENT_INVALID,  # set 307: axor-core's thresholds
    *BUDGET_SHARES_INVALID,  # set 303: velqua's ContextBudget
    *USAGE_SHARE_INVALID,  # set 306: lingtai-kernel
    *FIT_MARGIN_INVALID,  # set 315: zotero-mcp-server's passages
    *PAIRS_INVALID,  # set 319: a window of tokens
    *SIMILAR_INVALID,  # set 327: a share of a window
    *IMPORTANCE_INVALID,  # set 329: a budget's share
    *YUAN_INVALID,  # set 274's contrast: a budget of tokens
    *UTIL_INVALID,  # set 272: contextlens-ai's utilization
    *MEAN_INVALID,  # set 263: kaos-harness's mean, obol-sdk's buffer
    *MONEY_INVALID,  # set 285: a share of a whole budget
    *HELD_INVALID,  # set 287: icelake's meter
    *MATCH_INVALID,  # set 297: a threshold of no score
    # set 119: chiliarch, the percent cross-multiplied, and a fifth of the window the kept history may hold
    Invalid(_CROSS.format(used="used_tokens"), line=1),
    Invalid(_KEPT.format(added="provider.estimate_tokens(group)"), line=6),
    # the token check's own default only: the disk's percent is handed on to a scope that compares it with a
    # disk's use, or to a call the module does not define
    Invalid(
        _TWO_SCOPES.format(
            disk="def check_disk(path, threshold_percent=DISK_ALERT_PERCENT):\n"
            "    return disk_usage(path).percent >= threshold_percent\n"
        ),
        line=4,
    ),
    Invalid(
        _TWO_SCOPES.format(
            disk="def check_disk(path):\n    return disk_alarm(path, threshold_percent=DISK_ALERT_PERCENT)\n"
        ),
        line=4,
    ),
    # set 118: just-ralph-it, through a local bound to a token estimate
    Invalid(_ROOM.format(estimate="estimate_tokens(self.history)"), line=2),
    # set 116: aic-agent, a parameter named budget beside one holding tokens
    Invalid(_SQUEEZE.format(params="budget: int, total_tokens: int"), line=2),
    # set 111: roboz, the percent handed on as a parameter's default
    Invalid(_HANDED.format(default="DEFAULT_THRESHOLD_PERCENT", budget="max_tokens"), line=1),
    # set 114: miniouto, the operands read through the locals bound to calls
    Invalid(_HOOK.format(window="get_context_window(model)", used="_tokens_used(messages)"), line=1),
    # set 111: lc-agent-app, LangChain's context size as a setting read's fallback, bound or returned
    Invalid(_FALLBACK.format(trigger='("fraction", 0.85)'), line=2),
    Invalid('def keep_size(conf):\n    return parse(conf.get("keep")) or ("fraction", 0.20)\n', line=2),
    *SET125_INVALID,
    *SET131_INVALID,  # set 132: half a window clamped against a reported threshold
    *SET133_INVALID,  # set 133: a share of a count is no budget's
    *SET137_INVALID,  # set 137: half of what is left of a budget
    *SET143_INVALID,  # set 144: a bound product ordered against tokens
    *SET149_INVALID,  # set 149: a score's cut-off by its parameter
    *SET153_INVALID,  # set 154: a statistic's fallback
    *SET157_INVALID,  # set 158: limits held in a named container
    *SET159_INVALID,  # set 159: a share threshold checked on its way, and passed
    *SET161_INVALID,  # set 162: a class's own share threshold against the window's share in use
    *SET167_INVALID,  # set 168: a chunk overlap as a fraction beside a size in tokens
    *SET171_INVALID,  # set 171: a budget grown into a copy, a reduction of a count
    *SET173_INVALID,  # set 173: a share of what a reserve leaves of a budget
    *SET179_INVALID,  # set 179: a growth of one count of tokens over another
    *SET181_INVALID,  # set 181: a share of a window read with getattr or scaled first
    *SET183_INVALID,  # set 183: a half handed on by position, a count with a safety margin
    *SCORE_INVALID,  # set 185's check: a threshold documented as a similarity
    *SET187_INVALID,  # set 188: a record's share of the context, a budget in dollars
    *UTILIZATION_INVALID,  # set 197: a utilization share of a token budget
    *CELLS_INVALID,  # set 198: a single-cell model's shares of cells
    *ROTATION_INVALID,  # set 201: a rotation threshold on the share of the context used
    *PRESSURE_INVALID,  # set 207: levels of tokens over a budget
    *DEDUP_INVALID,  # set 209-210: the same as budget shares
    *METER_INVALID,  # set 209-210: the same as budget shares
    *CONTENT_INVALID,  # set 209-210: the same as budget shares
    *PRICED_INVALID,  # set 211: the same share, unpriced
    *HALF_INVALID,  # set 190: half the window clamped against a reserve
    *SHARE_INVALID,  # set 193: lerev's threshold on a property's share of the window
    *ABOVE_INVALID,  # set 192: one comment line saying a share of the context
    *SET155_INVALID,  # set 155: a window's ratio getter
    *SHARES_INVALID,  # set 234: shares kept for code, held back of a model's window
    *NORMALIZED_INVALID,  # set 239: memnixa's normalizer
    *MARGIN_INVALID,  # set 240: langxchange's margin in words
    *LEVELS_INVALID,  # set 241: castorice-agent's degradation levels
    *FILL_INVALID,  # set 247: contextviz's context-limit levels
    *PROPORTION_INVALID,  # set 248: mmore's safety margin
    *PERCENT_INVALID,  # set 251: oclawma's usage levels
    *SET487_PB105_INVALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB105_INVALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB105_INVALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *MODEL_LIMIT_INVALID,  # sets 505-507 (``pb101_set487_cases``)
)
