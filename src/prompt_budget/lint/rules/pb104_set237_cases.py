"""Cases from sets 235 to 246 (issue 19): set 235's leftovers and the forms of sets 237-246.

PB104: a length negated to round a quotient up is a length still (kavalai's ``-(-len(text) // 4)``); a length of a
text's content under an abbreviation is characters (simba-ai's ``tokens = hit.content_len // 4``,
``pb104_rates.abbreviated_chars``); a count clamped at zero keeps its unit (memnixa's ``visible_ascii = max(0,
ascii_count - whitespace_count)`` ... ``visible_ascii / 3.2``, ``pb104_terms.conditional_unit``); a local bound to the size of a text's encoding is
no binary data (yait-aichain's ``n_bytes = len(text.encode("utf-8"))`` ... ``n_bytes // 3 + 1``, ``pb104_bytes``); a token setting cut
into a text at up to 8 characters per token (pulse-coding-agent's ``item.content[: self._summary_tokens * 8]``); a
product of a token budget whose local is compared, clamped, with a running count of a text's characters is characters
(cliffcompaction's ``budget = threshold_tokens * 4 - fixed`` ... ``used + len(part) > max(budget, 0)``, ``forms``).

PB102: a session's "max tokens" is a budget (convo-mem's ``WHOLE_SESSION_MAX_TOKENS = 40_000``, ``names.excluded``);
a window's name ordered only against a ``str`` parameter's length counts characters (vcp-sdk's ``if not
isinstance(value, str)`` ... ``len(value) > MAX_CONTEXT_VALUE_LENGTH``, ``text_lengths``); a media item's token cap
that clamps what a function estimating tokens returns (cliffcompaction's ``return max(1, min(patches,
MAX_IMAGE_TOKENS))``, ``token_estimates``); a length given to a text-generation pipeline called with sampling
settings (langxchange's ``self.generator(prompt, max_length=max_length, do_sample=...)``, ``generation_lengths``).

PB101: a local bound once to a number, or to a choice of one, given positionally to a function whose parameter is a
budget (simba-ai's ``budget = int(args[2]) if len(args) >= 3 else 500`` ... ``get_context(args[1], budget)``,
``positional_args``); a local bound once to a window's read is that budget for its fallback (tokenol's ``cw =
context_window(model)`` ... ``cw if cw is not None else 200_000``, ``LintRule.budget_expr``); a window-sized
``"context"`` entry of a runtime's settings (turboagent-ai's ``{"backend": "llama.cpp", "context": 8192}``,
``dict_settings``); a table's row read into a local a tokenizer truncates to (tempoeval's ``max_length =
self.model_config["max_length"]``, ``dict_settings``); a default handed with a budget's key to a reader imported from
another module and named for reading (flywheel-relay's ``_as_int(args, "max_tokens", 512)``, ``helper_settings``).

PB107: a model's row holding its window under ``"context"`` (tokenol's ``{"claude-opus-4-5": {"context": 200_000,
"input": 5.00}}``, ``pb107_nested_rows``).

PB105: a share a helper given a budget ratio's read falls back on (memnixa's
``_normalize_ratio(config.context_warn_threshold_ratio, fallback=0.8)``, ``keyed_ratios``); a share of a budget taken
through a named rate to words (langxchange's ``int(max_tokens * self.TOKEN_WORD_RATIO * 0.9)``, ``share_products``);
a level compared with what a getter of the share of a token budget returns (castorice-agent's ``token_ratio =
self._compute_token_ratio_locked()`` ... ``if token_ratio >= self.config.token_usage_l1``, ``compared_shares``).

Spliced into ``pb104_set111_cases``, ``pb102_set117_cases``, ``pb101_set111_cases``, ``pb107_set63_cases`` and
``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ROUNDED_UP = "def _estimate_tokens(text: str) -> int:\n    return -(-{length} // 4)\n"
_HITS = (
    "def show(hits):\n    for hit in hits:\n        tokens = hit.{length} // 4\n"
    '        print(f"{{hit.path}}: ~{{tokens}} tokens")\n'
)
_SHRINK = (
    "def shrink(cfg, text):\n"
    "    budget = cfg.threshold_tokens * 4 - len(text) - 64\n"
    "    used = 0\n"
    '    for part in text.split("\\n"):\n'
    "        if used + {amount} > max(budget, 0):\n"
    "            break\n"
    "        used += {amount}\n"
    "    return used\n"
)
RATES_VALID = (
    Valid(_ROUNDED_UP.format(length="len(messages)")),  # a count of messages rounded up, not characters
    Valid(_HITS.format(length="row_len")),  # a length of rows
    Valid(_SHRINK.format(amount="1")),  # a running count of parts
)
RATES_INVALID = (
    Invalid(_ROUNDED_UP.format(length="len(text)"), line=2),
    Invalid(_HITS.format(length="content_len"), line=3),
    Invalid(_SHRINK.format(amount="len(part)"), line=2),
)

_MEDIA_CAP = (
    "{name} = 4_784\n\n\n"
    "def tokens_for_payload(width, height):\n"
    '    """Estimated token cost of one image."""\n'
    "    patches = (width // 28) * (height // 28)\n"
    "    return max(1, min(patches, {name}))\n"
)
MEDIA_CAP_VALID = (Valid(_MEDIA_CAP.format(name="MAX_IMAGE_WIDTH")),)  # pixels, no tokens
MEDIA_CAP_INVALID = (Invalid(_MEDIA_CAP.format(name="MAX_IMAGE_TOKENS"), line=1),)

_HANDED_LOCAL = (
    "def {callee}(query, {param}: int = 500):\n    return query.cut({param})\n\n\n"
    "def main(args):\n"
    "    value = int(args[2]) if len(args) >= 3 else 500\n"
    "    return {callee}(args[1], value)\n"
)
HANDED_LOCAL_VALID = (
    Valid(_HANDED_LOCAL.format(callee="search_rows", param="limit")),  # rows
    # a local bound twice holds more than one number
    Valid(
        "def get_context(query, token_budget):\n    return query.cut(token_budget)\n\n\n"
        "def main(args, wide):\n    budget = 500\n    if wide:\n        budget = 900\n"
        "    return get_context(args[1], budget)\n"
    ),
)
HANDED_LOCAL_INVALID = (Invalid(_HANDED_LOCAL.format(callee="get_context", param="token_budget"), line=6),)

_MODEL_ROWS = (
    "MODELS = {{\n"
    '    "claude-opus-4-5": {{"family": "opus", "context": {a}, "input": 5.00}},\n'
    '    "claude-sonnet-4-5": {{"family": "sonnet", "context": {b}, "input": 3.00}},\n'
    "}}\n"
)
MODEL_CONTEXT_VALID = (Valid(_MODEL_ROWS.format(a=3, b=5)),)  # lines of context, no window
MODEL_CONTEXT_INVALID = (Invalid(_MODEL_ROWS.format(a="200_000", b="1_000_000"), line=1),)

_LOCAL_FALLBACK = "def window_of(model):\n    {local} = {read}(model)\n    return {local} if {local} is not None else 200_000\n"
LOCAL_FALLBACK_VALID = (
    Valid(_LOCAL_FALLBACK.format(local="cw", read="row_count")),
    Valid(_LOCAL_FALLBACK.format(local="found", read="context_window")),  # a name saying nothing of a budget
)
LOCAL_FALLBACK_INVALID = (
    Invalid(_LOCAL_FALLBACK.format(local="cw", read="context_window"), line=3),
    Invalid(
        "def window_of(model):\n    window = get_context_window(model)\n    return window or 200_000\n",
        line=3,
    ),
)

_TIER = 'def plan(vram):\n    config = {{"backend": "llama.cpp", "n_gpu_layers": 0, "context": {n}}}\n    return config\n'
CONTEXT_KEY_VALID = (
    Valid(_TIER.format(n=3)),  # lines of a diff's context
    Valid(_TIER.format(n=5000)),  # no window's size
)
CONTEXT_KEY_INVALID = (Invalid(_TIER.format(n=8192), line=2), Invalid(_TIER.format(n="200_000"), line=2))

_ENCODER_ROWS = (
    "class Retriever:\n"
    '    MODEL_CONFIGS = {{"e5": {{"model_name": "intfloat/e5", "max_length": 4096}}, "sf": {{"max_length": 4096}}}}\n\n'
    "    def encode(self, batch, model_id):\n"
    '        max_length = self.MODEL_CONFIGS[model_id]["max_length"]\n'
    "        return {use}\n"
)
ENCODER_ROWS_VALID = (
    Valid(_ENCODER_ROWS.format(use="self.render(batch, width=max_length)")),
)  # no tokenizer
ENCODER_ROWS_INVALID = (
    Invalid(
        _ENCODER_ROWS.format(
            use='self._tokenizer(batch, max_length=max_length, truncation=True, return_tensors="pt")'
        ),
        line=2,
        count=2,
    ),
)

_PIPELINE = (
    "# tokens\n"
    "class Helper:\n"
    "    def generate_text(self, prompt, max_length: int = 256):\n"
    "        return self.generator(prompt, max_length=max_length, {setting}=False)\n"
)
PIPELINE_VALID = (Valid(_PIPELINE.format(setting="sort")),)  # a generator of rows, no sampling
PIPELINE_INVALID = (Invalid(_PIPELINE.format(setting="do_sample"), line=3),)

_SUMMED = (
    "def estimate_text_tokens(text):\n"
    "    ascii_count = sum(1 for char in text if char.isascii())\n"
    "    whitespace_count = sum(1 for char in text if char.isspace())\n"
    "    visible_ascii = max(0, {amount})\n"
    "    return visible_ascii / 3.2\n"
)
CLAMPED_VALID = (Valid(_SUMMED.format(amount="len(messages) - 2")),)  # messages, no characters
CLAMPED_INVALID = (Invalid(_SUMMED.format(amount="ascii_count - whitespace_count"), line=5),)

_NORMALIZED = "# tokens\ndef thresholds(config):\n    return _normalize_ratio(config.{name}, fallback=0.8)\n"
NORMALIZED_VALID = (Valid(_NORMALIZED.format(name="sample_ratio")),)
NORMALIZED_INVALID = (Invalid(_NORMALIZED.format(name="context_warn_threshold_ratio"), line=3),)

_MARGIN = (
    "# tokens\nclass Helper:\n    TOKEN_WORD_RATIO = 0.75\n\n"
    "    def cut(self, text, {amount}):\n        return text.split()[: int({amount} * self.TOKEN_WORD_RATIO * 0.9)]\n"
)
MARGIN_VALID = (Valid(_MARGIN.format(amount="n_items")),)  # a count, no budget
MARGIN_INVALID = (Invalid(_MARGIN.format(amount="max_tokens"), line=6),)

_STR_CHECKED = (
    "# capability token\nMAX_CONTEXT_LENGTH = 4096\n\n\n"
    "def check(value{annotation}) -> None:\n"
    "    {guard}\n"
    "    if len(value) > MAX_CONTEXT_LENGTH:\n"
    '        raise ValueError("too long")\n'
)
STR_CHECKED_VALID = (  # a string's length: characters
    Valid(_STR_CHECKED.format(annotation=": str", guard="pass")),
    Valid(_STR_CHECKED.format(annotation="", guard='assert isinstance(value, str), "not text"')),
)
STR_CHECKED_INVALID = (
    Invalid(_STR_CHECKED.format(annotation="", guard="pass"), line=2),
)  # ids, perhaps tokens

_LEVELS = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass Thresholds:\n    token_usage_l1: float = 0.70\n\n\n"
    "class Manager:\n    def level(self) -> int:\n        ratio = self.{getter}()\n"
    "        return 1 if ratio >= self.config.token_usage_l1 else 0\n"
)
LEVELS_VALID = (Valid(_LEVELS.format(getter="_compute_error_rate")),)  # a rate of errors
LEVELS_INVALID = (Invalid(_LEVELS.format(getter="_compute_token_ratio_locked"), line=6),)

_IMPORTED_READER = (
    "from .mcp_request import as_int as _as_int\n\n\n"
    'def binding(args):\n    return {{"{key}": {call}(args, "{key}", 512)}}\n'
)
IMPORTED_READER_VALID = (
    Valid(_IMPORTED_READER.format(key="limit", call="_as_int")),  # rows
    Valid(_IMPORTED_READER.format(key="max_tokens", call="_emit")),  # no reader by its name
    Valid(
        _IMPORTED_READER.format(key="max_tokens", call="section.as_int")
    ),  # a method, read by other readings
)
IMPORTED_READER_INVALID = (Invalid(_IMPORTED_READER.format(key="max_tokens", call="_as_int"), line=5),)

SESSION_VALID = (Valid("MAX_SESSION_TOKENS = 5\n"),)  # a user's session tokens (credentials)
SESSION_INVALID = (Invalid("WHOLE_SESSION_MAX_TOKENS = 40_000\n", line=1),)

_EIGHT = (
    "# tokens\nclass Summaries:\n    def render(self, item):\n"
    "        return PROMPT.format(content=item.content[: self._summary_tokens * {factor}])  # rough char limit\n"
)
EIGHT_VALID = (Valid(_EIGHT.format(factor=12)),)  # no rate of characters per token
EIGHT_INVALID = (Invalid(_EIGHT.format(factor=8), line=4),)

_SIZED = (
    "def batches(texts, blob):\n    for text in texts:\n        n_bytes = len({measured})\n"
    "        n_toks = n_bytes // 3 + 1  # over, not under: most text is 4 bytes a token\n        yield n_toks\n"
)
SIZED_VALID = (Valid(_SIZED.format(measured="blob")),)  # binary data's bytes
SIZED_INVALID = (Invalid(_SIZED.format(measured='text.encode("utf-8")'), line=4),)
