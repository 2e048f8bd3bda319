"""Every table of the configuration and its keys, in the order the reference shows them (``TABLES``),
and the kinds of value they take."""

from __future__ import annotations

import json
from typing import Final

from prompt_budget.config import DEFAULT_BASELINE, DEFAULT_CACHE_DIR, LOAD_CLASSES, PRESETS
from prompt_budget.schema.keys import PER_RULE, REQUIRED, TABLE_DEFAULTS, Key, Table, ValueType

TOKENS: Final = ValueType("token amount", '8000 | 8_000 | "8k" | "1.5k" | "2M"')
TOKENS_OR_ZERO: Final = ValueType("token amount or 0", '0 | 4096 | "4k"')
FRACTION: Final = ValueType("fraction in (0, 1]", '0.8 | "80%"')
GROWTH: Final = ValueType("growth", '"5%" | 300 | "5% or 300" | ["5%", 300]')
GLOBS: Final = ValueType("glob or list of globs, `!` excludes", '"skills/**/*.md" | ["a/**", "!a/drafts/**"]')
BOOL: Final = ValueType("boolean", "true | false")
STRING: Final = ValueType("string", "")
PATH: Final = ValueType("path, relative to the configuration file", "")
NUMBER_GE_1: Final = ValueType("number >= 1", "1.2")
INTEGER: Final = ValueType("integer >= 0", "0 | 10")
STRINGS: Final = ValueType("string or list of strings", '"ephemeral" | ["ephemeral", "draft"]')
CODES: Final = ValueType("list of rule codes or prefixes", '["PB"] | ["PB101", "PB2"] | ["ALL"]')
NUMBERS: Final = ValueType("list of numbers", "[-1, 0, 1, 1024]")
TOKENIZER: Final = ValueType(
    "tokenizer spec",
    '"o200k_base" | "cl100k_base" | "chars4" | "conservative" | "words" | "calibrated:o200k_base" '
    '| "hf:PATH/tokenizer.json" | "anthropic:MODEL" | "gpt-4o"',
)
PRESET: Final = ValueType("preset name", " | ".join(json.dumps(p) for p in PRESETS))
LOAD: Final = ValueType("load class", " | ".join(json.dumps(c) for c in LOAD_CLASSES))
TABLE: Final = ValueType("table", "")
ARRAY: Final = ValueType("array of tables", "")


_RULE_OPTIONS: Final = (
    Key(
        "min-value",
        ValueType("whole number of tokens", '16 | "1k"'),
        PER_RULE,
        "Literals smaller than this are not reported.",
        "1000",
        default_note="each rule's own (see its page)",
    ),
    Key(
        "allowed-values",
        NUMBERS,
        (-1, 0, 1),
        "Literals never reported, whatever their size.",
        "[-1, 0, 1, 1024]",
    ),
    Key(
        "budget-names",
        ValueType("list of strings", '["chunk_size"]'),
        (),
        "Extra names (whole identifiers, any case) the rules treat as token budgets.",
        '["chunk_size"]',
    ),
    Key(
        "ignore-names",
        ValueType("list of strings", '["max_tokens_per_minute"]'),
        (),
        "Names never treated as budgets, though they look like one.",
        '["max_tokens_per_minute"]',
    ),
)

