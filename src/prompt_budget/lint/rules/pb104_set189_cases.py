"""Cases from sets 189 and 190 (issue 19: durallm's gateway, mini-code-cli's reserve, superbrain's fabric).

PB104: an estimate written in integer arithmetic, a shift standing for a division by four (``max(1, n_chars >>
2)``, not fixable: the literal is the shift) and a scaled fraction of a size in bytes (``(n_bytes * 10) // 38``:
3.8 bytes per token) in ``estimate_bytes_tokens`` (``pb104_integer_rates``). PB102: an option's default of the
value of a reported constant whose name holds the option's words (``--min-context default=16384`` beside
``_MIN_CONTEXT_LENGTH = 16384``, ``budget_copies``). PB105: half a window clamped by ``min()`` against a local
falling back to a budget (``reserve = ... else DEFAULT_RESERVED_OUTPUT_TOKENS`` ... ``min(reserve, window //
2)``, ``budget_halves``). PB103: a parameter named ``tokens`` typed as bytes is no token list (``max(len(tokens),
4096)`` sizes an allocation, ``text_params``). Spliced into ``pb104_set111_cases``, ``pb102_set117_cases``,
``pb105_set111_cases`` and ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SHIFT = (
    "def {function}(text: str) -> int:\n"
    '    """Estimate the tokens of a text."""\n'
    "    n_chars = len(text)\n    return max(1, n_chars >> {shift})\n"
)
_SCALED = (
    "def {function}(data: bytes) -> int:\n    n_bytes = len(data)\n    return max(1, (n_bytes * 10) // 38)\n"
)

SET189_VALID = (
    # a shift in code about no tokens, one by more than three places, a scaled size of image bytes
    Valid(_SHIFT.format(function="page_index", shift=2).replace("Estimate the tokens of", "The page of")),
    Valid(_SHIFT.format(function="estimate_text_tokens", shift=8)),
    Valid(_SCALED.format(function="estimate_image_bytes_tokens")),
    # the review: a shift by a name (its value is no divisor), a size in kilobytes (not an average of bytes)
    Valid("SHIFT = 2\n\n\ndef estimate_tokens(text: str) -> int:\n    return len(text) >> SHIFT\n"),
    Valid(
        "def estimate_tokens(payload: bytes) -> int:\n"
        '    size_kb = len(payload.decode().encode("utf-8")) / 1024\n    return int(size_kb / 4)\n'
    ),
)
SET189_INVALID = (
    Invalid(_SHIFT.format(function="estimate_text_tokens", shift=2), line=4),
    Invalid(_SCALED.format(function="estimate_bytes_tokens"), line=3),
)

_OPTION = (
    "import argparse\n\n_MIN_CONTEXT_LENGTH = 16384\n\n\n"
    "def discover(min_context: int = _MIN_CONTEXT_LENGTH) -> list:\n    return []\n\n\n"
    "def main() -> None:\n    parser = argparse.ArgumentParser()\n"
    '    parser.add_argument("--{option}", type=int, default={value})\n'
    "    args = parser.parse_args()\n    discover(min_context=args.min_context)\n"
)
#: PB102's, spliced into ``pb102_set117_cases``: the constant is reported, and the option's default with it.
OPTION_VALID: tuple[Valid, ...] = ()
OPTION_INVALID = (
    # an option of another name, or of another value (not a window's size either, ``kv_options``): the constant alone
    Invalid(_OPTION.format(option="limit", value=16384), line=3),
    Invalid(_OPTION.format(option="min-context", value=3000), line=3),
    Invalid(_OPTION.format(option="min-context", value=16384), count=2),
)

_RESERVE = (
    "DEFAULT_RESERVED_OUTPUT_TOKENS = 4096\n\n\n"
    "def reserve_for(window, requested=0):\n"
    "    reserve = int(requested) if requested else {fallback}\n"
    "    return max(0, min(reserve, {whole} // 2))\n"
)
#: PB105's, spliced into ``pb105_set111_cases``.
HALF_VALID = (
    Valid(_RESERVE.format(fallback="1", whole="window")),
    Valid(_RESERVE.format(fallback="DEFAULT_RESERVED_OUTPUT_TOKENS", whole="window_lines")),
)
HALF_INVALID = (Invalid(_RESERVE.format(fallback="DEFAULT_RESERVED_OUTPUT_TOKENS", whole="window"), line=6),)

_ALLOCATE = (
    "def lookup_or_create(ctrl, tokens: {annotation}, size_hint: int = 0) -> int:\n"
    "    size = size_hint or max(len(tokens), 4096)\n    return ctrl.allocate(size)\n"
)
#: PB103's, spliced into ``pb103_set73_cases``.
TYPED_VALID = (
    Valid(_ALLOCATE.format(annotation="bytes")),
    Valid(_ALLOCATE.format(annotation="Optional[bytes]")),
    Valid(_ALLOCATE.format(annotation="str | None")),
)
TYPED_INVALID = (Invalid(_ALLOCATE.format(annotation="list[int]"), line=2),)
