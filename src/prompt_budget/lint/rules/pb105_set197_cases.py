"""PB105's cases from set 197 (issue 19: devharness' context architecture). A share named for a utilization
(``utilization_target: float = 0.40``) that multiplies a token budget (``int(budget.max_tokens *
budget.utilization_target)``) is a share of that budget: the word says a share, not a device's memory, which
its other words say (``gpu_memory_utilization``, ``vram_utilization``). A share named only for a context
whose reads scale the cells of a batch and nothing else is a share of cells (set 198: arc-stack, a single-cell
model: ``context_shares``), and so is a bound of it (``context_ratio_min``). Spliced into
``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

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

#: arc-stack's inference (its module speaks of tokens, an encoder's, so the pre-check reads it): context cells taken from a batch, a schedule of the share, the share handed on.
_CELLS = (
    READ_BY_PRECHECK + "import numpy as np\n\n\n"
    "class Model:\n"
    "    def sample(self, n_cells_batch: int, cell_ratio: float = 0.5, context_ratio: float = 0.25) -> int:\n"
    "        return int((cell_ratio + context_ratio) * {amount})\n\n"
    "    def predict(self, prompt_ratio: float = 0.25, context_ratio: float = 0.25) -> int:\n"
    "        ratio = prompt_ratio + context_ratio\n"
    "        assert 0 < ratio < 1\n"
    "        return max(1, int(self.n_cells * (1 - ratio)))\n\n"
    "    def generate(self, context_ratio: float = 0.4, context_ratio_min: float = 0.2, steps: int = 4) -> list:\n"
    "        assert 0 <= context_ratio_min <= context_ratio < 1\n"
    "        return [self.predict(context_ratio=c) for c in np.linspace(context_ratio_min, context_ratio, steps)]\n"
)

CELLS_VALID = (Valid(_CELLS.format(amount="n_cells_batch")),)
CELLS_INVALID = (
    # the same share scaling a window: every default is one (the bound too, through the share it bounds)
    Invalid(_CELLS.format(amount="self.max_context_tokens"), count=4),
    # a share of a context handed on alone: its name decides
    Invalid(
        "def run(agent, context_ratio: float = 0.25):\n    return agent.compact(context_ratio=context_ratio)\n"
    ),
)
