"""PB105's cases from sets 81 and 82 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short:
the tokens entry of a table of budgets sized by a limit of steps (``item_rates``), the base of a share moving
with a variable (``share_bases``), a threshold on a local share of the window (``ratio_reads``), and ratios
whose docstring calls them shares of a character budget (``share_units``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS
from prompt_budget.lint.rules.pb105_set83_cases import SET83_INVALID, SET83_VALID
from prompt_budget.lint.rules.pb105_set87_cases import (
    SET87_BOUND_INVALID,
    SET87_BOUND_VALID,
    SET87_INVALID,
    SET87_VALID,
)
from prompt_budget.lint.rules.pb105_set89_cases import SET89_INVALID, SET89_VALID
from prompt_budget.lint.rules.pb105_set91_cases import SET91_INVALID, SET91_VALID
from prompt_budget.lint.rules.pb105_set93_cases import SET93_INVALID, SET93_VALID
from prompt_budget.lint.rules.pb105_set93t_cases import SET93T_INVALID, SET93T_VALID
from prompt_budget.lint.rules.pb105_set95_cases import SET95_INVALID, SET95_VALID
from prompt_budget.lint.rules.pb105_set97_cases import SET97_INVALID, SET97_VALID
from prompt_budget.lint.rules.pb105_set99_cases import SET99_INVALID, SET99_VALID
from prompt_budget.lint.rules.pb105_set101_cases import SET101_INVALID, SET101_VALID
from prompt_budget.lint.rules.pb105_set103x_cases import SET103X_INVALID, SET103X_VALID
from prompt_budget.lint.rules.pb105_set105_cases import SET105_INVALID, SET105_VALID
from prompt_budget.lint.rules.pb105_set107_cases import SET107_INVALID, SET107_VALID
from prompt_budget.lint.rules.pb105_set111_cases import SET111_INVALID, SET111_VALID

#: Units a budget may count instead of tokens.
_UNITS = OTHER_UNITS

_RATIOS = (
    'CONTEXT_BUDGET_WARNING_RATIO: float = 0.80\n"""Ratio of {whole} at which a hint is emitted."""\n\n'
    'CONTEXT_BUDGET_TARGET_RATIO: float = 0.70\n"""Target ratio after compaction."""\n'
)

SET81_VALID = (
    *SET83_VALID,  # sets 83 and 84
    *SET87_VALID,  # sets 87 and 88
    *SET87_BOUND_VALID,
    *SET89_VALID,  # sets 89 and 90
    *SET91_VALID,  # sets 91 and 92
    *SET93T_VALID,  # sets 93 and 94 (tuner T)
    *SET93_VALID,  # sets 93 and 94
    *SET95_VALID,  # sets 95 and 96 (tuner U)
    *SET97_VALID,  # sets 97 and 98 (tuner Q)
    *SET99_VALID,  # sets 99 and 100 (tuner W)
    *SET101_VALID,  # sets 101 and 102 (tuner Q)
    *SET103X_VALID,  # sets 103 and 104 (tuner X)
    *SET105_VALID,  # sets 105 and 106 (tuner A)
    *SET107_VALID,  # set 108: a gauge's colour
    *SET111_VALID,  # sets 111-114: percents handed on or read through locals, a fallback size
    # set 81: ratios documented as shares of a budget of characters (agent47), and one of the same family
    # under them, said a share of nothing
    *(Valid(_RATIOS.format(whole=whole)) for whole in ("context_max_chars", "max_prompt_bytes")),
    # a table of budgets whose tokens entry is no product of a limit of items, or an entry of another unit
    *(
        Valid(
            f"def start(rt, max_steps):\n    return rt.begin(budgets={{'{unit}': float(max_steps * 10_000)}})\n"
        )
        for unit in _UNITS
    ),
    Valid("def start(rt, steps):\n    return rt.begin(budgets={'tokens': float(steps * 10_000)})\n"),
    Valid("def start(rt, max_steps):\n    return rt.begin(options={'tokens': float(max_steps * 10_000)})\n"),
    Valid(
        "def start(rt, max_seconds):\n    return rt.begin(budgets={'tokens': float(max_seconds * 10_000)})\n"
    ),
    # a base beside a share of no token use
    Valid("def mix(t):\n    weight = 0.70 - 0.30 * t\n    return weight\n"),
    # a local share of no budget, or of a budget of another unit, compared with a literal
    *(
        Valid(
            f"def level(used_{u}, max_{u}):\n    ratio = used_{u} / max(1, max_{u})\n    return ratio >= 0.9\n"
        )
        for u in _UNITS
    ),
    Valid("def level(hits, total):\n    ratio = hits / max(1, total)\n    return ratio >= 0.9\n"),
    Valid("def level(a, b, context_window):\n    ratio = a / b\n    if ratio >= 0.9:\n        return 1\n"),
)

SET81_INVALID = (
    *SET83_INVALID,  # sets 83 and 84
    *SET87_INVALID,  # sets 87 and 88
    *SET87_BOUND_INVALID,
    *SET89_INVALID,  # sets 89 and 90
    *SET91_INVALID,  # sets 91 and 92
    *SET93T_INVALID,  # sets 93 and 94 (tuner T)
    *SET93_INVALID,  # sets 93 and 94
    *SET95_INVALID,  # sets 95 and 96 (tuner U)
    *SET97_INVALID,  # sets 97 and 98 (tuner Q)
    *SET99_INVALID,  # sets 99 and 100 (tuner W)
    *SET101_INVALID,  # sets 101 and 102 (tuner Q)
    *SET103X_INVALID,  # sets 103 and 104 (tuner X)
    *SET105_INVALID,  # sets 105 and 106 (tuner A)
    *SET107_INVALID,  # set 108: a gauge's colour
    *SET111_INVALID,  # sets 111-114: percents handed on or read through locals, a fallback size
    # set 81: the tokens entry of a table of budgets, a limit of steps times a rate (agent47's durable run)
    Invalid(
        "def start(rt, max_steps):\n"
        "    return rt.begin(budgets={'tokens': float(max_steps * 10_000), 'tool_calls': float(max_steps)})\n"
    ),
    Invalid(
        "def start(rt, cfg):\n    limits = {'tokens': cfg.max_iterations * 4000}\n    return rt.begin(limits)\n"
    ),
    # set 82: the base of a share moving with a position, the share given as a budget (felix-agent-sdk)
    Invalid(
        "def split(usable, t):\n    input_share = 0.70 - 0.30 * t\n"
        "    return Budget(max_input_tokens=int(usable * input_share))\n",
        count=2,
    ),
    # set 81: thresholds on a local share of the window used (oats-coder's pressure levels)
    Invalid(
        "def level(self, messages):\n    used = self.count_tokens(messages)\n"
        "    ratio = used / max(1, self.context_window)\n    if ratio >= 0.92:\n        return 'critical'\n"
        "    if ratio >= 0.65:\n        return 'medium'\n    return 'low'\n",
        count=2,
    ),
    # a docstring naming a token budget keeps a ratio of the same family
    Invalid(_RATIOS.format(whole="context_max_tokens"), count=2),
)
