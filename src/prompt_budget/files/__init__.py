"""File budgets: which ``[[tool.prompt_budget.files]]`` entry applies to which file, YAML frontmatter,
presets, must-load totals and load-plan simulation.

Pure functions over a ``Config``; no pytest. The pytest items and ``prompt-budget check`` both call
``resolve`` (match files to entries, no counting) and then ``check_file`` / ``check`` (count and judge),
so a tree gets the same verdicts either way.

One module per concept, each importing the ones below it: ``imports`` (``@path`` imports),
``matching`` (entries and presets to files), ``settings`` (config > frontmatter > preset > default),
``measuring`` (counts), ``verdicts`` (files, missing paths, the must-load total), ``plans`` (load plans)
and ``check`` (the whole check, and ``explain``).

Check ids are stable, for baselines: a file is its path relative to ``config.root`` (``docs/ref.md``),
its always-loaded frontmatter ``docs/ref.md#frontmatter``, the must-load total ``must-load``, a load-plan
stage ``plan:<stage name>``; a missing literal path is that path and a glob matching nothing is the glob.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prompt_budget.files.check import (
    Explanation,
    FilesReport,
    HeadStart,
    check,
    check_file,
    count_ahead,
    explain,
    vocabulary_loader,
)
from prompt_budget.files.matching import FileSet, file_of, resolve, specificity
from prompt_budget.files.measuring import default_cache
from prompt_budget.text.frontmatter import parse_frontmatter

if TYPE_CHECKING:
    from prompt_budget.files.imports import scan_imports
    from prompt_budget.files.plans import StageResult

__all__ = [
    "Explanation",
    "FileSet",
    "FilesReport",
    "HeadStart",
    "StageResult",
    "check",
    "check_file",
    "count_ahead",
    "default_cache",
    "explain",
    "file_of",
    "parse_frontmatter",
    "resolve",
    "scan_imports",
    "specificity",
    "vocabulary_loader",
]


def __getattr__(name: str) -> Any:
    """``scan_imports`` and ``StageResult``, imported when first asked for: a check whose config
    follows no ``@path`` imports and has no load plan never loads their modules."""
    if name == "scan_imports":
        from prompt_budget.files.imports import scan_imports

        return scan_imports
    if name == "StageResult":
        from prompt_budget.files.plans import StageResult

        return StageResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