TOP: Final = Table(
    "",
    "Top level",
    "The keys of `[tool.prompt_budget]` in `pyproject.toml`, or the top of `prompt_budget.toml`.",
    keys=(
        Key(
            "tokenizer",
            TOKENIZER,
            "o200k_base",
            "How text is counted: an exact BPE, an estimate, a Hugging Face `tokenizer.json` (relative "
            "to this file), a provider's count API or a model name (see [tokenizers](tokenizers.md)).",
            '"cl100k_base"',
            default_note='`"o200k_base"`, or the model\'s own when `model` is set',
        ),
        Key(
            "model",
            STRING,
            None,
            "A model name; fills `context_window` from the model table (a dated name matches its "
            "family; see [models](models.md)), and `tokenizer` when none is set: the model's exact "
            "encoding (`gpt-4` counts with `cl100k_base`), else its calibrated estimate "
            "(`claude-sonnet-4-5` with `calibrated:claude-3`, `claude-opus-4-7` with "
            "`calibrated:claude-4.7`). An unknown model is an error unless `context_window` is set "
            "or it is declared under `[models]`.",
            '"gpt-4o"',
        ),
        Key(
            "context_window",
            TOKENS,
            None,
            "The context window in tokens; wins over the one `model` fills in.",
            '"128k"',
            default_note="none (the model's, when `model` is set)",
        ),
        Key(
            "reserved_output",
            TOKENS_OR_ZERO,
            0,
            "Tokens kept free for the reply. The usable budget is "
            "`int(context_window * usable_fraction) - reserved_output` and must stay positive.",
            '"8k"',
        ),
        Key(
            "usable_fraction",
            FRACTION,
            1.0,
            "The share of the context window you allow yourself (`200k`, `90%`, `8k` reserved: 172,000).",
            '"90%"',
        ),
        Key(
            "threshold",
            FRACTION,
            0.8,
            "Where reports start warning that a check is close to its cap.",
            '"75%"',
        ),
        Key(
            "safety_multiplier",
            NUMBER_GE_1,
            1.0,
            "An estimate's counts are multiplied by it before they are compared with caps and recorded "
            "in the baseline (headroom for an estimate): fixture and API checks, file budgets and the "
            "must-load total. Exact counts are not multiplied; `prompt-budget count` shows raw counts.",
            "1.2",
        ),
        Key(
            "sections",
            TABLE,
            {},
            "Caps per section of an assembled prompt: section name = token amount.",
            default_note="empty",
            see="sections",
        ),
        Key("total", TOKENS, None, "A cap on the sum of all sections.", '"20k"'),
        Key(
            "files",
            ARRAY,
            (),
            "Rules for prompt files on disk: globs, caps, load classes (see [file budgets](files.md)).",
            default_note="none",
            see="files",
        ),
        Key(
            "baseline",
            TABLE,
            TABLE_DEFAULTS,
            "Where the baseline is stored and how much counts may grow over it "
            "(see [baselines](baselines.md)).",
            default_note="its keys' defaults",
            see="baseline",
        ),
        Key(
            "stages",
            ARRAY,
            (),
            "A load plan: stages in order, each the file entries it loads.",
            default_note="none",
            see="stages",
        ),
        Key(
            "preset",
            PRESET,
            None,
            "A named set of `files` entries for a known agent layout.",
            '"claude-code"',
        ),
        Key(
            "harnesses",
            ValueType("list of harness names", '["claude-code", "codex", "cursor"]'),
            (),
            "The agent harnesses whose files to find and check, each by the rules it loads files by "
            "(see [agent harnesses](files.md#agent-harnesses)): the must-load total per harness and per folder, the "
            "skill listing, the AGENTS.md chain, each harness's own limits.",
            '["claude-code", "codex"]',
        ),
        Key(
            "harness",
            TABLE,
            {},
            "Per harness (`[harness.codex]`): `must_load_max_tokens`, and `limits = {name = amount}` "
            "overriding a default limit in the harness's own unit; a `[harness.NAME]` with `rules` "
            "declares a harness of your own (see [agent harnesses](files.md#agent-harnesses)). Without "
            "`harnesses`, the harnesses configured here are the ones selected.",
            "{ codex = { limits = { agents-chain = 65536 } } }",
            default_note="empty",
        ),
        Key(
            "lint",
            TABLE,
            {},
            "Rule selection and options for `prompt-budget lint` (see [lint](lint.md)).",
            default_note="empty",
            see="lint",
        ),
        Key(
            "values",
            TABLE,
            {},
            "Named budget values moved out of code (by `lint --fix`), read back with "
            "`prompt_budget.value(name)`.",
            default_note="empty",
            see="values",
        ),
        Key(
            "ephemeral_keys",
            STRINGS,
            ("ephemeral",),
            "Message keys that leave a message out of the count "
            "(see [counting messages](counting-messages.md)).",
            '["ephemeral", "draft"]',
        ),
        Key(
            "image_tokens",
            TOKENS,
            1600,
            "The flat cost of an image whose size is unknown, and of each input that cannot be "
            "measured locally: a PDF, audio, a file by ID, encrypted server-tool content "
            "(see [counting messages](counting-messages.md)).",
            "1200",
        ),
        Key(
            "cache_dir",
            PATH,
            DEFAULT_CACHE_DIR,
            "Where the on-disk count cache lives; the folder gets its own `.gitignore`.",
            '".cache/prompt-budget"',
        ),
        Key(
            "models",
            TABLE,
            {},
            "Models declared or overridden: model name = table of figures.",
            default_note="empty",
            see="models",
        ),
    ),
)

