"""The configuration schema, as data: every key the resolver (``prompt_budget.config``) and
``prompt_budget.lint.options`` accept, with its table, forms, default, description and example.
``tests/unit/test_schema.py`` fails when the schema and the parsers drift. ``python -m
prompt_budget.schema [--write | --check]`` prints, rewrites or checks the reference generated from it
in ``docs/configuration.md``."""

from __future__ import annotations

from prompt_budget.schema.keys import PER_RULE, REQUIRED, TABLE_DEFAULTS, Key, Table
from prompt_budget.schema.render import (
    COMMAND,
    NAME,
    expected_page,
    generated_part,
    key_example,
    refresh,
    replace_generated,
    table_example,
    toml_literal,
)
from prompt_budget.schema.tables import BASELINE, FILES, LINT, LINT_RULE, STAGES, TABLES, TOKENS, TOP

__all__ = [
    "BASELINE",
    "COMMAND",
    "FILES",
    "LINT",
    "LINT_RULE",
    "NAME",
    "PER_RULE",
    "REQUIRED",
    "STAGES",
    "TABLES",
    "TABLE_DEFAULTS",
    "TOKENS",
    "TOP",
    "Key",
    "Table",
    "expected_page",
    "generated_part",
    "key_example",
    "refresh",
    "replace_generated",
    "table_example",
    "toml_literal",
]
