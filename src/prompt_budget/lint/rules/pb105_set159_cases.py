"""PB105's cases from sets 159 and 160 (issue 19): a share threshold stored through a check of its own name
(set 159: ultrastable's ``self.critical_fraction = _require_float(critical_fraction, "critical_fraction")``)
and compared with a share of the window computed as ``float(tokens_total) / float(self.max_tokens)``, in a
local first bound to ``None`` or to a reading kept elsewhere (``float(snapshot.values["context_util"])``);
and a fraction passed for such a parameter (``ContextPressureDetector(critical_fraction=0.92)``:
``budget_overrides``). The same shapes over a share of money, or a fraction passed for a parameter whose
default is no budget ratio, are not; nor a threshold named for the context compared with a local bound only
to a score (set 160: manul-engine's ``_conf = _confidence(best_score)``: ``score_defaults``). Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_DETECTOR = (
    "def _require_float(value, name, *, maximum=None):\n"
    "    return float(value)\n\n\n"
    "class Detector:\n"
    "    def __init__(self, {budget}: int = 4000, critical_fraction: float = 0.95):\n"
    "        self.{budget} = {budget}\n"
    "        self.critical_fraction = _require_float(critical_fraction, 'critical_fraction', maximum=1.0)\n\n"
    "    def evaluate(self, step, snapshots):\n"
    "        utilization = None\n"
    "        if snapshots:\n"
    "            utilization = float(snapshots[-1].values['context_util'])\n"
    "        if utilization is None:\n"
    "            utilization = float(step.{used}) / float(self.{budget})\n"
    "        if utilization >= self.critical_fraction:\n"
    "            return 'critical'\n"
    "        return None\n\n\n"
    "def build():\n"
    "    return Detector({budget}=2200, critical_fraction={passed})\n"
)

#: A cut-off on a confidence score named like a share of the context (set 160: manul-engine).
_GATE = (
    "SCALE = 177_778\nTHRESHOLD_CONTEXT_REUSE = 0.056\n\n\n"
    "def _confidence(score):\n    return score / SCALE\n\n\n"
    "def resolve(top, best_score, used_tokens):\n"
    "    _conf = {bound}\n"
    "    if _conf >= THRESHOLD_CONTEXT_REUSE:\n        return top[0]\n    return None\n"
)

#: Two rungs of one utilisation, the warning's beside the window (set 159: ultrastable's ContextRotDetector).
_RUNGS = (
    "class ContextRotDetector:\n"
    "    def __init__(self, warn_threshold=0.75, critical_threshold=0.9, max_tokens=4000):\n"
    "        self.warn_threshold = warn_threshold\n"
    "        self.critical_threshold = critical_threshold\n"
    "        self.max_tokens = max_tokens\n\n"
    "    def evaluate(self, series):\n"
    "        end = series[-1]\n"
    "        if end >= self.critical_threshold:\n            return 'critical'\n"
    "        if {reading} >= self.warn_threshold:\n            return 'warn'\n"
    "        return None\n"
)

SET159_VALID = (
    Valid(_GATE.format(bound="_confidence(best_score)")),
    Valid(_GATE.format(bound="scale(best_score)")),
    Valid(_DETECTOR.format(budget="budget_usd", used="cost_usd", passed="0.92")),
    # the local is also bound to a difference: no share of the window alone
    Valid(
        _DETECTOR.format(budget="max_tokens", used="tokens_total", passed="0.92").replace(
            "float(snapshots[-1].values['context_util'])", "step.tokens_total - step.cached"
        )
    ),
)

SET159_INVALID = (
    # the warning beside the window, and the critical rung ordered against the same reading
    Invalid(_RUNGS.format(reading="end"), line=2, count=2),
    # a rung against another reading: the warning alone
    Invalid(_RUNGS.format(reading="series[0]"), line=2),
    Invalid(_GATE.format(bound="scale(used_tokens)"), line=2),
    # the default, and the fraction the module passes for it
    Invalid(_DETECTOR.format(budget="max_tokens", used="tokens_total", passed="0.92"), line=6, count=2),
    Invalid(
        _DETECTOR.format(budget="max_tokens", used="tokens_total", passed="0.92").split("\n\n\ndef build")[0],
        line=6,
    ),
)
