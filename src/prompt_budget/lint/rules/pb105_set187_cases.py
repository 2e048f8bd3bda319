"""PB105's and PB104's cases from set 188 (issue 19: anjor's context alarms). A share ordered against a record's
filled share of the context read by key (``float(s.get("avg_context_utilisation", 0.0)) > 0.75``) or against a
mean of it (``avg_util = sum(m.get("avg_context_utilisation", 0.0) * m.get("call_count", 0) ...) / total``
... ``avg_util >= _CONTEXT_ERROR``) is a threshold on how full the window is (``fill_reads``); a level's name
(``_CONTEXT_ERROR``) says no error code beside the context. A ratio commented "5% of context window" is a share
of it. A share multiplying a budget of money (``budget_usd * _BUDGET_WARN_FRACTION``) is none of tokens
(``scaled_units``). PB104: an average of a size in bytes, bound to a local, divided into an estimate of tokens
(``avg = self._total_bytes[tool] / self._counts[tool]`` ... ``int(avg / 4)``, ``pb104_bytes``). Spliced into
``pb105_set111_cases`` (PB104's into ``pb104_set111_cases``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

#: anjor's advisor names tokens elsewhere in the module (the pre-check reads only such modules)
_ALARMS = (
    READ_BY_PRECHECK + "\n_CONTEXT_{level} = 0.90\n\n\n"
    "def insights(models: list) -> list:\n"
    "    total = sum(m.get('call_count', 0) for m in models)\n"
    "    if not total:\n        return []\n"
    "    avg = sum(m.get('{key}', 0.0) * m.get('call_count', 0) for m in models) / total\n"
    "    if avg >= _CONTEXT_{level}:\n        return ['approaching the limit']\n"
    "    return []\n"
)
_OVERLOADED = (
    READ_BY_PRECHECK
    + "\n\ndef overloaded(summaries):\n    return [s for s in summaries if float(s.get('{key}', 0.0)) > 0.75]\n"
)
_HOG = "_HOG_THRESHOLD: float = 0.05  # {comment}\n\nTOKENS_SEEN = 0\n"
_MONEY = (
    READ_BY_PRECHECK + "\n_BUDGET_WARN_FRACTION = 0.80\n\n\n"
    "def budget_insights(total_{unit}: float, budget_{unit}: float) -> list:\n"
    "    if total_{unit} >= budget_{unit} * _BUDGET_WARN_FRACTION:\n        return ['warn']\n"
    "    return []\n"
)

SET187_VALID = (
    # a record's other share (of errors, of a cache), a comment giving another whole, a budget in dollars
    Valid(_ALARMS.format(level="ERROR", key="avg_error_rate")),
    Valid(_ALARMS.format(level="WARN", key="avg_cache_hit_ratio")),
    Valid(_OVERLOADED.format(key="avg_cpu_utilisation")),
    Valid(_HOG.format(comment="5% of requests")),
    Valid(_MONEY.format(unit="usd")),
)

SET187_INVALID = (
    Invalid(_ALARMS.format(level="ERROR", key="avg_context_utilisation"), line=3),
    Invalid(_ALARMS.format(level="WARN", key="window_usage_ratio"), line=3),
    Invalid(_OVERLOADED.format(key="avg_context_utilisation"), line=5),
    Invalid(_HOG.format(comment="5% of context window"), line=1),
    Invalid(_MONEY.format(unit="tokens"), line=3),
)

#: PB104's, spliced into ``pb104_set111_cases``: the average size in bytes of a tool's outputs.
_AVERAGE = (
    "class Detector:\n    def __init__(self):\n        self._total_{unit} = {{}}\n        self._counts = {{}}\n\n"
    "    def record(self, tool: str) -> int:\n"
    "        avg = self._total_{unit}[tool] / self._counts[tool]\n"
    "        estimated_tokens = max(1, int(avg / 4))\n"
    "        return estimated_tokens\n"
)
BYTES_VALID = (
    Valid(_AVERAGE.format(unit="seconds")),
    Valid(_AVERAGE.format(unit="image_bytes")),
)
BYTES_INVALID = (Invalid(_AVERAGE.format(unit="bytes"), line=8),)
