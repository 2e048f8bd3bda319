"""PB102's cases from sets 117 and 118 (issue 19): a constant given as the fallback of a call whose result, a local
named as a limit, the function orders against a count of tokens (just-ralph-it's ``room = get_input_room(model,
self.FALLBACK_INPUT_ROOM)`` ... ``high = int(room * self.INPUT_SHARE)`` ... ``if estimate_tokens(size) <= high``)
(``kept_budgets.local_budgets``, ``read_places.budget_fallback``). Set 120: a constant whose comment gives the number itself as a size in bytes is bytes, whatever tokens the comment
says it is worth (operator-ai's ``MAX_OUTPUT = 16_384  # 16 KB — keeps tool results within ~4K tokens``,
``byte_sizes.sized_in_bytes``). Set 124: a parser's tokens are no model's (lurkr's ``MAX_YAML_ALIAS_TOKENS = 25``
against the alias tokens ``yaml.scan`` yields: ``names.EXCLUDED_WORDS``); with them, sets 123 and 124's
(``pb102_set123_cases``) set 203's (``pb102_set203_cases``) and set 205's (``pb102_set205_cases``). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK
from prompt_budget.lint.rules.pb101_set283_cases import (
    ALIASED_INVALID,
    ALIASED_VALID,
    CLASS_TABLE_INVALID,
    CLASS_TABLE_VALID,
    CLICK_SMALL_INVALID,
    CLICK_SMALL_VALID,
    COLD_START_INVALID,
    COLD_START_VALID,
    DESCS_INVALID,
    DESCS_VALID,
)
from prompt_budget.lint.rules.pb101_set303_cases import (
    FORWARDED_INVALID,
    FORWARDED_VALID,
    IMAGE_RATE_INVALID,
    IMAGE_RATE_VALID,
    LADDER_INVALID,
    LADDER_VALID,
    PACKED_INVALID,
    PACKED_VALID,
    TOKENS_OPTION_INVALID,
    TOKENS_OPTION_VALID,
)
from prompt_budget.lint.rules.pb101_set313_cases import (
    ADVISORY_INVALID,
    ADVISORY_VALID,
    DEFAULT_TPM_INVALID,
    DEFAULT_TPM_VALID,
    EMBEDDER_INVALID,
    EMBEDDER_VALID,
    MEDIA_FN_INVALID,
    MEDIA_FN_VALID,
    OUTPUT_LIMIT_INVALID,
    OUTPUT_LIMIT_VALID,
    PLURAL_INVALID,
    PLURAL_VALID,
    PROTECTED_INVALID,
    PROTECTED_VALID,
    RL_POLICY_INVALID,
    RL_POLICY_VALID,
    SPEED_INVALID,
    SPEED_VALID,
    STAGE_ESTIMATES_INVALID,
    STAGE_ESTIMATES_VALID,
    TOKEN_ROWS_INVALID,
    TOKEN_ROWS_VALID,
)
from prompt_budget.lint.rules.pb101_set333_cases import (
    CHAR_FLOOR_INVALID,
    CHAR_FLOOR_VALID,
    CHUNK_OVERLAP_INVALID,
    CHUNK_OVERLAP_VALID,
    FIELD_UNIT_INVALID,
    FIELD_UNIT_VALID,
    LAMBDA_LIMIT_INVALID,
    LAMBDA_LIMIT_VALID,
    PICKED_INVALID,
    PICKED_VALID,
    SPLIT_PIECES_INVALID,
    SPLIT_PIECES_VALID,
    THROUGHPUT_INVALID,
    THROUGHPUT_VALID,
    WEIGHTED_INVALID,
    WEIGHTED_VALID,
)
from prompt_budget.lint.rules.pb101_set365_cases import (
    CHAR_PAYLOAD_INVALID,
    CHAR_PAYLOAD_VALID,
    CUT_TEXT_INVALID,
    CUT_TEXT_VALID,
    FIELD_LENGTH_INVALID,
    FIELD_LENGTH_VALID,
    OUTPUT_BESIDE_FIELD_INVALID,
    OUTPUT_BESIDE_FIELD_VALID,
    PRICE_TIER_INVALID,
    PRICE_TIER_VALID,
    SAID_TOKEN_SIZE_INVALID,
    SAID_TOKEN_SIZE_VALID,
    SHELL_WORDS_INVALID,
    SHELL_WORDS_VALID,
    SPEED_TPS_INVALID,
    SPEED_TPS_VALID,
    SWEEP_INVALID,
    SWEEP_VALID,
    TIMED_CHUNK_INVALID,
    WORD_COMMENT_INVALID,
    WORD_COMMENT_VALID,
)
from prompt_budget.lint.rules.pb101_set389_cases import (
    BURST_INVALID,
    BURST_VALID,
    FORECAST_DEMO_INVALID,
    FORECAST_DEMO_VALID,
    FORECAST_SPEC_INVALID,
    FORECAST_SPEC_VALID,
    HAND_LEXER_INVALID,
    HAND_LEXER_VALID,
    LEVEL_UNIT_INVALID,
    RANK_WEIGHT_INVALID,
    RANK_WEIGHT_VALID,
    REQUEST_RESERVE_INVALID,
    REQUEST_RESERVE_VALID,
    SCALE_INVALID,
    SCALE_VALID,
    SCHEMA_TEXT_INVALID,
    SCHEMA_TEXT_VALID,
    SENTINEL_VALID,
    SHARED_TERMS_INVALID,
    SHARED_TERMS_VALID,
    SPDX_INVALID,
    SPDX_VALID,
    STORAGE_BUCKET_INVALID,
    STORED_OVERLAP_INVALID,
    STORED_OVERLAP_VALID,
)
from prompt_budget.lint.rules.pb101_set427_cases import (
    CAP_DOC_INVALID,
    CAP_DOC_VALID,
    CHUNKER_OVERLAP_INVALID,
    CHUNKER_OVERLAP_VALID,
    DOCUMENTED_SIZE_INVALID,
    DOCUMENTED_SIZE_VALID,
    LAMBDA_CUT_INVALID,
    LAMBDA_CUT_VALID,
    NOT_TOKENS_HELP_INVALID,
    NOT_TOKENS_HELP_VALID,
    OPTION_READ_INVALID,
    OPTION_READ_VALID,
    PER_SESSION_INVALID,
    PER_SESSION_VALID,
    SIGN_CHECK_INVALID,
    SIGN_CHECK_VALID,
)
from prompt_budget.lint.rules.pb101_set457_cases import (
    CHARS_KEYWORD_INVALID,
    CHARS_KEYWORD_VALID,
    EMBED_ENCODE_INVALID,
    EMBED_ENCODE_VALID,
    PAYMENT_PAGE_INVALID,
    PAYMENT_PAGE_VALID,
    RATIONALE_INVALID,
    RATIONALE_VALID,
    SEARCH_TOKENS_INVALID,
    SEARCH_TOKENS_VALID,
)
from prompt_budget.lint.rules.pb101_set487_cases import (
    ENCODED_INVALID,
    ENCODED_VALID,
    IDENTITY_INVALID,
    IDENTITY_VALID,
    MEDIA_COST_INVALID,
    MEDIA_COST_VALID,
    PATH_WORD_INVALID,
    PATH_WORD_VALID,
    REVIEW61_PB102_INVALID,
    REVIEW61_PB102_VALID,
    SECRET_INVALID,
    SECRET_VALID,
    SET487_PB102_INVALID,
    SET487_PB102_VALID,
    TOKEN_BUDGET_CLASS_INVALID,
    TOKEN_BUDGET_CLASS_VALID,
)
from prompt_budget.lint.rules.pb101_set521_cases import SET521_PB102_INVALID, SET521_PB102_VALID
from prompt_budget.lint.rules.pb101_set597_cases import SINCE597_PB102_INVALID, SINCE597_PB102_VALID
from prompt_budget.lint.rules.pb102_left_cases import LEFT_INVALID, LEFT_VALID
from prompt_budget.lint.rules.pb102_set123_cases import SET123_INVALID, SET123_VALID
from prompt_budget.lint.rules.pb102_set129_cases import SET129_INVALID, SET129_VALID
from prompt_budget.lint.rules.pb102_set133_cases import SET133_INVALID, SET133_VALID
from prompt_budget.lint.rules.pb102_set137_cases import SET137_INVALID, SET137_VALID
from prompt_budget.lint.rules.pb102_set143_cases import SET143_INVALID, SET143_VALID
from prompt_budget.lint.rules.pb102_set145_cases import SET145_INVALID, SET145_VALID
from prompt_budget.lint.rules.pb102_set147_cases import SET147_INVALID, SET147_VALID
from prompt_budget.lint.rules.pb102_set149_cases import SET149_INVALID, SET149_VALID
from prompt_budget.lint.rules.pb102_set153_cases import SET153_INVALID, SET153_VALID
from prompt_budget.lint.rules.pb102_set155_cases import SET155_INVALID, SET155_VALID
from prompt_budget.lint.rules.pb102_set159_cases import SET159_INVALID, SET159_VALID
from prompt_budget.lint.rules.pb102_set161_cases import SET161_INVALID, SET161_VALID
from prompt_budget.lint.rules.pb102_set167_cases import SET167_INVALID, SET167_VALID
from prompt_budget.lint.rules.pb102_set169_cases import SET169_INVALID, SET169_VALID
from prompt_budget.lint.rules.pb102_set171_cases import SET171_INVALID, SET171_VALID
from prompt_budget.lint.rules.pb102_set173_cases import SET173_INVALID, SET173_VALID
from prompt_budget.lint.rules.pb102_set175_cases import SET175_INVALID, SET175_VALID
from prompt_budget.lint.rules.pb102_set181_cases import SET181_INVALID, SET181_VALID
from prompt_budget.lint.rules.pb102_set183_cases import SET183_INVALID, SET183_VALID
from prompt_budget.lint.rules.pb102_set185_cases import SET185_INVALID, SET185_VALID
from prompt_budget.lint.rules.pb102_set200_cases import LENGTH_INVALID, LENGTH_VALID
from prompt_budget.lint.rules.pb102_set203_cases import BUCKET_INVALID, BUCKET_VALID
from prompt_budget.lint.rules.pb102_set205_cases import (
    ROWS_INVALID,
    ROWS_VALID,
    THRESHOLD_INVALID,
    THRESHOLD_VALID,
)
from prompt_budget.lint.rules.pb103_set196_cases import WINDOW_CAP_INVALID, WINDOW_CAP_VALID
from prompt_budget.lint.rules.pb103_set263_cases import SAMPLE_INVALID, SAMPLE_VALID
from prompt_budget.lint.rules.pb104_set189_cases import OPTION_INVALID, OPTION_VALID
from prompt_budget.lint.rules.pb104_set193_cases import SPOKEN_INVALID, SPOKEN_VALID
from prompt_budget.lint.rules.pb104_set195_cases import OVERLAP_INVALID, OVERLAP_VALID
from prompt_budget.lint.rules.pb104_set237_cases import (
    MEDIA_CAP_INVALID,
    MEDIA_CAP_VALID,
    PIPELINE_INVALID,
    PIPELINE_VALID,
    SESSION_INVALID,
    SESSION_VALID,
    STR_CHECKED_INVALID,
    STR_CHECKED_VALID,
)
from prompt_budget.lint.rules.pb104_set247_cases import (
    FLOOR_INVALID,
    FLOOR_VALID,
    HELPER_INVALID,
    HELPER_VALID,
    IMAGE_INVALID,
    IMAGE_VALID,
    LEN_LEVEL_INVALID,
    LEN_LEVEL_VALID,
    LEVELS_INVALID,
    LEVELS_VALID,
    MODULE_TWINS_INVALID,
    MODULE_TWINS_VALID,
    QUOTA_FIELD_INVALID,
    QUOTA_FIELD_VALID,
)
from prompt_budget.lint.rules.pb105_set207_cases import ARGV_INVALID, ARGV_VALID
from prompt_budget.lint.rules.pb105_set209_cases import SHORTCUT_INVALID, SHORTCUT_VALID
from prompt_budget.lint.rules.pb105_set211_cases import PATTERN_INVALID, PATTERN_VALID
from prompt_budget.lint.rules.pb105_set213_cases import (
    BUFFER_INVALID,
    BUFFER_VALID,
    COLUMN_INVALID,
    COLUMN_VALID,
    MATCHES_INVALID,
    MATCHES_VALID,
    SEGMENT_INVALID,
    SEGMENT_VALID,
    UNIT_INVALID,
    UNIT_VALID,
    VALIDATOR_INVALID,
    VALIDATOR_VALID,
)
from prompt_budget.lint.rules.pb105_set225_cases import (
    BUDGET_CLASS_INVALID,
    BUDGET_CLASS_VALID,
    COMMAND_INVALID,
    COMMAND_VALID,
    EFFECTIVE_INVALID,
    EFFECTIVE_VALID,
    RESERVED_INVALID,
    RESERVED_VALID,
    TOKEN_STRING_INVALID,
    TOKEN_STRING_VALID,
)
from prompt_budget.lint.rules.pb107_set191_cases import PROGRESS_INVALID, PROGRESS_VALID

_ROOM = (
    "class Writer:\n"
    "    FALLBACK_INPUT_ROOM = 100_000\n\n"
    "    def compact(self, size):\n"
    "        room = get_input_room(self.model, self.FALLBACK_INPUT_ROOM)\n"
    "        if {compared}:\n"
    "            return None\n"
    "        return room\n"
)

SET117_VALID = (
    *PAYMENT_PAGE_VALID,  # set 479: a payment's tokens
    *CHARS_KEYWORD_VALID,  # set 475: iterate-ai's characters
    *RATIONALE_VALID,  # set 471: urdyn-memory's characters
    *EMBED_ENCODE_VALID,  # set 461: characters, another method
    *SEARCH_TOKENS_VALID,  # set 459: docs-haven's FTS5 word tokens
    *NOT_TOKENS_HELP_VALID,  # set 445: ai-kit-python's --max-bytes
    *CAP_DOC_VALID,  # set 443: meowcat's documented cap
    *DOCUMENTED_SIZE_VALID,  # set 437: piloop's documented budgets
    *LAMBDA_CUT_VALID,  # set 433: vegaml's encoding lambda
    *CHUNKER_OVERLAP_VALID,  # set 433: deutsches-ki-toolkit's overlap
    *PER_SESSION_VALID,  # set 431: agentrix-core's cap per session
    *OPTION_READ_VALID,  # set 429: codegraph-viz's --budget
    *SIGN_CHECK_VALID,  # set 429: codegraph-viz's sign check
    *RANK_WEIGHT_VALID,  # set 417: a ranking weight's cap
    *HAND_LEXER_VALID,  # set 413: a JavaScript scanner's tokens
    *SHARED_TERMS_VALID,  # set 413: two texts' shared words
    *SPDX_VALID,  # set 405: a license expression's lexer
    *STORED_OVERLAP_VALID,  # set 401: lines
    *BURST_VALID,  # set 403: a rate limiter's burst
    *FORECAST_SPEC_VALID,  # set 399: a forecaster's registry
    *SCHEMA_TEXT_VALID,  # set 399: characters said
    *REQUEST_RESERVE_VALID,  # set 399: slots
    *FORECAST_DEMO_VALID,  # set 389: a forecaster's history
    *SCALE_VALID,  # set 395: a unit of scale
    *SENTINEL_VALID,  # set 393: open-swarm's sentinel
    *THROUGHPUT_VALID,  # set 353: quantcost's throughput
    *CHUNK_OVERLAP_VALID,  # set 355: an overlap in lines
    *FIELD_UNIT_VALID,  # set 349: sentences
    *SPLIT_PIECES_VALID,  # set 347: agentgrep's pieces
    *LAMBDA_LIMIT_VALID,  # set 345: cadre-ai's stub
    *CHAR_FLOOR_VALID,  # set 345: ask-fable's characters
    *CHAR_PAYLOAD_VALID,  # set 365: a payload's characters
    *FIELD_LENGTH_VALID,  # set 369: chainwake's field
    *CUT_TEXT_VALID,  # set 369: fliiq's page
    *SHELL_WORDS_VALID,  # set 371: cursorfleet's argv
    *SWEEP_VALID,  # set 371: ids and items
    *WORD_COMMENT_VALID,  # set 371: penshot's words
    *SAID_TOKEN_SIZE_VALID,  # set 373: no unit said
    *OUTPUT_BESIDE_FIELD_VALID,  # set 373: no window beside
    *SPEED_TPS_VALID,  # set 377: proxym's speed
    *PRICE_TIER_VALID,  # set 377: agentop's tier
    *PICKED_VALID,  # set 343: a page picked
    *WEIGHTED_VALID,  # set 343: a product of amounts
    *PACKED_VALID,  # set 311: chunks before token packing
    *FORWARDED_VALID,  # set 305: rows
    *IMAGE_RATE_VALID,  # set 303: no estimate
    *TOKENS_OPTION_VALID,  # set 303: a count printed, credentials
    *LADDER_VALID,  # set 303: a ladder of retries, of page sizes, a slice
    *OUTPUT_LIMIT_VALID,  # set 311: no context limit beside it
    *TOKEN_ROWS_VALID,  # set 314: mastodon-mock's access tokens
    *SPEED_VALID,  # set 315: edge8-mcp's routing preference
    *PROTECTED_VALID,  # set 315: messages, requests
    *MEDIA_FN_VALID,  # set 317: pixels
    *RL_POLICY_VALID,  # set 319: torchagentic's timesteps
    *EMBEDDER_VALID,  # set 319: a sequence of no model's tokens
    *PLURAL_VALID,  # set 321: lokit's gettext parser
    *ADVISORY_VALID,  # set 325: characters
    *STAGE_ESTIMATES_VALID,  # set 319: no estimate said
    *DEFAULT_TPM_VALID,  # set 315: messages, requests
    *SAMPLE_VALID,  # set 263: waystone's sample; set 265: doc-atlas's pattern
    *CLASS_TABLE_VALID,  # set 285: a class's table of upload sizes
    *COLD_START_VALID,  # set 287: the fallback of retries
    *CLICK_SMALL_VALID,  # set 289: retries, a probe's cap
    *DESCS_VALID,  # set 297: characters summed
    *ALIASED_VALID,  # set 301: a validator renamed
    # set 120: operator-ai, a size in bytes worth some tokens
    Valid("MAX_OUTPUT = 16_384  # 16 KB \u2014 keeps tool results within ~4K tokens\n"),
    Valid("MAX_OUTPUT = 100_000  # 100K chars, about 25K tokens\n"),
    # the room is ordered against no count of tokens (bytes, a number of items)
    Valid(READ_BY_PRECHECK + _ROOM.format(compared="len(size) > room")),
    Valid(READ_BY_PRECHECK + _ROOM.format(compared="self.items > room")),
    # set 124: lurkr, a cap on a YAML scanner's alias tokens (a billion-laughs guard)
    Valid(
        "import yaml\n\nMAX_YAML_ALIAS_TOKENS = 25\n\n\n"
        "def excessive(text):\n    aliases = 0\n    for token in yaml.scan(text):\n"
        "        if isinstance(token, yaml.AliasToken):\n            aliases += 1\n"
        "            if aliases > MAX_YAML_ALIAS_TOKENS:\n                return True\n    return False\n"
    ),
    Valid("MAX_LEXER_TOKENS = 5000\n"),
    *SET123_VALID,
    *SET129_VALID,  # set 130: a window table's lookup loop fallback
    *SET133_VALID,  # set 134: a threshold compared with a counting call's local
    *SET137_VALID,  # set 137: tokens a comment gives another unit
    *SET143_VALID,  # set 144: characters in a Chinese docstring
    *SET145_VALID,  # set 145: a lexer's tokens
    *SET147_VALID,  # set 148: models.dev limits written flat; a media block's tokens
    *SET149_VALID,  # set 149: tokens that are words
    *SET153_VALID,  # sets 153-154: seconds, a splitter measuring tokens
    *SET155_VALID,  # set 156: a window's floor and reserve by name
    *SET159_VALID,  # set 160: an overlap converted to characters
    *SET161_VALID,  # set 162: a coin's tokens burned
    *SET167_VALID,  # set 168: a per-item token cost charged against a budget spent down
    *SET169_VALID,  # set 169: a weak limit beside a credential
    *SET171_VALID,  # set 171: what a function mapping to a token budget returns
    *SET173_VALID,  # set 173: characters a comment derives from tokens
    *SET175_VALID,  # set 175: the tokens of code
    *LEFT_VALID,  # sets 159-176: what the judges named as missed
    *SET181_VALID,  # set 181: options declared in tokens, a local's `or` fallback
    *SET183_VALID,  # set 183: an overlap its docstring counts in tokens
    *SET185_VALID,  # set 185: `budget` in a module that speaks of token budgets
    *OPTION_VALID,  # set 189: an option of another name or value
    *SPOKEN_VALID,  # set 194: minutes, lines, no window, a window too small
    *OVERLAP_VALID,  # set 195: overlaps in characters, of an access token
    *WINDOW_CAP_VALID,  # set 196: a constant clamping a window read into a local
    *PROGRESS_VALID,  # set 191: notifications counted per token
    *LENGTH_VALID,  # set 200: lengths without a tokenizer, options of characters
    *BUCKET_VALID,  # set 203: a token bucket's burst
    *ROWS_VALID,  # set 205: a query's row limit, a line cut in characters
    *THRESHOLD_VALID,  # set 205: a constant handed on as a share
    *ARGV_VALID,  # set 208: a command line's argument tokens
    *SHORTCUT_VALID,  # set 210: an overlap in lines handed on
    *PATTERN_VALID,  # set 211: words of a module's own pattern
    *BUFFER_VALID,  # set 213: a floor beside a sample; a window in characters
    *UNIT_VALID,  # set 213: a floor beside a sample; a window in characters
    *MATCHES_VALID,  # sets 215-216: word-tokens of a pattern; an ORM column of rows
    *VALIDATOR_VALID,  # set 219: a validator's length in characters
    *SEGMENT_VALID,  # set 222: a segment in bytes
    *COMMAND_VALID,  # set 230: a command line's words
    *BUDGET_CLASS_VALID,  # set 228: a limit of rows, a count of retries
    *EFFECTIVE_VALID,  # set 231: what is left of a screen
    *RESERVED_VALID,  # set 232: lines reserved
    *MEDIA_CAP_VALID,  # set 238: an image's pixels
    *PIPELINE_VALID,  # set 240: a generator of rows
    *STR_CHECKED_VALID,  # set 242: a string's length
    *SESSION_VALID,  # set 243: session tokens
    *IMAGE_VALID,  # set 247: an image's tokens, no guess
    *FLOOR_VALID,  # set 243: lines
    *LEVELS_VALID,  # set 251: rows, a level of nothing
    *QUOTA_FIELD_VALID,  # set 253: requests per minute
    *HELPER_VALID,  # set 255: a helper giving no default
    *LEN_LEVEL_VALID,  # set 255's pass: a length
    *MODULE_TWINS_VALID,  # set 257: pages
    *TOKEN_STRING_VALID,  # set 233: a credential's length
    *COLUMN_VALID,  # sets 215-216: word-tokens of a pattern; an ORM column of rows
    *SET487_PB102_VALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB102_VALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB102_VALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *SECRET_VALID,  # set 499 (``pb101_set487_cases``)
    *PATH_WORD_VALID,  # set 501
    *ENCODED_VALID,  # set 503 (``pb101_set487_cases``)
    *TOKEN_BUDGET_CLASS_VALID,  # sets 505-507 (``pb101_set487_cases``)
    *IDENTITY_VALID,  # sets 505-507 (``pb101_set487_cases``)
    *MEDIA_COST_VALID,  # sets 511-513 (``pb101_set487_cases``)
    *REVIEW61_PB102_VALID,  # session 61's review (``pb101_set487_cases``)
)

SET117_INVALID = (
    *PAYMENT_PAGE_INVALID,  # set 479: a context's
    *CHARS_KEYWORD_INVALID,  # set 475: a budget given as one
    *RATIONALE_INVALID,  # set 471: a section's budget
    *EMBED_ENCODE_INVALID,  # set 461: yohakuforce-context-hub's bge-m3
    *SEARCH_TOKENS_INVALID,  # set 459: a prompt's
    *NOT_TOKENS_HELP_INVALID,  # set 445: ai-kit-python's --max-bytes
    *CAP_DOC_INVALID,  # set 443: meowcat's documented cap
    *DOCUMENTED_SIZE_INVALID,  # set 437: piloop's documented budgets
    *LAMBDA_CUT_INVALID,  # set 433: vegaml's encoding lambda
    *CHUNKER_OVERLAP_INVALID,  # set 433: deutsches-ki-toolkit's overlap
    *PER_SESSION_INVALID,  # set 431: agentrix-core's cap per session
    *OPTION_READ_INVALID,  # set 429: codegraph-viz's --budget
    *SIGN_CHECK_INVALID,  # set 429: codegraph-viz's sign check
    *STORAGE_BUCKET_INVALID,  # set 403's pass, kept from taking storage buckets for rate limiters
    *RANK_WEIGHT_INVALID,  # set 417: a cap of tokens
    *HAND_LEXER_INVALID,  # set 413: a prompt's
    *SHARED_TERMS_INVALID,  # set 413: a difference of counts
    *SPDX_INVALID,  # set 405: a prompt's tokens
    *STORED_OVERLAP_INVALID,  # set 401: coralbricks' overlap stored
    *BURST_INVALID,  # set 403: a window's
    *LEVEL_UNIT_INVALID,  # set 403: memorytrace's level in bytes
    *FORECAST_SPEC_INVALID,  # set 399: an LLM's registry
    *SCHEMA_TEXT_INVALID,  # set 399: tokens said
    *REQUEST_RESERVE_INVALID,  # set 399: weaver-kernel's reservation
    *FORECAST_DEMO_INVALID,  # set 389: a prompt's context
    *SCALE_INVALID,  # set 395: a limit
    *THROUGHPUT_INVALID,  # set 353: prompt tokens
    *CHUNK_OVERLAP_INVALID,  # set 355: docforge-rag's chunking
    *FIELD_UNIT_INVALID,  # set 349: spt-neo-rag-client's summaries
    *SPLIT_PIECES_INVALID,  # set 347: a tokenizer's tokens
    *LAMBDA_LIMIT_INVALID,  # set 345: a function's own limit
    *CHAR_FLOOR_INVALID,  # set 345: a floor in tokens
    *CHAR_PAYLOAD_INVALID,  # set 365: a payload's tokens
    *FIELD_LENGTH_INVALID,  # set 369: a field in tokens
    *CUT_TEXT_INVALID,  # set 369: a truncation
    *SHELL_WORDS_INVALID,  # set 371: an encoder's tokens
    *SWEEP_INVALID,  # set 371: mrm-trace's sweep
    *WORD_COMMENT_INVALID,  # set 371: a length in tokens
    *SAID_TOKEN_SIZE_INVALID,  # set 373: pdf2tex's chunks
    *OUTPUT_BESIDE_FIELD_INVALID,  # set 373: insightsmith's cap
    *SPEED_TPS_INVALID,  # set 377: an output cap
    *PRICE_TIER_INVALID,  # set 377: a cut's cap
    *TIMED_CHUNK_INVALID,  # set 377: vidur's chunk
    *PICKED_INVALID,  # set 343: taosmd's budgets picked
    *WEIGHTED_INVALID,  # set 343: taosmd's weighted base
    *PACKED_INVALID,  # set 311: tokens packed
    *FORWARDED_INVALID,  # set 305: tokkit-ai's baselines
    *IMAGE_RATE_INVALID,  # set 303: mm-ctx's image rate
    *TOKENS_OPTION_INVALID,  # set 303: velqua's injection
    *LADDER_INVALID,  # set 303: ai-council-orchestrator
    *OUTPUT_LIMIT_INVALID,  # set 311: aleph-rlm's providers
    *TOKEN_ROWS_INVALID,  # set 314: no credential's class
    *SPEED_INVALID,  # set 315: a floor of tokens
    *PROTECTED_INVALID,  # set 315: my-novel-agent's tail, zotero-mcp-server's quota
    *MEDIA_FN_INVALID,  # set 317: pygent-ai's media
    *RL_POLICY_INVALID,  # set 319: a tokenizer's sequence
    *EMBEDDER_INVALID,  # set 266: oneground's sentence embedder
    *PLURAL_INVALID,  # set 321: no parser
    *ADVISORY_INVALID,  # set 325: iris-vector-rag's batch budget
    *STAGE_ESTIMATES_INVALID,  # set 319: murm's pipeline stages
    *DEFAULT_TPM_INVALID,  # set 315: my-novel-agent's tail, zotero-mcp-server's quota
    *SAMPLE_INVALID,  # set 263: waystone's sample; set 265: doc-atlas's pattern
    *CLASS_TABLE_INVALID,  # set 285: pact-agents' class table of output caps
    *COLD_START_INVALID,  # set 287: green-sarc's cold-start completion
    *CLICK_SMALL_INVALID,  # set 289: ioa-core's option
    *DESCS_INVALID,  # set 297: maat16-agentlint's descriptions
    *ALIASED_INVALID,  # set 301: lumberjack-py's request model
    *SET153_INVALID,  # sets 153-154: seconds, a splitter measuring tokens
    *SET155_INVALID,  # set 156: a window's floor and reserve by name
    *SET159_INVALID,  # set 160: an overlap converted to characters
    *SET161_INVALID,  # set 162: a coin's tokens burned
    *SET167_INVALID,  # set 168: a per-item token cost charged against a budget spent down
    *SET169_INVALID,  # set 169: a weak limit beside a credential
    *SET171_INVALID,  # set 171: what a function mapping to a token budget returns
    *SET173_INVALID,  # set 173: characters a comment derives from tokens
    *SET175_INVALID,  # set 175: the tokens of code
    *LEFT_INVALID,  # sets 159-176: what the judges named as missed
    *SET181_INVALID,  # set 181: options declared in tokens, a local's `or` fallback
    *SET183_INVALID,  # set 183: an overlap its docstring counts in tokens
    *SET185_INVALID,  # set 185: `budget` in a module that speaks of token budgets
    *OPTION_INVALID,  # set 189: an option's default the same as a reported constant
    *SPOKEN_INVALID,  # set 194: cloudagent-daemon's window spoken as "200k"
    *OVERLAP_INVALID,  # set 195: vstash's overlap described in tokens
    *WINDOW_CAP_INVALID,  # set 196: a constant clamping a window read into a local
    *PROGRESS_INVALID,  # set 191: a field's description in tokens
    *LENGTH_INVALID,  # set 200: knowlyr-trainer's lengths beside a tokenizer's name, its option
    *BUCKET_INVALID,  # set 203: a clamp of a model's tokens grown by another count
    *ROWS_INVALID,  # set 205: a limit cutting tokens, a commented constant compared with them
    *THRESHOLD_INVALID,  # set 205: a constant handed on as a threshold of tokens
    *ARGV_INVALID,  # set 208: a prompt's tokens beside it
    *SHORTCUT_INVALID,  # set 210: an overlap in tokens handed on
    *PATTERN_INVALID,  # set 211: the same name without the pattern
    *BUFFER_INVALID,  # set 213: a floor beside a window's share; a window in tokens
    *UNIT_INVALID,  # set 213: a floor beside a window's share; a window in tokens
    *MATCHES_INVALID,  # sets 215-216: tokens of an encoder; an ORM column of tokens
    *VALIDATOR_INVALID,  # set 219: a length of encoded tokens
    *SEGMENT_INVALID,  # set 222: a segment in tokens
    *COMMAND_INVALID,  # set 230: a text's token ids
    *BUDGET_CLASS_INVALID,  # set 228: a token budget's limit
    *EFFECTIVE_INVALID,  # set 231: buffers off what is left of a window
    *RESERVED_INVALID,  # set 232: the reply's room
    *MEDIA_CAP_INVALID,  # set 238: cliffcompaction's image cap
    *PIPELINE_INVALID,  # set 240: langxchange's pipeline
    *STR_CHECKED_INVALID,  # set 242: a length of anything
    *SESSION_INVALID,  # set 243: convo-mem's whole session
    *IMAGE_INVALID,  # set 247: contextviz's image cost
    *FLOOR_INVALID,  # set 243: convo-mem's content floor
    *LEVELS_INVALID,  # set 251: oclawma's context budget levels
    *QUOTA_FIELD_INVALID,  # set 253: osojicode's rate limiter
    *HELPER_INVALID,  # set 255: investorch's hot fields
    *LEN_LEVEL_INVALID,  # set 255's pass: adaptiq's budget, not its length's level
    *MODULE_TWINS_INVALID,  # set 257: veracium's compiler budget
    *TOKEN_STRING_INVALID,  # set 233: a prompt's length
    *COLUMN_INVALID,  # sets 215-216: tokens of an encoder; an ORM column of tokens
    # the comment's size is another number, or the name says tokens
    Invalid("MAX_OUTPUT = 16_384  # 16K tokens, about 64 KB of text\n"),
    Invalid("MAX_OUTPUT_TOKENS = 16_384  # 16 KB\n"),
    # the same module, a prompt's tokens beside the parser's
    Invalid("import yaml\n\nMAX_YAML_ALIAS_TOKENS = 25\nMAX_PROMPT_TOKENS = 2500\n", line=4),
    # review: the last argument of a builtin is no fallback (``int(raw, BASE)``); only the room's is reported
    Invalid(
        "BASE = 16\n\n\n"
        "def parse(raw):\n    max_tokens = int(raw, BASE)\n    return max_tokens\n\n\n"
        + _ROOM.format(compared="estimate_tokens(size) > room"),
        line=10,
    ),
    # set 118: just-ralph-it, the room ordered against a token estimate, directly or through a share of it
    Invalid(_ROOM.format(compared="estimate_tokens(size) > room"), line=2),
    Invalid(
        _ROOM.format(compared="estimate_tokens(size) > room")
        .replace("        if ", "        high = int(room * 0.8)\n        if ")
        .replace("estimate_tokens(size) > room", "estimate_tokens(size) > high"),
        line=2,
    ),
    *SET123_INVALID,
    *SET129_INVALID,  # set 130: a window table's lookup loop fallback
    *SET133_INVALID,  # set 134: a threshold compared with a counting call's local
    *SET137_INVALID,  # set 137: tokens a comment gives another unit
    *SET143_INVALID,  # set 144: characters in a Chinese docstring
    *SET145_INVALID,  # set 145: a lexer's tokens
    *SET147_INVALID,  # set 148: models.dev limits written flat; a media block's tokens
    *SET149_INVALID,  # set 149: tokens that are words
    *SET487_PB102_INVALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB102_INVALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB102_INVALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *SECRET_INVALID,  # set 499 (``pb101_set487_cases``)
    *PATH_WORD_INVALID,  # set 501
    *ENCODED_INVALID,  # set 503 (``pb101_set487_cases``)
    *TOKEN_BUDGET_CLASS_INVALID,  # sets 505-507 (``pb101_set487_cases``)
    *IDENTITY_INVALID,  # sets 505-507 (``pb101_set487_cases``)
    *MEDIA_COST_INVALID,  # sets 511-513 (``pb101_set487_cases``)
    *REVIEW61_PB102_INVALID,  # session 61's review (``pb101_set487_cases``)
)
