"""The configuration schema, as data: every key the resolver (``prompt_budget.config``) accepts, with its
table, the forms a user writes it in, its default, a one-line description and an example.

``config.py`` stays the parser; this module describes it, and ``tests/unit/test_schema.py`` fails when
the two drift (a key one knows and the other does not, a default that differs, an example that does not
load). The configuration reference in ``docs/configuration.md`` is generated from it::

    python -m prompt_budget.schema            # print the generated reference
    python -m prompt_budget.schema --write    # rewrite it between the markers in docs/configuration.md
    python -m prompt_budget.schema --check    # exit 1 when the committed page is out of date

The ``[tool.prompt_budget.lint]`` keys are parsed by ``prompt_budget.lint.options``; they are described
here too (that module has no option table of its own), and the same test holds the two together.
"""

from __future__ import annotations

from prompt_budget.schema.keys import (
    PER_RULE,
    REQUIRED,
    TABLE_DEFAULTS,
    Key,
    Table,
    ValueType,
)
from prompt_budget.schema.render import (
    COMMAND,
    NAME,
    expected_page,
    generated_part,
    key_example,
    main,
    refresh,
    render_config_reference,
    replace_generated,
    table_example,
    toml_literal,
)
from prompt_budget.schema.tables import (
    BASELINE,
    FILES,
    LINT,
    LINT_RULE,
    OVERRIDES,
    SECTIONS,
    STAGES,
    TABLES,
    TOKENS,
    TOP,
    VALUES,
)

__all__ = [
    "BASELINE",
    "COMMAND",
    "FILES",
    "LINT",
    "LINT_RULE",
    "NAME",
    "OVERRIDES",
    "PER_RULE",
    "REQUIRED",
    "SECTIONS",
    "STAGES",
    "TABLES",
    "TABLE_DEFAULTS",
    "TOKENS",
    "TOP",
    "VALUES",
    "Key",
    "Table",
    "ValueType",
    "expected_page",
    "generated_part",
    "key_example",
    "main",
    "refresh",
    "render_config_reference",
    "replace_generated",
    "table_example",
    "toml_literal",
]