SECTIONS: Final = Table(
    "sections",
    "Sections",
    "Caps for the sections of an assembled prompt, checked by `check_sections` and the fixture.",
    free_form=Key(
        "<section name>",
        TOKENS,
        None,
        "The cap on that section.",
        '"8k"',
    ),
    extra_example=('system_prompt = "8k"', "tools = 2_000", 'history = "12k"'),
)

FILES: Final = Table(
    "files",
    "Files",
    "An array of tables, one rule for files on disk each; a file matched by several entries gets the "
    "most specific one (see [file budgets](files.md)).",
    array=True,
    preamble=('path = "skills/**/SKILL.md"',),
    keys=(
        Key("path", GLOBS, REQUIRED, "Which files the entry covers.", '["prompts/*.md", "!prompts/old/**"]'),
        Key(
            "max_tokens",
            TOKENS,
            None,
            "The cap per file (for a file with always-loaded frontmatter, the cap of its body).",
            '"5k"',
        ),
        Key(
            "load",
            LOAD,
            None,
            "`must`: always loaded, never shed; `skippable` (the default when unset): may be shed.",
            '"must"',
        ),
        Key(
            "name",
            STRING,
            None,
            "The entry's name in tables, and how a load-plan stage refers to it.",
            '"skills"',
        ),
        Key("priority", INTEGER, 0, "The shedding order of skippable files: lowest first.", "10"),
        Key(
            "message",
            STRING,
            None,
            "Printed under the failure, to say what to do about it.",
            '"split the skill into references"',
        ),
        Key(
            "frontmatter_max_tokens",
            TOKENS,
            None,
            "The cap of the always-loaded frontmatter (when unset: `max_tokens`).",
            "200",
        ),
        Key("max_growth", GROWTH, None, "A growth gate for these files, instead of the baseline's.", '"10%"'),
        Key("ratchet", BOOL, False, "Lower the baseline when one of these files shrinks.", "true"),
        Key(
            "follow_imports",
            BOOL,
            None,
            "Count the files these files pull in with `@path` imports (Claude Code memory files), "
            "each with the importer's `load`, as rows of their own.",
            "true",
        ),
        Key(
            "conditional_frontmatter",
            STRING,
            None,
            "A frontmatter key that makes a file conditional: a file whose frontmatter sets it counts as "
            "skippable whatever `load` says (Claude Code rules with `paths:`).",
            '"paths"',
        ),
    ),
)

BASELINE: Final = Table(
    "baseline",
    "Baseline",
    "The stored counts that growth is measured against (`--prompt-budget-update` writes them).",
    keys=(
        Key("path", PATH, DEFAULT_BASELINE, "The baseline file.", '"budgets/baseline.json"'),
        Key(
            "max_growth",
            GROWTH,
            None,
            'How much a count may grow over the baseline; with both parts (`"5% or 300"`) both must be '
            "exceeded to fail.",
            '"5% or 300"',
        ),
        Key("ratchet", BOOL, False, "Lower the baseline when a count shrinks.", "true"),
        Key(
            "overrides",
            TABLE,
            {},
            "Growth gates for some checks: check id glob = growth.",
            default_note="empty",
            see="baseline-overrides",
        ),
    ),
)

OVERRIDES: Final = Table(
    "baseline.overrides",
    "Baseline overrides",
    "Growth gates for the checks whose id matches a glob (`*` matches any run of characters, `/` and `::` "
    "too; the longest matching pattern wins), before a `files` entry's and `baseline.max_growth`.",
    free_form=Key("<check id glob>", GROWTH, None, "The growth gate for matching checks.", '"20%"'),
    extra_example=('"tests/test_agent.py::test_planner*" = "20%"', '"must-load" = 500'),
)

