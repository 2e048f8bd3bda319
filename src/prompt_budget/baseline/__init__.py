"""The baseline store and growth gates.

A baseline is a committed JSON file (default ``.prompt-budget/baseline.json``, its schema in
``docs/baselines.md``) holding, per check id, the tokens last accepted and the tokenizer that counted
them. A run measures the same ids again; ``compare`` turns the two into per-item rows (baseline, now,
delta, percent, status) and growth gates decide which rows fail. Nothing here imports pytest: the plugin
and the CLI both call ``run_baseline`` (``flow``), the one measure -> compare -> gate -> ratchet -> save
flow. ``store`` is the file, ``measure`` what a run measured, ``compare`` the gates, the comparison and
the ratchet, ``sections`` which Markdown sections grew, ``git`` the comparison with a git ref.
"""

from __future__ import annotations

from prompt_budget.baseline.compare import (
    Comparison,
    GrowthPolicy,
    ItemDelta,
    compare,
    describe_sections,
    format_growth,
    ratchet,
)
from prompt_budget.baseline.flow import BaselineOutcome, run_baseline
from prompt_budget.baseline.measure import (
    Measurement,
    measure_files,
    measured_from_records,
    measurement_of,
    rules_of,
)
from prompt_budget.baseline.sections import heading_counts, section_growth
from prompt_budget.baseline.store import (
    FILE_ENTRY_KINDS,
    HOW_TO_CREATE,
    Baseline,
    BaselineEntry,
    load_baseline,
    modify_baseline,
    save_baseline,
    update,
)

__all__ = [
    "FILE_ENTRY_KINDS",
    "HOW_TO_CREATE",
    "Baseline",
    "BaselineEntry",
    "BaselineOutcome",
    "Comparison",
    "GrowthPolicy",
    "ItemDelta",
    "Measurement",
    "compare",
    "describe_sections",
    "format_growth",
    "heading_counts",
    "load_baseline",
    "measure_files",
    "measured_from_records",
    "measurement_of",
    "modify_baseline",
    "ratchet",
    "rules_of",
    "run_baseline",
    "save_baseline",
    "section_growth",
    "update",
]
