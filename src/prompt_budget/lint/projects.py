"""Which project a linted file belongs to, for the project-wide passes that join facts of one project
only (a lint run over several packages at once must not let one package's code decide for another's)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact


@lru_cache(maxsize=4096)
def project_of(directory: Path) -> Path:
    """The project a file in ``directory`` belongs to: its outermost package (walking up while
    ``__init__.py`` exists), or its directory when it is not in a package."""
    top = directory
    while (top / "__init__.py").exists() and (top.parent / "__init__.py").exists():
        top = top.parent
    return top


def fact_project(fact: Fact, root: Path) -> Path:
    """The project of the module a fact was recorded in (``fact.path`` is relative to the root or
    absolute): what the project-wide passes group facts by."""
    return project_of(_folder(root, fact.path))


@lru_cache(maxsize=65536)
def _folder(root: Path, path: str) -> Path:
    """The folder of ``path`` under ``root``, made once per file: the project-wide passes ask for the
    project of each of a file's facts, and making the paths again was most of their time. (No file is
    looked at: ``project_of`` alone reads the folders.)"""
    return (root / path).parent
