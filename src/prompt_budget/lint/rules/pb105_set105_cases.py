"""PB105's cases from what sets 105 and 106 left (issue 19, tuner A; set 105: ankaloop's context budget).

* A share bound to a name naming a budget ratio by a key: a dict entry (``{"tool_budget_ratio": 0.45}``)
  or a keyed read's fallback (``raw.get("tool_budget_ratio", 0.45)``, ``getattr(cfg, "tool_budget_ratio",
  0.45)``, with the same value given beside it to the helper taking the read), judged as the field is
  (``keyed_ratios``).
* A local bound to a keyed read through a helper of the package's (``ratio = self._clamp(getattr(cfg,
  "response_ratio", 0.30), default=0.30)``) multiplying a window the class stores from a budget read
  (``self.model_window = get_model_context_window(model)``): the read's fallback, and the field, the
  settings dict's entry and the other reads' fallbacks under that key in the project.
* A share multiplying what a margin leaves of a budget (``available = int(self.context_window * (1 -
  margin))`` ... ``int(available * self.config.target_ratio)``): a share of that budget (``kept_budgets``).

Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units an amount may count instead of tokens.
_UNITS = OTHER_UNITS
#: Unit words a budget ratio's name may hold and stay quiet whatever binds it (the field too).
_QUIET_UNITS = ("chars", "bytes", "seconds", "cost", "price")

#: A share named as a budget ratio of ``{unit}``, as a dict entry and as a read's fallback.
_KEYED = (
    'DEFAULTS = {{"max_{unit}": 1000, "summary_{unit}_ratio": 0.4}}\n\n\n'
    'def read(raw, cfg):\n    share = float(raw.get("summary_{unit}_ratio", 0.4))\n'
    '    return share, getattr(cfg, "summary_{unit}_ratio", 0.4)\n'
)

#: A share read through a clamping helper, multiplying a limit the class stores from a getter of ``{unit}``.
_CLAMPED = (
    "class Planner:\n    def __init__(self, model, config):\n"
    "        self.model_limit = get_model_{unit}_limit(model)\n        self.config = config\n\n"
    "    def reserve(self):\n"
    '        reply_share = self._clamp(getattr(self.config, "reply_share", 0.25), default=0.25)\n'
    "        return int(self.model_limit * reply_share)\n\n"
    "    @staticmethod\n    def _clamp(value, default):\n        return min(max(float(value), 0.0), 0.9)\n"
)

#: A share of what a margin leaves of a limit of ``{unit}``, stored as the goal of ``{unit}``.
_KEPT = (
    "class TrimConfig:\n    margin: float = 0.1\n    goal_share: float = 0.3\n\n\n"
    "class Trimmer:\n    def __init__(self, config, limit_{unit}):\n        self.config = config\n"
    "        self.limit_{unit} = limit_{unit}\n\n"
    "    def plan(self):\n        available = int(self.limit_{unit} * (1 - self.config.margin))\n"
    "        self.goal = int(available * self.config.goal_share)\n"
)

SET105_VALID = (
    # a field bound once to a budget getter and once to a number (annotated) or grown in place is no budget
    Valid(
        "class Gauge:\n    def __init__(self, model):\n        self.span: int = 40\n\n"
        "    def reset(self, model):\n        self.span = get_model_context_window(model)\n\n"
        "    def room(self):\n        ratio = getattr(self.cfg, 'scale', 0.8)\n        return int(self.span * ratio)\n"
    ),
    *(Valid(_KEYED.format(unit=unit)) for unit in _QUIET_UNITS),
    *(Valid(_CLAMPED.format(unit=unit)) for unit in _UNITS),
    *(Valid(_KEPT.format(unit=unit)) for unit in _UNITS),
    # a key tied to a budget by ``memory`` alone: a device's share, a recall's cut-off (a tuned package's)
    Valid(
        "def load(path, cfg):\n"
        '    opts = {"gpu_memory_utilization": 0.9, "kv_memory_fraction": 0.8}\n'
        '    return LLM(path, swap=getattr(cfg, "kv_memory_fraction", 0.8), **opts)\n'
    ),
    Valid(
        "def settings(memory):\n"
        '    return {"memory_limit": int(memory.get("memory_limit", 5)),\n'
        '            "memory_threshold": float(memory.get("memory_threshold", 0.3))}\n'
    ),
    # the rows of a table of shares read by a key that multiplies no budget: judged as the table, once
    Valid(
        'PROFILES = {\n    "low": {"max_tokens_pct": 0.33, "steps": 4},\n'
        '    "high": {"max_tokens_pct": 0.9, "steps": 8},\n}\n'
    ),
    # a ratio named for memory, a share of the machine's memory
    Valid(
        "import psutil\n\n"
        'DEFAULTS = {"cache_memory_ratio": 0.4}\n\n\n'
        'def limit(raw):\n    return psutil.virtual_memory().total * float(raw.get("cache_memory_ratio", 0.4))\n'
    ),
    # a score's cut-off read by key; a read's fallback that is no share
    Valid('def keep(hit, cfg):\n    return hit.score >= cfg.get("summary_score_threshold", 0.8)\n'),
    Valid('def turns(cfg):\n    return cfg.get("summary_turns", 4)\n'),
    # the window stored from a getter in one method and from a number of lines in another: unknown unit
    Valid(
        "class Planner:\n    def __init__(self, model, config):\n"
        "        self.model_limit = get_model_context_window(model)\n        self.config = config\n\n"
        "    def narrow(self, lines):\n        self.model_limit = len(lines)\n\n"
        "    def reserve(self):\n"
        '        reply_share = self._clamp(getattr(self.config, "reply_share", 0.25), default=0.25)\n'
        "        return int(self.model_limit * reply_share)\n"
    ),
    # what a margin leaves of a budget, then scaled by a factor that is not a share (a rate of lines)
    Valid(
        "def plan(context_window, margin, lines_per_token):\n"
        "    available = int(context_window * (1 - margin))\n    return available * lines_per_token\n"
    ),
)

SET105_INVALID = (
    # a settings dict's entry and a decoder's fallback under a budget ratio's name (set 105: config.py)
    Invalid(
        'DEFAULTS = {"context": {"min_prompt_budget": 2500, "tool_budget_ratio": 0.45}}\n',
        line=1,
        key="tool_budget_ratio",
    ),
    Invalid(
        "def decode(raw):\n"
        '    return Config(tool_budget_ratio=float(str(raw.get("tool_budget_ratio", 0.45))))\n',
        line=2,
    ),
    # ``getattr``'s fallback, with the same value given to the helper beside it (set 105: context_budget.py)
    Invalid(
        "class Manager:\n    def shares(self):\n"
        '        return {"tools": self._positive(getattr(self.config, "tool_budget_ratio", 0.45), 0.45)}\n',
        count=2,
    ),
    Invalid(_KEYED.format(unit="tokens"), count=3),
    # a table of shares whose key multiplies a budget: once, at its first share (``keyed_shares``)
    Invalid(
        'PROFILES = {\n    "low": {"max_tokens_pct": 0.33, "steps": 4},\n'
        '    "high": {"max_tokens_pct": 0.9, "steps": 8},\n}\n\n\n'
        'def budget(level, max_tokens):\n    return int(max_tokens * PROFILES[level]["max_tokens_pct"])\n',
        line=2,
    ),
    # a share read through a clamping helper multiplying the window the class stores (set 105)
    Invalid(
        _CLAMPED.format(unit="context").replace("get_model_context_limit", "get_model_context_window"), line=7
    ),
    # the same, with a field of that name in the module (the project-wide pass joins the settings dict's
    # entry and the other reads' fallbacks under the key: tests/lint/test_set105_a_project.py)
    Invalid(
        "from dataclasses import dataclass\n\n\n@dataclass\nclass ReplyConfig:\n"
        "    max_prompt_tokens: int = 2500\n    reply_share: float = 0.25\n\n\n"
        + _CLAMPED.format(unit="context").replace("get_model_context_limit", "get_model_context_window"),
        count=2,
    ),
    # a share of what a margin leaves of the window (set 105: compaction.py's ``target_ratio``)
    Invalid(_KEPT.format(unit="tokens").replace("margin: float = 0.1", "margin = None"), line=3),
)
