"""PB105's cases from what sets 99 and 100 left (issue 19, tuner W): a generic ratio held by a class with
no budget beside it (``class Policy: threshold_ratio = 0.8``), whose read in a function of the module
multiplies a budget (set 99: letscode's ``policy.threshold_ratio * context_window``): the data flow of its
reads decides, as for a ratio bound in a function (a class's own names do not wait for a budget further
out). A ratio whose name says nothing given at the same position of a call of the same function of the
module as a reported ratio, where that function multiplies the parameter (``shared_slots``; set 99:
lovia's ``TokenBudget``, ``self._resolve(self.trigger)`` and ``self._resolve(self.target)``). Spliced
into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units an amount may count instead of tokens.
_UNITS = OTHER_UNITS

#: A policy class holding a generic ratio, read in a function as ``{read}``.
_POLICY = (
    "from dataclasses import dataclass\n\n@dataclass(frozen=True)\nclass Policy:\n"
    "    {field}: float = 0.8\n    keep_recent: int = 4\n\n"
    "def should_compact(policy, state, {whole}):\n    used = {used}(state)\n    return {read}\n"
)

#: Watermarks of ``{whole}`` resolved by one method (``{body}``): ``trigger`` is a generic ratio name.
_WATERMARKS = (
    "class Budget:\n    {whole}: int = 100_000\n    trigger: float = 0.85\n    target: float = 0.6\n\n"
    "    def _resolve(self, value):\n        return {body}\n\n"
    "    def trigger_at(self):\n        return self._resolve(self.trigger)\n\n"
    "    def target_at(self):\n        return {target}\n"
)

SET99_VALID = (
    # watermarks of an amount of another unit: neither is a share of a budget
    *(
        Valid(
            _WATERMARKS.format(
                whole=f"max_{u}", body=f"int(value * self.max_{u})", target="self._resolve(self.target)"
            )
        )
        for u in _UNITS
    ),
    # the ratio multiplies an amount of another unit
    *(
        Valid(
            _POLICY.format(
                field="threshold_ratio",
                whole=f"max_{u}",
                used=f"count_{u}",
                read=f"used > policy.threshold_ratio * max_{u}",
            )
        )
        for u in _UNITS
    ),
    # the ratio is compared with a score, not a share of a budget
    Valid(
        _POLICY.format(
            field="threshold", whole="context_window", used="similarity", read="used >= policy.threshold"
        )
    ),
    # read nowhere (a class's ratio beside no budget stays quiet: set 17's turn detection)
    Valid("class TurnDetection:\n    threshold = 0.5\n    sample_rate = 16000\n    stop_secs = 0.8\n"),
    # the class's ratio scales a count of items in a function beside a budget
    Valid(
        "class Sampler:\n    threshold = 0.5\n\n"
        "def pick(sampler, items, max_tokens):\n    n = int(len(items) * sampler.threshold)\n"
        "    return items[:n], max_tokens\n"
    ),
)

SET99_INVALID = (
    # set 99: letscode's compaction policy, its ratio of the context window read in a function
    Invalid(
        _POLICY.format(
            field="threshold_ratio",
            whole="context_window",
            used="estimate_tokens",
            read="used > policy.threshold_ratio * context_window",
        ),
        line=5,
    ),
    Invalid(
        _POLICY.format(
            field="threshold",
            whole="max_tokens",
            used="count_tokens",
            read="used > int(max_tokens * policy.threshold)",
        ),
        line=5,
    ),
    # set 99: lovia's watermarks, the target resolved by the method that resolves the reported trigger
    Invalid(
        _WATERMARKS.format(
            whole="context_window",
            body="max(1, int(value * self.context_window))",
            target="self._resolve(self.target)",
        ),
        line=3,
        count=2,
    ),
    # a method that only checks the value, one multiplying another parameter, another function given it:
    # the trigger alone
    Invalid(
        _WATERMARKS.format(whole="context_window", body="check(value)", target="self._resolve(self.target)"),
        line=3,
    ),
    Invalid(
        _WATERMARKS.format(
            whole="max_tokens", body="int(value * self.max_tokens)", target="show(self.target)"
        ),
        line=3,
    ),
    Invalid(
        _WATERMARKS.format(
            whole="max_tokens",
            body="int(value * self.max_tokens)",
            target="self._resolve(0, self.target)",
        ),
        line=3,
    ),
)
