"""PB105's cases from set 197 (issue 19: devharness' context architecture). A share named for a utilization
(``utilization_target: float = 0.40``) that multiplies a token budget (``int(budget.max_tokens *
budget.utilization_target)``) is a share of that budget: the word says a share, not a device's memory, which
its other words say (``gpu_memory_utilization``, ``vram_utilization``). Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ARCHITECTURE = (
    "class ContextArchitecture:\n"
    "    def __init__(self, *, {budget}: int = 0, {share}: float = 0.40) -> None:\n"
    "        self._{budget} = {budget}\n"
    "        self._{share} = {share}\n\n"
    "    def target(self) -> int:\n"
    "        return int(self._{budget} * self._{share})\n"
)
_DIRECT = "def target({budget}: int, {share}: float = 0.40) -> int:\n    return int({budget} * {share})\n"

UTILIZATION_VALID = (
    # a share of a device's memory, of a number of workers, of memory in bytes
    Valid(_DIRECT.format(budget="max_tokens", share="gpu_memory_utilization")),
    Valid(_DIRECT.format(budget="total_bytes", share="utilization_target")),
    Valid(_DIRECT.format(budget="max_workers", share="cpu_utilization")),
    Valid(_ARCHITECTURE.format(budget="max_tokens", share="gpu_memory_utilization")),
)
UTILIZATION_INVALID = (
    # set 197: devharness' target share of its context budget
    Invalid(_DIRECT.format(budget="max_tokens", share="utilization_target"), line=1),
    Invalid(_DIRECT.format(budget="context_window", share="window_utilization"), line=1),
    Invalid(_ARCHITECTURE.format(budget="max_tokens", share="utilization_target"), line=2),
)
