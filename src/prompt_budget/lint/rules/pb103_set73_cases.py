"""PB103's cases from sets 73 and 74 (issue 19): a rung of a ladder of thresholds on one token count
below the rule's smallest threshold (``threshold_ladders``); with them, the cases of sets 67-71 and of the
equality reading (``pb103_equal_budgets``), set 205's (``pb103_set205_cases``) and set 263's (``pb103_set263_cases``). Spliced into ``pb103_token_threshold``."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set283_cases import (
    ESTIMATE_INVALID,
    ESTIMATE_VALID,
    SUMMED_INVALID,
    SUMMED_VALID,
)
from prompt_budget.lint.rules.pb101_set303_cases import (
    CONTEXT_ESTIMATE_INVALID,
    CONTEXT_ESTIMATE_VALID,
    RATED_FLOOR_INVALID,
    RATED_FLOOR_VALID,
    THINKING_INVALID,
    THINKING_VALID,
    TWINS_INVALID,
    TWINS_VALID,
)
from prompt_budget.lint.rules.pb101_set313_cases import (
    GIVE_UP_INVALID,
    GIVE_UP_VALID,
    OUTLIERS_INVALID,
    OUTLIERS_VALID,
    REMAINING_PCT_INVALID,
    REMAINING_PCT_VALID,
    RESERVE_CLAMP_INVALID,
    RESERVE_CLAMP_VALID,
)
from prompt_budget.lint.rules.pb101_set333_cases import (
    NESTING_INVALID,
    NESTING_VALID,
    SPENT_INVALID,
    SPENT_VALID,
)
from prompt_budget.lint.rules.pb101_set365_cases import CHAR_PAYLOAD_INVALID, CHAR_PAYLOAD_VALID
from prompt_budget.lint.rules.pb101_set389_cases import (
    UNIT_SWITCH_INVALID,
    UNIT_SWITCH_VALID,
)
from prompt_budget.lint.rules.pb101_set457_cases import (
    RETURNED_CLAMP_INVALID,
    RETURNED_CLAMP_VALID,
    TRIMMED_LABEL_INVALID,
    TRIMMED_LABEL_VALID,
)
from prompt_budget.lint.rules.pb101_set487_cases import (
    REVIEW61_PB103_VALID,
    SET487_PB103_INVALID,
    SET487_PB103_VALID,
)
from prompt_budget.lint.rules.pb101_set521_cases import SET521_PB103_INVALID, SET521_PB103_VALID
from prompt_budget.lint.rules.pb101_set597_cases import SINCE597_PB103_INVALID, SINCE597_PB103_VALID
from prompt_budget.lint.rules.pb103_equal_budgets import EQUAL_INVALID, EQUAL_VALID
from prompt_budget.lint.rules.pb103_set67_cases import SET67_INVALID, SET67_VALID
from prompt_budget.lint.rules.pb103_set69_cases import SET69_INVALID, SET69_VALID
from prompt_budget.lint.rules.pb103_set71_cases import SET71_INVALID, SET71_VALID
from prompt_budget.lint.rules.pb103_set75_cases import SET75_INVALID, SET75_VALID
from prompt_budget.lint.rules.pb103_set83_cases import SET83_INVALID, SET83_VALID
from prompt_budget.lint.rules.pb103_set85_cases import SET85_INVALID, SET85_VALID
from prompt_budget.lint.rules.pb103_set85_floors_cases import SET85_FLOOR_INVALID, SET85_FLOOR_VALID
from prompt_budget.lint.rules.pb103_set91_cases import SET91_INVALID, SET91_VALID
from prompt_budget.lint.rules.pb103_set95_cases import SET95_INVALID, SET95_VALID
from prompt_budget.lint.rules.pb103_set97_cases import SET97_INVALID, SET97_VALID
from prompt_budget.lint.rules.pb103_set97p_cases import SET97_INVALID as SET97P_INVALID
from prompt_budget.lint.rules.pb103_set97p_cases import SET97_VALID as SET97P_VALID
from prompt_budget.lint.rules.pb103_set101q_cases import SET101Q_INVALID, SET101Q_VALID
from prompt_budget.lint.rules.pb103_set103x_cases import SET103X_INVALID, SET103X_VALID
from prompt_budget.lint.rules.pb103_set115_cases import SET115_INVALID, SET115_VALID
from prompt_budget.lint.rules.pb103_set129_cases import SET129_INVALID, SET129_VALID
from prompt_budget.lint.rules.pb103_set137_cases import SET137_INVALID, SET137_VALID
from prompt_budget.lint.rules.pb103_set145_cases import SET145_INVALID, SET145_VALID
from prompt_budget.lint.rules.pb103_set149_cases import SET149_INVALID, SET149_VALID
from prompt_budget.lint.rules.pb103_set153_cases import SET153_INVALID, SET153_VALID
from prompt_budget.lint.rules.pb103_set155_cases import SET155_INVALID, SET155_VALID
from prompt_budget.lint.rules.pb103_set181_cases import SET181_INVALID, SET181_VALID
from prompt_budget.lint.rules.pb103_set183_cases import SET183_INVALID, SET183_VALID
from prompt_budget.lint.rules.pb103_set196_cases import WINDOW_INVALID, WINDOW_VALID
from prompt_budget.lint.rules.pb103_set199_cases import CLAMP_INVALID, CLAMP_VALID
from prompt_budget.lint.rules.pb103_set205_cases import VALUE_INVALID, VALUE_VALID
from prompt_budget.lint.rules.pb103_set263_cases import IF_CLAMP_INVALID, IF_CLAMP_VALID
from prompt_budget.lint.rules.pb104_set189_cases import TYPED_INVALID, TYPED_VALID
from prompt_budget.lint.rules.pb104_set247_cases import (
    FLOOR_RAISED_INVALID,
    FLOOR_RAISED_VALID,
    SHOWN_COST_INVALID,
    SHOWN_COST_VALID,
)
from prompt_budget.lint.rules.pb105_set211_cases import (
    FALLBACK_VALID,
    FLOOR_INVALID,
    PIECES_INVALID,
    PIECES_VALID,
)
from prompt_budget.lint.rules.pb105_set213_cases import (
    MAPPING_INVALID,
    MAPPING_VALID,
    VALIDATED_INVALID,
    VALIDATED_VALID,
)
from prompt_budget.lint.rules.pb105_set225_cases import VOCABULARY_INVALID, VOCABULARY_VALID

_LADDER = (
    "def route(text):\n    est_tokens = len(text) / 4\n    if est_tokens > 400:\n        return 'long'\n"
)

SET73_VALID = (
    *RETURNED_CLAMP_VALID,  # set 479: a timeout
    *TRIMMED_LABEL_VALID,  # set 473: bisheng-helix's label
    *UNIT_SWITCH_VALID,  # set 395: a unit guessed
    *NESTING_VALID,  # set 353: aport's nesting depth
    *SPENT_VALID,  # set 343: characters taken off
    *CHAR_PAYLOAD_VALID,  # set 365: a payload's characters
    *TWINS_VALID,  # set 303: retries, no twin
    *CONTEXT_ESTIMATE_VALID,  # set 305: rows
    *THINKING_VALID,  # set 303: a cap of retries
    *RATED_FLOOR_VALID,  # set 305: rows, lines
    *RESERVE_CLAMP_VALID,  # set 311: a budget taken off the clamp
    *GIVE_UP_VALID,  # set 313: a warning, not a floor
    *OUTLIERS_VALID,  # set 315: seconds
    *REMAINING_PCT_VALID,  # set 321: percona's percentage left
    *IF_CLAMP_VALID,  # set 262: clamps written as ifs of other things
    *SUMMED_VALID,  # set 285: seconds summed
    *ESTIMATE_VALID,  # set 287: a word estimate
    # a small threshold alone; a ladder of lines, characters, messages, seconds, cost
    Valid(
        "def route(text):\n    est_tokens = len(text) / 4\n    if est_tokens < 20:\n        return 'short'\n"
    ),
    Valid(
        "def route(text):\n    n_lines = text.count('\\n')\n    if n_lines > 400:\n        return 'long'\n"
        "    if n_lines < 20:\n        return 'short'\n"
    ),
    Valid(
        "def route(text):\n    chars = len(text)\n    if chars > 400:\n        return 'long'\n"
        "    if chars < 20:\n        return 'short'\n"
    ),
    Valid(
        "def route(messages):\n    n = len(messages)\n    if n > 400:\n        return 'long'\n"
        "    if n < 20:\n        return 'short'\n"
    ),
    Valid(
        "def wait(started, now):\n    seconds = now - started\n    if seconds > 400:\n        return 'slow'\n"
        "    if seconds < 20:\n        return 'fast'\n"
    ),
    Valid(
        "def tier(cost):\n    if cost > 400:\n        return 'dear'\n    if cost < 20:\n        return 'cheap'\n"
    ),
    *SET75_VALID,  # sets 75 and 76
    *SET83_VALID,  # sets 83 and 84
    *SET85_VALID,  # sets 85 and 86
    *SET85_FLOOR_VALID,  # set 85: floors of shares
    *SET91_VALID,  # sets 91 and 92
    *SET95_VALID,  # sets 95 and 96 (tuner U)
    *SET97_VALID,  # sets 97 and 98 (tuner R)
    *SET181_VALID,  # set 181: a count shown in a unit, handed on
    *SET183_VALID,  # set 183: a clamp's floor, one of a list of counts
    *WINDOW_VALID,  # set 196: a read in another unit, clamped
    *CLAMP_VALID,  # set 199: a clamp of amounts named in another unit
    *VALUE_VALID,  # set 205: a lexer's token's value
    *PIECES_VALID,  # set 211: pieces of a string; an or-fallback of rows
    *MAPPING_VALID,  # set 213: a dict cache's entries
    *VOCABULARY_VALID,  # set 227: a set of keywords
    *VALIDATED_VALID,  # set 221: a validator of retries
    *FALLBACK_VALID,  # set 211: pieces of a string; an or-fallback of rows
    *SET97P_VALID,  # sets 97 and 98 (tuner P)
    *SET101Q_VALID,  # sets 101 and 102 (tuner Q)
    *SET103X_VALID,  # sets 103 and 104 (tuner X)
    *SET115_VALID,  # set 115: a budget read with its fallback
    *EQUAL_VALID,  # set 124: a budget compared for equality
    *SET67_VALID,
    *SET69_VALID,
    *SET71_VALID,
    *SET129_VALID,  # set 130: a budget getter's value in a local
    *SET137_VALID,  # set 138: a cap on a share of a local budget
    *SET145_VALID,  # set 145: a budget picking a tier; a clamp under a budget's key
    *SET149_VALID,  # set 149: a limit of tokens turned into characters
    *SET153_VALID,  # set 154: what is left of a budget
    *SET155_VALID,  # set 156: a floor stored as the budget a step later
    *TYPED_VALID,  # set 189: `tokens` typed as bytes or text
    *SHOWN_COST_VALID,  # set 247: a branch pricing
    *FLOOR_RAISED_VALID,  # set 255: rows
    *SET487_PB103_VALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB103_VALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB103_VALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *REVIEW61_PB103_VALID,  # session 61's review (``pb101_set487_cases``)
)

SET73_INVALID = (
    *RETURNED_CLAMP_INVALID,  # set 479: ctx-tool's output budget
    *TRIMMED_LABEL_INVALID,  # set 473: a value kept, not shown
    *UNIT_SWITCH_INVALID,  # set 395: a reserve
    *NESTING_INVALID,  # set 353: a window's bound
    *SPENT_INVALID,  # set 343: ctxeng's floor
    *CHAR_PAYLOAD_INVALID,  # set 365: a floor of tokens
    *TWINS_INVALID,  # set 303: velqua's truncation floors
    *CONTEXT_ESTIMATE_INVALID,  # set 305: rulence's check
    *THINKING_INVALID,  # set 303: mm-ctx's thinking cap
    *RATED_FLOOR_INVALID,  # set 305: tokkit-ai's baselines
    *RESERVE_CLAMP_INVALID,  # set 311: aleph-rlm's trimming
    *GIVE_UP_INVALID,  # set 313: agentkernel-cli's thinking headroom
    *OUTLIERS_INVALID,  # set 315: o11y-reflect's context explosions
    *REMAINING_PCT_INVALID,  # set 321: tokens left
    *IF_CLAMP_INVALID,  # set 262: aient's clamps written as ifs
    *SUMMED_INVALID,  # set 285: pact-agents' tokens summed per phase
    *ESTIMATE_INVALID,  # set 287: warderbox's routing ladder
    *SET153_INVALID,  # set 154: what is left of a budget
    *SET155_INVALID,  # set 156: a floor stored as the budget a step later
    *TYPED_INVALID,  # set 189: `tokens` typed as a list of ids
    *SHOWN_COST_INVALID,  # set 247: contextviz's cost shown in a message
    *FLOOR_RAISED_INVALID,  # set 255: investorch's compaction room
    # the short-question rung under the long-prompt ones (set 74: acorn-agent's router)
    Invalid(_LADDER + "    if text.endswith('?') and est_tokens < 25:\n        return 'short'\n", count=2),
    Invalid(_LADDER + "    elif est_tokens <= 20:\n        return 'short'\n", count=2),
    # below the lint's smallest budget even as a rung: only the 400
    Invalid(_LADDER + "    if est_tokens < 12:\n        return 'tiny'\n", count=1),
    *SET75_INVALID,
    *SET83_INVALID,
    *SET85_INVALID,  # sets 85 and 86
    *SET85_FLOOR_INVALID,
    *SET91_INVALID,  # sets 91 and 92
    *SET95_INVALID,  # sets 95 and 96 (tuner U)
    *SET97_INVALID,  # sets 97 and 98 (tuner R)
    *SET181_INVALID,  # set 181: a count shown in a unit, handed on
    *SET183_INVALID,  # set 183: a clamp's floor, one of a list of counts
    *WINDOW_INVALID,  # set 196: a window read into a local, clamped
    *CLAMP_INVALID,  # set 199: a clamp of amounts named for tokens, or by nothing
    *VALUE_INVALID,  # set 205: a count of tokens named so
    *PIECES_INVALID,  # set 211: a list of tokens; an or-fallback sizing num_ctx
    *MAPPING_INVALID,  # set 213: a list of token ids
    *VOCABULARY_INVALID,  # set 227: a list of words split
    *VALIDATED_INVALID,  # set 221: a validator of a token amount
    *FLOOR_INVALID,  # set 211: a list of tokens; an or-fallback sizing num_ctx
    *SET97P_INVALID,  # sets 97 and 98 (tuner P)
    *SET101Q_INVALID,  # sets 101 and 102 (tuner Q)
    *SET103X_INVALID,  # sets 103 and 104 (tuner X)
    *SET115_INVALID,  # set 115: a budget read with its fallback
    *EQUAL_INVALID,  # set 124: a budget compared for equality
    *SET67_INVALID,
    *SET69_INVALID,
    *SET71_INVALID,
    *SET129_INVALID,  # set 130: a budget getter's value in a local
    *SET137_INVALID,  # set 138: a cap on a share of a local budget
    *SET145_INVALID,  # set 145: a budget picking a tier; a clamp under a budget's key
    *SET149_INVALID,  # set 149: a limit of tokens turned into characters
    *SET487_PB103_INVALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB103_INVALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB103_INVALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
)
