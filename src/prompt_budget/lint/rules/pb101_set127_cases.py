"""PB101's cases from sets 127 and 128 (issue 19): a table of per-item token costs looked up where it is written
and added into the count a token-estimating function returns (all-in-agents' ``total += {"low": 85, "high":
765}.get(detail, 512)``), the table and its fallback each a finding; a budget written as a ``(key, value)`` pair
among settings handed to a call (optivision-rag's ``load_options=(("max_num_visual_tokens", 768),)``)
(``estimate_tables``, ``forms.default_pair``). Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_ESTIMATE = (
    "def {function}(content):\n    total = 0\n    for block in content:\n"
    '        detail = block.get("detail", "auto")\n'
    '        total += {{"low": 85, "high": 765}}{lookup}\n    return total\n'
)

_PAIRS = 'MODELS = [ModelInfo("colqwen", {given}=(("max_num_visual_tokens", 768), ("{other}", 16)))]\n'

SET127_VALID = (
    # a function that counts no tokens, or a table of other numbers
    Valid(READ_BY_PRECHECK + _ESTIMATE.format(function="count_pixels", lookup=".get(detail, 512)")),
    Valid(
        READ_BY_PRECHECK
        + _ESTIMATE.format(function="estimate_tokens", lookup=".get(detail, 512)").replace("765", "high")
    ),
    # pairs bound to a name (rows of a test), a key written twice, no budget's key
    Valid('CASES = (("max_tokens", 100), ("max_tokens", 4096))\n'),
    Valid(_PAIRS.format(given="load_options", other="max_num_visual_tokens")),
    Valid(
        READ_BY_PRECHECK
        + _PAIRS.format(given="load_options", other="dtype").replace("max_num_visual_tokens", "dpi")
    ),
)

SET127_INVALID = (
    Invalid(_ESTIMATE.format(function="estimate_content_tokens", lookup=".get(detail, 512)"), count=2),
    Invalid(_ESTIMATE.format(function="estimate_content_tokens", lookup="[detail]"), line=5),
    Invalid('MODELS = [ModelInfo("colqwen", load_options=(("max_num_visual_tokens", 768),))]\n'),
)