STAGES: Final = Table(
    "stages",
    "Stages",
    "A load plan: an array of stages, in the order an agent loads them.",
    array=True,
    preamble=('name = "startup"', 'files = ["CLAUDE.md"]'),
    keys=(
        Key("name", STRING, REQUIRED, "The stage's name in reports.", '"skills"'),
        Key(
            "files",
            ValueType("entry name or glob, or a list of them", '"CLAUDE.md" | ["skills", "docs/*.md"]'),
            REQUIRED,
            "What the stage loads: `files` entry names or globs.",
            '["skills", ".claude/agents/*.md"]',
        ),
    ),
)

LINT: Final = Table(
    "lint",
    "Lint",
    "Options for `prompt-budget lint` and `--prompt-budget-lint`. Keys may be spelt with `-` or `_`.",
    keys=(
        Key("select", CODES, ("PB",), "Rule codes or prefixes to run (`PB1` = every PB1xx).", '["PB1"]'),
        Key("ignore", CODES, (), "Rule codes or prefixes not to run.", '["PB106"]'),
        Key(
            "per-file-ignores",
            ValueType("table of glob = list of codes", '{ "tests/**" = ["PB1"] }'),
            {},
            "Codes ignored in the files matching each glob.",
            '{ "tests/**" = ["PB1"] }',
            default_note="empty",
        ),
        Key(
            "exclude",
            ValueType("list of globs", '["vendor/**"]'),
            (),
            "Files and folders not linted, relative to the configuration file.",
            '["vendor/**"]',
        ),
        Key(
            "report-tests",
            BOOL,
            False,
            "Count findings in test modules (`tests/`, `test_*.py`, `*_test.py`, `conftest.py`); by default "
            "they are suppressed, listed by `--show-suppressed`.",
            "true",
        ),
        *_RULE_OPTIONS,
    ),
)

LINT_RULE: Final = Table(
    "lint.<rule>",
    "Lint rule options",
    "One rule's options, by code (`[tool.prompt_budget.lint.PB103]`) or name "
    "(`[tool.prompt_budget.lint.token-threshold]`); they override the same keys of `[lint]`.",
    keys=_RULE_OPTIONS,
    header_name="lint.PB103",
)

VALUES: Final = Table(
    "values",
    "Values",
    "Budget values moved out of code, read back with `prompt_budget.value(name)`.",
    free_form=Key(
        "<name>",
        ValueType("number, string or table", "8000 | 0.8 | { gpt-4o = 128000 }"),
        None,
        "A value your code reads by name.",
        "8000",
    ),
    extra_example=(
        "summarize_max_tokens = 1024",
        "compact_ratio = 0.8",
        "",
        "[tool.prompt_budget.values.context_windows]",
        '"gpt-4o" = 128000',
    ),
)

MODELS: Final = Table(
    "models",
    "Models",
    "Declare a model the [model table](models.md) does not know, or override a known one's figures "
    '(`[tool.prompt_budget.models."my-model"]`). `model = "my-model"`, `count(..., model=...)` and '
    "`check(..., model=...)` then find it.",
    keys=(
        Key(
            "context_window",
            TOKENS,
            REQUIRED,
            "The model's context window (required for a new model).",
            '"128k"',
        ),
        Key("max_output", TOKENS, None, "The model's output limit.", '"16k"', default_note="none"),
        Key(
            "tokenizer",
            TOKENIZER,
            None,
            "How the model is counted (any tokenizer spec).",
            '"hf:tokenizers/my-model/tokenizer.json"',
            default_note='the known model\'s, else `"calibrated:o200k_base-classes"`',
        ),
        Key(
            "family",
            STRING,
            None,
            "A free label (`openai`, `mistral`, `in-house`...).",
            '"in-house"',
            default_note="none",
        ),
        Key(
            "api",
            STRING,
            None,
            "The provider whose count API counts it exactly: `anthropic`, `google` or `openai`.",
            '"openai"',
            default_note="none",
        ),
    ),
    header_name='models."my-model"',
)

#: Every table of the configuration, in the order the reference shows them.
TABLES: Final = (TOP, SECTIONS, FILES, BASELINE, OVERRIDES, STAGES, LINT, LINT_RULE, VALUES, MODELS)
