"""File budgets: which ``[[tool.prompt_budget.files]]`` entry applies to which file, YAML frontmatter,
presets, must-load totals and load-plan simulation.

Pure functions over a ``Config``; no pytest. The pytest items and ``prompt-budget check`` both call
``resolve`` (match files to entries, no counting) and then ``check_file`` / ``check`` (count and judge),
so a tree gets the same verdicts either way.

One module per concept, each importing the ones below it: ``imports`` (``@path`` imports),
``matching`` (entries and presets to files), ``settings`` (config > frontmatter > preset > default),
``measuring`` (counts), ``verdicts`` (files, missing paths, the must-load total), ``plans`` (load plans),
``report`` (the whole check) and ``explain``.

Check ids are stable, for baselines: a file is its path relative to ``config.root`` (``docs/ref.md``),
its always-loaded frontmatter ``docs/ref.md#frontmatter``, the must-load total ``must-load``, a load-plan
stage ``plan:<stage name>``; a missing literal path is that path and a glob matching nothing is the glob.
"""

from __future__ import annotations

from prompt_budget.files.explain import Explanation, explain
from prompt_budget.files.imports import MAX_IMPORT_DEPTH, ImportProblem, ImportRef, scan_imports
from prompt_budget.files.matching import (
    Candidate,
    FileMatch,
    FileSet,
    file_of,
    load_preset,
    resolve,
    specificity,
)
from prompt_budget.files.measuring import Measured, default_cache, measure
from prompt_budget.files.plans import PlanResult, StageResult
from prompt_budget.files.report import FilesReport, check, check_file
from prompt_budget.files.settings import Effective
from prompt_budget.text.frontmatter import (
    ALWAYS_LOADED_KEYS,
    Frontmatter,
    FrontmatterError,
    parse_frontmatter,
)

__all__ = [
    "ALWAYS_LOADED_KEYS",
    "MAX_IMPORT_DEPTH",
    "Candidate",
    "Effective",
    "Explanation",
    "FileMatch",
    "FileSet",
    "FilesReport",
    "Frontmatter",
    "FrontmatterError",
    "ImportProblem",
    "ImportRef",
    "Measured",
    "PlanResult",
    "StageResult",
    "check",
    "check_file",
    "default_cache",
    "explain",
    "file_of",
    "load_preset",
    "measure",
    "parse_frontmatter",
    "resolve",
    "scan_imports",
    "specificity",
]
