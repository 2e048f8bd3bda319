"""PB107's cases from sets 63 and 64 (``Valid``/``Invalid``): model tables keyed by patterns of model
ids, and tables named for models whose rows hold budgets, kept apart from the rule module."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set283_cases import (
    DEPTHS_INVALID,
    DEPTHS_VALID,
    EMBEDDERS_INVALID,
    EMBEDDERS_VALID,
)
from prompt_budget.lint.rules.pb101_set303_cases import OWN_TABLE_INVALID, OWN_TABLE_VALID
from prompt_budget.lint.rules.pb101_set313_cases import CALL_ROWS_INVALID
from prompt_budget.lint.rules.pb101_set333_cases import INDEXED_INVALID, INDEXED_VALID
from prompt_budget.lint.rules.pb101_set457_cases import (
    ROLE_TABLE_INVALID,
    ROLE_TABLE_VALID,
)
from prompt_budget.lint.rules.pb101_set487_cases import (
    REVIEW61_PB107_INVALID,
    SET487_PB107_INVALID,
    SET487_PB107_VALID,
)
from prompt_budget.lint.rules.pb101_set597_cases import SINCE597_PB107_INVALID, SINCE597_PB107_VALID
from prompt_budget.lint.rules.pb103_set263_cases import CATALOG_INVALID, CATALOG_VALID
from prompt_budget.lint.rules.pb104_set237_cases import MODEL_CONTEXT_INVALID, MODEL_CONTEXT_VALID
from prompt_budget.lint.rules.pb105_set213_cases import FROZEN_INVALID, FROZEN_VALID
from prompt_budget.lint.rules.pb105_set225_cases import (
    COMMAND_ARGS_INVALID,
    COMMAND_ARGS_VALID,
    KEYED_ROWS_INVALID,
    KEYED_ROWS_VALID,
)
from prompt_budget.lint.rules.pb107_set75_cases import SET75_INVALID, SET75_VALID
from prompt_budget.lint.rules.pb107_set79_cases import SET79_INVALID, SET79_VALID
from prompt_budget.lint.rules.pb107_set85_cases import SET85_INVALID, SET85_VALID
from prompt_budget.lint.rules.pb107_set91_cases import SET91_INVALID, SET91_VALID
from prompt_budget.lint.rules.pb107_set93t_cases import SET93T_INVALID, SET93T_VALID
from prompt_budget.lint.rules.pb107_set97_cases import SET97_INVALID, SET97_VALID
from prompt_budget.lint.rules.pb107_set99s_cases import SET99S_INVALID, SET99S_VALID
from prompt_budget.lint.rules.pb107_set101_cases import SET101_INVALID, SET101_VALID
from prompt_budget.lint.rules.pb107_set105_cases import SET105_INVALID, SET105_VALID
from prompt_budget.lint.rules.pb107_set115_cases import SET115_INVALID, SET115_VALID
from prompt_budget.lint.rules.pb107_set125_cases import SET125_INVALID, SET125_VALID
from prompt_budget.lint.rules.pb107_set133_cases import SET133_INVALID, SET133_VALID
from prompt_budget.lint.rules.pb107_set155_cases import SET155_INVALID, SET155_VALID
from prompt_budget.lint.rules.pb107_set161_cases import SET161_INVALID, SET161_VALID
from prompt_budget.lint.rules.pb107_set181_cases import SET181_INVALID, SET181_VALID
from prompt_budget.lint.rules.pb107_set191_cases import SET191_INVALID, SET191_VALID
from prompt_budget.lint.rules.pb107_set201_cases import RECORD_INVALID, RECORD_VALID

SET63_VALID = (
    *SINCE597_PB107_VALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set597_cases``)
    *ROLE_TABLE_VALID,  # set 461: retries
    *INDEXED_VALID,  # set 355: a rate limit
    *OWN_TABLE_VALID,  # set 307: lines
    *CATALOG_VALID,  # set 268: olaiedge's lines of context
    *EMBEDDERS_VALID,  # set 285: embedding models' dimensions
    *DEPTHS_VALID,  # set 291: depths by lines
    # patterns of model ids keyed to vocabulary sizes, the name saying no window
    Valid('VOCAB_SIZE_MAPPING = {r"(openai/)?gpt-4o.*": 200_019, r"(openai/)?gpt-4(-[0-9]{4})?": 100_256}'),
    # a table named for models whose rows hold no budget: their sizes
    Valid(
        'MODELS = {"acme-7b-v1": {"layers": 32, "hidden": 4096}, "acme-13b-v1": {"layers": 40, "hidden": 5120}}'
    ),
    # an imported class's rows: a row standing alone, its default given by position (fields unknown),
    # or a row that is no budget
    Valid('from settings import Setting\nMAX = Setting("max_tokens", default_value=4096)\n'),
    Valid(
        'from settings import Setting\nROWS = [Setting("max_tokens", 4096, 4096), Setting("top_k", 0, 0)]\n'
    ),
    Valid(
        'from settings import Setting\nROWS = [Setting("temperature", default_value=1.0), Setting("seed", default=1234)]\n'
    ),
    *SET75_VALID,  # sets 75 and 76: tables of providers' windows
    *SET79_VALID,  # sets 79 and 80: tables built by a comprehension
    *SET85_VALID,  # sets 83 to 86: tables of tuple rows unpacked into a budget
    *SET91_VALID,  # sets 91 and 92: tables of tuple rows keyed by model, a row unpacked into budgets
    *SET93T_VALID,  # sets 93 and 94: a table whose row is the default of a field holding tokens
    *SET97_VALID,  # sets 97 and 98: tuple rows given to a class whose budget getter reads a column
    *SET101_VALID,  # sets 101 and 102: a class's rows whose positional field is a budget by its name
    *SET99S_VALID,  # sets 99 and 100 (tuner S): (model, window) pairs under a key per host
    *SET105_VALID,  # set 105 (tuner B): pairs keyed by a tuple of names; a level setting no budget
    *SET115_VALID,  # set 115: a table looked up where it is written
    *SET125_VALID,  # set 125: a row of a local table handed on as a budget
    *SET133_VALID,  # set 133: a table as a field's default
    *SET155_VALID,  # set 156: tiers of context windows
    *SET161_VALID,  # set 161: a table of caps a getter returns by key
    *SET181_VALID,  # set 181: a table of one row
    *SET191_VALID,  # set 192: records of prices or dates
    *RECORD_VALID,  # set 201: records of prices, dimensions, tasks; one record
    *FROZEN_VALID,  # set 213: a read-only table of lengths
    *COMMAND_ARGS_VALID,  # set 232: a shell command's arguments
    *KEYED_ROWS_VALID,  # sets 231-232: rows of timeouts, of limits of items
    *MODEL_CONTEXT_VALID,  # set 235: lines of context per model
    *SET487_PB107_VALID,  # set 495 (``pb101_set487_cases``)
)

SET63_INVALID = (
    *SINCE597_PB107_INVALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set597_cases``)
    *ROLE_TABLE_INVALID,  # set 461: agentlinter's tokens per role
    *INDEXED_INVALID,  # set 355: docforge-rag's embedding limits
    *OWN_TABLE_INVALID,  # set 307: axor-core's compressor
    *CALL_ROWS_INVALID,  # set 313: eden-cli's built-in models
    *CATALOG_INVALID,  # set 268: olaiedge's model catalogue
    *EMBEDDERS_INVALID,  # set 285: neatmem's embedding windows
    *DEPTHS_INVALID,  # set 291: skillsmith's depths by budget
    # rows of settings built by a class imported from elsewhere, the default given by keyword (set 64:
    # toolagents' ``ProviderSettings([LLMSetting("max_tokens", default_value=4096, ...), ...])``)
    Invalid(
        "from settings import LLMSetting, ProviderSettings\n\n"
        "def settings():\n    return ProviderSettings([\n"
        '        LLMSetting("top_k", default_value=0, neutral_value=0),\n'
        '        LLMSetting("max_tokens", default_value=4096, neutral_value=4096),\n    ])\n',
        line=6,
    ),
    # windows keyed by patterns of model ids, the provider optional (set 63: euroeval's
    # ``MODEL_MAX_LENGTH_MAPPING``, each key matched against the model's id by ``re.fullmatch``)
    Invalid(
        "MODEL_MAX_LENGTH_MAPPING = {\n"
        '    r"(openai/)?gpt-4-32k(-[0-9]{4})?": 32_767,\n'
        '    r"(anthropic/)?claude-haiku-4-5": 200_000,\n'
        '    r"(?:acme/)?odin-large.*": 202_752,\n'
        "}\n"
    ),
    # a table named for models, keyed by Bedrock's ids (a region and a vendor before the model's name),
    # each row holding a window and an output cap (set 64: orchestral-ai's Bedrock ``MODEL_DETAILS``)
    Invalid(
        "MODEL_DETAILS = {\n"
        "    'us.acme.alpha-4-5-20251001-v1:0': {'friendly_name': 'Alpha', 'context_window': 200000, 'family': 'acme'},\n"
        "    'acme.beta-v1:0': {'friendly_name': 'Beta', 'context_window': 300000, 'output_limit': 5000},\n"
        "}\n"
    ),
    *SET75_INVALID,
    *SET79_INVALID,
    *SET85_INVALID,
    *SET91_INVALID,
    *SET93T_INVALID,
    *SET97_INVALID,
    *SET101_INVALID,
    *SET99S_INVALID,
    *SET105_INVALID,
    *SET115_INVALID,  # set 115: a table looked up where it is written
    *SET125_INVALID,  # set 125: a row of a local table handed on as a budget
    *SET133_INVALID,  # set 133: a table as a field's default
    *SET155_INVALID,  # set 156: tiers of context windows
    *SET161_INVALID,  # set 161: a table of caps a getter returns by key
    *SET181_INVALID,  # set 181: a table of one row
    *SET191_INVALID,  # set 192: records opening on a model's limit
    *RECORD_INVALID,  # set 201: a list of records of models and their windows
    *FROZEN_INVALID,  # set 213: a read-only table of token limits
    *COMMAND_ARGS_INVALID,  # set 232: a table keyed by Cohere's models
    *KEYED_ROWS_INVALID,  # sets 231-232: rows of windows
    *MODEL_CONTEXT_INVALID,  # set 235: tokenol's models' contexts
    *SET487_PB107_INVALID,  # set 495 (``pb101_set487_cases``)
    *REVIEW61_PB107_INVALID,  # session 61's review (``pb101_set487_cases``)
)
