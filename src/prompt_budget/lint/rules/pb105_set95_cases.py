"""PB105's cases from what sets 95 and 96 left (issue 19): a share bound to a name and handed, by
position or keyword, to a function or class of the module for a parameter whose default is a reported
budget ratio (``passed_ratios``; set 96: armature-ai's ``BudgetTracker(BUDGET_LIMIT, COST_PER_TOKEN,
WARNING_THRESHOLD)`` for ``warn_at: float = 0.8``). The field of a config class read elsewhere as the
factor of a window is project-wide (tests/lint/test_set95_u_project.py). Spliced into
``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a tracker may count instead of tokens.
_UNITS = OTHER_UNITS

_TRACKER = (
    "class Tracker:\n    def __init__(self, limit: int, warn_at: float = 0.8):\n"
    "        self.limit = limit\n        self.warn_at = warn_at\n        self.{unit} = 0\n\n"
    "    def record(self, n):\n        self.{unit} += n\n"
    "        if self.{unit} / self.limit >= self.warn_at:\n            print('warning')\n\n"
)

SET95_VALID = (
    # the same tracker counting another unit: its default is no budget ratio, nor what is given for it
    *(
        Valid(_TRACKER.format(unit=f"total_{unit}") + "WARN = 0.9\ntracker = Tracker(1000, WARN)\n")
        for unit in _UNITS
    ),
)

SET95_INVALID = (
    # a name bound to a read, or an attribute given: only the default is reported
    Invalid(
        _TRACKER.format(unit="total_tokens")
        + "def run(cfg):\n    warn = cfg.warn\n    return Tracker(1000, warn_at=warn)\n",
        line=2,
    ),
    Invalid(
        _TRACKER.format(unit="total_tokens") + "def run(cfg):\n    return Tracker(1000, cfg.share)\n", line=2
    ),
    # by position and by keyword, a module's constant and a function's local
    Invalid(
        _TRACKER.format(unit="total_tokens") + "WARNING_THRESHOLD = 0.75\n"
        "tracker = Tracker(10000, WARNING_THRESHOLD)\n",
        count=2,
    ),
    Invalid(
        _TRACKER.format(unit="total_tokens")
        + "def run():\n    warn = 0.9\n    return Tracker(10000, warn_at=warn)\n",
        count=2,
    ),
)
