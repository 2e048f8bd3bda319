"""PB104's cases from sets 111 and 112 (issue 19): what a one-statement helper of the module, or a method of the
class called on ``self``, returns is the unit of its call (kemi's ``int(self.word_count() * 1.3)`` with ``def
word_count(self): return len(self.content.split())``: words), and a helper named for bytes counts bytes
(airprompter-agent-core's ``math.ceil(utf8_bytes(text) / 4)``) (``pb104_terms.returned_unit``,
``pb104_bytes.byte_amount``); set 188's average in bytes (``pb105_set187_cases``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb101_set283_cases import (
    ADAPTIVE_INVALID,
    ADAPTIVE_VALID,
    APPROX_INVALID,
    APPROX_VALID,
    EQUIVALENT_INVALID,
    EQUIVALENT_VALID,
    FILE_SIZE_INVALID,
    FILE_SIZE_VALID,
    NTOK_INVALID,
    NTOK_VALID,
    STUB_INVALID,
    STUB_VALID,
)
from prompt_budget.lint.rules.pb101_set303_cases import (
    DOUBLED_INVALID,
    DOUBLED_VALID,
    PER_CHAR_INVALID,
    PER_CHAR_VALID,
    WORD_ESTIMATE_INVALID,
    WORD_ESTIMATE_VALID,
)
from prompt_budget.lint.rules.pb101_set313_cases import (
    PROTOCOL_INVALID,
    PROTOCOL_VALID,
    UTF8_INVALID,
    UTF8_VALID,
    WHOLE_BUDGET_INVALID,
    WHOLE_BUDGET_VALID,
)
from prompt_budget.lint.rules.pb101_set333_cases import (
    COUNTER_INVALID,
    COUNTER_VALID,
    DOCUMENTED_INVALID,
    DOCUMENTED_VALID,
    ENV_RATE_INVALID,
    ENV_RATE_VALID,
    KEPT_INVALID,
    KEPT_VALID,
    LEN_COMMENT_INVALID,
    LEN_COMMENT_VALID,
    QUARTILE_INVALID,
    QUARTILE_VALID,
    RETURNED_RATE_INVALID,
    RETURNED_RATE_VALID,
)
from prompt_budget.lint.rules.pb101_set365_cases import (
    DUMPED_PAYLOAD_INVALID,
    DUMPED_PAYLOAD_VALID,
    HEADED_INVALID,
    HEADED_VALID,
    NEGATED_INVALID,
    NEGATED_VALID,
    PARAM_CHARS_INVALID,
    PARAM_CHARS_VALID,
)
from prompt_budget.lint.rules.pb101_set389_cases import (
    CONVERTED_CHARS_INVALID,
    CONVERTED_CHARS_VALID,
    TOKENS_KEY_INVALID,
    TOKENS_KEY_VALID,
    WORDS_TIMES_INVALID,
    WORDS_TIMES_VALID,
)
from prompt_budget.lint.rules.pb101_set427_cases import (
    CHAR_COUNTERS_INVALID,
    CHAR_COUNTERS_VALID,
    CHARS_HALF_INVALID,
    CHARS_HALF_VALID,
)
from prompt_budget.lint.rules.pb101_set457_cases import (
    CEILING_INVALID,
    CEILING_VALID,
    CHUNK_CHARS_INVALID,
    CHUNK_CHARS_VALID,
    COMPREHENDED_RATE_INVALID,
    COMPREHENDED_RATE_VALID,
    LAMBDA_ESTIMATE_INVALID,
    LAMBDA_ESTIMATE_VALID,
    OVERLAP_TAIL_INVALID,
    OVERLAP_TAIL_VALID,
    REVIEW_PB104_INVALID,
    REVIEW_PB104_VALID,
    STAND_IN_INVALID,
    STAND_IN_VALID,
    WORDS_FRACTION_INVALID,
    WORDS_FRACTION_VALID,
)
from prompt_budget.lint.rules.pb101_set487_cases import (
    CLAMPED_CHARS_INVALID,
    CLAMPED_CHARS_VALID,
    SET487_PB104_INVALID,
    SET487_PB104_VALID,
)
from prompt_budget.lint.rules.pb101_set521_cases import SET521_PB104_INVALID, SET521_PB104_VALID
from prompt_budget.lint.rules.pb101_set597_cases import SINCE597_PB104_INVALID, SINCE597_PB104_VALID
from prompt_budget.lint.rules.pb103_set263_cases import INJECT_INVALID, INJECT_VALID
from prompt_budget.lint.rules.pb104_set189_cases import SET189_INVALID, SET189_VALID
from prompt_budget.lint.rules.pb104_set193_cases import SET193_INVALID, SET193_VALID
from prompt_budget.lint.rules.pb104_set195_cases import SET195_INVALID, SET195_VALID
from prompt_budget.lint.rules.pb104_set203_cases import TRIM_INVALID, TRIM_VALID
from prompt_budget.lint.rules.pb104_set237_cases import (
    CLAMPED_INVALID,
    CLAMPED_VALID,
    EIGHT_INVALID,
    EIGHT_VALID,
    RATES_INVALID,
    RATES_VALID,
    SIZED_INVALID,
    SIZED_VALID,
)
from prompt_budget.lint.rules.pb104_set247_cases import (
    KEPT_OFF_ZERO_INVALID,
    KEPT_OFF_ZERO_VALID,
    KEYED_SPAN_INVALID,
    KEYED_SPAN_VALID,
    RATE_TABLE_INVALID,
    RATE_TABLE_VALID,
)
from prompt_budget.lint.rules.pb105_set187_cases import BYTES_INVALID, BYTES_VALID
from prompt_budget.lint.rules.pb105_set207_cases import BONUS_INVALID, BONUS_VALID
from prompt_budget.lint.rules.pb105_set209_cases import WORDS_INVALID, WORDS_VALID
from prompt_budget.lint.rules.pb105_set211_cases import FALLBACK_VALID, RATE_INVALID
from prompt_budget.lint.rules.pb105_set213_cases import (
    PAYLOAD_INVALID,
    PAYLOAD_VALID,
    RUNNING_INVALID,
    RUNNING_VALID,
)
from prompt_budget.lint.rules.pb105_set225_cases import (
    SUMMED_INVALID,
    SUMMED_VALID,
    TEXT_BYTES_INVALID,
    TEXT_BYTES_VALID,
)

#: A chunk class whose token estimate scales what a helper method returns.
_CHUNK = (
    "class Chunk:\n    def __init__(self, content, parts):\n        self.content = content\n        self.parts = parts\n\n"
    "    def {helper}(self):\n        return {returned}\n\n"
    "    def token_count_estimate(self):\n        return int(self.{helper}() * {rate})\n"
)

SET111_VALID = (
    *REVIEW_PB104_VALID,  # session 60's review
    *WORDS_FRACTION_VALID,  # set 477: lines
    *STAND_IN_VALID,  # set 475: huap-core's stub
    *OVERLAP_TAIL_VALID,  # set 475: an indent
    *CEILING_VALID,  # set 473: a width
    *CHUNK_CHARS_VALID,  # set 465: a width in columns
    *LAMBDA_ESTIMATE_VALID,  # set 457: sizes
    *COMPREHENDED_RATE_VALID,  # set 459: seconds
    *CHAR_COUNTERS_VALID,  # set 439: aksesa-cli's counted characters
    *CHARS_HALF_VALID,  # set 433: martian-ares' rate of 2
    *CONVERTED_CHARS_VALID,  # set 415: lines
    *TOKENS_KEY_VALID,  # set 391: a half
    *WORDS_TIMES_VALID,  # set 393: minutes
    *LEN_COMMENT_VALID,  # set 349: another rate
    *RETURNED_RATE_VALID,  # set 345: pages
    *DOCUMENTED_VALID,  # set 333+: a dividend not named
    *KEPT_VALID,  # set 333+: pages
    *ENV_RATE_VALID,  # set 333+: workers, a text
    *COUNTER_VALID,  # set 333+: a splitter
    *QUARTILE_VALID,  # set 333+: a quartile's place
    *HEADED_VALID,  # set 365: a rate the head does not state
    *NEGATED_VALID,  # set 365: the last lines
    *DUMPED_PAYLOAD_VALID,  # set 375: items, base64
    *PARAM_CHARS_VALID,  # set 377: lines said
    *WORD_ESTIMATE_VALID,  # set 307: a reading time
    *DOUBLED_VALID,  # set 307: aios-runtime's doubled total
    *PER_CHAR_VALID,  # set 303: no rate stated, another rate
    *WHOLE_BUDGET_VALID,  # set 311: items
    *UTF8_VALID,  # set 314: audio's bytes
    *PROTOCOL_VALID,  # set 321: a cost's protocol
    *INJECT_VALID,  # set 263: kaos-harness's memory block
    *NTOK_VALID,  # set 291: a count of rows
    *FILE_SIZE_VALID,  # set 283: floats in a file
    *STUB_VALID,  # set 293: a width repeated
    *ADAPTIVE_VALID,  # set 293: rows
    *EQUIVALENT_VALID,  # set 299: a weight
    *APPROX_VALID,  # set 301: a sizer
    # the helper returns a count of items, or a helper of two statements says nothing of its unit
    Valid(_CHUNK.format(helper="part_count", returned="len(self.parts)", rate="1.3")),
    Valid(
        "class Chunk:\n    def __init__(self, content):\n        self.content = content\n\n"
        "    def word_count(self):\n        n = 0\n        return n\n\n"
        "    def token_count_estimate(self):\n        return int(self.word_count() * 1.3)\n"
    ),
    # a helper returning its own call reads as no unit (and does not recurse)
    Valid(
        "def size(text):\n    return size(text)\n\n\ndef estimate_tokens(text):\n    return size(text) // 4\n"
    ),
    # bytes of binary data named so are no text's
    Valid(
        "def image_bytes(img):\n    return len(img.tobytes())\n\n\n"
        "def estimate_image_tokens(img):\n    return image_bytes(img) // 4\n"
    ),
    *BYTES_VALID,  # set 188: an average of another unit, of binary data
    *SET189_VALID,  # set 189: a shift, a scaled fraction of bytes, elsewhere
    *SET193_VALID,  # set 193: properties of a method, of items, of bytes
    *SET195_VALID,  # set 196: defaults handed to no rate, to an unknown callee, out of range
    *TRIM_VALID,  # set 203: a budget handed to a total of tokens, of messages, or out of the module
    *BONUS_VALID,  # set 208: the length of a list built of items
    *WORDS_VALID,  # set 209: words and characters in no token estimate
    *RUNNING_VALID,  # set 222: a running total of pages
    *PAYLOAD_VALID,  # set 223: an estimate of lines in a payload
    *FALLBACK_VALID,  # set 211: an or-fallback of rows
    *TEXT_BYTES_VALID,  # set 223: a length named bytes of no encoded text
    *SUMMED_VALID,  # set 223: an estimate of lines summed
    *RATES_VALID,  # set 237: messages rounded up, rows, parts
    *CLAMPED_VALID,  # set 239: messages clamped
    *EIGHT_VALID,  # set 244: a factor of twelve
    *SIZED_VALID,  # set 245: binary data's size
    *RATE_TABLE_VALID,  # set 247: weights of kinds
    *KEYED_SPAN_VALID,  # set 253: pages, token positions
    *KEPT_OFF_ZERO_VALID,  # set 255: rows
    *SET487_PB104_VALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB104_VALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB104_VALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *CLAMPED_CHARS_VALID,  # set 499 (``pb101_set487_cases``)
)

SET111_INVALID = (
    *REVIEW_PB104_INVALID,  # session 60's review: a real provider's branch
    *WORDS_FRACTION_INVALID,  # set 477: zymis' estimate
    *STAND_IN_INVALID,  # set 475: a real provider's estimate
    *OVERLAP_TAIL_INVALID,  # set 475: hakua-memory's overlap
    *CEILING_INVALID,  # set 473: tanli's guard
    *CHUNK_CHARS_INVALID,  # set 465: mita-code's chunk settings in characters
    *LAMBDA_ESTIMATE_INVALID,  # set 457: kernel-arjun's words estimate
    *COMPREHENDED_RATE_INVALID,  # set 459: stepbook's list of estimates
    *CHAR_COUNTERS_INVALID,  # set 439: aksesa-cli's counted characters
    *CHARS_HALF_INVALID,  # set 433: martian-ares' rate of 2
    *CONVERTED_CHARS_INVALID,  # set 415: agent-telemetry's description characters
    *TOKENS_KEY_INVALID,  # set 391: leo-mcp's tokens entry
    *WORDS_TIMES_INVALID,  # set 393: teaval's token count
    *LEN_COMMENT_INVALID,  # set 349: agentspend-sdk's judge
    *RETURNED_RATE_INVALID,  # set 345: cadre-ai's project text
    *DOCUMENTED_INVALID,  # set 333+: sessionmail's totals
    *KEPT_INVALID,  # set 333+: prospectai's event
    *ENV_RATE_INVALID,  # set 333+: arachna's rate
    *COUNTER_INVALID,  # set 333+: foveance's fallback
    *QUARTILE_INVALID,  # set 333+: an estimate beside it
    *HEADED_INVALID,  # set 365: tai-aitutor's fallback
    *NEGATED_INVALID,  # set 365: the last tokens
    *DUMPED_PAYLOAD_INVALID,  # set 375: djobs' payload
    *PARAM_CHARS_INVALID,  # set 377: enablement-agent's chunk
    *WORD_ESTIMATE_INVALID,  # set 307: roshni's estimate
    *DOUBLED_INVALID,  # set 307: a prompt's count doubled
    *PER_CHAR_INVALID,  # set 303: ai-council-orchestrator
    *WHOLE_BUDGET_INVALID,  # set 311: aidumem's recall
    *UTF8_INVALID,  # set 314: subagent-harness-mcp's rough estimate
    *PROTOCOL_INVALID,  # set 321: tulving's estimator
    *INJECT_INVALID,  # set 263: kaos-harness's memory block
    *NTOK_INVALID,  # set 291: mfs-server's fallback counter
    *FILE_SIZE_INVALID,  # set 283: alexandria-wiki's file estimates
    *STUB_INVALID,  # set 293: aacode's stand-in text
    *ADAPTIVE_INVALID,  # set 293: aacode's adaptive cut-off
    *EQUIVALENT_INVALID,  # set 299: federaide-dev-nightly's rate
    *APPROX_INVALID,  # set 301: lumberjack-py's approximate tokenizer
    # set 112: kemi's chunker, words per token through a method returning the words of its content
    Invalid(_CHUNK.format(helper="word_count", returned="len(self.content.split())", rate="1.3")),
    # set 112: airprompter-agent-core, bytes per token through a helper of the module
    Invalid(
        "import math\n\n\ndef utf8_bytes(text: str) -> int:\n    return len(text.encode('utf-8'))\n\n\n"
        "def estimate_tokens(text: str) -> int:\n    return math.ceil(utf8_bytes(text) / 4)\n"
    ),
    # characters through a helper of the module, its docstring before the return
    Invalid(
        "def visible(text):\n    '''The text a user sees.'''\n    return len(text.strip())\n\n\n"
        "def estimate_tokens(text):\n    return visible(text) // 4\n"
    ),
    *BYTES_INVALID,  # set 188: anjor's average size in bytes of a tool's outputs
    *SET189_INVALID,  # set 189: durallm's estimates in integer arithmetic
    *SET193_INVALID,  # set 193: lerev's rate on a property returning a text's length
    *SET195_INVALID,  # set 196: ironcore-cli's rate handed on under another name
    *TRIM_INVALID,  # set 203: omni-coder's budget handed to a trim counting characters
    *BONUS_INVALID,  # set 208: the length of a text
    *WORDS_INVALID,  # set 209: a rate of words, a low stated rate
    *RUNNING_INVALID,  # set 222: a running total of tokens
    *PAYLOAD_INVALID,  # set 223: an estimate of tokens in a payload
    *RATE_INVALID,  # set 211: an or-fallback sizing num_ctx
    *TEXT_BYTES_INVALID,  # set 223: lore-solo's bytes of a text's encoding
    *SUMMED_INVALID,  # set 223: an estimate of tokens summed
    *RATES_INVALID,  # set 237: kavalai's, simba-ai's and cliffcompaction's rates
    *CLAMPED_INVALID,  # set 239: memnixa's visible characters
    *EIGHT_INVALID,  # set 244: pulse-coding-agent's rough char limit
    *SIZED_INVALID,  # set 245: yait-aichain's bytes of a text's encoding
    *RATE_TABLE_INVALID,  # set 247: contextviz's divisors
    *KEYED_SPAN_INVALID,  # set 253: checkagent's mock usage, raggedy's spans
    *KEPT_OFF_ZERO_INVALID,  # set 255: sessionvoice's cut line
    *SET487_PB104_INVALID,  # sets 487-493 (``pb101_set487_cases``)
    *SET521_PB104_INVALID,  # sets 521- (``pb101_set521_cases``)
    *SINCE597_PB104_INVALID,  # sets 541- (``pb101_set541_cases``, ``pb101_set579_cases``, ``pb101_set597_cases``)
    *CLAMPED_CHARS_INVALID,  # set 499 (``pb101_set487_cases``)
)
