"""PB101's cases from set 111 (issue 19): LangChain's ``("tokens", N)`` context size as the fallback of a setting
read, bound or returned (``trigger = parse(conf.get("trigger")) or ("tokens", 170_000)``; the ``("fraction", x)``
form of lc-agent-app's is PB105's) (``forms.size_slot``). Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK
from prompt_budget.lint.rules.pb101_set127_cases import SET127_INVALID, SET127_VALID
from prompt_budget.lint.rules.pb101_set133_cases import SET133_INVALID, SET133_VALID
from prompt_budget.lint.rules.pb101_set137_cases import SET137_INVALID, SET137_VALID
from prompt_budget.lint.rules.pb101_set145_cases import SET145_INVALID, SET145_VALID
from prompt_budget.lint.rules.pb101_set147_cases import SET147_INVALID, SET147_VALID
from prompt_budget.lint.rules.pb101_set151_cases import SET151_INVALID, SET151_VALID
from prompt_budget.lint.rules.pb101_set153_cases import SET153_INVALID, SET153_VALID
from prompt_budget.lint.rules.pb101_set157_cases import SET157_INVALID, SET157_VALID
from prompt_budget.lint.rules.pb101_set159_cases import SET159_INVALID, SET159_VALID
from prompt_budget.lint.rules.pb101_set167_cases import SET167_INVALID, SET167_VALID
from prompt_budget.lint.rules.pb101_set169_cases import SET169_INVALID, SET169_VALID
from prompt_budget.lint.rules.pb101_set171_cases import SET171_INVALID, SET171_VALID
from prompt_budget.lint.rules.pb101_set175_cases import SET175_INVALID, SET175_VALID
from prompt_budget.lint.rules.pb101_set283_cases import (
    BESIDE_INVALID,
    BESIDE_VALID,
    BUCKET_INVALID,
    BUCKET_VALID,
    DEFAULTS_TUPLE_INVALID,
    DEFAULTS_TUPLE_VALID,
    ENV_HELPER_INVALID,
    ENV_HELPER_VALID,
    SMALL_ENV_INVALID,
    SMALL_ENV_VALID,
)
from prompt_budget.lint.rules.pb101_set303_cases import ANNOTATED_ENV_INVALID, ANNOTATED_ENV_VALID
from prompt_budget.lint.rules.pb101_set313_cases import (
    ENV_OR_INVALID,
    ENV_OR_VALID,
    FORECASTER_INVALID,
    FORECASTER_VALID,
    TERMS_INVALID,
    TERMS_VALID,
)
from prompt_budget.lint.rules.pb101_set333_cases import (
    CLS_FALLBACK_INVALID,
    CLS_FALLBACK_VALID,
    PROFILE_OVERLAP_INVALID,
    PROFILE_OVERLAP_VALID,
    PROMPTED_INVALID,
    PROMPTED_VALID,
)
from prompt_budget.lint.rules.pb101_set389_cases import (
    CHAR_GETTER_INVALID,
    CHAR_GETTER_VALID,
    ENV_METHOD_INVALID,
    ENV_METHOD_VALID,
    MODEL_CONFIG_INVALID,
    MODEL_CONFIG_VALID,
    OPTION_BOUNDS_INVALID,
    OPTION_BOUNDS_VALID,
)
from prompt_budget.lint.rules.pb101_set427_cases import (
    HELPER_LIMITS_INVALID,
    HELPER_LIMITS_VALID,
    NESTED_READER_INVALID,
    NESTED_READER_VALID,
    OWN_PARAM_INVALID,
    OWN_PARAM_VALID,
    ROW_STORE_INVALID,
    ROW_STORE_VALID,
    SPEC_DESCRIBED_INVALID,
    SPEC_DESCRIBED_VALID,
    STRING_LATER_INVALID,
    STRING_LATER_VALID,
)
from prompt_budget.lint.rules.pb101_set457_cases import (
    ENV_CUT_INVALID,
    ENV_CUT_VALID,
    REVIEW_PB101_VALID,
    ROW_FALLBACK_INVALID,
    ROW_FALLBACK_VALID,
    SPEC_TOKEN_BUDGET_INVALID,
    SPEC_TOKEN_BUDGET_VALID,
    TRAINER_LENGTHS_INVALID,
    TRAINER_LENGTHS_VALID,
)
from prompt_budget.lint.rules.pb101_set487_cases import (
    HELD_PIPELINE_INVALID,
    HELD_PIPELINE_VALID,
    REVIEW61_PB101_VALID,
    SET487_PB101_INVALID,
    SET487_PB101_VALID,
)
from prompt_budget.lint.rules.pb101_set521_cases import SET521_PB101_INVALID, SET521_PB101_VALID
from prompt_budget.lint.rules.pb101_set597_cases import SINCE597_PB101_INVALID, SINCE597_PB101_VALID
from prompt_budget.lint.rules.pb103_set263_cases import (
    CODE_ENV_INVALID,
    CODE_ENV_VALID,
    LIMITS_INVALID,
    LIMITS_VALID,
)
from prompt_budget.lint.rules.pb104_set237_cases import (
    CONTEXT_KEY_INVALID,
    CONTEXT_KEY_VALID,
    ENCODER_ROWS_INVALID,
    ENCODER_ROWS_VALID,
    HANDED_LOCAL_INVALID,
    HANDED_LOCAL_VALID,
    IMPORTED_READER_INVALID,
    IMPORTED_READER_VALID,
    LOCAL_FALLBACK_INVALID,
    LOCAL_FALLBACK_VALID,
)
from prompt_budget.lint.rules.pb104_set247_cases import (
    ENV_INVALID,
    ENV_VALID,
    PER_DAY_INVALID,
    PER_DAY_VALID,
    TITLE_INVALID,
    TITLE_VALID,
    WIZARD_INVALID,
    WIZARD_VALID,
)
from prompt_budget.lint.rules.pb105_set207_cases import TABLE_INVALID, TABLE_VALID
from prompt_budget.lint.rules.pb105_set211_cases import CAP_INVALID, FALLBACK_VALID
from prompt_budget.lint.rules.pb105_set213_cases import (
    BARE_INVALID,
    BARE_VALID,
    CHOICE_INVALID,
    CHOICE_VALID,
    KEYED_INVALID,
    KEYED_VALID,
    LOGGED_INVALID,
    LOGGED_VALID,
    SIBLING_INVALID,
    SIBLING_VALID,
)
from prompt_budget.lint.rules.pb105_set225_cases import (
    BOUNDED_INVALID,
    BOUNDED_VALID,
    CHECKED_INVALID,
    CHECKED_VALID,
    ENGINE_INVALID,
    ENGINE_VALID,
    TARGET_INVALID,
    TARGET_VALID,
)
from prompt_budget.lint.rules.pb107_set125_cases import SET125_FALLBACK_INVALID, SET125_FALLBACK_VALID

SET111_VALID = (
    *REVIEW_PB101_VALID,  # session 60's review
    *TRAINER_LENGTHS_VALID,  # set 475: steps
    *ENV_CUT_VALID,  # set 467: a stride, padding
    *SPEC_TOKEN_BUDGET_VALID,  # set 461: no tokens said, or auth tokens
    *ROW_FALLBACK_VALID,  # set 461: seconds, bytes
    *HELPER_LIMITS_VALID,  # set 451: exo-control's clip helper
    *NESTED_READER_VALID,  # set 439: omem-os's nested reader
    *OWN_PARAM_VALID,  # set 429: aroha's catalog built by a helper
    *ROW_STORE_VALID,  # set 435: orbit-cli's window of an unknown model
    *SPEC_DESCRIBED_VALID,  # set 435: grampus-ai's tool schema
    *STRING_LATER_VALID,  # set 427: code-review-ai's string fallback
    *OPTION_BOUNDS_VALID,  # set 417: seconds
    *MODEL_CONFIG_VALID,  # set 389: a model's config dumped
    *CHAR_GETTER_VALID,  # set 389: a getter in characters
    *ENV_METHOD_VALID,  # set 393: a method reading settings
    *PROFILE_OVERLAP_VALID,  # set 345: no chunking
    *CLS_FALLBACK_VALID,  # set 343: a class of pages
    *PROMPTED_VALID,  # set 333: a port
    *ANNOTATED_ENV_VALID,  # set 303: seconds
    *ENV_OR_VALID,  # set 311: a GPU's layers
    *TERMS_VALID,  # set 314: a lexical index's terms
    *ENV_HELPER_VALID,  # set 321: settings read from no environment
    *FORECASTER_VALID,  # set 323: ts-agents' forecasters
    *LIMITS_VALID,  # set 271: taui's model limits
    *BUCKET_VALID,  # set 283: alexandria-wiki's rate limiter
    *BESIDE_VALID,  # set 283: a count beside a budget
    *ENV_HELPER_VALID,  # set 285: calls read from the environment
    *SMALL_ENV_VALID,  # set 289: a probe's cap, retries
    *DEFAULTS_TUPLE_VALID,  # set 293: seconds
    *CODE_ENV_VALID,  # set 264: web2json-agent's code tokens, mlx-raclate's cut
    # a fallback pair that is no context size, or a size under a name saying another unit
    Valid(
        READ_BY_PRECHECK
        + 'def middleware(conf):\n    trigger = parse(conf.get("trigger")) or ("weight", 170_000)\n    return trigger\n'
    ),
    Valid(
        READ_BY_PRECHECK
        + 'def middleware(conf):\n    timeout_seconds = conf.get("timeout") or ("tokens", 170_000)\n    return 1\n'
    ),
    *SET125_FALLBACK_VALID,  # set 125: the fallback of such a table
    *SET127_VALID,  # sets 127 and 128: an estimate table, a keyed pair
    *SET133_VALID,  # set 133: a row's fallback in a table of budgets
    *SET137_VALID,  # set 138: a budget getter's fallback argument
    *SET145_VALID,  # set 146: a key handed to a settings helper
    *SET147_VALID,  # set 148: a quota of tokens per minute in a dict
    *SET151_VALID,  # set 152: an attention band's width
    *SET153_VALID,  # set 154: a splitter measuring tokens
    *SET157_VALID,  # set 158: limits held in a named container
    *SET159_VALID,  # set 159: the limit of a quantity named as a string
    *SET167_VALID,  # set 168: the upper bound of a field counting tokens
    *SET169_VALID,  # set 169: the dummy facts of a hand check
    *SET171_VALID,  # set 171: a setting's value its key names as a budget
    *SET175_VALID,  # set 175: a policy rule's condition on tokens
    *TABLE_VALID,  # set 208: a table of lines' fallback
    *FALLBACK_VALID,  # set 211: an or-fallback of rows
    *LOGGED_VALID,  # set 213-214: ids logged; a width chosen; rows returned
    *CHOICE_VALID,  # set 213-214: ids logged; a width chosen; rows returned
    *SIBLING_VALID,  # set 213-214: ids logged; a width chosen; rows returned
    *BARE_VALID,  # set 219: a validator named token
    *KEYED_VALID,  # set 222: a budget of rows by position
    *CHECKED_VALID,  # set 224: a probe's check of the service
    *BOUNDED_VALID,  # set 223: a reader's bounds of rows
    *TARGET_VALID,  # set 233: a target of sales
    *HANDED_LOCAL_VALID,  # set 237: rows, a local bound twice
    *LOCAL_FALLBACK_VALID,  # set 235: rows, a name saying nothing
    *CONTEXT_KEY_VALID,  # set 235: lines of context
    *ENCODER_ROWS_VALID,  # set 235: a width shown
    *IMPORTED_READER_VALID,  # set 242: rows, no reader
    *ENGINE_VALID,  # set 236: retries under a key, threads under context
    *WIZARD_VALID,  # set 248: a port, retries
    *PER_DAY_VALID,  # set 254: requests per week
    *TITLE_VALID,  # set 255: a finding's title
    *ENV_VALID,  # set 255: a log's length, a port
    *SET487_PB101_VALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB101_VALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB101_VALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *HELD_PIPELINE_VALID,  # set 503 (``pb101_set487_cases``)
    *REVIEW61_PB101_VALID,  # session 61's review (``pb101_set487_cases``)
)

SET111_INVALID = (
    *TRAINER_LENGTHS_INVALID,  # set 475: signalforgeai's DPO lengths
    *ENV_CUT_INVALID,  # set 467: dsh-kb's reranker cut
    *SPEC_TOKEN_BUDGET_INVALID,  # set 461: ursa-ai's summarization budget
    *ROW_FALLBACK_INVALID,  # set 461: agentlinter's step tokens
    *HELPER_LIMITS_INVALID,  # set 451: exo-control's clip helper
    *NESTED_READER_INVALID,  # set 439: omem-os's nested reader
    *OWN_PARAM_INVALID,  # set 429: aroha's catalog built by a helper
    *ROW_STORE_INVALID,  # set 435: orbit-cli's window of an unknown model
    *SPEC_DESCRIBED_INVALID,  # set 435: grampus-ai's tool schema
    *STRING_LATER_INVALID,  # set 427: code-review-ai's string fallback
    *OPTION_BOUNDS_INVALID,  # set 417: errd's --budget bounds
    *MODEL_CONFIG_INVALID,  # set 389: a request's settings
    *CHAR_GETTER_INVALID,  # set 389: sozograph's getter in tokens
    *ENV_METHOD_INVALID,  # set 393: skillmind's env method
    *PROFILE_OVERLAP_INVALID,  # set 345: pdfmux's profiles
    *CLS_FALLBACK_INVALID,  # set 343: ctxeng's fallback
    *PROMPTED_INVALID,  # set 333: arachna's init
    *ANNOTATED_ENV_INVALID,  # set 303: velqua's settings
    *ENV_OR_INVALID,  # set 311: aleph-rlm's llama.cpp context
    *TERMS_INVALID,  # set 314: a model's tokens
    *ENV_HELPER_INVALID,  # set 321: groundhog-mcp's config
    *FORECASTER_INVALID,  # set 323: an LLM's context, the same names
    *LIMITS_INVALID,  # set 271: taui's model limits
    *BUCKET_INVALID,  # set 283: a client's cap beside a rate of requests
    *BESIDE_INVALID,  # set 283: eda-bridge-runtime's compaction settings
    *ENV_HELPER_INVALID,  # set 285: nonprofit-agent-harness's reader
    *SMALL_ENV_INVALID,  # set 289: ioa-core's smoketest and Ollama presets
    *DEFAULTS_TUPLE_INVALID,  # set 293: aacode's retrieval defaults
    *CODE_ENV_INVALID,  # set 264: web2json-agent's code tokens, mlx-raclate's cut
    *SET153_INVALID,  # set 154: a splitter measuring tokens
    *SET157_INVALID,  # set 158: limits held in a named container
    *SET159_INVALID,  # set 159: the limit of a quantity named as a string
    *SET167_INVALID,  # set 168: the upper bound of a field counting tokens
    *SET169_INVALID,  # set 169: the dummy facts of a hand check
    *SET171_INVALID,  # set 171: a setting's value its key names as a budget
    *SET175_INVALID,  # set 175: a policy rule's condition on tokens
    *TABLE_INVALID,  # set 208: a table of tokens' fallback
    *CAP_INVALID,  # set 211: an or-fallback of output caps
    *LOGGED_INVALID,  # set 213-214: ids kept; a token budget chosen; windows returned
    *CHOICE_INVALID,  # set 213-214: ids kept; a token budget chosen; windows returned
    *SIBLING_INVALID,  # set 213-214: ids kept; a token budget chosen; windows returned
    *BARE_INVALID,  # set 219: a cutter of tokens
    *KEYED_INVALID,  # set 222: a budget of tokens by position
    *CHECKED_INVALID,  # set 224: a task's check capped at five tokens
    *BOUNDED_INVALID,  # set 223: a reader's bounds of a budget
    *TARGET_INVALID,  # set 233: a target of context
    *HANDED_LOCAL_INVALID,  # set 237: simba-ai's command line
    *LOCAL_FALLBACK_INVALID,  # set 235: tokenol's fallback window
    *CONTEXT_KEY_INVALID,  # set 235: turboagent-ai's tiers
    *ENCODER_ROWS_INVALID,  # set 235: tempoeval's encoders
    *IMPORTED_READER_INVALID,  # set 242: flywheel-relay's aliased reader
    *ENGINE_INVALID,  # set 236: a window under a key saying context
    *WIZARD_INVALID,  # set 248: mmore's config wizard
    *PER_DAY_INVALID,  # set 254: zetryn's daily quotas
    *TITLE_INVALID,  # set 255: a key that is a name
    *ENV_INVALID,  # set 253: environment reads' defaults
    Invalid(
        'def middleware(conf):\n    trigger = parse(conf.get("trigger")) or ("tokens", 170_000)\n'
        "    return Summarization(trigger=trigger)\n",
        line=2,
    ),
    Invalid('def keep_size(conf):\n    return parse(conf.get("keep")) or ("tokens", 4000)\n', line=2),
    *SET125_FALLBACK_INVALID,  # set 125: the fallback of such a table
    *SET127_INVALID,  # sets 127 and 128: an estimate table, a keyed pair
    *SET133_INVALID,  # set 133: a row's fallback in a table of budgets
    *SET137_INVALID,  # set 138: a budget getter's fallback argument
    *SET145_INVALID,  # set 146: a key handed to a settings helper
    *SET147_INVALID,  # set 148: a quota of tokens per minute in a dict
    *SET151_INVALID,  # set 152: an attention band's width
    *SET487_PB101_INVALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB101_INVALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB101_INVALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *HELD_PIPELINE_INVALID,  # set 503 (``pb101_set487_cases``)
)
