"""The one configuration resolver.

Configuration lives in ``[tool.prompt_budget]`` of the nearest ``pyproject.toml`` that has that table,
or at the top level of a ``prompt_budget.toml`` (which wins when both sit in one folder), or in an
explicit file. Keys are removed as they are parsed; whatever is left is warned about with the closest
known key. Every error is a ``ConfigError`` naming the file and the key and what was expected.

``parse`` holds the value parsers, ``load`` the resolver (and ``line_of``, where the file writes a key),
and ``edit`` changes a file with tomlkit, keeping its comments and layout (imported only by writers).
"""

from __future__ import annotations

from prompt_budget.config.load import (
    BASELINE_KEYS,
    DEFAULT_BASELINE,
    DEFAULT_CACHE_DIR,
    FILE_KEYS,
    PRESETS,
    PYPROJECT,
    STAGE_KEYS,
    STANDALONE,
    TOP_KEYS,
    BaselineConfig,
    Config,
    find_config,
    line_of,
    load_config,
    parse_files,
    toml_problem,
)
from prompt_budget.config.parse import LOAD_CLASSES, parse_fraction, parse_growth, parse_tokens

__all__ = [
    "BASELINE_KEYS",
    "DEFAULT_BASELINE",
    "DEFAULT_CACHE_DIR",
    "FILE_KEYS",
    "LOAD_CLASSES",
    "PRESETS",
    "PYPROJECT",
    "STAGE_KEYS",
    "STANDALONE",
    "TOP_KEYS",
    "BaselineConfig",
    "Config",
    "find_config",
    "line_of",
    "load_config",
    "parse_files",
    "parse_fraction",
    "parse_growth",
    "parse_tokens",
    "toml_problem",
]
