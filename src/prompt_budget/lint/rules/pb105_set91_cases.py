"""PB105's cases from what sets 91 and 92 left (issue 19): half of a budget given as a limit keyword of a
call given the same budget whole (``budget_halves``); a field whose docstring says it is a fraction of the
context window, whatever its name (``described_shares``); and a generic share whose every read picks a
gauge's colour, no budget (``style_thresholds``). Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a budget may count instead of tokens.
_UNITS = OTHER_UNITS

_GAUGE = (
    "WARN_FRACTION = 0.75\n\n"
    "def gauge(used, context_window):\n    fraction = used / context_window\n    role = 'success'\n"
    "    if fraction >= WARN_FRACTION:\n        role = 'warning'\n"
    "    return fg(role, f'{used}/{context_window}')\n\n"
    "def plan(window):\n    role = 'muted'\n    if window.used_percent >= WARN_FRACTION * 100:\n"
    "        role = 'warning'\n    return fg(role, window.label)\n"
)

SET91_VALID = (
    # half of a limit in another unit beside the whole
    *(
        Valid(
            f"def ledger(config):\n    return Quota(max_run_input=config.max_input_{unit},\n"
            f"                 max_agent_input=max(4_000, config.max_input_{unit} // 2))\n"
        )
        for unit in _UNITS
    ),
    # half given under a keyword naming no limit, or beside another budget whole
    Valid(
        "def split(config):\n    return Splitter(chunk_tokens=config.chunk_tokens, overlap=config.max_tokens // 2,\n"
        "                    max_tokens=config.max_tokens)\n"
    ),
    Valid(
        "def ledger(config):\n    return TokenBudget(max_run_input=config.max_input_tokens,\n"
        "                       max_agent_output=config.max_output_tokens // 2)\n"
    ),
    # a fraction whose docstring says it is of something else than a budget
    *(
        Valid(
            "class ContextSettings:\n    keep_at: float = 0.80\n"
            f'    """Fraction of the {unit} kept across a compaction."""\n'
        )
        for unit in _UNITS
    ),
    Valid('class Settings:\n    compact_at: float = 0.80\n    """When to compact."""\n'),
    # set 92: hx-cli's status bar, a threshold picking the colour of a gauge of the window and of a plan
    Valid(_GAUGE),
)

SET91_INVALID = (
    # set 92: jarvis-agent-cli's per-agent budget, half the run's, given beside the run's whole budget
    Invalid(
        "def ledger(config):\n    return TokenBudget(max_run_input=config.max_input_tokens,\n"
        "                       max_agent_input=max(4_000, config.max_input_tokens // 2))\n",
        line=3,
    ),
    Invalid(
        "def ledger(config, multi):\n    return TokenBudget(\n        max_run_output=config.max_output_tokens,\n"
        "        max_agent_output=config.max_output_tokens // 2 if multi else config.max_output_tokens,\n    )\n",
        line=4,
    ),
    # set 92: hx-cli's auto-compaction trigger, a settings field its docstring calls a share of the window
    Invalid(
        "class ContextSettings:\n    compact_at: float = 0.80\n"
        '    """Fraction of the model context window that triggers auto-compaction."""\n',
        line=2,
    ),
    # the same threshold picking a level the function then acts on: no display
    Invalid(
        "WARN_FRACTION = 0.75\n\n"
        "def check(used, context_window, history):\n    fraction = used / context_window\n    level = 'ok'\n"
        "    if fraction >= WARN_FRACTION:\n        level = 'warning'\n"
        "    if level == 'warning':\n        history = history[-4:]\n    return history\n",
        line=1,
    ),
)
